import random
from fractions import Fraction

import pytest

from game.rules.dice import TWO_D12_COUNTS, Dice


@pytest.mark.parametrize("text, dice", [
    ("1d9", Dice(1, 9, 0)), ("2d6", Dice(2, 6, 0)), ("1d8+2", Dice(1, 8, 2)),
    ("1d10+1", Dice(1, 10, 1)), ("1d12+2", Dice(1, 12, 2)), ("1d4-1", Dice(1, 4, -1)),
])
def test_parse(text, dice):
    assert Dice.parse(text) == dice
    assert str(dice) == text


@pytest.mark.parametrize(
    "bad", ["", "d6", "1d", "1x9", "0d6", "1d0", "1d6+", "two d six", "1d6++1"])
def test_malformed_is_a_value_error_naming_it(bad):
    with pytest.raises(ValueError, match="not a dice expression") as err:
        Dice.parse(bad)
    assert repr(bad) in str(err.value)


def test_two_d12_has_144_falls_peaking_at_13():
    assert sum(TWO_D12_COUNTS.values()) == 144
    assert TWO_D12_COUNTS[2] == TWO_D12_COUNTS[24] == 1
    assert max(TWO_D12_COUNTS, key=TWO_D12_COUNTS.get) == 13
    assert TWO_D12_COUNTS[13] == 12


def test_distribution_is_exact_and_sums_to_one():
    dist = Dice.parse("1d8+2").distribution()
    assert dist == {v: Fraction(1, 8) for v in range(3, 11)}
    two = Dice.parse("2d6").distribution()
    assert two[7] == Fraction(6, 36) and sum(two.values()) == 1


def test_rolls_stay_in_range_and_use_the_injected_generator():
    dice = Dice.parse("1d12+2")
    a = [dice.roll(random.Random(5)) for _ in range(3)]
    b = [dice.roll(random.Random(5)) for _ in range(3)]
    assert a == b
    rng = random.Random(1)
    values = {dice.roll(rng) for _ in range(2000)}
    assert values == set(range(3, 15))
