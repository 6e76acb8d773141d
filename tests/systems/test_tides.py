"""The two-roll percentile system: the Sotek and Quetlz example, and the decided base 40."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from systems_helpers import character, clash, creature

from game.rules import profiles
from game.rules.systems import tides


def test_soteks_charge_with_the_examples_base_of_50():
    # Attack: Roll > 50 + 30 - 45 = 35; he rolls 76 and hits.
    assert tides.target(45, 30, base=50) == 35
    assert tides.chance(45, 30, base=50) == Fraction(65, 100)
    assert tides.beats(76, 45, 30, base=50)
    assert not tides.beats(35, 45, 30, base=50)
    # Wound: Roll > 50 + 40 - 45 = 45; he rolls 47 and wounds.
    assert tides.target(45, 40, base=50) == 45
    assert tides.beats(47, 45, 40, base=50)
    # Damage: 2d10 rolled 13, + (45 - 40) / 5 - 1 armour = 13.
    assert tides.damage(13, 45, 40, 1) == 13


def test_quetlz_shot_misses():
    # Roll > 50 + 12 - 39 = 23; he rolls 8 and misses.
    assert tides.target(39, 12, base=50) == 23
    assert not tides.beats(8, 39, 12, base=50)
    assert tides.chance(39, 12, base=50) == Fraction(77, 100)


def test_the_decided_base_is_40_and_chances_stay_within_5_and_95():
    assert tides.chance(30, 30) == Fraction(60, 100)  # the edit's 60%
    assert tides.chance(30, 30) ** 2 == Fraction(36, 100)  # "36% (60% * 60%)"
    assert tides.chance(100, 0) == Fraction(95, 100)
    assert tides.chance(0, 100) == Fraction(5, 100)


def test_decimals_are_dropped_toward_zero_and_damage_is_never_negative():
    assert tides.bonus(44, 40) == 0 and tides.bonus(40, 44) == 0
    assert tides.bonus(50, 40) == 2 and tides.bonus(40, 50) == -2
    assert tides.bonus(40, 49) == -1
    assert tides.damage(1, 30, 60, 3) == 0


def test_an_ordinary_fighter_is_30_everywhere():
    n = tides.numbers(profiles.Fighter())
    assert (n.ws, n.s, n.parry, n.ag, n.t, n.armour) == (30, 30, 30, 30, 30, 0)


def test_resolve_plays_the_three_rolls(scripted):
    thora, kobold = character(), creature("kobold")
    c = clash(thora, kobold, by_player=True)
    you = tides.numbers(thora)
    it = tides.numbers(kobold)
    assert you.ws == 30 + 5 * 3 and you.s == 45 and it.parry == 30 and it.t == 30  # its Ws
    need = tides.target(you.ws, it.parry)
    out = tides.resolve(c, scripted(need + 1, 100, 4))  # hit, wound, 1d9 gives 4
    assert out.hit and out.damage == 4 + 1 + 3 + 0  # rank +1 flat, (45 - 30) / 5 = 3
    assert out.rolls[1].startswith("wound d100 100 vs")
    glance = tides.resolve(c, scripted(need + 1, 1))
    assert glance.hit and glance.glanced and glance.damage == 0
    missed = tides.resolve(c, scripted(need, 1))  # its Ws is the ordinary 30: a plain miss
    assert not missed.hit and missed.miss_kind == "plain"


def test_a_blow_is_parried_with_the_defenders_weapon_skill_version_3(scripted):
    """The document: "they use their weapon skill to parry or block the attack if in close
    combat or their agility to avoid the attack if it comes from a distance". A dwarf
    warrior's Ws is 45 to strike and to parry; versions 1 and 2 parried from Defence."""
    thora, skeleton = character(), creature("skeleton")
    assert tides.numbers(thora).parry == tides.numbers(thora).ws == 45
    assert tides.numbers(thora, version=2).parry == 35  # 30 + 5 x (its Defence 11 - 10)
    assert tides.numbers(skeleton).parry == 30 + 5 * profiles.melee_attacks(skeleton)[0].to_hit
    c = clash(thora, skeleton, by_player=True)
    need = tides.target(45, tides.numbers(skeleton).parry)
    assert tides.resolve(c, scripted(need, 1)).event == "parried"
    old = replace(c, version=2)
    assert tides.chances(old)[0] == tides.chance(45, tides.numbers(skeleton, version=2).parry)


def test_a_target_unaware_of_its_attacker_makes_no_reaction_version_3(scripted):
    """A creature caught unaware neither parries nor dodges: its Ws and Ag count 0, and a
    miss is a plain miss (before version 3 it reacted as if it knew)."""
    thora, skeleton = character(), creature("skeleton")
    unaware = replace(clash(thora, skeleton, by_player=True), aware=False)
    assert tides.chances(unaware)[0] == tides.chance(45, 0) == Fraction(95, 100)
    missed = tides.resolve(unaware, scripted(5, 1))
    assert not missed.hit and missed.miss_kind == "plain" and missed.event == "missed"
    then = replace(unaware, version=2)
    assert tides.chances(then)[0] == tides.chance(45, tides.numbers(skeleton, version=2).parry)


def test_seeded_resolutions_agree_with_the_exact_distribution():
    c = clash(creature("kobold"), character(), on_player=True)
    exact = tides.distribution(c)
    assert sum(exact.values()) == 1
    rng = random.Random(4)
    n = 20000
    results = [tides.resolve(c, rng).damage for _ in range(n)]
    assert abs(results.count(0) / n - float(exact[0])) < 0.015
    mean = sum(v * p for v, p in exact.items())
    assert abs(sum(results) / n - float(mean)) < 0.1
