"""The manual's message phrasing, from real outcomes, never with numbers."""

import re

import pytest

from game.content import load_armoury
from game.rules import profiles, resolve
from game.rules.messages import YOU, Who, attack_messages, compass, third_person
from game.rules.profiles import Fighter
from game.rules.resolve import PLAIN, Outcome

KOBOLD = Who("kobold")
RAT = Who("giant rat")
BEETLE = Who("cave beetle")


@pytest.fixture(scope="module")
def arm():
    return load_armoury()


@pytest.fixture(scope="module")
def spear(arm):
    return profiles.melee_attacks(Fighter(main_hand=arm.weapons["spear"]))[0]


@pytest.fixture(scope="module")
def sword(arm):
    return profiles.melee_attacks(Fighter(strength=15, main_hand=arm.weapons["long sword"]))[0]


def miss(attack, kind):
    return Outcome(attack=attack, defence=15, defence_parts=(), natural=(5, 5), hit=False,
                   miss_kind=kind)


def hit(attack, damage_type, *, confirmed=False, big=False, glanced=False, no_vital=False):
    return Outcome(attack=attack, defence=10, defence_parts=(), natural=(6, 6), hit=True,
                   damage_type=damage_type, confirmed=confirmed, big_hit=big,
                   glanced=glanced, damage=0 if glanced else 3, no_vital_spot=no_vital)


@pytest.mark.parametrize("kind, seen_by_defender, by_attacker", [
    (PLAIN, "The kobold misses you.", "You miss the kobold."),
    ("Dexterity", "You dodge the kobold's spear.", "The kobold dodges your sword."),
    ("Dodge", "You dodge the kobold's spear.", "The kobold dodges your sword."),
    ("Armour", "The kobold's spear glances off your armour.",
     "Your sword glances off the kobold's armour."),
    ("Shield", "You block the kobold's spear with your shield.",
     "The kobold blocks your sword with its shield."),
    ("Parry", "You parry the kobold's spear.", "The kobold parries your sword."),
    ("Deflection", "The kobold's spear is turned aside.", "Your sword is turned aside."),
])
def test_miss_messages_both_ways(spear, sword, kind, seen_by_defender, by_attacker):
    assert attack_messages(miss(spear, kind), KOBOLD, YOU) == [seen_by_defender]
    assert attack_messages(miss(sword, kind), YOU, KOBOLD) == [by_attacker]


def test_natural_and_wall_misses(spear, sword):
    assert attack_messages(miss(spear, "Natural"), KOBOLD, YOU, target_natural="scales") == [
        "The kobold's spear glances off your scales."]
    assert attack_messages(miss(sword, "Natural"), YOU, BEETLE, target_natural="shell") == [
        "Your sword glances off the cave beetle's shell."]
    assert attack_messages(miss(sword, "Wall"), YOU, Who("ghost")) == [
        "Your sword strikes the wall around the ghost."]


def test_unseen_attacker_is_something(spear):
    unseen = Who("kobold", seen=False)
    for kind in (PLAIN, "Parry", "Shield"):
        assert attack_messages(miss(spear, kind), unseen, YOU) == ["Something misses you."]


def test_hit_messages(spear, sword, arm):
    assert attack_messages(hit(spear, "piercing"), KOBOLD, YOU) == ["The kobold stabs you."]
    assert attack_messages(hit(sword, "slashing", confirmed=True, big=True), YOU, RAT) == [
        "You slash the giant rat hard!"]
    assert attack_messages(hit(sword, "slashing", big=True), YOU, KOBOLD) == [
        "You cleave the kobold."]
    bite = profiles.AttackProfile(kind="blow", weapon="bite", noun="bite",
                                  dice=arm.weapons["knife"].damage, to_hit_mods=(),
                                  damage_mods=(), damage_types=("bite",))
    assert attack_messages(hit(bite, "bite"), RAT, KOBOLD) == ["The giant rat bites the kobold."]
    touch = profiles.AttackProfile(kind="blow", weapon="touch", noun="touch",
                                   dice=arm.weapons["knife"].damage, to_hit_mods=(),
                                   damage_mods=(), damage_types=("hit",))
    assert attack_messages(hit(touch, "hit", confirmed=True), KOBOLD, YOU) == [
        "The kobold hits you hard!"]


def test_glances_name_the_armour(spear, sword):
    assert attack_messages(hit(spear, "piercing", glanced=True), KOBOLD, YOU,
                           protection_noun="chain mail shirt") == [
        "The kobold's spear glances off your chain mail shirt."]
    assert attack_messages(hit(sword, "slashing", glanced=True), YOU, BEETLE,
                           protection_noun="shell") == [
        "Your sword glances off the cave beetle's shell."]


def test_no_vital_spot(sword):
    assert attack_messages(hit(sword, "slashing", no_vital=True), YOU, Who("skeleton")) == [
        "You slash the skeleton.", "It has no vital spot."]


@pytest.mark.parametrize("verb, third", [("slash", "slashes"), ("stab", "stabs"),
                                         ("parry", "parries"), ("punch", "punches"),
                                         ("bite", "bites"), ("pierce", "pierces")])
def test_third_person(verb, third):
    assert third_person(verb) == third


def test_messages_from_real_resolutions_never_show_numbers(arm):
    import random
    rng = random.Random(7)
    thora = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    beetle = Fighter(natural_defence=3, natural_protection=4, natural_noun="shell", max_hp=9)
    attack, defence = profiles.melee_attacks(thora)[0], profiles.defence(beetle)
    seen = set()
    for _ in range(400):
        out = resolve(attack, defence, rng)
        for line in attack_messages(out, YOU, BEETLE, target_natural="shell",
                                    protection_noun=defence.protection_noun):
            assert not re.search(r"\d", line)
            seen.add(line)
    assert "Your sword glances off the cave beetle's shell." in seen
    assert "You miss the cave beetle." in seen
    assert any(line.endswith("hard!") for line in seen)


@pytest.fixture(scope="module")
def arrow(arm):
    return profiles.shot(Fighter(missile=arm.weapons["short bow"], ammo=arm.ammo["arrow"]))


@pytest.fixture(scope="module")
def javelin(arm):
    return profiles.throw(Fighter(), arm.weapons["javelin"])


ARCHER = Who("kobold archer")


def test_shots_and_throws_read_as_missiles(arrow, javelin):
    assert attack_messages(hit(arrow, "piercing"), ARCHER, YOU) == [
        "The kobold archer's arrow hits you."]
    assert attack_messages(hit(javelin, "piercing", big=True), Who("goblin"), YOU) == [
        "The goblin's javelin impales you."]
    assert attack_messages(hit(arrow, "piercing", confirmed=True), YOU, KOBOLD) == [
        "Your arrow hits the kobold hard!"]
    assert attack_messages(miss(arrow, PLAIN), ARCHER, YOU) == [
        "The kobold archer's arrow misses you."]
    assert attack_messages(miss(arrow, "Dodge"), ARCHER, YOU) == [
        "You dodge the kobold archer's arrow."]
    assert attack_messages(hit(arrow, "piercing", glanced=True), ARCHER, YOU,
                           protection_noun="chain mail shirt") == [
        "The kobold archer's arrow glances off your chain mail shirt."]


def test_an_unseen_shooter_s_arrow_flies_in_from_somewhere(arrow):
    unseen = Who("kobold archer", seen=False)
    assert attack_messages(hit(arrow, "piercing"), unseen, YOU, came_from="the east") == [
        "An arrow flies in from the east.", "It hits you."]
    assert attack_messages(hit(arrow, "piercing", glanced=True), unseen, YOU,
                           came_from="the north-west") == [
        "An arrow flies in from the north-west.", "It glances off your armour."]
    assert attack_messages(miss(arrow, "Dodge"), unseen, YOU, came_from="the south") == [
        "An arrow flies in from the south.", "You dodge the arrow."]
    assert attack_messages(miss(arrow, PLAIN), unseen, YOU, came_from="the south") == [
        "An arrow flies in from the south.", "It misses you."]
    lines = attack_messages(hit(arrow, "piercing"), unseen, YOU)
    assert not any("blow" in line or "Something" in line for line in lines)


@pytest.mark.parametrize("dx, dy, word", [
    (5, 0, "the east"), (-9, 1, "the west"), (0, -4, "the north"), (1, 6, "the south"),
    (3, -3, "the north-east"), (-4, 3, "the south-west"), (0, 0, "somewhere"),
])
def test_compass(dx, dy, word):
    assert compass(dx, dy) == word
