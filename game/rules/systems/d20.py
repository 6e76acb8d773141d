"""The d20 roll-under system: 1d20 under a target number of hit bonuses, armour class and
miscellany; a negative armour class is a random number and also takes damage off.

From our fighters (one place, ``numbers``): the hit bonuses are the manual's to-hit (stats,
ranks, the weapon, magic, stance) plus the fighter's level; armour class is
``20 - Defence - Protection``, so an ordinary unarmoured target (Defence 10, no Protection) has
AC 10 and every point of Defence or Protection lowers it by one. The Protection is against the
blow's damage kind, which the d20 roll picks for a weapon of two (as the manual's natural roll
does): chain mail is a better AC against a blade than against a point. Every melee attack gets
the document's "+1 for melee" (version 1 gave it to the player's alone); a creature gets +10
against the player. Damage is the manual's
damage (dice and every flat bonus, Strength's included), at least 1. There are no criticals.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice, Rng
from ..events import HIT, MISSED, SOAKED
from ..profiles import BLOW, Fighter, melee_attacks
from ..resolve import Outcome
from .common import (
    ONE,
    ZERO,
    Clash,
    blend,
    blow_kind,
    dice_text,
    hit,
    manual_defence,
    miss,
    protection,
    protection_parts,
    tidy,
)

NAME = "d20"
VERSION = 2  # 2: every melee attack gets the +1, a creature's too (1: the player's only)
EVERY_MELEE = 2  # the version from which a creature's melee attack takes the +1
SUMMARY = "1d20 under hit bonuses + AC; negative AC is rolled and soaks"
EXACT_DUEL = True
DIE = 20
ORDINARY_AC = 10
MELEE_BONUS = 1  # "melee attacks always have a +1 bonus": everyone's, from version 2
AGAINST_PLAYER = 10  # "monsters gain a +10 bonus to-hit players"


@dataclass(frozen=True, slots=True)
class Numbers:
    to_hit: int  # the manual's to-hit of the attack
    level: int
    damage: str
    ac: int

    def row(self) -> tuple[str, ...]:
        return (f"{self.to_hit:+d}", str(self.level), self.damage, str(self.ac))


COLUMNS = ("to hit", "level", "damage", "AC")
# the tools' words: its criticals, and what its armour number is called
CRITICAL_LABEL = "critical (none)"
ARMOUR_LABEL = "AC"
ATTACK_COLUMNS = 3  # the first 3 are the attack's; the rest the defender's


def numbers(f: Fighter, attack=None, *, kind: str = BLOW, adjacent: bool = True,
            damage_type: str = "") -> Numbers:
    """A fighter in this system's numbers (its main blow unless ``attack`` is given; AC with
    the Protection against ``damage_type``, the plain total without one)."""
    attack = attack or melee_attacks(f)[0]
    ac = 20 - manual_defence(f, kind, adjacent=adjacent) - protection(f, damage_type)
    return Numbers(attack.to_hit, f.level, str(attack.damage), ac)


def base_number(clash: Clash) -> tuple[int, str]:
    """The whole target number but AC, and what made it up."""
    a = clash.attack
    parts = [f"to hit {a.to_hit:+d}", f"level {clash.attacker.level}"]
    total = a.to_hit + clash.attacker.level
    if clash.up_close and (clash.by_player or clash.since(EVERY_MELEE)):
        total += MELEE_BONUS
        parts.append(f"melee +{MELEE_BONUS}")
    if clash.on_player and not clash.by_player:
        total += AGAINST_PLAYER
        parts.append(f"+{AGAINST_PLAYER} against you")
    return total, ", ".join(parts)


def _ac(clash: Clash, roll: int) -> int:
    """The target's AC against the hit that the d20 ``roll`` would be (its kind)."""
    return numbers(clash.target, kind=clash.attack.kind, adjacent=clash.adjacent,
                   damage_type=blow_kind(clash, roll)).ac


def _by_roll(clash: Clash) -> list[tuple[Fraction, int]]:
    """For each face of the d20: the chance that it hits, and the AC it meets."""
    base, _ = base_number(clash)
    out = []
    for roll in range(1, DIE + 1):
        ac = _ac(clash, roll)
        if ac >= 0:
            out.append((ONE if roll < base + ac else ZERO, ac))
        else:  # the AC is a roll of -1 to AC
            out.append((Fraction(sum(1 for r in range(1, -ac + 1) if roll < base - r), -ac), ac))
    return out


def hit_chance(base: int, ac: int) -> Fraction:
    """The chance that 1d20 comes up under ``base + AC``; a negative AC counts as a random
    number from -1 to AC."""
    if ac >= 0:
        return Fraction(_under(base + ac), DIE)
    return sum((Fraction(_under(base - r), DIE) for r in range(1, -ac + 1)), ZERO) / -ac


def _under(target: int) -> int:
    """How many faces of the d20 are less than ``target``."""
    return max(0, min(DIE, target - 1))


def damage_distribution(dice: str | Dice, ac: int) -> dict[int, Fraction]:
    """Damage of a hit: the dice, less a roll of 1 to -AC when AC is negative, at least 1."""
    dice = Dice.parse(dice) if isinstance(dice, str) else dice
    out: dict[int, Fraction] = {}
    soaks = range(1, -ac + 1) if ac < 0 else range(0, 1)
    for value, p in dice.distribution().items():
        for soak in soaks:
            key = max(1, value - soak)
            out[key] = out.get(key, ZERO) + p / len(soaks)
    return tidy(out)


def resolve(clash: Clash, rng: Rng) -> Outcome:
    base, why = base_number(clash)
    roll = rng.randint(1, DIE)
    ac = _ac(clash, roll)
    ac_roll = rng.randint(1, -ac) if ac < 0 else 0
    target = base + (-ac_roll if ac < 0 else ac)
    ac_text = f"AC {ac}" + (f" rolls -{ac_roll}" if ac < 0 else "")
    landed = roll < target
    line = f"d20 {roll} vs {target} ({why}, {ac_text}): {'hit' if landed else 'miss'}"
    if not landed:
        parts = clash.parts + protection_parts(clash)
        return miss(clash, rng, system=NAME, natural=(roll,), target=target,
                    plain=roll >= base + ORDINARY_AC, rolls=(line,), parts=parts,
                    event=MISSED)
    a = clash.attack
    rolls = a.dice.roll_dice(rng)
    raw = sum(rolls) + a.dice.bonus + a.damage_bonus
    soak = rng.randint(1, -ac) if ac < 0 else 0
    damage = max(1, raw - soak)
    dmg = (f"damage {a.dice.count}d{a.dice.sides} {dice_text(rolls)} "
           f"{a.dice.bonus + a.damage_bonus:+d} = {raw}"
           + (f", AC {ac} takes 1d{-ac} = {soak}" if ac < 0 else "") + f": {damage}")
    return hit(clash, system=NAME, natural=(roll,), target=target, rolls=(line, dmg),
               damage_rolls=(rolls,), raw=raw, protection=max(0, -ac), damage=damage,
               type_roll=roll, soak=soak, event=SOAKED if soak else HIT)


def distribution(clash: Clash) -> dict[int, Fraction]:
    hits: dict[int, Fraction] = {}  # the chance of a hit, by the AC it meets
    for p, ac in _by_roll(clash):
        hits[ac] = hits.get(ac, ZERO) + p / DIE
    out = {0: 1 - sum(hits.values(), ZERO)}
    for ac, p in sorted(hits.items()):
        blend(out, damage_distribution(clash.attack.damage, ac), p)
    return tidy(out)


def chances(clash: Clash) -> tuple[Fraction, Fraction]:
    return sum((p for p, _ in _by_roll(clash)), ZERO) / DIE, ZERO
