"""Magic's rules: resistance shares, Protection skipped by non-physical damage, the casting
roll's exact odds, and magic scoped to the weapon that carries it."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.content.catalog import load_catalog
from game.rules import magic, profiles, spells
from game.rules.dice import Dice
from game.rules.items import Armour, Weapon
from game.rules.profiles import Fighter, Magic
from game.rules.resolve import resolve

PLATE = Armour("suit of plate armour", "body", defence=1, category="Armour", protection=6)


def fire_blow(element: str) -> profiles.AttackProfile:
    return profiles.AttackProfile(
        kind=profiles.BLOW, weapon="flame", noun="flame", dice=Dice(2, 6, 4),
        to_hit_mods=(profiles.Modifier(30, "sure"),), damage_mods=(),
        damage_types=(element,))


@pytest.mark.parametrize(("damage", "level", "share"), [
    (9, 1, 4), (10, 1, 5), (1, 1, 0), (9, 2, 6), (8, 2, 6), (9, 3, 9), (9, 0, 0), (0, 2, 0),
])
def test_each_resistance_share_rounds_down(damage, level, share):
    assert magic.resisted(damage, level) == share


def test_the_shares_are_a_half_three_quarters_and_all():
    assert {1: Fraction(1, 2), 2: Fraction(3, 4), 3: Fraction(1)} == magic.RESIST_SHARES


@pytest.mark.parametrize("element", magic.ELEMENTS)
def test_protection_is_skipped_by_every_non_physical_damage(element):
    defence = profiles.defence(Fighter(worn=(PLATE,), natural_protection=3,
                                       natural_noun="hide"))
    assert defence.protection == 9
    for seed in range(30):
        outcome = resolve(fire_blow(element), defence, random.Random(seed))
        if outcome.hit:
            assert outcome.protection == 0 and outcome.soak == 0
            assert outcome.damage == outcome.raw_damage


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_resistance_takes_its_share_after_protection(level):
    you = Fighter(worn=(PLATE,), magic=(Magic("resist_fire", level, "ring"),))
    defence = profiles.defence(you)
    assert defence.resistance("fire") == (level, "ring")
    assert defence.resistance("cold") == (0, "")
    for seed in range(30):
        outcome = resolve(fire_blow("fire"), defence, random.Random(seed))
        if outcome.hit:
            assert outcome.resisted == magic.resisted(outcome.raw_damage, level)
            assert outcome.damage == outcome.raw_damage - outcome.resisted


def test_physical_blows_ignore_resistances():
    defence = profiles.defence(Fighter(magic=(Magic("resist_fire", 3, "x"),)))
    outcome = resolve(fire_blow("slashing"), defence, random.Random(1))
    assert outcome.resisted == 0


def test_resistances_do_not_add_up_the_best_counts():
    you = Fighter(magic=(Magic("resist_cold", 1, "ring"), Magic("resist_cold", 2, "cloak")))
    assert profiles.defence(you).resistance("cold") == (2, "cloak")


def test_a_spell_ignores_armour_and_takes_the_resistance_after_it():
    spell = load_catalog().magic.spells["fireball"]
    hit = spells.strike(spell, 14, (1, "ring of fire resistance"), random.Random(3))
    assert hit.raw == sum(hit.rolls) + 2  # Willpower 14: +2, and no Protection at all
    assert hit.resisted == hit.raw // 2 and hit.damage == hit.raw - hit.raw // 2
    assert "resisted 1/2" in spells.spell_line(hit)


def test_the_casting_roll_is_the_hit_rule_against_eight_plus_twice_the_level():
    catalog = load_catalog()
    frost, fireball = catalog.magic.spells["frost bolt"], catalog.magic.spells["fireball"]
    assert spells.difficulty(frost) == 10 and spells.difficulty(fireball) == 14
    assert spells.cast_chance(frost, 10) == Fraction(108, 144)  # 2d12 >= 10: 75%
    assert spells.cast_chance(frost, 12) == Fraction(116, 144)  # +1: 2d12 >= 9
    assert spells.cast_chance(fireball, 10) == Fraction(66, 144)


def test_spell_points_from_willpower():
    assert [magic.max_spell_points(w) for w in (10, 12, 14, 3)] == [5, 7, 9, 2]


SWORD = Weapon("long sword", "sword", Dice(1, 9), 20, 2, "Long blades", "main",
               ("slashing",))
DAGGER = Weapon("dagger", "dagger", Dice(1, 4), 20, 2, "Daggers and knives", "either",
                ("piercing",), thrown_range=5)


def test_a_weapons_own_magic_serves_its_own_blows_and_worn_magic_every_attack():
    f = Fighter(strength=10, main_hand=SWORD, off_hand=DAGGER, magic=(
        Magic("to_hit", 2, "+2 long sword", "main"), Magic("damage", 1, "ring", "")))
    main, off = profiles.melee_attacks(f)
    assert [m.reason for m in main.to_hit_mods if m.amount > 0] == ["+2 long sword"]
    assert all(m.reason != "+2 long sword" for m in off.to_hit_mods)
    assert main.damage_bonus == off.damage_bonus == 1


def test_magic_widens_the_threat_never_past_3_and_the_multiplier_never_past_5():
    f = Fighter(main_hand=SWORD, magic=(Magic("threat", 30, "x", "main"),
                                        Magic("multiplier", 9, "y", "main")))
    blow = profiles.melee_attacks(f)[0]
    assert blow.threat_from == 3 and blow.multiplier == 5


def test_defence_magic_by_kind():
    jerkin = Armour("leather jerkin", "body", defence=1, category="Armour", protection=1)
    f = Fighter(worn=(jerkin,), magic=(
        Magic("armour", 2, "+2 leather jerkin"), Magic("dodge", 2, "boots of nimbleness"),
        Magic("dodge", 1, "cloak"), Magic("deflection", 2, "ring"),
        Magic("deflection", 1, "helm"), Magic("natural", 2, "amulet"),
        Magic("protection", 2, "hardened")))
    d = profiles.defence(f)
    by_kind = {}
    for part in d.parts:
        by_kind[part.kind] = by_kind.get(part.kind, 0) + part.amount
    assert by_kind[profiles.ARMOUR] == 3  # more than its base
    assert by_kind[profiles.DODGE] == 3  # Dodge adds up
    assert by_kind[profiles.DEFLECTION] == 2  # the best only
    assert by_kind[profiles.NATURAL] == 2
    assert d.protection == 3


def test_being_dazzled_costs_to_hit():
    plain = profiles.melee_attacks(Fighter(main_hand=SWORD))[0]
    dazzled = profiles.melee_attacks(Fighter(main_hand=SWORD, dazzled=True))[0]
    assert dazzled.to_hit == plain.to_hit + profiles.DAZZLED_TO_HIT
