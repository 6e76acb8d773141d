"""resolve(): each rule of "exactly how an attack is rolled", with the dice scripted."""

import pytest

from game.content import load_armoury
from game.rules import profiles, resolve
from game.rules.profiles import Fighter
from game.rules.resolve import PLAIN


@pytest.fixture(scope="module")
def arm():
    return load_armoury()


@pytest.fixture
def sword(arm):
    """Thora's long sword blow: +3 to hit, 1d9+3, threat 20-24, x2."""
    f = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    return profiles.melee_attacks(f)[0]


def kobold(**kw):
    return profiles.defence(Fighter(**{"dexterity": 13, "max_hp": 6, **kw}))


def test_natural_two_always_misses_as_a_plain_miss(sword, scripted):
    out = resolve(sword, profiles.defence(Fighter(dexterity=1)), scripted(1, 1))
    assert not out.hit and out.miss_kind == PLAIN and out.natural == (1, 1)


def test_natural_22_always_hits_however_high_the_defence(sword, scripted):
    wall = profiles.defence(Fighter(natural_defence=40, max_hp=99))
    out = resolve(sword, wall, scripted(10, 12, 1, 1, 5))  # threat; confirm 2 fails
    assert out.hit and out.threat and not out.confirmed and out.damage == 8
    assert out.confirm == (1, 1) and out.damage_rolls == ((5,),)


def test_hit_when_roll_plus_to_hit_reaches_defence(sword, scripted):
    out = resolve(sword, kobold(), scripted(4, 4, 2))  # 8 + 3 = 11 vs 11
    assert out.hit and out.roll_total == 11 and out.defence == 11 and not out.threat
    assert out.damage == 5 and out.raw_damage == 5
    miss = resolve(sword, kobold(), scripted(3, 4, 1))  # 7 + 3 = 10 < 11; Dexterity turned it
    assert not miss.hit and miss.miss_kind == "Dexterity"


def test_confirmed_critical_rolls_the_whole_damage_twice(sword, scripted):
    out = resolve(sword, kobold(), scripted(10, 10, 4, 4, 9, 9, 1, 1))
    assert out.threat and out.confirmed and out.damage_rolls == ((9,), (9,))
    assert out.damage == 9 + 3 + 9 + 3 and out.bleeding


def test_confirmation_roll_must_hit_too(sword, scripted):
    out = resolve(sword, kobold(), scripted(10, 10, 3, 4, 9, 1))
    assert out.threat and out.confirm == (3, 4) and not out.confirmed
    assert out.damage == 12 and out.bleeding  # 12 of 6 hit points: a big hit


def test_crit_immune_takes_a_threat_as_a_plain_hit_with_no_vital_spot(sword, scripted):
    skeleton = kobold(crit_immune=True)
    out = resolve(sword, skeleton, scripted(12, 12, 6, 6, 1))
    assert out.threat and not out.confirmed and out.no_vital_spot
    assert out.damage_rolls == ((1,),) and out.damage == 4


def test_at_least_one_damage_before_protection(arm, scripted):
    weak = profiles.melee_attacks(Fighter(strength=3))[0]  # -4 to hit, 1d3-4
    out = resolve(weak, profiles.defence(Fighter()), scripted(7, 7, 1))
    assert out.raw_damage == 1 and out.damage == 1


def test_protection_soaks_between_half_and_all_once_even_for_a_critical(sword, scripted, arm):
    plate = kobold(worn=(arm.armour["suit of plate armour"],), max_hp=30)
    out = resolve(sword, plate, scripted(10, 10, 6, 6, 9, 9, 6))
    assert out.confirmed and out.raw_damage == 24 and out.protection == 6
    assert out.soak == 6 and out.damage == 18
    with pytest.raises(AssertionError):  # the soak is never below half, rounded up
        resolve(sword, plate, scripted(6, 6, 9, 2))


def test_full_soak_glances_no_bleeding_no_poison(arm, scripted):
    rat_bite = profiles.melee_attacks(Fighter(natural_attacks=(
        arm.weapons["dagger"].__class__(name="bite", noun="bite",
                                       damage=arm.weapons["knife"].damage, threat_from=22,
                                       multiplier=2, skill="Unarmed", held="either",
                                       damage_types=("bite",), effects=("poison",)),)))[0]
    beetle = profiles.defence(Fighter(natural_protection=4, natural_noun="shell", max_hp=3))
    out = resolve(rat_bite, beetle, scripted(6, 6, 2, 2))
    assert out.hit and out.glanced and out.damage == 0
    assert not out.bleeding and out.effects == () and not out.big_hit
    poisoned = resolve(rat_bite, profiles.defence(Fighter(max_hp=30)), scripted(6, 6, 2))
    assert poisoned.effects == ("poison",) and not poisoned.bleeding


def test_pierce_ignores_that_much_protection(arm, scripted):
    hammer = profiles.melee_attacks(Fighter(main_hand=arm.weapons["war hammer"]))[0]
    chain = kobold(worn=(arm.armour["chain mail shirt"],), max_hp=50)
    out = resolve(hammer, chain, scripted(7, 7, 5, 1))  # Protection 3 - 2 = 1
    assert out.protection == 1 and out.soak == 1 and out.damage == 4


def test_big_hit_is_a_third_of_maximum_hit_points(sword, scripted):
    out = resolve(sword, kobold(max_hp=15), scripted(6, 6, 2))  # 5 of 15
    assert out.big_hit and out.bleeding
    out = resolve(sword, kobold(max_hp=16), scripted(6, 6, 2))
    assert not out.big_hit and not out.bleeding


def test_miss_reason_weighted_by_what_each_kind_adds(arm, scripted):
    target = profiles.defence(Fighter(dexterity=14, worn=(arm.armour["chain mail shirt"],),
                                      off_hand=arm.armour["large shield"]))
    # Dexterity +2, Armour +2, Shield +2: Defence 16. A roll of 12 misses, not plainly.
    unarmed = profiles.melee_attacks(Fighter())[0]
    picks = [resolve(unarmed, target, scripted(6, 6, w)).miss_kind for w in range(1, 7)]
    assert picks == ["Dexterity", "Dexterity", "Armour", "Armour", "Shield", "Shield"]
    assert resolve(unarmed, target, scripted(4, 5)).miss_kind == PLAIN  # 9 misses Defence 10


def test_low_dexterity_and_stance_penalty_are_never_the_reason(arm, scripted):
    from game.rules.stats import STANCES
    target = profiles.defence(Fighter(dexterity=4, stance=STANCES["Frenzy"],
                                      worn=(arm.armour["suit of plate armour"],)))
    unarmed = profiles.melee_attacks(Fighter(strength=10))[0]
    assert target.total() == 10 - 3 - 2 + 1
    # Defence 6: only natural 2 misses a +0 attack; plain.
    assert resolve(unarmed, target, scripted(1, 1)).miss_kind == PLAIN


def test_non_physical_damage_ignores_protection(arm, scripted):
    fire = profiles.AttackProfile(kind="blow", weapon="fire", noun="flame",
                                  dice=arm.weapons["mace"].damage, to_hit_mods=(),
                                  damage_mods=(), damage_types=("fire",))
    plate = kobold(worn=(arm.armour["suit of plate armour"],), max_hp=40)
    out = resolve(fire, plate, scripted(6, 6, 7))
    assert out.protection == 0 and out.damage == 7
