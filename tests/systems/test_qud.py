"""The penetration system: hit roll, triplets, the steel mace's 2d2+2d2, critical rules."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from systems_helpers import CATALOG, character, clash, creature

from game.rules import profiles, stats
from game.rules.dice import Dice
from game.rules.systems import qud


def mace_wielder() -> profiles.Fighter:
    """An ordinary fighter with a steel mace (->4 2d2): PV bonus 0."""
    club = CATALOG.armoury.weapons["club"]
    mace = type(club)(**{**{s: getattr(club, s) for s in club.__slots__},
                         "name": "steel mace", "damage": Dice.parse("2d2")})
    return profiles.Fighter(main_hand=mace)


def test_hit_roll_over_dv_and_the_natural_20():
    assert qud.hit_chance(0, 6) == Fraction(14, 20)  # 7..20 are higher than 6
    assert qud.hit_chance(0, 30) == Fraction(1, 20)  # only the natural 20
    assert qud.hit_chance(5, -10) == Fraction(20, 20)
    assert qud.numbers(profiles.Fighter()).dv == 6
    assert qud.numbers(profiles.Fighter(burden=stats.OVERLOADED)).dv == -10


def test_singlets_explode_on_8():
    assert qud.singlet_chance(0, 0) == Fraction(8, 10)  # 1d10-2 of 1 or more
    # Beating 7 needs an 8 and then anything but -1 (8 - 1 is 7 again): 1/10 * 9/10.
    assert qud.singlet_chance(0, 7) == Fraction(9, 100)
    assert qud.singlet_chance(0, 8) == Fraction(8, 100)
    # Beating 15 needs an 8, then a total of 8 or more: 1/10 * (1/10 * 9/10).
    assert qud.singlet_chance(0, 15) == Fraction(9, 1000)
    assert qud.singlet_chance(5, 0) == 1


def test_penetration_chances_add_up_and_follow_the_triplets():
    p = qud.singlet_chance
    assert qud.penetration_chance(0, 0, 0) == (1 - p(0, 0)) ** 3
    one = (1 - (1 - p(0, 0)) ** 3 - p(0, 0) ** 3) + p(0, 0) ** 3 * (1 - p(-2, 0)) ** 3
    assert qud.penetration_chance(0, 0, 1) == one
    total = sum(qud.penetration_chance(2, 3, k) for k in range(40))
    assert 1 - total < Fraction(1, 10**12)


def test_the_steel_mace_penetrating_twice_does_2d2_plus_2d2(scripted):
    c = clash(mace_wielder(), profiles.Fighter(max_hp=20))
    # Hit roll 15 over DV 6; triplet 1: three rolls of 5 (3 each, all over AV 0), so PV
    # drops to -2; triplet 2: 6 (4 - 2 = 2 > 0), 1, 1: penetrates once more and stops.
    out = qud.resolve(c, scripted(15, 5, 5, 5, 6, 1, 1, 1, 2, 2, 2))
    assert out.hit and out.damage_rolls == ((1, 2), (2, 2)) and out.damage == 7
    assert "2d2 x2" in out.rolls[2]


def test_no_penetration_glances_and_a_players_critical_penetrates_once(scripted):
    c = clash(mace_wielder(), profiles.Fighter(max_hp=20, natural_protection=9))
    out = qud.resolve(c, scripted(15, 1, 1, 1))
    assert out.hit and out.glanced and out.damage == 0
    crit = qud.resolve(clash(mace_wielder(), profiles.Fighter(max_hp=20,
                                                              natural_protection=9),
                             by_player=True), scripted(20, 1, 1, 1, 2, 1))
    assert crit.confirmed and crit.damage == 3
    creature_crit = qud.resolve(c, scripted(20, 1, 1, 1))
    assert creature_crit.confirmed and creature_crit.damage == 0


def test_conversion_of_thora_and_the_kobold():
    thora = qud.numbers(character())
    # Agility (Dexterity 10) +0, rank 2 in Long blades +1; PV: Strength 15 +2.
    assert (thora.bonus, thora.pv, thora.damage, thora.dv, thora.av) == (1, 2, "1d9+1", 7, 1)
    kobold = qud.numbers(creature("kobold"))
    assert kobold.bonus == 1 and kobold.dv == 7 and kobold.av == 0


def test_seeded_resolutions_agree_with_the_exact_distribution():
    c = clash(character(), creature("kobold"), by_player=True)
    exact = qud.distribution(c)
    assert abs(sum(exact.values()) - 1) < Fraction(1, 10**12)
    rng = random.Random(7)
    n = 20000
    results = [qud.resolve(c, rng).damage for _ in range(n)]
    assert abs(results.count(0) / n - float(exact[0])) < 0.015
    mean = float(sum(v * p for v, p in exact.items()))
    assert abs(sum(results) / n - mean) < 0.15


def test_a_critical_that_fails_to_penetrate_still_opens_its_wound_version_3(scripted):
    """The page's on-hit effects ("bleeding or poison") need the hit roll alone: a
    creature's critical that fails to penetrate opens bleeding from version 3 (not before)."""
    c = clash(mace_wielder(), profiles.Fighter(max_hp=20, natural_protection=9))
    crit = qud.resolve(c, scripted(20, 1, 1, 1))
    assert crit.confirmed and crit.damage == 0 and crit.bleeding
    assert not qud.resolve(replace(c, version=2), scripted(20, 1, 1, 1)).bleeding
    plain = qud.resolve(c, scripted(15, 1, 1, 1))  # not a critical: no wound
    assert plain.hit and not plain.bleeding


def test_a_natural_20_on_a_crit_immune_target_is_forced_to_penetrate_version_3(scripted):
    skeleton = creature("skeleton")
    assert skeleton.crit_immune
    c = clash(mace_wielder(), replace(skeleton, natural_protection=9), by_player=True)
    out = qud.resolve(c, scripted(20, 1, 1, 1, 2, 1))
    assert out.confirmed and out.count == 1 and out.damage == 3
    assert qud.chances(c)[1] == Fraction(1, 20)
    old = replace(c, version=2)
    assert qud.resolve(old, scripted(20, 1, 1, 1)).damage == 0
    assert qud.chances(old)[1] == 0
    exact = qud.distribution(c)  # the odds count the forced penetration too
    assert exact.get(0, 0) < qud.distribution(old).get(0, 0)


def test_a_target_that_does_not_know_of_its_attacker_is_simply_missed_version_3(scripted):
    thora, kobold = character(), creature("kobold")
    unaware = replace(clash(thora, kobold, by_player=True), aware=False, asleep=True)
    roll = qud.numbers(kobold).dv - qud.numbers(thora).bonus  # would have missed DV, not 6
    missed = qud.resolve(unaware, scripted(roll, 1))
    assert not missed.hit and missed.miss_kind == "plain"
    before = qud.resolve(replace(unaware, version=2), scripted(roll, 1))
    assert before.miss_kind != "plain"  # version 2 said "dodges"
