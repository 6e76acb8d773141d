"""Armour by damage kind: "chain mail turns a blade well and a point badly", in resolve, the
exact odds and the words the screens show."""

from fractions import Fraction

import pytest

from game.content import load_armoury
from game.content.catalog import load_catalog
from game.rules import charscreen, odds, profiles, resolve
from game.rules.profiles import Fighter


@pytest.fixture(scope="module")
def arm():
    return load_armoury()


@pytest.fixture
def sword(arm):
    """Thora's long sword: +3 to hit, 1d9+3, slashing on an even natural, piercing on odd."""
    f = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    return profiles.melee_attacks(f)[0]


def mailed(arm):
    return profiles.defence(Fighter(worn=(arm.armour["chain mail shirt"],), max_hp=50))


def test_chain_mail_turns_a_blade_well_and_a_point_badly(arm):
    d = mailed(arm)
    assert d.protection == 3
    assert d.protection_against("slashing") == 4
    assert d.protection_against("piercing") == 2
    assert d.protection_against("bludgeoning") == 3
    assert d.protection_against("bite") == 2  # a bite meets armour as a point
    assert d.protection_against("claw") == 4  # a claw as a blade
    assert d.protection_against("hit") == 3  # a generic blow as no kind


def test_the_soak_uses_the_blows_kind(arm, sword, scripted):
    # natural 12 (even): slashing; damage 1d9 rolls 5, +3 = 8; soak from 2..4 picks its top, 4
    blade = resolve(sword, mailed(arm), scripted(6, 6, 5, 4))
    assert blade.damage_type == "slashing" and blade.protection == 4 and blade.damage == 4
    # natural 13 (odd): piercing; Protection 2, soak 1..2 picks 2: 8 - 2 = 6
    point = resolve(sword, mailed(arm), scripted(6, 7, 5, 2))
    assert point.damage_type == "piercing" and point.protection == 2 and point.damage == 6


def test_a_point_through_chain_mail_soaks_from_the_points_range(arm, sword, scripted):
    with pytest.raises(AssertionError):  # 3 is outside the piercing soak range 1..2
        resolve(sword, mailed(arm), scripted(6, 7, 5, 3))


def test_exact_odds_split_by_the_kind_the_natural_roll_picks(arm, sword):
    d = mailed(arm)
    dist = odds.profile_distribution(sword, d)
    assert sum(dist.values()) == 1
    even = odds.damage_distribution(sword.damage, sword.to_hit, d.total(), threat_from=20,
                                    protection=4, naturals=lambda n: n % 2 == 0)
    odd = odds.damage_distribution(sword.damage, sword.to_hit, d.total(), threat_from=20,
                                   protection=2, naturals=lambda n: n % 2 == 1)
    assert sum(even.values()) + sum(odd.values()) == 1
    for value in set(dist) | set(even) | set(odd):
        assert dist.get(value, 0) == even.get(value, 0) + odd.get(value, 0)
    # a point soaks less than a blade, so the mean lies between the two flat Protections
    flat = {p: odds.mean(odds.damage_distribution(sword.damage, sword.to_hit, d.total(),
                                                  threat_from=20, protection=p))
            for p in (2, 4)}
    assert flat[4] < odds.mean(dist) < flat[2]


def test_without_kinds_the_odds_are_unchanged(arm, sword):
    jerkin = profiles.defence(Fighter(worn=(arm.armour["leather jerkin"],)))
    assert jerkin.by_kind == ()
    assert odds.profile_distribution(sword, jerkin) == odds.damage_distribution(
        sword.damage, sword.to_hit, jerkin.total(), threat_from=20, protection=1)
    assert sum(Fraction(v) for v in odds.damage_distribution(
        "1d4", 0, 10, naturals=lambda n: n < 13).values()) == Fraction(66, 144)


def test_the_words_for_armour_show_the_kinds(arm):
    assert charscreen.armour_words(arm.armour["chain mail shirt"]) == \
        "Dv +2, Pv 3 (slashing 4, piercing 2)"
    assert charscreen.armour_words(arm.armour["padded coat"]) == "Dv +1, Pv 0 (bludgeoning 1)"
    assert charscreen.armour_words(arm.armour["leather jerkin"]) == "Dv +1, Pv 1"
    assert charscreen.protection_words(mailed(arm)) == "3 (slashing 4, piercing 2)"


def test_every_piece_of_armour_says_its_dv_and_pv():
    """Every entry of the armour and wearables tables worn as armour (a shield too) shows its
    Dv and Pv, a leather cap's and gloves' nothing included; jewellery shows none."""
    armour = load_catalog().armoury.armour
    assert charscreen.armour_words(armour["leather cap"]) == "Dv +0, Pv 0"
    assert charscreen.armour_words(armour["pair of leather gloves"]) == "Dv +0, Pv 0"
    for name, piece in armour.items():
        words = charscreen.armour_words(piece)
        if piece.slot in ("ring", "neck"):
            assert words == "", name
        else:
            assert words.startswith(f"Dv {piece.defence:+d}, Pv {piece.protection}"), name
