"""curve over a weapon's fields (--vary [attacker.|defender.]weapon.NAME=LOW..HIGH): each
point is what the tables give with that weapon's field at that value."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.editions import catalog_for
from game.content.overlay import read_overlay
from game.lab import curve
from game.wizard import scratch
from game.wizard.inspect import inspect


@pytest.mark.parametrize("attacker, defender, slot", [("dwarf warrior", "kobold", "main_hand"),
                                                      ("kobold", "dwarf warrior", "weapon")])
def test_a_weapon_field_is_the_weapon_changed_in_the_tables(tmp_path: Path, attacker,
                                                            defender, slot):
    catalog = catalog_for()
    entries = catalog.characters if slot == "main_hand" else catalog.creatures
    weapon = getattr(entries[attacker], slot).name
    vary = curve.parse("attacker.weapon.to_hit=-1..1")
    curve.check(vary, attacker, catalog)
    points = curve.curve(attacker, defender, vary, ["manual", "d20"])
    for p in points:
        folder = tmp_path / f"to_hit{p.value}"
        folder.mkdir()
        (folder / "weapons.toml").write_text(f'[weapon."{weapon}"]\nto_hit = {p.value}\n')
        under = catalog_for(read_overlay(folder))
        you, it = scratch.side(attacker, under), scratch.side(defender, under)
        for rules in ("manual", "d20"):
            ins = inspect(you, it, rules)
            assert p.figures[rules] == (ins.your_hit, ins.duel.first_wins), (p.value, rules)
    assert points[0].figures["manual"][0] < points[-1].figures["manual"][0]


@pytest.mark.parametrize("text, says", [
    ("attacker.weapon.to_hot=1..2", "a weapon has no field 'weapon.to_hot'; did you mean"),
    ("attacker.weapon.to_hit=-30..2", "a weapon's to_hit is at least -20"),
])
def test_a_bad_weapon_field_is_one_line(game_main, text, says):
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", text)
    assert out.returncode == 2 and says in out.stderr and out.stderr.count("\n") == 1


def test_a_characters_level_is_the_character_grown_as_play_grows_it(game_main):
    from game.rules import levels

    catalog = catalog_for()
    base = scratch.side("dwarf warrior", catalog)
    grown = scratch.side("dwarf warrior", catalog, level=3)
    hero_class = catalog.hero_class("dwarf warrior")
    con = catalog.characters["dwarf warrior"].constitution
    assert grown.hp == base.hp + 2 * levels.level_hp(hero_class.hp_per_level, con)
    points = curve.curve("dwarf warrior", "kobold", curve.parse("attacker.level=1..3"),
                         ["manual"])
    kobold = scratch.side("kobold", catalog)
    assert points[0].figures["manual"][1] == inspect(base, kobold).duel.first_wins
    assert points[2].figures["manual"][1] == inspect(grown, kobold).duel.first_wins
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", "attacker.level=1..11")
    assert out.returncode == 2 and "a level is 1 to 10" in out.stderr
    out = game_main("curve", "kobold", "dwarf warrior", "--vary", "attacker.level=1..2")
    assert out.returncode == 2 and "only a starting character has a level" in out.stderr
