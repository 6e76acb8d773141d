"""Magic's numbers: resistance shares, spell points, and the caps on what magic adds.

Resistances take their share of fire, cold and lightning after Protection (which these never
meet: they go straight through it). One place for each number; docs/rules.md lists them.
"""

from __future__ import annotations

from fractions import Fraction

from . import stats

ELEMENTS = ("fire", "cold", "lightning")
"""The non-physical damage kinds that resistances answer."""

RESIST_SHARES = {1: Fraction(1, 2), 2: Fraction(3, 4), 3: Fraction(1)}
"""What a resistance of each level takes of the damage (rounded down): 1 a half (an item, a
potion), 2 three quarters, 3 all of it (a creature born to it)."""
MAX_RESIST = max(RESIST_SHARES)


def resisted(damage: int, level: int) -> int:
    """The resistance's share of ``damage``, rounded down; resistances do not add up (the best
    counts, as within a Defence kind)."""
    if level <= 0 or damage <= 0:
        return 0
    share = RESIST_SHARES[min(level, MAX_RESIST)]
    return damage * share.numerator // share.denominator


MAX_ENCHANT = 3  # an enchantment goes from -3 to +3; a scroll of enchanting stops at +3

SPELL_POINTS_BASE = 5
MIN_SPELL_POINTS = 2


def max_spell_points(willpower: int) -> int:
    """5 + 2 x the Willpower modifier, at least 2: Willpower 10 has 5, 14 has 9."""
    return max(MIN_SPELL_POINTS, SPELL_POINTS_BASE + 2 * stats.modifier(willpower))


SPELL_POINTS_PER_TICK = 1  # regained every 6 s
TUNED_SPELL_POINT_TICKS = 2  # from game 0.3.0: one point every this many 6 s ticks (12 s)
