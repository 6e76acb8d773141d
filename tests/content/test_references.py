"""Every name a table gives that names something (a weapon's skill, a creature's weapon, a
class's spells, a feud's sides...) is checked: misspelt through an overlay, it is one line
naming the overlay's file, the entry and the field, with the name meant as a did-you-mean.
The fields tried are every one ``game.content.references`` lists, so a new one is tried too."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest
from overlay_helpers import write_overlay

from game.content import ContentError
from game.content.catalog import load_catalog
from game.content.editions import catalog_for
from game.content.loader import ASSETS_DIR
from game.content.overlay import read_overlay
from game.content.references import Reference, references, tables
from game.rules import stats

BASE = load_catalog()
REFERENCES = references(BASE.armoury, tuple(BASE.magic.spells))


def _toml(value: Any) -> str:
    """A value written as TOML (inline)."""
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"


def _misspelt(name: str) -> str:
    return name[:-1] if len(name) > 3 else name + "x"


def _misspell(value: Any) -> tuple[Any, str, str]:
    """(the value with its first name misspelt, that name misspelt, the name meant)."""
    if isinstance(value, str):
        return _misspelt(value), _misspelt(value), value
    if isinstance(value, dict):
        meant = next(iter(value))
        rest = {k: v for k, v in value.items() if k != meant}
        return {_misspelt(meant): value[meant], **rest}, _misspelt(meant), meant
    first, typed, meant = _misspell(value[0])  # an array (a feud's sides: of arrays)
    return [first, *value[1:]], typed, meant


EXAMPLES = {  # (table, field): (entry, a right value), where no entry of the assets gives one
    ("weapon", "effects"): ("dagger", ["poison"]),
    ("character", "off_hand"): ("human duelist", "dagger"),
    ("character", "stance"): ("dwarf warrior", "Defensive"),
}


def _example(ref: Reference) -> tuple[str, Any, str, str] | None:
    """(entry, the field's misspelt value, the name misspelt, the name meant), from the first
    entry of the assets that gives the field, or from ``EXAMPLES``."""
    if (ref.table.what, ref.field) in EXAMPLES:
        entry, value = EXAMPLES[ref.table.what, ref.field]
        return entry, *_misspell(value)
    data = tomllib.loads((ASSETS_DIR / ref.table.file).read_text(encoding="utf-8"))
    for entry, fields in data.get(ref.table.what, {}).items():
        if ref.table.within:
            given = fields.get(ref.table.within) or [{}]
            if ref.field not in given[0]:
                continue
            value, typed, meant = _misspell(given[0][ref.field])
            return entry, [{**given[0], ref.field: value}, *given[1:]], typed, meant
        if ref.field in fields:
            return entry, *_misspell(fields[ref.field])
    return None


def _tried() -> list[tuple[Reference, tuple[str, Any, str, str]]]:
    """Every reference field with an example; a field of specs several tables share (armour
    in two files, the four kinds of consumable) is tried in the first that gives it."""
    tried, groups = [], {}
    for ref in REFERENCES:
        groups.setdefault((id(ref.table.specs), ref.table.within, ref.field), []).append(ref)
    for refs in groups.values():
        found = [(ref, example) for ref in refs if (example := _example(ref)) is not None]
        assert found, (f"no entry of {refs[0].table.file} gives {refs[0].table.what}'s "
                       f"{refs[0].field} to misspell: give one in EXAMPLES")
        tried.append(found[0])
    return tried


def _id(ref: Reference) -> str:
    within = f"{ref.table.within}." if ref.table.within else ""
    return f"{ref.table.file}:{ref.table.what}.{within}{ref.field}"


@pytest.mark.parametrize("ref, example", _tried(), ids=[_id(r) for r, _ in _tried()])
def test_a_misspelt_name_is_one_line_naming_file_entry_field_and_the_name_meant(tmp_path, ref,
                                                                                example):
    entry, value, typed, meant = example
    key = ref.table.within or ref.field
    folder = write_overlay(tmp_path / "typo", {
        "typo.toml": f"[{ref.table.what}.{json.dumps(entry)}]\n{key} = {_toml(value)}\n"})
    with pytest.raises(ContentError) as caught:
        catalog_for(read_overlay(folder))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{folder}/typo.toml: {ref.table.what} {entry!r}: "), message
    assert f"field {ref.field!r}: " in message and repr(typed) in message, message
    assert "did you mean" in message and repr(meant) in message.split("did you mean")[1], \
        message


def test_the_references_are_every_name_field_of_every_table():
    """Each text field is a name (it has choices or says what it refers to) or one of the
    words of free text below; a new text field must be one or the other."""
    free = {"noun", "kind", "glyph", "description", "natural_noun", "trait_text", "name",
            "damage", "bash", "dice", "charges",
            "potion", "scroll", "wand"}  # the appearances' words ("murky")
    for table in tables(BASE.armoury):
        for key, spec in table.specs.items():
            if spec.kind in ("str", "names", "ranks") and not (spec.choices or spec.refers):
                assert key in free, f"{table.file} {table.what}.{key}: a name or free text?"
    fields = {(r.table.what, r.table.within, r.field) for r in REFERENCES}
    for wanted in [("weapon", "", "skill"), ("creature", "", "skills"),
                   ("creature", "", "weapon"), ("creature", "", "ammo"),
                   ("creature", "", "spells"), ("creature", "", "worn"),
                   ("creature", "attacks", "type"), ("weapon", "", "damage_types"),
                   ("feud", "", "sides"), ("class", "", "spells"), ("class", "", "skills"),
                   ("character", "", "race"), ("character", "", "inventory")]:
        assert wanted in fields


def test_a_weapon_skill_is_one_of_the_manuals():
    """ "Maces and club" once loaded and silently left a creature's ranks unused."""
    assert {w.skill for w in BASE.armoury.weapons.values()} <= set(stats.WEAPON_SKILLS)
