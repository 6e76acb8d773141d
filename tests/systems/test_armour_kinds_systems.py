"""Under qud and d20 too, armour meets a blow with its Protection against the blow's kind:
chain mail (Protection 3; slashing 4, piercing 2) is a better AV and AC against a blade than
against a point, in play and in the exact odds."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.content import load_armoury
from game.content.catalog import load_catalog
from game.rules import profiles
from game.rules.profiles import Fighter
from game.rules.systems import Clash, d20, qud, tides

ARMOURY = load_armoury()
CHAIN = ARMOURY.armour["chain mail shirt"]


def target(armour=CHAIN) -> Fighter:
    return Fighter(worn=(armour,), max_hp=50)


def plain(protection: int) -> Fighter:
    """The same shirt without kinds, its Protection what the kind meets."""
    return target(replace(CHAIN, protection=protection, against=()))


def attacker(weapon: str) -> Fighter:
    return Fighter(strength=15, skills={"Long blades": 2}, main_hand=ARMOURY.weapons[weapon])


def clash_of(weapon: str, defender: Fighter) -> Clash:
    me = attacker(weapon)
    return Clash.of(profiles.melee_attacks(me)[0], me, defender, by_player=True)


def only(weapon: str) -> str:
    kinds = ARMOURY.weapons[weapon].damage_types
    assert len(kinds) == 1
    return kinds[0]


BLADE, POINT = "scimitar", "rapier"  # one kind each: slashing, piercing


def test_the_kinds_of_the_weapons_used():
    assert (only(BLADE), only(POINT)) == ("slashing", "piercing")


@pytest.mark.parametrize("system", [qud, d20], ids=["qud", "d20"])
def test_numbers_by_kind(system):
    mailed = target()
    if system is qud:
        assert [qud.numbers(mailed, damage_type=k).av for k in ("", "slashing", "piercing")] \
            == [3, 4, 2]
    else:
        ac = d20.numbers(mailed).ac
        assert d20.numbers(mailed, damage_type="slashing").ac == ac - 1
        assert d20.numbers(mailed, damage_type="piercing").ac == ac + 1


@pytest.mark.parametrize("system", [qud, d20], ids=["qud", "d20"])
@pytest.mark.parametrize(("weapon", "meets"), [(BLADE, 4), (POINT, 2)])
def test_a_one_kind_weapon_meets_its_kinds_protection_exactly(system, weapon, meets):
    mailed = system.distribution(clash_of(weapon, target()))
    assert mailed == system.distribution(clash_of(weapon, plain(meets)))
    assert mailed != system.distribution(clash_of(weapon, plain(3)))  # not the plain total
    assert system.chances(clash_of(weapon, target())) == \
        system.chances(clash_of(weapon, plain(meets)))


@pytest.mark.parametrize("system", [qud, d20], ids=["qud", "d20"])
def test_in_play_each_hit_of_a_two_kind_weapon_meets_its_own_kind(system):
    c = clash_of("long sword", target())  # slashing or piercing, by the roll
    rng = random.Random(5)
    kinds = set()
    for _ in range(400):
        out = system.resolve(c, rng)
        if not out.hit:
            continue
        kinds.add(out.damage_type)
        if system is qud:
            assert out.protection == {"slashing": 4, "piercing": 2}[out.damage_type]
        else:
            ac = d20.numbers(target(), damage_type=out.damage_type).ac
            assert f"AC {ac}" in out.rolls[0]
    assert kinds == {"slashing", "piercing"}


@pytest.mark.parametrize("system", [qud, d20], ids=["qud", "d20"])
def test_seeded_two_kind_hits_agree_with_the_exact_odds(system):
    c = clash_of("long sword", target())
    exact = system.distribution(c)
    assert sum(exact.values()) == 1
    rng = random.Random(21)
    n = 4000
    mean = sum(system.resolve(c, rng).damage for _ in range(n)) / n
    expected = float(sum(v * p for v, p in exact.items()))
    assert abs(mean - expected) < 0.05 * max(1.0, expected)


def beetle() -> Fighter:
    """The fire beetle: its only attack is fire, a fiery bite."""
    return load_catalog().creatures["fire beetle"].fighter()


@pytest.mark.parametrize("system", [qud, d20, tides], ids=["qud", "d20", "tides"])
def test_fire_meets_no_armour(system):
    """Armour turns blows, not flames (the manual's non-physical damage ignores Protection):
    a fiery bite meets chain mail as it meets a bare target, in the numbers and the odds."""
    assert system.numbers(target(), damage_type="fire") == system.numbers(
        plain(0), damage_type="fire")
    assert system.numbers(target(), damage_type="slashing") != system.numbers(
        plain(0), damage_type="slashing")
    me = beetle()
    bite = profiles.melee_attacks(me)[0]
    assert bite.damage_types == ("fire",)
    mailed = system.distribution(Clash.of(bite, me, target(), by_player=False))
    assert mailed == system.distribution(Clash.of(bite, me, plain(0), by_player=False))
