"""The manual's worked example, end to end: Thora, a dwarf warrior, against a kobold."""

from fractions import Fraction

import pytest

from game.content import load_armoury
from game.rules import odds, profiles
from game.rules.charscreen import attack_line
from game.rules.dice import Dice


@pytest.fixture(scope="module")
def armoury():
    return load_armoury()


@pytest.fixture
def thora(armoury):
    return profiles.Fighter(strength=15, skills={"Long blades": 2},
                            main_hand=armoury.weapons["long sword"])


@pytest.fixture
def kobold():
    return profiles.Fighter(dexterity=13, max_hp=6)


def test_bonus_to_hit_is_three_with_its_reasons(thora):
    blow = profiles.melee_attacks(thora)[0]
    assert [(m.amount, m.reason) for m in blow.to_hit_mods] == [
        (2, "Strength 15"), (1, "rank 2 in Long blades")]
    assert blow.to_hit == 3


def test_character_screen_line(thora):
    assert attack_line(profiles.melee_attacks(thora)[0]) == "+3 to hit, 1d9+3 slashing or piercing"


def test_kobold_defence_and_what_the_dice_must_reach(thora, kobold):
    d = profiles.defence(kobold)
    assert d.total() == 11
    assert d.total() - profiles.melee_attacks(thora)[0].to_hit == 8


def test_chance_to_hit_is_123_of_144(thora, kobold):
    blow = profiles.melee_attacks(thora)[0]
    chance = odds.hit_chance(blow.to_hit, profiles.defence(kobold).total())
    assert chance == Fraction(123, 144)
    assert round(chance * 100, 1) == Fraction("85.4")


def test_damage_four_to_twelve_and_seven_in_nine_kill(thora):
    damage = profiles.melee_attacks(thora)[0].damage
    assert (damage.minimum, damage.maximum) == (4, 12)
    dist = damage.distribution()
    assert sum(p for v, p in dist.items() if v >= 6) == Fraction(7, 9)


def test_critical_threat_confirmation_and_double_damage(thora, kobold):
    blow = profiles.melee_attacks(thora)[0]
    defence = profiles.defence(kobold).total()
    assert blow.threat_from == 20
    assert odds.threat_chance(blow.to_hit, defence, blow.threat_from) == Fraction(15, 144)
    assert round(odds.threat_chance(blow.to_hit, defence, blow.threat_from) * 100, 1) == \
        Fraction("10.4")
    # The second roll needs 8 again: 85.4% of threats confirm.
    assert odds.crit_chance(blow.to_hit, defence, blow.threat_from) == \
        Fraction(15, 144) * Fraction(123, 144)
    # Rolled twice and added: 2d9+6, 8 to 24.
    twice = Dice(2, 9, 2 * blow.damage.bonus)
    assert str(twice) == "2d9+6" and (twice.minimum, twice.maximum) == (8, 24)
    dist = odds.damage_distribution(blow.damage, blow.to_hit, defence, threat_from=20)
    crit_values = {v for v in dist if v > 12}
    assert crit_values == set(range(13, 25))


def test_kill_in_one_blow_matches_the_example(thora, kobold):
    blow = profiles.melee_attacks(thora)[0]
    dist = odds.profile_distribution(blow, profiles.defence(kobold))
    # A plain hit kills on 7 of 9; a confirmed critical (8 to 24) always kills.
    p_hit = Fraction(123, 144)
    p_crit = Fraction(15, 144) * Fraction(123, 144)
    assert odds.kill_chances(dist, 6, 1)[0] == (p_hit - p_crit) * Fraction(7, 9) + p_crit
