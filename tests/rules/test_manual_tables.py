"""The manual's tables, reproduced exactly from the code (rounded as the manual rounds)."""

from fractions import Fraction

import pytest

from game.rules import odds
from game.rules.resolve import soak_range


def percent(p: Fraction, places: int = 1) -> Fraction:
    return round(p * 100, places)


HIT_TABLE = [(4, "97.9"), (6, "93.1"), (8, "85.4"), (10, "75"), (11, "68.8"), (12, "61.8"),
             (13, "54.2"), (14, "45.8"), (15, "38.2"), (16, "31.2"), (18, "19.4"),
             (20, "10.4"), (21, "6.9"), (22, "4.2"), (24, "4.2")]


@pytest.mark.parametrize("need, shown", HIT_TABLE)
def test_hit_table(need, shown):
    # The first column is Defence minus the bonus; the same for any split of the two.
    for bonus in (0, 3, -2):
        assert percent(odds.hit_chance(bonus, need + bonus)) == Fraction(shown)


def test_natural_two_misses_and_22_hits_whatever_the_numbers():
    assert odds.hit_chance(100, 10) == Fraction(143, 144)
    assert odds.hit_chance(-100, 10) == Fraction(6, 144)
    assert odds.hit_chance(0, 10) == Fraction(108, 144)  # three times in four


CRIT_TABLE = [(22, "4.2", "3.1"), (20, "10.4", "7.8"), (19, "14.6", "10.9")]


@pytest.mark.parametrize("threat_from, threatens, confirmed", CRIT_TABLE)
def test_critical_table(threat_from, threatens, confirmed):
    # A bonus high enough that every natural in range hits: the threat is the range itself.
    assert percent(odds.threat_chance(30, 10, threat_from)) == Fraction(threatens)
    assert percent(odds.crit_chance(0, 10, threat_from)) == Fraction(confirmed)


PROTECTION_TABLE = [(1, 1, 1, "1"), (2, 1, 2, "1.5"), (3, 2, 3, "2.5"), (4, 2, 4, "3"),
                    (5, 3, 5, "4"), (6, 3, 6, "4.5"), (7, 4, 7, "5.5"), (8, 4, 8, "6"),
                    (9, 5, 9, "7"), (10, 5, 10, "7.5"), (11, 6, 11, "8.5"), (12, 6, 12, "9"),
                    (15, 8, 15, "11.5"), (20, 10, 20, "15")]


@pytest.mark.parametrize("protection, low, high, average", PROTECTION_TABLE)
def test_protection_table(protection, low, high, average):
    assert soak_range(protection) == (low, high)
    # A hit of 100 always survives the soak: the mean loss is the table's average.
    dist = odds.damage_distribution("1d1+99", 100, 10, threat_from=25, protection=protection)
    lost = 100 - odds.mean({v: p / (1 - dist.get(0, 0)) for v, p in dist.items() if v})
    assert Fraction(average) == lost
