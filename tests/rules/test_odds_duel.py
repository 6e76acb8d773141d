"""Kill chances and duels, exactly; and the wizard's breakdown of one roll."""

import random
from fractions import Fraction

from game.content import load_armoury
from game.rules import odds, profiles, resolve
from game.rules.breakdown import breakdown
from game.rules.profiles import Fighter

HALF = Fraction(1, 2)
COIN = {0: HALF, 10: HALF}  # kills a 5-hit-point target on a coin flip


def test_kill_chances_is_a_markov_chain_over_hit_points():
    assert odds.kill_chances(COIN, 5, 3) == [HALF, Fraction(3, 4), Fraction(7, 8)]
    two_hits = {0: HALF, 3: HALF}  # a 5-hit-point target needs two hits
    assert odds.kill_chances(two_hits, 5, 3) == [0, Fraction(1, 4), Fraction(1, 2)]


def test_duel_between_equals_favours_who_strikes_first():
    d = odds.duel(COIN, 60, 5, COIN, 60, 5, blows=40)
    # First wins on its k-th blow: (1/2)^k, and the other missed k-1 times: (1/2)^(k-1).
    assert d.first_wins == sum(Fraction(2, 4 ** k) for k in range(1, 41))
    assert d.second_wins == sum(Fraction(1, 4 ** k) for k in range(1, 41))
    assert d.first_wins + d.second_wins + d.undecided == 1


def test_a_faster_fighter_gets_more_blows_in():
    fast = odds.duel(COIN, 30, 5, COIN, 60, 5, blows=40)
    slow = odds.duel(COIN, 60, 5, COIN, 60, 5, blows=40)
    assert fast.first_wins > slow.first_wins
    # At twice the speed, the first side has two blows before the other's second.
    assert fast.second_wins == sum(
        Fraction(1, 2 ** j) * Fraction(1, 2 ** min(40, 2 * j - 1)) for j in range(1, 41))


def test_kill_chances_agree_with_seeded_fights():
    arm = load_armoury()
    thora = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    beetle = Fighter(natural_defence=3, natural_protection=4, natural_noun="shell", max_hp=11)
    attack, defence = profiles.melee_attacks(thora)[0], profiles.defence(beetle)
    exact = odds.kill_chances(odds.profile_distribution(attack, defence), 11, 3)
    rng, fights, within = random.Random(9), 6000, [0, 0, 0]
    for _ in range(fights):
        hp = 11
        for blow in range(3):
            hp -= resolve(attack, defence, rng).damage
            if hp <= 0:
                for later in range(blow, 3):
                    within[later] += 1
                break
    for n in range(3):
        p = float(exact[n])
        assert abs(within[n] / fights - p) <= 4.5 * (p * (1 - p) / fights) ** 0.5


def test_breakdown_shows_every_number_with_its_reason(scripted):
    arm = load_armoury()
    thora = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    kobold = profiles.defence(Fighter(dexterity=13, max_hp=6,
                                      worn=(arm.armour["leather jerkin"],)))
    out = resolve(profiles.melee_attacks(thora)[0], kobold, scripted(10, 10, 4, 4, 9, 1))
    lines = breakdown(out)
    assert lines[0] == ("long sword: roll 10+10=20, "
                        "to hit +3 (Strength 15 +2, rank 2 in Long blades +1) "
                        "= 23 vs Defence 12 (Dexterity +1 (Dexterity 13), Armour +1 "
                        "(leather jerkin)): hit")
    assert lines[1] == "threat 20-24: confirm 4+4=8 +3 = 11: not confirmed"
    assert lines[2].startswith("damage 1d9 x1: [9], flat +3 each") and "= 12" in lines[2]
    assert lines[3] == "Protection 1 (pierce 0) soaks 1: 11 damage, big hit, bleeding"


def test_a_shield_bash_s_breakdown_names_the_shield(scripted):
    arm = load_armoury()
    shield = arm.armour["large shield"]
    bash = profiles.bash(Fighter(strength=15, off_hand=shield))
    out = resolve(bash, profiles.defence(Fighter()), scripted(5, 5, 1, 1))
    assert breakdown(out)[0].startswith(f"shield bash ({shield.name}): roll 5+5=10")


def test_a_vital_strike_s_breakdown_has_no_confirmation_roll(scripted):
    arm = load_armoury()
    thora = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    out = resolve(profiles.melee_attacks(thora)[0], profiles.defence(Fighter(max_hp=6)),
                  scripted(6, 6, 4, 4), vital=True)
    assert out.confirm is None and out.confirmed
    assert breakdown(out)[1] == "vital strike: confirmed"
