"""Every bound on a number or a text a user can hand the game, in one table.

The tables (``assets/*.toml``) and the overlays laid over them are checked against these by
the content loaders (each field's ``Spec`` takes its bound from here), the save check
(``game.persist.snapshot_check``) takes its own from here and from what the tables allow, and
the tools' command lines refuse what lies beyond. Each bound is chosen so that every tool stays
within its usual time at the edge: the exact odds of a duel grow with both sides' hit points
(``game.rules.odds``), a fight simulation with the blows a fight takes, so hit points are
bounded a few times above the toughest creature of the game's own tables, not by what a
computer can count.

Pure: the standard library only, so every layer may read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bound:
    """A whole number from ``low`` to ``high``, both included."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) \
            and self.low <= value <= self.high


# --- what the tables give ----------------------------------------------------------------

HIT_POINTS = Bound(1, 150)  # a creature's: the toughest of the game's own has 60
BASE_HP = Bound(1, 30)  # a starting character's, before Constitution and levels (8 to 11)
HP_PER_LEVEL = Bound(1, 20)  # a class's
LEVEL = Bound(1, 10)  # a character level (game.rules.levels.MAX_LEVEL), a talent's
STAT = Bound(1, 30)  # Strength, Dexterity, Constitution, Willpower: also what a wizard sets
STAT_CHANGE = Bound(-5, 5)  # a race's change to a stat
RANK = Bound(0, 10)  # a skill's or a style's (game.rules.stats.MAX_RANK)
DEPTH = Bound(1, 6)  # the dungeon's depths
FREQUENCY = Bound(0, 1000)  # a relative weight of appearing at random; 0 is never
SPEED = Bound(10, 600)  # ticks a creature's step takes (60 is a normal step)
TICKS = Bound(10, 600)  # ticks a blow or a cast takes
THREAT = Bound(3, 24)  # the natural roll a threat starts from (game.rules.stats.MIN_THREAT)
MULTIPLIER = Bound(1, 5)  # a critical's (game.rules.stats.MAX_MULTIPLIER)
TO_HIT = Bound(-20, 20)
DAMAGE_BONUS = Bound(-20, 20)
PIERCE = Bound(0, 20)
PARRY = Bound(0, 10)
RANGE = Bound(0, 20)  # steps a shot, a throw or a spell reaches
RADIUS = Bound(0, 3)  # a ball's
STRENGTH_NEEDED = Bound(0, 30)
WEIGHT = Bound(0, 10_000)  # tenths of a pound
PERCENT = Bound(0, 100)  # an arrow's chance to break
DEFENCE = Bound(0, 20)  # armour's, a creature's natural or in-wall Defence
PROTECTION = Bound(0, 10)  # armour's, a creature's or a race's natural Protection
MAX_DEX = Bound(0, 20)  # the Dexterity bonus armour lets through
AGAINST = Bound(-9, 9)  # armour's Protection against one kind of damage
POWER = Bound(-5, 5)  # an affix's power
RESIST = Bound(1, 3)  # a resistance's level (game.rules.magic.MAX_RESIST)
SUPPLY = Bound(0, 200)  # arrows a creature or character starts with, things it throws
DURATION = Bound(0, 100)  # 6 s ticks of a potion's or a spell's effect
SPELL_LEVEL = Bound(1, 5)
SPELL_COST = Bound(1, 50)
AMOUNT = Bound(0, 10)  # a spell's
COLOUR = Bound(0, 255)  # each of red, green, blue
DICE_COUNT = Bound(1, 10)  # "10d6": how many dice
DICE_SIDES = Bound(1, 20)  # "1d20": how many sides
DICE_BONUS = Bound(-20, 20)  # "1d8+2": the flat bonus

# --- text --------------------------------------------------------------------------------

TEXT_LENGTH = 500  # characters of any text of a table (a description is the longest, < 100)
NAME_LENGTH = 60  # characters of an entry's name
NESTING = 12  # how deep a table's values may nest (tables, arrays): the tables need 6
DIGITS = 40  # characters of any number written in a table, a save or a command line


def shows(text: str) -> bool:
    """Whether ``text`` can be shown as it is: printable (no control characters, so no
    terminal escape sequences, no line breaks) and no lone surrogates."""
    return text.isprintable() and not any(0xD800 <= ord(c) <= 0xDFFF for c in text)


# --- what the game makes of them, for the save check --------------------------------------

def _modifier(stat: int) -> int:
    return (stat - 10) // 2  # game.rules.stats.modifier (a test holds them equal)


HEALTH = Bound(-1_000_000, max(
    HIT_POINTS.high,
    BASE_HP.high + 2 * _modifier(STAT.high)
    + (LEVEL.high - 1) * (HP_PER_LEVEL.high + _modifier(STAT.high))))
"""A living thing's hit points (below 0 once a blow overshoots) and most: a creature's, or a
character's at the top level with every hit point the tables and a wizard can give."""

TIME = Bound(0, 10**9)  # game time (0.1 s): over three years, beyond any game actually played
COUNT = Bound(0, 10**6)  # turns, counters, points: far beyond what play reaches
ENTITIES = Bound(1, 10**6)  # entity ids
SAVED_TEXT = 200  # a name, a cause of death, as a save holds it
SAVED_LINE = 1000  # a log line
SAVED_ITEMS = 10_000  # entries in one list or dict field of a save

# --- the tools' command lines ------------------------------------------------------------

RUNS = Bound(1, 1_000_000)  # turns, actions, rounds, fights: beyond it a run would not end
TOTAL_DEFENCE = Bound(0, 60)  # a fighter's Defence as the curve sets it (10 to 30 in play)
TOTAL_PROTECTION = Bound(0, 40)  # its Protection (0 to 10 in play)

BOUNDS: dict[str, Bound] = {name: value for name, value in globals().items()
                            if isinstance(value, Bound)}
"""Every bound by its name, for the tests and the docs."""
