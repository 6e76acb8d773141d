"""The percentile system of two rolls: d100 over (defender - attacker + 40) to hit, the same
with Strength against Toughness to wound, then damage = weapon + (S - T) / 5 - armour.

The base number is 40 for the attack and the wound roll alike (the document's edit; its worked
example was written with 50), and no chance is under 5% or over 95%. "Drop any decimals"
truncates toward zero; damage is never below 0.

From our fighters (one place, ``numbers``): Ws to attack (Bs for a shot or a throw) is
30 + 5 x the manual's to-hit of the attack; Ws to parry a blow is the defender's own Ws, that of
its main blow ("weapon skill to parry or block"; versions 1 and 2: from its Defence, as Ag is);
Ag to avoid a missile is 30 + 5 x (the manual's Defence against it - 10); S is 3 x Strength (a
shot uses its missile weapon's: 3 x the Strength it needs, or 30); T is 3 x Constitution;
armour is the manual's Protection against the blow's damage type. An ordinary unarmoured
fighter is 30 in all and armour 0: two of them hit 60% of the time and wound 60% of the time.
The weapon roll is its dice and every flat bonus but Strength's. Our weapons and creatures
carry none of the document's % keywords (Critical, Dodge, Block), so there are no criticals.

Version 2: a throw's wound roll uses the weapon's Strength, as a shot's does ("for ranged
attacks you use the weapons Strength score and not the attackers"): our thrown weapons need
no Strength, so it is the ordinary 30. Version 1 used the thrower's.

Version 3: a blow is parried with the defender's weapon skill, as the document says; and a
target that does not know of its attacker (asleep, or unaware of the player) parries and
avoids nothing (its Ws or Ag counts 0, and a miss is a plain miss), as a reaction needs it.

Version 4: spells are the document's (``tides_magic``): a d100 casting roll over the casting
value, the power check, Irresistible Force, miscasts and the dodge of a projectile. Versions
1 to 3 cast by the manual's 2d12.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice, Rng
from ..events import ARMOUR_STOPPED, BLOCKED, DODGED, FENDED, HIT, MISSED, NOT_WOUNDED, PARRIED
from ..items import Armour, Weapon
from ..profiles import BASH, BLOW, SHOT, THROW, Fighter, melee_attacks
from ..resolve import Outcome, blow_damage_type
from .common import (
    ZERO,
    Clash,
    blend,
    dice_text,
    hit,
    manual_defence,
    mapped,
    miss,
    protection,
    tidy,
    weapon_dice,
)

NAME = "tides"
VERSION = 4  # 2: a throw wounds with the weapon's Strength; 3: Ws parries, the unaware do not;
# 4: spells are cast by the document's rules (``tides_magic``)
WEAPON_STRENGTH = 2  # the version from which every ranged attack uses the weapon's Strength
WS_PARRIES = 3  # the version from which a blow is parried with the defender's own Ws
SPELLS = 4  # the version from which spells are cast by the document's rules (``tides_magic``)
SUMMARY = "d100 over defender - attacker + 40, then S against T to wound"
EXACT_DUEL = True
BASE = 40  # the edit note: "The default number has decreased from 50 to 40"
LOWEST, HIGHEST = 5, 95  # a chance never under 5% nor over 95%
ORDINARY = 30
PER_POINT = 5  # a point of the manual's to-hit or Defence is 5 here
PER_STAT = 3  # Strength and Constitution times 3
HALVED = 2  # its miscast 10 halves every stat but W


@dataclass(frozen=True, slots=True)
class Numbers:
    ws: int  # attacking: Ws of a blow, Bs of a shot or throw
    s: int
    weapon: str
    parry: int  # Ws as a defender against blows
    ag: int  # Ag against missiles
    t: int
    armour: int

    def row(self) -> tuple[str, ...]:
        return tuple(map(str, (self.ws, self.s, self.weapon, self.parry, self.ag, self.t,
                               self.armour)))


COLUMNS = ("Ws/Bs", "S", "weapon", "Ws parry", "Ag", "T", "armour")
# the tools' words: its criticals, and what its armour number is called
CRITICAL_LABEL = "critical (none)"
ARMOUR_LABEL = "armour"
ATTACK_COLUMNS = 3  # the first 3 are the attack's; the rest the defender's


def numbers(f: Fighter, attack=None, *, kind: str = BLOW, adjacent: bool = True,
            damage_type: str = "", version: int = VERSION) -> Numbers:
    """A fighter in this system's numbers (its main blow unless ``attack`` is given)."""
    attack = attack or melee_attacks(f)[0]
    if attack.kind == SHOT:
        needed = getattr(f.missile, "strength_needed", 0) or 10
        s = PER_STAT * needed
    elif attack.kind == THROW and version >= WEAPON_STRENGTH:
        s = ORDINARY  # a thrown weapon needs no Strength: its own S is the ordinary 30
    else:
        s = PER_STAT * f.strength
    blows = kind if kind in (BLOW, BASH) else BLOW
    missiles = kind if kind in (SHOT, THROW) else SHOT
    parry = ORDINARY + PER_POINT * (melee_attacks(f)[0].to_hit if version >= WS_PARRIES else
                                    manual_defence(f, blows, adjacent=adjacent) - 10)
    ws, ag = ORDINARY + PER_POINT * attack.to_hit, \
        ORDINARY + PER_POINT * (manual_defence(f, missiles, adjacent=adjacent) - 10)
    t = PER_STAT * f.constitution
    if f.halved:  # its miscast 10: "Reduce all stats other than W by half"
        ws, s, parry, ag, t = (n // HALVED for n in (ws, s, parry, ag, t))
    return Numbers(ws=ws, s=s, weapon=str(weapon_dice(attack, f)), parry=parry, ag=ag, t=t,
                   armour=protection(f, damage_type))


def target(attacker: int, defender: int, base: int = BASE) -> int:
    """What the d100 must beat: defender - attacker + base, kept within 5 to 95."""
    return max(LOWEST, min(HIGHEST, defender - attacker + base))


def beats(roll: int, attacker: int, defender: int, base: int = BASE) -> bool:
    """Whether a d100 roll succeeds: higher than the target."""
    return roll > target(attacker, defender, base)


def chance(attacker: int, defender: int, base: int = BASE) -> Fraction:
    """The chance that a d100 beats the target: between 5% and 95%."""
    return Fraction(100 - target(attacker, defender, base), 100)


def bonus(strength: int, toughness: int) -> int:
    """(S - T) / 5 with the decimals dropped (toward zero)."""
    q = abs(strength - toughness) // 5
    return q if strength >= toughness else -q


def damage(weapon_roll: int, strength: int, toughness: int, armour: int) -> int:
    """Weapon + (S - T) / 5 - armour, never below 0."""
    return max(0, weapon_roll + bonus(strength, toughness) - armour)


def _version(clash: Clash) -> int:
    return VERSION if clash.version is None else clash.version


def _reacts(clash: Clash) -> bool:
    """Whether the target parries or avoids at all: from version 3 one that does not know of
    its attacker makes no reaction (its Ws or Ag counts 0), as under coc."""
    return clash.aware or not clash.since(WS_PARRIES)


def _sides(clash: Clash, damage_type: str = "") -> tuple[Numbers, Numbers, int]:
    """(attacker, target, the target's avoiding stat against this attack)."""
    version = _version(clash)
    you = numbers(clash.attacker, clash.attack, version=version)
    it = numbers(clash.target, kind=clash.attack.kind, adjacent=clash.adjacent,
                 damage_type=damage_type, version=version)
    if not _reacts(clash):
        return you, it, 0
    return you, it, it.parry if clash.up_close else it.ag


def avoided(clash: Clash) -> str:
    """How the target turned a blow it was not plainly missed by: up close its Ws parries
    with a weapon, blocks with a shield, or fends off with neither; a missile it avoids by
    Agility (the document: "weapon skill to parry or block", "agility to avoid")."""
    if not clash.up_close:
        return DODGED
    f = clash.target
    if any(isinstance(h, Armour) and h.is_shield for h in (f.main_hand, f.off_hand)):
        return BLOCKED
    return PARRIED if isinstance(f.main_hand, Weapon) else FENDED


def resolve(clash: Clash, rng: Rng) -> Outcome:
    you, it, avoid = _sides(clash)
    roll = rng.randint(1, 100)
    need = target(you.ws, avoid)
    mine, theirs = ("Ws", "Ws") if clash.up_close else ("Bs", "Ag")
    line = f"attack d100 {roll} vs {need} ({mine} {you.ws} against {theirs} {avoid}): "
    if roll <= need:
        plain = roll <= target(you.ws, ORDINARY) or not _reacts(clash)
        return miss(clash, rng, system=NAME, natural=(roll,), target=need, plain=plain,
                    rolls=(line + "misses",), event=MISSED if plain else avoided(clash))
    kind = blow_damage_type(clash.attack.damage_types, roll)
    you, it, _ = _sides(clash, kind)
    wound = rng.randint(1, 100)
    tough = target(you.s, it.t)
    lines: tuple[str, ...]  # the attack's and the wound's, then the damage's
    lines = (line + "hits", f"wound d100 {wound} vs {tough} (S {you.s} against T {it.t}): "
             + ("wounds" if wound > tough else "does not wound"))
    if wound <= tough:
        return hit(clash, system=NAME, natural=(roll, wound), target=need, rolls=lines,
                   damage_rolls=(), raw=0, protection=it.armour, damage=0, type_roll=roll,
                   event=NOT_WOUNDED)
    dice = Dice.parse(you.weapon)
    rolls = dice.roll_dice(rng)
    weapon = sum(rolls) + dice.bonus
    raw = weapon + bonus(you.s, it.t)
    final = damage(weapon, you.s, it.t, it.armour)
    lines += (f"damage {dice} {dice_text(rolls)} = {weapon}, {bonus(you.s, it.t):+d} for "
              f"(S-T)/5, -{it.armour} armour: {final}",)
    return hit(clash, system=NAME, natural=(roll, wound), target=need, rolls=lines,
               damage_rolls=(rolls,), raw=raw, protection=it.armour, damage=final,
               type_roll=roll, event=HIT if final else ARMOUR_STOPPED)


def distribution(clash: Clash) -> dict[int, Fraction]:
    you, it, avoid = _sides(clash)
    need = target(you.ws, avoid)
    out: dict[int, Fraction] = {0: Fraction(need, 100)}
    weapon = Dice.parse(you.weapon).distribution()
    types = clash.attack.damage_types
    against = {kind: _sides(clash, kind)[1] for kind in sorted(set(types) or {"hit"})}
    for roll in range(need + 1, 101):  # the hit's roll picks the damage type, as in play
        armoured = against[blow_damage_type(types, roll)]
        wound = chance(you.s, armoured.t)
        each = Fraction(1, 100)
        blend(out, {0: 1 - wound}, each)
        blend(out, mapped(weapon, lambda w, a=armoured: damage(w, you.s, a.t, a.armour)),
              each * wound)
    return tidy(out)


def chances(clash: Clash) -> tuple[Fraction, Fraction]:
    you, _, avoid = _sides(clash)
    return chance(you.ws, avoid), ZERO
