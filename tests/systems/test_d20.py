"""The d20 roll-under system: its page's two worked examples, and its odds against play."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from systems_helpers import CATALOG, character, clash, creature

from game.rules import profiles
from game.rules.dice import Dice
from game.rules.systems import d20

LEVEL_1 = profiles.Fighter(level=1)


def monster(to_hit_level: int, dice: str = "1d8") -> profiles.Fighter:
    """A creature whose whole hit bonus is its level (the page's "+1 to-hit")."""
    bite = CATALOG.creatures["jackal"].attacks[0]
    weapon = type(bite)(**{**{s: getattr(bite, s) for s in bite.__slots__},
                           "damage": Dice.parse(dice)})
    return profiles.Fighter(level=to_hit_level, natural_attacks=(weapon,))


def you(ac: int) -> profiles.Fighter:
    """The player with a given armour class: Defence 20 - AC from a magic dodge."""
    return profiles.Fighter(magic=(profiles.Magic("dodge", 10 - ac, "test"),), max_hp=30)


def test_simple_example_positive_ac(scripted):
    # AC 4, a monster with +1 to hit and 1d8: it must roll under 10 + 1 + 4 = 15: 70%. Its
    # +1 is the melee bonus every melee attack has (version 2): a monster of level 0.
    assert d20.hit_chance(11, 4) == Fraction(7, 10)
    c = clash(monster(0), you(4), on_player=True)
    assert d20.numbers(c.target).ac == 4
    assert d20.base_number(c)[0] == 11
    assert d20.chances(c)[0] == Fraction(7, 10)
    out = d20.resolve(c, scripted(12, 6))  # it rolls a 12: a hit; 1d8 gives 6
    assert out.hit and out.damage == 6 and out.system == "d20"
    assert out.rolls[0].startswith("d20 12 vs 15")


def test_complex_example_negative_ac(scripted):
    # AC -14, +3: at best (AC rolls 1) under 12: 55%; at worst (14) under -1: impossible.
    assert d20.hit_chance(13, -1) == Fraction(55, 100)
    assert d20._under(13 - 14) == 0
    # Over all fourteen AC rolls: 11 + 10 + ... + 0 faces, of 20 * 14.
    assert d20.hit_chance(13, -14) == Fraction(sum(range(12)), 20 * 14)
    c = clash(monster(2), you(-14), on_player=True)  # +3: level 2 and the melee +1
    assert d20.numbers(c.target).ac == -14
    # It rolls a 9, AC rolls 2: 9 < 11, a hit; 1d8 gives 6, AC rolls 8: 6 - 8 = -2, so 1.
    out = d20.resolve(c, scripted(9, 2, 6, 8))
    assert out.hit and out.raw_damage == 6 and out.soak == 8 and out.damage == 1
    assert not out.glanced


def test_damage_distribution_never_below_one():
    dist = d20.damage_distribution("1d8", -14)
    assert sum(dist.values()) == 1 and min(dist) == 1
    # Every fall of the d8 and the d14 that leaves 1 or less ends at 1.
    assert dist[1] == Fraction(sum(1 for d in range(1, 9) for r in range(1, 15)
                                   if d - r <= 1), 8 * 14)
    assert d20.damage_distribution("1d8", 3) == Dice.parse("1d8").distribution()


def test_ordinary_target_is_ac_10_and_the_bonuses_are_decided():
    kobold, thora = creature("kobold"), character()
    assert d20.numbers(profiles.Fighter()).ac == 10
    # Thora's blow: +3 to hit, level 1, +1 melee (the player's).
    c = clash(thora, kobold, by_player=True)
    assert d20.base_number(c)[0] == 3 + 1 + 1
    # The kobold against her: +0, level 1, +1 melee (every melee attack's, from version 2),
    # +10 against the player; her AC 20 - 10 - 1 - 1.
    back = clash(kobold, thora, on_player=True)
    assert d20.numbers(thora).ac == 8
    assert d20.base_number(back)[0] == 0 + 1 + 1 + 10
    assert d20.base_number(replace(back, version=1))[0] == 0 + 1 + 10  # the player's only
    assert "melee +1" in d20.base_number(back)[1]


def test_seeded_resolutions_agree_with_the_exact_distribution():
    c = clash(character(), creature("kobold"), by_player=True)
    exact = d20.distribution(c)
    rng = random.Random(14)
    n = 20000
    hits = sum(d20.resolve(c, rng).hit for _ in range(n))
    assert abs(hits / n - float(1 - exact[0])) < 0.015
