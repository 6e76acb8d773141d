"""The d100 system of success levels: levels, bonus dice, the contest, the knife's 17."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from systems_helpers import character, clash, creature

from game.rules import profiles
from game.rules.dice import Dice
from game.rules.messages import YOU, Who, attack_messages
from game.rules.systems import Clash, coc


def test_levels_as_decided():
    assert coc.level(1, 40) == "critical"
    assert coc.level(8, 40) == "extreme" and coc.level(9, 40) == "hard"
    assert coc.level(20, 40) == "hard" and coc.level(21, 40) == "regular"
    assert coc.level(40, 40) == "regular" and coc.level(41, 40) == "failure"
    assert coc.level(96, 49) == "fumble" and coc.level(96, 50) == "failure"
    assert coc.level(100, 99) == "fumble"


def test_success_chances_add_up_and_bonus_dice_pick_the_best_tens():
    plain = coc.success_chances(50)
    assert sum(plain.values()) == 1
    assert plain["critical"] == Fraction(1, 100) and plain["fumble"] == Fraction(1, 100)
    assert plain["extreme"] == Fraction(9, 100)  # 02 to 10
    assert plain["regular"] + plain["hard"] + plain["extreme"] + plain["critical"] == \
        Fraction(50, 100)
    # One bonus die: success when either tens die would make it.
    assert coc.roll_chances(1)[100] == Fraction(1, 10) * Fraction(1, 100)
    bonus = coc.success_chances(50, bonus=1)
    assert 1 - bonus["failure"] - bonus["fumble"] > Fraction(1, 2)
    # Dice cancel one for one.
    assert coc.success_chances(50, bonus=2, penalty=2) == plain
    assert coc.success_chances(50, bonus=2, penalty=1) == coc.success_chances(50, bonus=1)


def test_bonus_and_penalty_dice_when_rolled(scripted):
    # Units 5, tens 40 and 10: the bonus die keeps 15, the penalty die 45.
    assert coc.roll_d100(scripted(5, 4, 1), bonus=1)[0] == 15
    assert coc.roll_d100(scripted(5, 4, 1), penalty=1)[0] == 45
    assert coc.roll_d100(scripted(0, 0))[0] == 100  # 00 and 0


def test_the_contest():
    assert coc.contest(2, 2, "dodge") == "none"  # an equal dodge succeeds
    assert coc.contest(2, 1, "dodge") == "hit"
    assert coc.contest(2, 2, "counter") == "hit"  # a tie goes to the attacker
    assert coc.contest(2, 3, "counter") == "counter"
    assert coc.contest(0, 1, "counter") == "counter"
    assert coc.contest(0, 0, "counter") == "both"  # both fail: "both take damage"
    assert coc.contest(0, 0, "counter", trade=False) == "none"  # before version 3
    assert coc.contest(0, 0, "dodge") == "none"  # a failed attack that was dodged: no one
    chances = coc.melee_chances(50, 25, "dodge")
    assert sum(chances.values()) == 1 and chances["counter"] == 0
    counter = coc.melee_chances(50, 50, "counter")
    assert counter["hit"] > counter["counter"] > 0


def test_the_knife_with_an_extreme_success_does_17(scripted):
    # Knife 1d4 + 2 + DB 1d4, extreme: 4 + 2 + 4 + (1d4 + 2 + 1d4); the d4s fall 2 and 3.
    damage, rolls = coc.roll_damage(Dice.parse("1d4+2"), "1d4", extreme=True, impales=True,
                                    rng=scripted(2, 3))
    assert damage == 10 + 7 == 17
    blunt, _ = coc.roll_damage(Dice.parse("1d4+2"), "1d4", extreme=True, impales=False,
                               rng=scripted())
    assert blunt == 10
    dist = coc.damage_distribution(Dice.parse("1d4+2"), "1d4", extreme=True, impales=True)
    assert min(dist) == 10 + 4 and max(dist) == 10 + 10
    assert dist[17] == Fraction(4, 16)  # the d4s make 5 four ways


def test_conversion():
    assert coc.numbers(profiles.Fighter()).dodge == 25
    assert coc.damage_bonus(10) == "0" and coc.damage_bonus(15) == "1d4"
    assert coc.damage_bonus(6) == "-2" and coc.damage_bonus(17) == "1d6"
    thora = coc.numbers(character())
    assert (thora.skill, thora.damage, thora.db, thora.impales) == (65, "1d9+1", "1d4", True)


def test_a_counterattack_hurts_the_attacker(scripted):
    kobold, thora = creature("kobold"), character()
    c = clash(kobold, thora, on_player=True)
    you, it, reaction, _ = coc.situation(c)
    assert reaction == "counter"  # her 65 is above her Dodge
    # The kobold fails (units 0, tens 9: 90); she rolls 10 (hard): she counters.
    out = coc.resolve(c, scripted(0, 9, 0, 1, 5, 2))
    assert not out.hit and out.miss_kind == "Parry" and out.counter is not None
    assert out.counter.hit and out.counter.damage == 5 + 1 + 2  # 1d9 5, rank +1, DB 1d4 2
    assert not out.counter.confirmed


def test_seeded_resolutions_agree_with_the_exact_distribution():
    c = clash(character(), creature("kobold"), by_player=True)
    exact = coc.distribution(c)
    assert sum(exact.values()) == 1
    rng = random.Random(5)
    n = 20000
    results = [coc.resolve(c, rng).damage for _ in range(n)]
    assert abs(results.count(0) / n - float(exact[0])) < 0.015
    mean = float(sum(v * p for v, p in exact.items()))
    assert abs(sum(results) / n - mean) < 0.15


def _shot(distance: int, *, into_melee: bool = False, version: int | None = None):
    """The elf ranger's short-bow shot (range 10: base range 2) at a kobold."""
    ranger = character("elf ranger")
    shot = profiles.shot(ranger)
    assert shot is not None and shot.range == 10
    return replace(Clash.of(shot, ranger, creature("kobold"), by_player=True,
                            adjacent=distance == 1, version=version),
                   distance=distance, into_melee=into_melee)


def test_a_shots_range_sets_the_success_it_needs_version_3():
    """The document: "Within base range - regular success; up to 2x base range - hard
    success; up to 4x base range - extreme success"; a short bow's 10 cells: base 2."""
    assert [coc.difficulty(_shot(d))[0] for d in (1, 2, 3, 4, 5, 10)] == \
        [coc.RANK["regular"]] * 2 + [coc.RANK["hard"]] * 2 + [coc.RANK["extreme"]] * 2
    skill = coc.numbers(character("elf ranger"), profiles.shot(character("elf ranger"))).skill
    levels = coc.success_chances(skill)
    near, mid, far = (coc.chances(_shot(d))[0] for d in (2, 4, 7))
    assert near == levels["regular"] + levels["hard"] + levels["extreme"] + levels["critical"]
    assert mid == levels["hard"] + levels["extreme"] + levels["critical"]
    assert far == levels["extreme"] + levels["critical"]
    assert coc.chances(_shot(7, version=2))[0] == near  # version 2: range asked nothing
    for d in (4, 7):  # the odds count the shots short of their range as misses
        assert coc.distribution(_shot(d))[0] >= 1 - coc.chances(_shot(d))[0]
        assert coc.distribution(_shot(d))[0] > coc.distribution(_shot(2))[0]


def test_at_extreme_range_only_a_01_impales(scripted):
    """"For extreme success checks, impaling damage is only achieved on a roll of 01": an
    extreme success far off does the maximum without the second, impaling, roll."""
    weapon = Dice.parse(coc.numbers(character("elf ranger"),
                                    profiles.shot(character("elf ranger"))).damage)
    extreme = coc.resolve(_shot(7), scripted(2, 0))  # 02: extreme, not 01
    assert extreme.hit and extreme.raw_damage == weapon.maximum and extreme.event == "extreme"
    crit = coc.resolve(_shot(7), scripted(1, 0, 3))  # 01: a critical, which impales
    assert crit.hit and crit.event == "impaled" and crit.raw_damage == weapon.maximum + 3 + \
        weapon.bonus
    near = coc.resolve(_shot(2), scripted(2, 0, 3))  # 02 near: extreme, and it impales
    assert near.event == "impaled"
    short = coc.resolve(_shot(7), scripted(0, 3))  # 30: a hard success, short of extreme
    assert not short.hit and "the range needs extreme" in short.rolls[0]


def test_shooting_into_a_melee_takes_a_penalty_die_version_3():
    skill = coc.numbers(character("elf ranger"), profiles.shot(character("elf ranger"))).skill
    crowded = coc.chances(_shot(2, into_melee=True))[0]
    with_penalty = coc.success_chances(skill, penalty=1)
    assert crowded == 1 - with_penalty["fumble"] - with_penalty["failure"]
    assert crowded < coc.chances(_shot(2))[0]
    assert coc.chances(_shot(2, into_melee=True, version=2))[0] == coc.chances(_shot(2))[0]


def test_two_failures_in_a_fight_back_trade_blows_version_3(scripted):
    """"If both roll failures, this may mean both take damage": the attack lands as a regular
    success and so does the counter ("You slash the kobold, and the kobold fights back.",
    then the kobold's own blow); version 2 hurt no one."""
    mage, kobold = character("human mage"), creature("kobold")
    c = clash(mage, kobold, by_player=True)
    assert coc.situation(c)[2] == "counter"  # skill 50 against its Dodge 30: it fights back
    out = coc.resolve(c, scripted(0, 9, 0, 9, 3, 4))  # 90 fails; 90 fails; its 1d8 3; 1d6 4
    assert out.hit and out.event == "traded" and out.damage == 4
    assert out.counter is not None and out.counter.hit and out.counter.damage == 3
    assert attack_messages(out, YOU, Who("kobold")) == [
        "You bash the kobold, and the kobold fights back."]
    old = coc.resolve(replace(c, version=2), scripted(0, 9, 0, 9, 1))
    assert not old.hit and old.counter is None
    both = coc.melee_chances(85, 50, "counter")["both"]
    assert both > 0 and coc.melee_chances(85, 50, "counter", trade=False)["both"] == 0
    exchange = coc.exchange(c)  # the exact duel counts the traded blows on both sides
    assert sum(p for (mine, theirs), p in exchange.items() if mine and theirs) > 0
    assert sum(exchange.values()) == 1
