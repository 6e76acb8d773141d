"""The loaded tables equal the combat manual's, row by row.

The expected rows below are the manual's own cells, copied from its tables
(/work/shared/seeds/001_01ba4453be3bc29a.txt), so a typo in ``assets/*.toml`` fails here.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.content import load_armoury
from game.content.loader import AMMO_FIELDS, ARMOUR_FIELDS, WEAPON_FIELDS
from game.rules.dice import Dice
from game.rules.items import DAMAGE_TYPES, Ammo, Armour, Armoury, Weapon

# | Weapon | Damage | Critical on | Critical damage | A blow takes |
DAMAGE_TABLE = [
    ("Knife", "1d3", "22–24", "×2", "6 seconds"),
    ("Stiletto", "1d4", "19–24", "×2", "5.4 seconds"),
    ("Dagger", "1d4", "20–24", "×2", "6 seconds"),
    ("Short sword", "1d6", "20–24", "×2", "6 seconds"),
    ("Scimitar", "1d6", "19–24", "×2", "6 seconds"),
    ("Rapier", "1d6", "19–24", "×2", "5.4 seconds"),
    ("Long sword", "1d9", "20–24", "×2", "6 seconds"),
    ("Great sword", "2d6", "20–24", "×2", "7.2 seconds"),
    ("Hand axe", "1d6", "22–24", "×3", "6 seconds"),
    ("Battle axe", "1d8", "22–24", "×3", "6 seconds"),
    ("Great axe", "1d12", "22–24", "×3", "7.2 seconds"),
    ("Club", "1d6", "22–24", "×2", "6 seconds"),
    ("Mace", "1d8", "22–24", "×2", "6 seconds"),
    ("Morning star", "2d4", "22–24", "×2", "6 seconds"),
    ("War hammer", "1d8", "22–24", "×3", "6 seconds"),
    ("Maul", "2d6", "22–24", "×3", "7.2 seconds"),
    ("Javelin", "1d6", "22–24", "×2", "6 seconds"),
    ("Spear", "1d8", "22–24", "×3", "6 seconds"),
    ("Trident", "1d8", "22–24", "×2", "6 seconds"),
    ("Glaive", "1d10", "20–24", "×2", "6.6 seconds"),
    ("Halberd", "1d10", "22–24", "×3", "6.6 seconds"),
    ("Quarterstaff", "1d6", "22–24", "×2", "6 seconds"),
    ("Ironwood staff", "1d8", "22–24", "×2", "6 seconds"),
    ("Short bow", "1d6", "22–24", "×3", "-"),
    ("Long war bow", "1d8+2", "22–24", "×3", "-"),
    ("Composite bow", "1d8+1", "22–24", "×3", "-"),
    ("Crossbow", "1d10+1", "20–24", "×2", "-"),
    ("Heavy crossbow", "1d12+2", "20–24", "×2", "-"),
    ("Sling", "1d4", "22–24", "×2", "-"),
    ("Rock", "1d3", "22–24", "×2", "-"),
]

# | Weapon | Weapon skill | Held | Thrown | Parry, Strength needed |
HANDLING_TABLE = [
    ("Knife", "Daggers and knives", "main hand or off hand", "-", "-"),
    ("Stiletto", "Daggers and knives", "main hand or off hand", "-", "-"),
    ("Dagger", "Daggers and knives", "main hand or off hand", "5 cells", "-"),
    ("Short sword", "Short blades", "main hand or off hand", "-", "-"),
    ("Scimitar", "Short blades", "main hand", "-", "-"),
    ("Rapier", "Long blades", "main hand", "-", "-"),
    ("Long sword", "Long blades", "main hand", "-", "-"),
    ("Great sword", "Great blades", "main hand (both hands)", "-", "-"),
    ("Hand axe", "Axes", "main hand or off hand", "4 cells", "-"),
    ("Battle axe", "Axes", "main hand", "-", "-"),
    ("Great axe", "Axes", "main hand (both hands)", "-", "-"),
    ("Club", "Maces and clubs", "main hand", "-", "-"),
    ("Mace", "Maces and clubs", "main hand", "-", "-"),
    ("Morning star", "Maces and clubs", "main hand", "-", "-"),
    ("War hammer", "Maces and clubs", "main hand", "-", "-"),
    ("Maul", "Maces and clubs", "main hand (both hands)", "-", "-"),
    ("Javelin", "Spears", "main hand", "8 cells", "-"),
    ("Spear", "Spears", "main hand", "6 cells", "-"),
    ("Trident", "Spears", "main hand", "-", "parry +1"),
    ("Glaive", "Polearms", "main hand (both hands)", "-", "parry +1"),
    ("Halberd", "Polearms", "main hand (both hands)", "-", "-"),
    ("Quarterstaff", "Staves", "main hand (both hands)", "-", "parry +1"),
    ("Ironwood staff", "Staves", "main hand (both hands)", "-", "parry +1"),
    ("Short bow", "Bows", "missile weapon, shoots", "-", "needs Strength 10"),
    ("Long war bow", "Bows", "missile weapon, shoots", "-", "needs Strength 14"),
    ("Composite bow", "Bows", "missile weapon, shoots", "-", "needs Strength 12"),
    ("Crossbow", "Crossbows", "missile weapon, shoots", "-", "-"),
    ("Heavy crossbow", "Crossbows", "missile weapon, shoots", "-", "-"),
    ("Sling", "Slings", "missile weapon, shoots", "-", "-"),
    ("Rock", "Thrown weapons", "missile weapon", "6 cells", "-"),
]

# | Armour or shield | Worn on | Defence | Category | Protection | Most Dexterity adds | Bash |
ARMOUR_TABLE = [
    ("Padded coat", "body", "+1", "Armour", "-", "+8", "-"),
    ("Leather jerkin", "body", "+1", "Armour", "1", "+6", "-"),
    ("Studded leather jerkin", "body", "+2", "Armour", "1", "+5", "-"),
    ("Chain mail shirt", "body", "+2", "Armour", "3", "+4", "-"),
    ("Suit of scale mail", "body", "+2", "Armour", "4", "+3", "-"),
    ("Suit of banded mail", "body", "+1", "Armour", "5", "+1", "-"),
    ("Suit of plate armour", "body", "+1", "Armour", "6", "+1", "-"),
    ("Buckler", "main hand or off hand", "+1", "Shield", "-", "no limit", "1d2"),
    ("Small shield", "main hand or off hand", "+1", "Shield", "-", "no limit", "1d3"),
    ("Large shield", "main hand or off hand", "+2", "Shield", "-", "no limit", "1d4"),
    ("Tower shield", "main hand or off hand", "+3", "Shield", "-", "+2", "1d6"),
    ("Fur cloak", "cloak", "-", "-", "1", "no limit", "-"),
    ("Iron helm", "head", "-", "-", "1", "no limit", "-"),
    ("Pair of gauntlets", "hands", "-", "-", "1", "no limit", "-"),
    ("Pair of iron-shod boots", "feet", "-", "-", "1", "no limit", "-"),
    ("Great helm", "head", "-", "-", "2", "no limit", "-"),
]

# "The finesse weapons are the dagger, the knife, the rapier, the short sword, and the stiletto."
FINESSE = {"dagger", "knife", "rapier", "short sword", "stiletto"}

# "The crossbow bolt (2), the stiletto (2), and the war hammer (2) pierce armour"
WEAPON_PIERCE = {"stiletto": 2, "war hammer": 2}
AMMO_PIERCE = {"crossbow bolt": 2}

HELD = {
    "main hand": "main",
    "main hand or off hand": "either",
    "main hand (both hands)": "both",
    "missile weapon, shoots": "missile",
    "missile weapon": "thrown",
}
WORN_ON = {"main hand or off hand": "shield"}


def threat_from(cell: str) -> int:
    low, high = cell.split("–")
    assert high == "24"
    return int(low)


def multiplier(cell: str) -> int:
    assert cell.startswith("×")
    return int(cell[1:])


def ticks(cell: str) -> int:
    if cell == "-":
        return 60  # a shot or a throw: the plain blow time
    seconds = cell.removesuffix(" seconds")
    whole, _, tenths = seconds.partition(".")
    return int(whole) * 10 + int(tenths or 0)


def cells(cell: str) -> int:
    return 0 if cell == "-" else int(cell.removesuffix(" cells"))


def number(cell: str) -> int:
    return 0 if cell == "-" else int(cell)


@pytest.fixture(scope="module")
def armoury() -> Armoury:
    return load_armoury()


def _manuals(names: list[str], rows: list[tuple[str, ...]]) -> list[str]:
    """The tables' entries that the manual has, in the tables' order (ours may follow)."""
    manual = {row[0].lower() for row in rows}
    return [name for name in names if name in manual]


def test_weapons_are_the_manuals_rows_in_order(armoury: Armoury) -> None:
    assert _manuals(list(armoury.weapons), DAMAGE_TABLE) == \
        [row[0].lower() for row in DAMAGE_TABLE]
    assert [row[0] for row in HANDLING_TABLE] == [row[0] for row in DAMAGE_TABLE]
    assert len(DAMAGE_TABLE) == 30


@pytest.mark.parametrize("row", DAMAGE_TABLE, ids=lambda row: row[0])
def test_damage_table_row(armoury: Armoury, row: tuple[str, ...]) -> None:
    name, damage, critical_on, critical_damage, blow = row
    weapon = armoury.weapons[name.lower()]
    assert weapon.name == name.lower()
    assert str(weapon.damage) == damage
    assert weapon.damage == Dice.parse(damage)
    assert weapon.threat_from == threat_from(critical_on)
    assert weapon.multiplier == multiplier(critical_damage)
    assert weapon.ticks == ticks(blow)
    assert weapon.to_hit == 0  # no weapon in the manual has a bonus to hit of its own


@pytest.mark.parametrize("row", HANDLING_TABLE, ids=lambda row: row[0])
def test_handling_table_row(armoury: Armoury, row: tuple[str, ...]) -> None:
    name, skill, held, thrown, extras = row
    weapon = armoury.weapons[name.lower()]
    assert weapon.skill == skill
    assert weapon.held == HELD[held]
    assert weapon.thrown_range == cells(thrown)
    parry = int(extras.removeprefix("parry +")) if extras.startswith("parry") else 0
    strength = int(extras.removeprefix("needs Strength ")) if extras.startswith("needs") else 0
    assert extras in ("-", f"parry +{parry}", f"needs Strength {strength}")
    assert weapon.parry == parry
    assert weapon.strength_needed == strength


def test_the_manuals_ticks_examples(armoury: Armoury) -> None:
    assert armoury.weapons["long sword"].ticks == 60
    assert armoury.weapons["rapier"].ticks == 54
    assert armoury.weapons["halberd"].ticks == 66
    assert armoury.weapons["maul"].ticks == 72


def test_finesse_is_exactly_the_five(armoury: Armoury) -> None:
    assert {name for name, weapon in armoury.weapons.items() if weapon.finesse} == FINESSE


def test_pierce_is_exactly_the_manuals(armoury: Armoury) -> None:
    weapons = {name: w.pierce for name, w in armoury.weapons.items() if w.pierce}
    ammo = {name: a.pierce for name, a in armoury.ammo.items() if a.pierce}
    assert weapons == WEAPON_PIERCE
    assert ammo == AMMO_PIERCE


def test_thoras_long_sword(armoury: Armoury) -> None:
    sword = armoury.weapons["long sword"]
    assert sword.damage == Dice(1, 9)
    assert sword.damage_types == ("slashing", "piercing")  # "1d9+3 slashing or piercing"
    assert sword.noun == "sword"
    assert not sword.finesse and not sword.two_handed and not sword.is_missile


@pytest.mark.parametrize("row", ARMOUR_TABLE, ids=lambda row: row[0])
def test_armour_table_row(armoury: Armoury, row: tuple[str, ...]) -> None:
    name, worn_on, defence, category, protection, most_dex, bash = row
    piece = armoury.armour[name.lower()]
    assert piece.slot == WORN_ON.get(worn_on, worn_on)
    assert piece.defence == number(defence)
    assert piece.category == ("" if category == "-" else category)
    assert piece.protection == number(protection)
    assert piece.max_dex == (None if most_dex == "no limit" else int(most_dex))
    assert piece.bash == (None if bash == "-" else Dice.parse(bash))
    assert piece.is_shield == (category == "Shield")


def test_armour_is_the_manuals_rows_in_order(armoury: Armoury) -> None:
    assert _manuals(list(armoury.armour), ARMOUR_TABLE) == \
        [row[0].lower() for row in ARMOUR_TABLE]


def test_missile_weapons_shoot_loaded_ammunition(armoury: Armoury) -> None:
    kinds = {ammo.kind for ammo in armoury.ammo.values()}
    for weapon in armoury.weapons.values():
        if weapon.is_missile:
            assert weapon.ammo in kinds and weapon.range > 0, weapon.name
            assert weapon.noun == weapon.ammo, weapon.name
        else:
            assert weapon.ammo == "" and weapon.range == 0, weapon.name
    ranges = {name: w.range for name, w in armoury.weapons.items() if w.is_missile}
    assert ranges == {"short bow": 10, "long war bow": 14, "composite bow": 12,
                      "crossbow": 12, "heavy crossbow": 14, "sling": 8}


def test_ammunition(armoury: Armoury) -> None:
    assert {name: (a.kind, a.break_chance) for name, a in armoury.ammo.items()} == {
        "arrow": ("arrow", 30), "crossbow bolt": ("bolt", 20), "sling stone": ("stone", 5)}


def test_decided_columns_are_filled(armoury: Armoury) -> None:
    for weapon in armoury.weapons.values():
        assert weapon.noun and weapon.weight > 0, weapon.name
        assert weapon.damage_types and set(weapon.damage_types) <= set(DAMAGE_TYPES)
    for piece in armoury.armour.values():
        assert piece.weight > 0, piece.name


@pytest.mark.parametrize(("kind", "specs"), [(Weapon, WEAPON_FIELDS), (Ammo, AMMO_FIELDS),
                                             (Armour, ARMOUR_FIELDS)])
def test_loader_knows_every_field_of_its_type(kind: type, specs: dict) -> None:
    fields = {field.name for field in dataclasses.fields(kind)} - {"name"}
    assert set(specs) == fields
    required = {f.name for f in dataclasses.fields(kind)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    assert {key for key, spec in specs.items() if spec.required} == required - {"name"}
