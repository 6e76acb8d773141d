"""Tides of Ichor's spells by the document's numbers (``game.rules.systems.tides_magic``):
the casting value and its penalties, the chances of Irresistible Force and of a miscast by the
margin, the power check, the dodge, and the exact chances the tools read."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st_

from game.rules.systems import tides
from game.rules.systems import tides_magic as tm


class Dice:
    """A stream that hands out the given numbers in order, each checked against its range."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        value = self.values.pop(0)
        assert a <= value <= b, (value, a, b)
        return value


def test_the_casting_value_is_40_plus_10_a_level_less_wp():
    # "The base number is 40. Then you add 10 for each spell level ... subtract your Wp"
    assert tm.casting_value(1, tm.Standing(wp=30)) == 20
    assert tm.casting_value(3, tm.Standing(wp=30)) == 40
    assert tm.casting_value(2, tm.Standing(wp=45)) == 15


def test_each_penalty_adds_its_own_number():
    plain = tm.casting_value(2, tm.Standing(wp=30))  # 30
    assert plain == 30
    assert tm.casting_value(2, tm.Standing(wp=30, casts=2)) == plain + 20  # 10 a cast before
    assert tm.casting_value(2, tm.Standing(wp=30, others=3)) == plain + 15  # 5 another spell
    assert tm.casting_value(2, tm.Standing(wp=30, armour=tm.LIGHT)) == plain + 5
    assert tm.casting_value(2, tm.Standing(wp=30, armour=tm.HEAVY)) == plain + 10
    assert tm.casting_value(2, tm.Standing(wp=30, missing=7)) == plain + 7  # a point a W lost
    assert tm.casting_value(2, tm.Standing(wp=30, penalty=30)) == plain + 30
    assert tm.casting_value(2, tm.Standing(wp=30, bonus=10)) == plain - 10


def test_the_casting_value_is_kept_within_5_and_95():
    assert tm.casting_value(1, tm.Standing(wp=90)) == 5
    assert tm.casting_value(5, tm.Standing(wp=0, missing=50)) == 95
    assert tm.cast_chance(1, tm.Standing(wp=90)) == Fraction(95, 100)
    assert tm.cast_chance(5, tm.Standing(wp=0, missing=50)) == Fraction(5, 100)


def test_the_chance_to_cast_is_the_rolls_above_the_value():
    assert tm.cast_chance(1, tm.Standing(wp=30)) == Fraction(80, 100)
    assert tm.cast_chance(3, tm.Standing(wp=33, armour=tm.HEAVY)) == Fraction(53, 100)


@pytest.mark.parametrize("margin, percent", [(0, 10), (19, 10), (20, 20), (39, 20), (40, 40),
                                             (95, 40)])
def test_force_and_miscast_chances_by_the_margin(margin, percent):
    # "Less than 20 = 10% ... Less than 40 = 20% ... More than 40 = 40%"
    assert tm.bracket(margin) == percent


def test_the_exact_chance_of_irresistible_force():
    # value 20: rolls 21..100 succeed by 1..80: 19 at 10%, 20 at 20%, 41 at 40%
    st = tm.Standing(wp=30)
    assert tm.force_chance(1, st) == Fraction(19 * 10 + 20 * 20 + 41 * 40, 100 * 100)
    assert tm.force_chance(1, tm.Standing(wp=30, forceless=True)) == 0


def test_the_exact_chance_of_a_miscast():
    # value 50: rolls 1..50 fail by 49..0: 20 at 10%, 20 at 20%, 10 at 40%
    assert tm.miscast_chance(3, tm.Standing(wp=20)) == Fraction(1, 10)


def test_the_miscast_table_line_is_1d6_plus_the_level():
    assert tm.miscast_line(3) == {n: Fraction(1, 6) for n in range(4, 10)}


def test_a_cast_rolls_force_on_a_success_and_a_miscast_on_a_failure():
    st = tm.Standing(wp=30)  # value 20
    forced = tm.cast(1, st, Dice(60, 40))  # by 40: 40%
    assert forced.success and forced.margin == 40 and forced.force
    plain = tm.cast(1, st, Dice(60, 41))
    assert plain.success and not plain.force and not plain.table
    assert tm.cast(1, st, Dice(20, 50)).success is False  # a roll must be above the value
    failed = tm.cast(1, st, Dice(10, 10, 4))  # by 10: 10%, then 1d6 4 + level 1
    assert not failed.success and failed.table == 5
    spared = tm.cast(1, st, Dice(10, 11))
    assert spared.miscast_roll == 11 and spared.table == 0
    forceless = tm.cast(1, tm.Standing(wp=30, forceless=True), Dice(99))  # no force roll
    assert forceless.success and forceless.force_roll == 0
    assert [a.event for a in (forced, plain, failed, spared)] == \
        [tm.FORCE, tm.CAST, tm.MISCAST, tm.FAILED]


def test_the_power_check_is_defender_less_wp_plus_40():
    # "Defenders Stat - Your Wp + 50 + Misc penalties < Roll", with the edit's base 40
    assert tm.power_need(30, 54) == 16
    assert tm.power_need(36, 30) == 46
    assert tm.power_need(10, 90) == 5 and tm.power_need(99, 0) == 95
    passed = tm.check(30, 54, Dice(17), force=False)
    assert passed.need == 16 and passed.harms
    assert not tm.check(30, 54, Dice(16), force=False).harms
    assert tm.check(30, 54, Dice(), force=True).harms  # Irresistible Force: no roll


def test_a_projectile_is_dodged_by_5_percent_a_point_of_dodge():
    assert tm.dodge_percent(2) == 10 and tm.dodge_percent(0) == 0
    assert tm.dodge_percent(-1) == 0 and tm.dodge_percent(30) == 95
    dodged = tm.check(30, 54, Dice(10), force=True, dodge=10)
    assert dodged.dodged and not dodged.harms
    missed = tm.check(30, 54, Dice(11, 17), force=False, dodge=10)
    assert not missed.dodged and missed.harms
    weak = tm.check(30, 54, Dice(11, 16), force=False, dodge=10)
    assert [c.event for c in (dodged, missed, weak)] == [tm.DODGED, tm.HARMS, tm.NOT_POWERFUL]


def test_the_exact_chance_to_harm():
    st = tm.Standing(wp=30)  # cast 80%, force as above; the power check 40 - 30 + 30 = 40
    force = tm.force_chance(1, st)
    expected = (force + (Fraction(80, 100) - force) * Fraction(60, 100)) * Fraction(90, 100)
    assert tm.harm_chance(1, st, 30, dodge=10) == expected


def test_wp_is_three_times_willpower_and_halved_by_a_miscast():
    assert tm.wp(18) == 54 == 18 * tides.PER_STAT
    assert tm.wp(15, halved=True) == 22


def test_seeded_casts_agree_with_the_exact_chances():
    import random

    st = tm.Standing(wp=36, casts=1, armour=tm.LIGHT)  # value 40 + 20 + 10 + 5 - 36 = 39
    rng = random.Random(35)
    n = 40000
    attempts = [tm.cast(2, st, rng) for _ in range(n)]
    for event, exact in ((tm.CAST, tm.cast_chance(2, st) - tm.force_chance(2, st)),
                         (tm.FORCE, tm.force_chance(2, st)),
                         (tm.MISCAST, tm.miscast_chance(2, st))):
        seen = sum(a.event == event for a in attempts) / n
        assert abs(seen - float(exact)) < 0.01, (event, seen, float(exact))


@given(level=st_.integers(1, 5), wp=st_.integers(0, 90), casts=st_.integers(0, 9),
       others=st_.integers(0, 9), missing=st_.integers(0, 200), penalty=st_.integers(0, 90),
       bonus=st_.sampled_from((0, 10)), armour=st_.sampled_from(("", tm.LIGHT, tm.HEAVY)),
       forceless=st_.booleans(), defender=st_.integers(0, 90), dodge=st_.integers(0, 95))
def test_every_chance_is_exact_and_within_0_and_1(level, wp, casts, others, missing, penalty,
                                                  bonus, armour, forceless, defender, dodge):
    s = tm.Standing(wp, casts, others, armour, missing, penalty, bonus, forceless)
    cast, force, mis = tm.cast_chance(level, s), tm.force_chance(level, s), \
        tm.miscast_chance(level, s)
    assert all(isinstance(x, Fraction) for x in (cast, force, mis))
    assert Fraction(5, 100) <= cast <= Fraction(95, 100)
    assert 0 <= force <= cast and 0 <= mis <= 1 - cast
    harm = tm.harm_chance(level, s, defender, dodge=dodge)
    assert isinstance(harm, Fraction) and 0 <= harm <= cast
