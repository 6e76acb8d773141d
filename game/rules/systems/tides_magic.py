"""Tides of Ichor's spellcasting (tides version 4): the casting roll and its penalties, the
power check, Irresistible Force, miscasts, and the dodge of a projectile spell.

Pure rules, as the attack's are (``tides``): the world hands in what the caster brings to a
cast (``Standing``) and gets back what the dice did (``Attempt``, ``PowerCheck``), and the
exact chances of each are here too, as Fractions, for the tools. The document's words:

- "When casting a spell you need to roll above the casting value on a 100. The base number is
  40. Then you add 10 for each spell level." Each earlier success with that spell this
  encounter adds 10 (its formula's "10* Previous successful casts" and the miscast table's
  "usual +10 difficulty for each successful cast"; its prose says 5), and each success with
  another spell 5 ("Number of other spells successfully cast 5* Num spells"). "Casting in
  light armor -5. Casting in heavy armor -10. Number or missing W -X." Then "you subtract your
  Wp score". As every roll of the document, a chance is kept within 5% and 95%.
- "Defenders Stat - Your Wp + 50 + Misc penalties (Armor etc) < Roll": the power check, with
  the base number 40 the edit gives every default number (the casting roll's prose says 40
  where its formula still says 50). Our spells are checked against the defender's Wp.
- Irresistible Force, by how much the casting roll succeeded: "Less than 20 = 10% chance, Less
  than 40 = 20% chance, More than 40 = 40% chance"; no power check then. A miscast, by how much
  it failed, at the same chances, and then "a random number between 1 and 6 ... and the level
  of the spell" on the table (``MISCAST_TABLE``: what the world plays of each).
- "Projectiles ... can be dodged": the Dodge keyword is a percentage; ours is 5% a point of the
  Dodge the manual's Defence holds (Dexterity, stance, tumbling, nimble magic), as 5 is a point
  of the manual's everywhere in tides. Block "cannot be used to avoid spells".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Rng
from .tides import BASE, HALVED, HIGHEST, LOWEST, PER_POINT, PER_STAT, target

PER_LEVEL = 10  # "Then you add 10 for each spell level."
PER_CAST = 10  # "10* Previous successful casts" (of this spell, this encounter)
PER_OTHER = 5  # "Number of other spells successfully cast 5* Num spells."
LIGHT, HEAVY = "light", "heavy"
ARMOUR_PENALTY = {LIGHT: 5, HEAVY: 10}  # "Casting in light armor -5. ... heavy armor -10."
BRACKETS = ((20, 10), (40, 20))  # "Less than 20 = 10% ... Less than 40 = 20%"
OTHERWISE = 40  # "More than 40 = 40%"
# what a cast did, and what a harmful spell did to one it reached, in the document's terms
CAST, FORCE, FAILED, MISCAST = "cast", "Irresistible Force", "failed", "miscast"
DODGED, NOT_POWERFUL, HARMS = "dodged", "not powerful enough", "harms"
MISCAST_DIE = 6  # "A random number between 1 and 6 will be rolled and the level ... added"


@dataclass(frozen=True, slots=True)
class Standing:
    """What a caster brings to one casting roll."""

    wp: int  # the caster's Wp (3 x Willpower)
    casts: int = 0  # successes with this spell this encounter
    others: int = 0  # successes with other spells this encounter
    armour: str = ""  # the body armour worn: "", LIGHT or HEAVY
    missing: int = 0  # W (hit points) lost
    penalty: int = 0  # lasting casting penalties of miscasts this encounter
    bonus: int = 0  # a bonus on this roll (miscast 2)
    forceless: bool = False  # no Irresistible Force this encounter (miscast 7)


def wp(willpower: int, *, halved: bool = False) -> int:
    """Our Willpower as the document's Wp: times 3, as Strength and Toughness are."""
    value = PER_STAT * willpower
    return value // HALVED if halved else value


def penalties(level: int, st: Standing) -> tuple[tuple[str, int], ...]:
    """Each part of the casting value with its reason, the base first, Wp last."""
    parts = [("base", BASE), (f"level {level}", PER_LEVEL * level)]
    parts += [(f"{st.casts} cast before", PER_CAST * st.casts)] if st.casts else []
    parts += [(f"{st.others} other spells cast", PER_OTHER * st.others)] if st.others else []
    parts += [(f"{st.armour} armour", ARMOUR_PENALTY[st.armour])] if st.armour else []
    parts += [(f"{st.missing} W lost", st.missing)] if st.missing else []
    parts += [("miscast", st.penalty)] if st.penalty else []
    parts += [("miscast bonus", -st.bonus)] if st.bonus else []
    return (*parts, (f"Wp {st.wp}", -st.wp))


def casting_value(level: int, st: Standing) -> int:
    """What the d100 must beat to cast, kept within 5 and 95."""
    return max(LOWEST, min(HIGHEST, sum(n for _, n in penalties(level, st))))


def bracket(margin: int) -> int:
    """The percent chance of Irresistible Force (a success by ``margin``) or of a miscast (a
    failure by it): 10 under 20, 20 under 40, else 40."""
    return next((pct for below, pct in BRACKETS if margin < below), OTHERWISE)


@dataclass(frozen=True, slots=True)
class Attempt:
    """What one casting roll did."""

    roll: int
    value: int
    parts: tuple[tuple[str, int], ...]
    force_roll: int = 0  # the d100 for Irresistible Force (0: none rolled)
    force: bool = False
    miscast_roll: int = 0  # the d100 for a miscast (0: none rolled)
    table: int = 0  # the miscast table's line: 1d6 + the spell's level (0: no miscast)

    @property
    def success(self) -> bool:
        return self.roll > self.value

    @property
    def margin(self) -> int:
        """By how much the roll succeeded or failed."""
        return abs(self.roll - self.value)

    @property
    def event(self) -> str:
        """CAST, FORCE (cast with Irresistible Force), FAILED or MISCAST."""
        if self.success:
            return FORCE if self.force else CAST
        return MISCAST if self.table else FAILED


def cast(level: int, st: Standing, rng: Rng) -> Attempt:
    """The casting roll, then Irresistible Force on a success or a miscast on a failure."""
    value = casting_value(level, st)
    roll = rng.randint(1, 100)
    parts = penalties(level, st)
    if roll > value:
        if st.forceless:
            return Attempt(roll, value, parts)
        force = rng.randint(1, 100)
        return Attempt(roll, value, parts, force, force <= bracket(roll - value))
    miscast = rng.randint(1, 100)
    if miscast > bracket(value - roll):
        return Attempt(roll, value, parts, miscast_roll=miscast)
    return Attempt(roll, value, parts, miscast_roll=miscast,
                   table=rng.randint(1, MISCAST_DIE) + level)


@dataclass(frozen=True, slots=True)
class PowerCheck:
    """The spell power check against one defender (or its dodge of a projectile)."""

    roll: int = 0  # 0: no roll (Irresistible Force)
    need: int = 0
    defender: int = 0  # the defender's stat (Wp)
    power: int = 0  # the caster's Wp with its power bonus
    dodge_roll: int = 0  # the d100 for a dodge (0: none rolled)
    dodge: int = 0  # the dodge percent

    @property
    def dodged(self) -> bool:
        return 0 < self.dodge_roll <= self.dodge

    @property
    def harms(self) -> bool:
        return not self.dodged and (self.roll == 0 or self.roll > self.need)

    @property
    def event(self) -> str:
        """DODGED, NOT_POWERFUL or HARMS."""
        return DODGED if self.dodged else HARMS if self.harms else NOT_POWERFUL


def power_need(defender: int, power: int) -> int:
    """What the power check's d100 must beat: defender - Wp + 40, within 5 and 95."""
    return target(power, defender, BASE)


def dodge_percent(dodge_points: int) -> int:
    """The Dodge keyword's chance from the manual's Dodge: 5% a point, at most 95%."""
    return max(0, min(HIGHEST, PER_POINT * dodge_points))


def check(defender: int, power: int, rng: Rng, *, force: bool, dodge: int = 0) -> PowerCheck:
    """A harmful spell reaching one defender: its dodge first when it may dodge (``dodge``
    percent), then the power check unless the spell has Irresistible Force."""
    dodge_roll = rng.randint(1, 100) if dodge else 0
    if 0 < dodge_roll <= dodge:
        return PowerCheck(defender=defender, power=power, dodge_roll=dodge_roll, dodge=dodge)
    if force:
        return PowerCheck(defender=defender, power=power, dodge_roll=dodge_roll, dodge=dodge)
    need = power_need(defender, power)
    return PowerCheck(rng.randint(1, 100), need, defender, power, dodge_roll, dodge)


# --- exact chances ---------------------------------------------------------------------------

def cast_chance(level: int, st: Standing) -> Fraction:
    """The chance the casting roll succeeds."""
    return Fraction(100 - casting_value(level, st), 100)


def force_chance(level: int, st: Standing) -> Fraction:
    """The chance a cast succeeds with Irresistible Force."""
    if st.forceless:
        return Fraction(0)
    value = casting_value(level, st)
    return sum((Fraction(bracket(roll - value), 100 * 100) for roll in range(value + 1, 101)),
               Fraction(0))


def miscast_chance(level: int, st: Standing) -> Fraction:
    """The chance a cast fails and miscasts."""
    value = casting_value(level, st)
    return sum((Fraction(bracket(value - roll), 100 * 100) for roll in range(1, value + 1)),
               Fraction(0))


def miscast_line(level: int) -> dict[int, Fraction]:
    """The miscast table's line, given a miscast: 1d6 + the level, each 1 in 6."""
    return {face + level: Fraction(1, MISCAST_DIE) for face in range(1, MISCAST_DIE + 1)}


def harm_chance(level: int, st: Standing, defender: int, *, dodge: int = 0,
                power_bonus: int = 0) -> Fraction:
    """The chance a cast harms one defender it reaches: cast, not dodged (``dodge`` percent,
    0 when it cannot dodge), and with Irresistible Force or past the power check. (A miscast
    that sends the spell at a random member is not counted.)"""
    force = force_chance(level, st)
    passes = Fraction(100 - power_need(defender, st.wp + power_bonus), 100)
    cast_plain = cast_chance(level, st) - force
    return (force + cast_plain * passes) * (1 - Fraction(dodge, 100))
