"""Malformed content tables give one-line ContentErrors naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError, load_armour, load_armoury, load_weapons
from game.content.loader import file_label

LONG_SWORD = """\
[weapon."long sword"]
damage = "1d9"
threat_from = 20
multiplier = 2
ticks = 60
skill = "Long blades"
held = "main"
noun = "sword"
damage_types = ["slashing", "piercing"]
weight = 40
"""

SHORT_BOW = """\
[weapon."short bow"]
damage = "1d6"
threat_from = 22
multiplier = 3
skill = "Bows"
held = "missile"
strength_needed = 10
noun = "arrow"
damage_types = ["piercing"]
ammo = "arrow"
range = 10
"""

ARROW = """\
[ammo."arrow"]
kind = "arrow"
break_chance = 30
"""

BUCKLER = """\
[armour."buckler"]
slot = "shield"
defence = 1
category = "Shield"
bash = "1d2"
weight = 30
"""


def write(tmp_path: Path, text: str, name: str = "weapons.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def weapons_error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        load_weapons(path)
    return one_line(caught.value, path)


def armour_error(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text, "armour.toml")
    with pytest.raises(ContentError) as caught:
        load_armour(path)
    return one_line(caught.value, path)


def one_line(error: ContentError, path: Path) -> str:
    message = str(error)
    assert "\n" not in message and "\r" not in message
    assert message.startswith(f"{path}: ")
    assert isinstance(error, ValueError)
    return message


def test_valid_tables_load(tmp_path: Path) -> None:
    weapons, ammo = load_weapons(write(tmp_path, LONG_SWORD + SHORT_BOW + ARROW))
    assert list(weapons) == ["long sword", "short bow"]
    assert weapons["short bow"].range == 10 and weapons["long sword"].ticks == 60
    assert list(ammo) == ["arrow"]
    assert load_armour(write(tmp_path, BUCKLER, "armour.toml"))["buckler"].bash is not None


def test_bad_dice(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('"1d9"', '"1x9"'))
    assert "weapon 'long sword': field 'damage': not a dice expression: '1x9'" in message


def test_zero_dice(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER.replace('"1d2"', '"0d2"'))
    assert "armour 'buckler': field 'bash': not a dice expression: '0d2'" in message


def test_unknown_field(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD + "sharpness = 3\n")
    assert "weapon 'long sword': field 'sharpness': unknown field" in message


def test_missing_field(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('damage = "1d9"\n', ""))
    assert "weapon 'long sword': field 'damage': missing required field" in message


def test_missing_armour_slot(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER.replace('slot = "shield"\n', ""))
    assert "armour 'buckler': field 'slot': missing required field" in message


@pytest.mark.parametrize(("field", "good", "bad", "said"), [
    ("ticks", "60", "6.0", "expected an integer, not a float: 6.0"),
    ("ticks", "60", '"60"', "expected an integer, not a string: '60'"),
    ("weight", "40", "true", "expected an integer, not a boolean: true"),
    ("threat_from", "20", "false", "expected an integer, not a boolean: false"),
    ("skill", '"Long blades"', "3", "expected a string, not an integer: 3"),
    ("damage", '"1d9"', "9", "expected a string, not an integer: 9"),
    ("damage_types", '["slashing", "piercing"]', '"slashing"', "expected an array"),
])
def test_wrong_type(tmp_path: Path, field: str, good: str, bad: str, said: str) -> None:
    text = LONG_SWORD.replace(f"{field} = {good}\n", f"{field} = {bad}\n")
    assert text != LONG_SWORD
    message = weapons_error(tmp_path, text)
    assert f"weapon 'long sword': field '{field}': {said}" in message


def test_finesse_must_be_a_boolean(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD + "finesse = 1\n")
    assert "weapon 'long sword': field 'finesse': expected a boolean, not an integer: 1" in message


def test_bad_held(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('"main"', '"main hand"'))
    assert "weapon 'long sword': field 'held': 'main hand' is not one of 'main'" in message


def test_bad_damage_type(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('"piercing"]', '"poking"]'))
    assert "weapon 'long sword': field 'damage_types': 'poking' is not one of" in message


def test_bad_slot(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER.replace('"shield"', '"off hand"'))
    assert "armour 'buckler': field 'slot': 'off hand' is not one of 'body'" in message


@pytest.mark.parametrize(("field", "good", "bad"), [
    ("threat_from", "20", "2"),
    ("threat_from", "20", "25"),
    ("multiplier", "2", "0"),
    ("multiplier", "2", "6"),
    ("weight", "40", "-1"),
    ("ticks", "60", "0"),
])
def test_out_of_range(tmp_path: Path, field: str, good: str, bad: str) -> None:
    text = LONG_SWORD.replace(f"{field} = {good}\n", f"{field} = {bad}\n")
    message = weapons_error(tmp_path, text)
    assert f"weapon 'long sword': field '{field}': {bad} is " in message


def test_negative_protection(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER + "protection = -1\n")
    assert "armour 'buckler': field 'protection': -1 is below 0" in message


def test_missile_weapon_without_ammo(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, SHORT_BOW.replace('ammo = "arrow"\n', "") + ARROW)
    assert "weapon 'short bow': field 'ammo': a missile weapon needs" in message


def test_missile_weapon_without_range(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, SHORT_BOW.replace("range = 10\n", "") + ARROW)
    assert "weapon 'short bow': field 'range': a missile weapon needs a range" in message


def test_missile_weapon_with_unknown_ammo(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, SHORT_BOW)  # no [ammo] entry of kind "arrow"
    assert "weapon 'short bow': field 'ammo': no [ammo] entry is of kind 'arrow'" in message


def test_melee_weapon_with_ammo(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD + 'ammo = "arrow"\n' + ARROW)
    assert "weapon 'long sword': field 'ammo': only a missile weapon" in message


def test_bad_ammo_entry(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD + ARROW.replace("30", "130"))
    assert "ammo 'arrow': field 'break_chance': 130 is above 100" in message


def test_shield_without_bash(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER.replace('bash = "1d2"\n', ""))
    assert "armour 'buckler': field 'bash': a shield needs its bash dice" in message


def test_bad_category(tmp_path: Path) -> None:
    message = armour_error(tmp_path, BUCKLER.replace('"Shield"', '"shield"'))
    assert "armour 'buckler': field 'category': 'shield' is not one of 'Armour'" in message


def test_empty_string(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('"sword"', '""'))
    assert "weapon 'long sword': field 'noun': must not be empty" in message


def test_entry_name_must_be_lower_case(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('"long sword"', '"Long sword"'))
    assert "weapon 'Long sword': a name must be lower case" in message


def test_entry_must_be_a_table(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, 'weapon = { "long sword" = 3 }\n')
    assert "weapon 'long sword': must be a table of fields, not an integer" in message


def test_unknown_table(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace("[weapon.", "[weapons."))
    assert message.endswith("unknown table 'weapons' (expected 'weapon', 'ammo')")


def test_missing_table(tmp_path: Path) -> None:
    assert weapons_error(tmp_path, ARROW).endswith(": no [weapon] table")


def test_bad_toml_syntax(tmp_path: Path) -> None:
    message = weapons_error(tmp_path, LONG_SWORD.replace('damage = "1d9"', "damage = 1d9"))
    assert ": invalid TOML: " in message and "line 2" in message


def test_duplicate_entry_is_bad_toml(tmp_path: Path) -> None:
    assert ": invalid TOML: " in weapons_error(tmp_path, LONG_SWORD + LONG_SWORD)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ContentError) as caught:
        load_weapons(path)
    assert one_line(caught.value, path) == f"{path}: no such file"


def test_load_armoury_from_a_folder(tmp_path: Path) -> None:
    write(tmp_path, LONG_SWORD + SHORT_BOW + ARROW)
    write(tmp_path, BUCKLER, "armour.toml")
    armoury = load_armoury(tmp_path)
    assert list(armoury.weapons) == ["long sword", "short bow"]
    assert list(armoury.armour) == ["buckler"] and list(armoury.ammo) == ["arrow"]


def test_load_armoury_names_the_missing_file(tmp_path: Path) -> None:
    write(tmp_path, LONG_SWORD)
    with pytest.raises(ContentError, match=r"armour\.toml: no such file$"):
        load_armoury(tmp_path)


def test_repository_files_are_named_relative_to_it() -> None:
    from game.content import ASSETS_DIR

    assert file_label(ASSETS_DIR / "weapons.toml") == "assets/weapons.toml"
