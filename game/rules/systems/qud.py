"""The penetration system: a 1d20 hit roll over DV, then triplets of exploding 1d10-2 + PV
against AV, and the weapon's dice once for every penetration.

From our fighters (one place, ``numbers``): the hit bonus is the Agility (Dexterity) modifier
plus the manual's to-hit without its Strength or Dexterity modifier (ranks, the weapon, magic,
stance, penalties); DV is the manual's Defence - 4, so an ordinary unarmoured target has DV 6,
and -10 when it is overloaded ("overburdened"); AV is the manual's Protection against the
blow's damage kind (every piece adds up, as AV does; the hit roll picks the kind of a weapon
of two, as the manual's natural roll does), 0 for an ordinary target; PV is the Strength
modifier, +1 for a blow with a two-handed weapon (a shot's PV is its missile weapon's flat
damage bonus), plus what the weapon pierces. The weapon's damage is its dice and every flat
bonus but Strength's, at least 1 for each penetration. A natural 20 always hits and is a
critical; the player's critical penetrates at least once.

Version 2 (the document's own rules where version 1 borrowed the manual's): on-hit effects
(poison, disease) pass on every hit, penetrating or not; fire, cold and lightning are applied
on a hit, once, without penetration rolls (and resisted as ours are); a sleeping target gives
+4 PV (in place of the manual's sneak attack, ``stealth``); and a weapon with critical magic
(the document's Masterwork) is critical on a natural 19 or 20. The manual's threat ranges and
multipliers are not used: the document widens the critical range only by Masterwork and
gives a critical no extra damage.

Version 3 (the document's critical whole, and its reactions): a critical opens its wound on
any hit, as the page's on-hit effects ("bleeding or poison") need the hit roll alone, not a
penetration; a natural 20 is a critical against every target (the page has no target immune
to one: the player's is forced to penetrate a skeleton too, which still does not bleed); and
a target that does not know of its attacker (asleep, or unaware of the player) is simply
missed, never dodged: a dodge is a reaction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .. import stats
from ..dice import Dice, Rng
from ..events import ELEMENTAL, NO_PENETRATION, PENETRATED
from ..magic import resisted as resist_share
from ..profiles import BLOW, SHOT, Fighter, Weapon, melee_attacks
from ..resolve import Outcome
from .common import (
    ONE,
    ZERO,
    Clash,
    add,
    blend,
    blow_kind,
    bonus_without_stat,
    dice_text,
    hit,
    manual_defence,
    mapped,
    miss,
    protection,
    tidy,
    weapon_dice,
)

NAME = "qud"
VERSION = 3  # 2: effects on any hit, elemental damage on a hit, +4 PV on a sleeper, Masterwork;
# 3: a critical's wound on any hit, every natural 20 a critical, the unaware are simply missed
DOCUMENT = 2  # the version from which the document's own rules above are played
CRITICALS = 3  # the version from which a critical is whole (below)
SUMMARY = "1d20 + Agility over DV; exploding 1d10-2 + PV triplets against AV"
EXACT_DUEL = True
DIE = 20
CRITICAL = 20  # a natural 20 always hits and is a critical
MASTERWORK = 19  # a weapon with critical magic: a natural 19 or 20 (version 2)
ASLEEP_PV = 4  # "+4 bonus penetration if the enemy is asleep" (version 2)
ASLEEP_SINCE = DOCUMENT  # from this version the manual's sneak attack gives way to ASLEEP_PV
ORDINARY_DV = 6
OVERBURDENED_DV = -10
DV_BELOW_DEFENCE = 4  # DV = Defence - 4
TRIPLET = 3
PV_STEP = 2  # PV -2 for every further triplet
EXPLODES = 8  # 1d10-2 at its maximum rolls again and adds
TAIL = Fraction(1, 10**15)  # penetrations counted until what is left is below this


@dataclass(frozen=True, slots=True)
class Numbers:
    bonus: int
    pv: int
    damage: str
    dv: int
    av: int

    def row(self) -> tuple[str, ...]:
        return (f"{self.bonus:+d}", str(self.pv), self.damage, str(self.dv), str(self.av))


COLUMNS = ("hit bonus", "PV", "damage", "DV", "AV")
# the tools' words: its criticals, and what its armour number is called
CRITICAL_LABEL = "critical (natural 20)"
ARMOUR_LABEL = "AV"
ATTACK_COLUMNS = 3  # the first 3 are the attack's; the rest the defender's


def numbers(f: Fighter, attack=None, *, kind: str = BLOW, adjacent: bool = True,
            damage_type: str = "") -> Numbers:
    """A fighter in this system's numbers (its main blow unless ``attack`` is given; AV against
    ``damage_type``, the plain total without one)."""
    attack = attack or melee_attacks(f)[0]
    bonus = stats.modifier(f.dexterity) + bonus_without_stat(attack, f)
    if attack.kind == SHOT:
        pv = attack.dice.bonus
    else:
        two_handed = (attack.kind == BLOW and isinstance(f.main_hand, Weapon)
                      and f.main_hand.name == attack.weapon
                      and f.main_hand.two_handed)
        pv = stats.modifier(f.strength) + int(two_handed)
    dv = (OVERBURDENED_DV if f.burden == stats.OVERLOADED
          else manual_defence(f, kind, adjacent=adjacent) - DV_BELOW_DEFENCE)
    return Numbers(bonus, pv + attack.pierce, str(weapon_dice(attack, f)), dv,
                   protection(f, damage_type))


# --- the odds ---------------------------------------------------------------------------------


def hit_chance(bonus: int, dv: int, critical: int = CRITICAL) -> Fraction:
    """The chance that 1d20 + ``bonus`` is higher than ``dv``, a critical (a natural 20, or
    from ``critical``) always hitting."""
    return Fraction(sum(1 for d in range(1, DIE + 1) if d >= critical or d + bonus > dv), DIE)


def critical_from(clash: Clash) -> int:
    """The lowest natural roll that is a critical: 20, or 19 for critical magic (v2)."""
    masterwork = clash.since(DOCUMENT) and clash.attack.threat_magic > 0
    return MASTERWORK if masterwork else CRITICAL


def elemental(clash: Clash) -> bool:
    """Fire, cold or lightning, applied on a hit without penetration (v2)."""
    return clash.since(DOCUMENT) and not clash.attack.physical


def singlet_chance(pv: int, av: int) -> Fraction:
    """The chance that exploding 1d10-2 + PV is higher than AV. The roll is 8j + y for j
    explosions and a last roll y of -1 to 7, with chance (1/10)^(j+1)."""
    need = av - pv + 1  # the roll must reach this
    if need <= -1:
        return ONE
    first_all = -(-(need + 1) // EXPLODES)  # from this many explosions every y reaches it
    out = Fraction(1, 10 ** first_all)
    for j in range(first_all):
        out += Fraction(max(0, min(9, EXPLODES * j + EXPLODES - need)), 10 ** (j + 1))
    return out


def penetration_chance(pv: int, av: int, k: int) -> Fraction:
    """The chance of exactly ``k`` penetrations: k - 1 triplets of three, then a triplet of
    one or two, or a triplet of three followed by one of none."""
    def p(i: int) -> Fraction:
        return singlet_chance(pv - PV_STEP * i, av)

    if k == 0:
        return (1 - p(0)) ** TRIPLET
    out = ONE
    for i in range(k - 1):
        out *= p(i) ** TRIPLET
    last = p(k - 1)
    some = 1 - (1 - last) ** TRIPLET - last ** TRIPLET
    return out * (some + last ** TRIPLET * (1 - p(k)) ** TRIPLET)


def penetrations(pv: int, av: int, *, at_least_one: bool = False) -> dict[int, Fraction]:
    """How many times a hit penetrates, counted until less than ``TAIL`` is left (that rest
    is counted with the last)."""
    out: dict[int, Fraction] = {}
    k, left = 0, ONE
    while left >= TAIL:
        out[k] = penetration_chance(pv, av, k)
        left -= out[k]
        k += 1
    out[k - 1] += left
    if at_least_one:
        out[1] = out.get(1, ZERO) + out.pop(0, ZERO)
    return tidy(out)


def _clash_numbers(clash: Clash, roll: int | None = None) -> tuple[Numbers, Numbers]:
    """Both sides; the target's AV against the kind the hit roll ``roll`` deals."""
    kind = "" if roll is None else blow_kind(clash, roll)
    you = numbers(clash.attacker, clash.attack)
    if clash.asleep and clash.since(DOCUMENT):
        you = replace(you, pv=you.pv + ASLEEP_PV)
    return (you, numbers(clash.target, kind=clash.attack.kind, adjacent=clash.adjacent,
                         damage_type=kind))


def _hits(clash: Clash) -> dict[tuple[int, bool], Fraction]:
    """The chance of a hit by the AV it meets (its roll picks the kind) and whether it must
    penetrate once (the player's critical)."""
    you, it = _clash_numbers(clash)
    forced = clash.by_player and _criticals_land(clash)
    critical = critical_from(clash)
    out: dict[tuple[int, bool], Fraction] = {}
    av: dict[str, int] = {}  # by damage kind
    for roll in range(1, DIE + 1):
        if roll >= critical or roll + you.bonus > it.dv:
            kind = blow_kind(clash, roll)
            if kind not in av:
                av[kind] = _clash_numbers(clash, roll)[1].av
            key = (av[kind], forced and roll >= critical)
            out[key] = out.get(key, ZERO) + Fraction(1, DIE)
    return out


def distribution(clash: Clash) -> dict[int, Fraction]:
    you, _ = _clash_numbers(clash)
    per = mapped(Dice.parse(you.damage).distribution(), lambda v: max(1, v))
    hits = _hits(clash)
    out: dict[int, Fraction] = {0: 1 - sum(hits.values(), ZERO)}
    if elemental(clash):
        for roll in range(1, DIE + 1):
            if roll >= critical_from(clash) or roll + you.bonus > _clash_numbers(clash)[1].dv:
                level, _ = clash.defence.resistance(blow_kind(clash, roll))
                blend(out, mapped(per, lambda v, lv=level: v - resist_share(v, lv)),
                      Fraction(1, DIE))
        return tidy(out)
    for (av, at_least_one), weight in sorted(hits.items()):
        total: dict[int, Fraction] = {}
        damage, done = {0: ONE}, 0
        for k, p in penetrations(you.pv, av, at_least_one=at_least_one).items():
            for _ in range(k - done):
                damage = add(damage, per)
            done = k
            blend(total, damage, p)
        blend(out, total, weight)
    return tidy(out)


def chances(clash: Clash) -> tuple[Fraction, Fraction]:
    you, it = _clash_numbers(clash)
    critical = critical_from(clash)
    crit = Fraction(DIE + 1 - critical, DIE) if _criticals_land(clash) else ZERO
    return hit_chance(you.bonus, it.dv, critical), crit


# --- one attack -------------------------------------------------------------------------------


def _criticals_land(clash: Clash) -> bool:
    """Whether a natural 20 is a critical: always from version 3 (the page knows no target
    immune to one: a skeleton's natural 20 is forced to penetrate, though it does not bleed);
    before it, never against the manual's crit-immune."""
    return clash.since(CRITICALS) or not clash.target.crit_immune


def _singlet(rng: Rng) -> tuple[int, list[int]]:
    rolls = [rng.randint(1, 10) - 2]
    while rolls[-1] == EXPLODES:
        rolls.append(rng.randint(1, 10) - 2)
    return sum(rolls), rolls


def roll_penetrations(pv: int, av: int, rng: Rng) -> tuple[int, list[str]]:
    """Triplets until one is not all higher than AV; the count and each triplet's rolls."""
    count, shown = 0, []
    while True:
        singlets = [_singlet(rng) for _ in range(TRIPLET)]
        beat = sum(1 for total, _ in singlets if total + pv > av)
        shown.append(f"PV {pv}: " + " ".join(
            "+".join(map(str, rolls)) + ("*" if total + pv > av else "")
            for total, rolls in singlets))
        if beat:
            count += 1
        if beat < TRIPLET:
            return count, shown
        pv -= PV_STEP


def resolve(clash: Clash, rng: Rng) -> Outcome:
    you, it = _clash_numbers(clash)
    roll = rng.randint(1, DIE)
    natural_20 = roll >= critical_from(clash)  # a natural 20 (19 or 20 with Masterwork)
    landed = natural_20 or roll + you.bonus > it.dv
    line = (f"hit 1d20 {roll} {you.bonus:+d} = {roll + you.bonus} vs DV {it.dv}: "
            + (f"natural {roll}, critical, hit" if natural_20 else "hit" if landed else "miss"))
    if not landed:
        plain = roll + you.bonus <= ORDINARY_DV or (not clash.aware and clash.since(CRITICALS))
        return miss(clash, rng, system=NAME, natural=(roll,), target=it.dv, plain=plain,
                    rolls=(line,))
    critical = natural_20 and _criticals_land(clash)
    if elemental(clash):
        return _elemental(clash, you, it, roll, line, critical, rng)
    it = _clash_numbers(clash, roll)[1]  # AV against the kind this hit deals
    count, shown = roll_penetrations(you.pv, it.av, rng)
    forced = critical and clash.by_player and count == 0
    count = max(count, int(forced))
    dice = Dice.parse(you.damage)
    rolls = tuple(dice.roll_dice(rng) for _ in range(count))
    damage = sum(max(1, sum(r) + dice.bonus) for r in rolls)
    pen = (f"penetration against AV {it.av} (* beats it): " + "; ".join(shown)
           + f": {count} penetration{'s' * (count != 1)}" + (" (a critical's)" * forced))
    dmg = (f"damage {dice} x{count}: " + " ".join(dice_text(r) for r in rolls)
           + f" = {damage}")
    return hit(clash, system=NAME, natural=(roll,), target=it.dv, rolls=(line, pen, dmg),
               damage_rolls=rolls, raw=damage, protection=it.av, damage=damage, soak=0,
               critical=critical, no_vital_spot=natural_20 and clash.target.crit_immune,
               type_roll=roll, event=PENETRATED if count else NO_PENETRATION, count=count,
               effects_on_hit=clash.since(DOCUMENT), wound_on_hit=clash.since(CRITICALS))


def _elemental(clash: Clash, you: Numbers, it: Numbers, roll: int, line: str, critical: bool,
               rng: Rng) -> Outcome:
    """Fire, cold or lightning on a hit: the weapon's damage once, no penetration, then the
    target's resistance (v2)."""
    dice = Dice.parse(you.damage)
    rolls = dice.roll_dice(rng)
    raw = max(1, sum(rolls) + dice.bonus)
    kind = blow_kind(clash, roll)
    level, why = clash.defence.resistance(kind)
    share = resist_share(raw, level)
    text = (f"{kind} damage {dice} on a hit, without penetration: {dice_text(rolls)} = {raw}"
            + (f", resisted ({why}) takes {share}" if share else "") + f": {raw - share}")
    return hit(clash, system=NAME, natural=(roll,), target=it.dv, rolls=(line, text),
               damage_rolls=(rolls,), raw=raw, protection=0, damage=raw - share, soak=0,
               critical=critical, no_vital_spot=roll >= critical_from(clash)
               and clash.target.crit_immune, type_roll=roll, event=ELEMENTAL,
               effects_on_hit=True, resisted=share, resist_reason=why)
