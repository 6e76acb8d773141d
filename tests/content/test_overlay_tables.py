"""An overlay's tables laid over the assets: an entry of a known name changes only the fields it
gives, a new name adds an entry, and everything is checked by the assets' own loaders, each
problem one line naming the overlay's file, the entry and the field."""

from __future__ import annotations

import pytest
from overlay_helpers import write_overlay

from game.content import ContentError
from game.content.catalog import build_catalog, load_catalog
from game.content.editions import catalog_for, editions
from game.content.overlay import overlay_from, read_overlay

BASE = load_catalog()


def test_a_known_entry_changes_only_the_fields_it_gives(tough):
    catalog = catalog_for(read_overlay(tough))
    kobold, old = catalog.creatures["kobold"], BASE.creatures["kobold"]
    assert kobold.hit_points == 8 != old.hit_points
    assert kobold.weapon is catalog.armoury.weapons["short sword"]
    assert (kobold.dexterity, kobold.depth, kobold.glyph, kobold.description) == \
        (old.dexterity, old.depth, old.glyph, old.description)
    assert catalog.creatures["cave troll"].attacks[0].name == "claw"
    assert list(catalog.creatures)[:-1] == list(BASE.creatures)  # the new one comes last
    assert catalog.overlay is not None and catalog.overlay.name == "tough"
    assert BASE.creatures["kobold"].hit_points == old.hit_points  # the assets' own untouched


def test_every_kind_of_entry_can_be_added(tmp_path):
    folder = write_overlay(tmp_path / "more", {
        "gear.toml": '[weapon."war pick"]\ndamage = "1d8"\nthreat_from = 21\nmultiplier = 3\n'
                     'skill = "Axes"\nheld = "main"\nnoun = "pick"\n'
                     'damage_types = ["piercing"]\n\n'
                     '[armour."bone plate"]\nslot = "body"\ndefence = 3\ncategory = "Armour"\n'
                     'protection = 2\n\n[armour."ring"]\nweight = 2\n',
        "magic.toml": '[spell."spark"]\nlevel = 1\ncost = 1\nshape = "bolt"\n'
                      'effect = "damage"\nelement = "lightning"\ndamage = "1d4"\nrange = 6\n'
                      'description = "A little spark."\n',
        "people.toml": '[race."gnome"]\ndescription = "Small."\ntrait = "Light step"\n'
                       'trait_text = "quiet"\n\n[class."tinker"]\ndescription = "Handy."\n'
                       'base_hp = 8\nhp_per_level = 4\nmain_hand = "war pick"\n'
                       'worn = ["bone plate"]\nspells = ["spark"]\n',
    })
    catalog = catalog_for(read_overlay(folder))
    assert catalog.armoury.weapons["war pick"].multiplier == 3
    assert catalog.armoury.armour["bone plate"].protection == 2
    assert catalog.armoury.armour["ring"].weight == 2  # a wearable, changed where it is
    assert catalog.magic.spells["spark"].range == 6
    gnome = catalog.characters["gnome tinker"]
    assert gnome.main_hand is catalog.armoury.weapons["war pick"] and gnome.spells == ("spark",)
    assert "dwarf tinker" in catalog.characters and "gnome warrior" in catalog.characters
    assert "gnome tinker" not in BASE.characters


@pytest.mark.parametrize("files, says", [
    ({"c.toml": '[creature."kobold"]\nhit_pointz = 8\n'},
     "c.toml: creature 'kobold': field 'hit_pointz': unknown field"),
    ({"c.toml": '[creature."kobold"]\nhit_points = 0\n'},
     "c.toml: creature 'kobold': field 'hit_points': 0 is below 1"),
    ({"c.toml": '[creature."kobold"]\nhit_points = "8"\n'},
     "c.toml: creature 'kobold': field 'hit_points': expected an integer, not a string"),
    ({"c.toml": '[creature."imp"]\nglyph = "i"\n'},
     "c.toml: creature 'imp': field 'colour': missing required field"),
    ({"c.toml": '[creature."kobold"]\nweapon = "laser"\n'},
     "c.toml: creature 'kobold': field 'weapon': unknown weapon 'laser'"),
    ({"m.toml": '[monster."kobold"]\nhit_points = 8\n'}, "m.toml: unknown table 'monster'"),
    ({"m.toml": 'creature = 3\n'}, "m.toml: 'creature' must be a table of entries"),
    ({"m.toml": '[creature\n'}, "m.toml: invalid TOML"),
    ({"a.toml": '[creature."kobold"]\nhit_points = 7\n',
      "b.toml": '[creature."kobold"]\nhit_points = 9\n'},
     "b.toml: creature 'kobold': also given in "),
    ({"w.toml": '[weapon."spear"]\nheld = "missile"\n'},
     "w.toml: weapon 'spear': field 'ammo': a missile weapon needs the kind of ammunition"),
    ({"p.toml": '[character."dwarf warrior"]\nrace = "gnome"\n'},
     "p.toml: character 'dwarf warrior': field 'race': unknown race 'gnome'"),
    ({"f.toml": '[feud."old"]\nsides = [["kobold"], ["wyvern"]]\n'},
     "f.toml: feud 'old': field 'sides': 'wyvern' is no creature kind or tag"),
])
def test_a_bad_entry_is_one_line_naming_the_overlay_file_entry_and_field(tmp_path, files,
                                                                          says):
    folder = write_overlay(tmp_path / "bad", files)
    with pytest.raises(ContentError) as caught:
        catalog_for(read_overlay(folder))
    message = str(caught.value)
    assert says in message and "\n" not in message
    assert message.startswith(str(folder)), message  # names the overlay's own file


def test_an_asset_entry_an_overlay_broke_says_which_overlay(tmp_path):
    """The kobold of assets/creatures.toml holds a spear; an overlay that makes the spear a
    two-handed weapon breaks nothing, one that takes away its skill does (a character's rank
    in a skill no weapon has)."""
    folder = write_overlay(tmp_path / "spearless", {
        "w.toml": '[weapon."spear"]\nheld = "thrown"\nthrown_range = 0\n'})
    with pytest.raises(ContentError) as caught:
        catalog_for(read_overlay(folder))
    assert "spearless" in str(caught.value) and "thrown_range" in str(caught.value)
    folder = write_overlay(tmp_path / "unheld", {
        "w.toml": '[weapon."spear"]\nheld = "missile"\nammo = "arrow"\nrange = 5\n'})
    with pytest.raises(ContentError) as caught:
        catalog_for(read_overlay(folder))
    message = str(caught.value)
    assert message.startswith("assets/creatures.toml: creature 'kobold': field 'weapon'")
    assert message.endswith("(under the overlay 'unheld')")


@pytest.mark.parametrize("make, says", [
    (lambda p: p, "no such folder"),
    (lambda p: (p.write_text("x = 1\n"), p)[1], "not a folder"),
    (lambda p: (p.mkdir(), p)[1], "no .toml files"),
    (lambda p: write_overlay(p, {"c.tml": "x = 1\n"}), "c.tml: not a .toml file"),
    (lambda p: (write_overlay(p, {"c.toml": ""}), (p / "sub").mkdir(), p)[2],
     "sub: a folder inside an overlay"),
    (lambda p: ((p.mkdir(), (p / "c.toml").write_bytes(b"\xff\xfe")), p)[1], "not UTF-8"),
])
def test_a_folder_that_is_no_overlay_is_one_line(tmp_path, make, says):
    path = make(tmp_path / "mod")
    with pytest.raises(ContentError) as caught:
        read_overlay(path)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_notes_and_hidden_files_beside_the_tables_are_passed_over(tmp_path, tough):
    write_overlay(tough, {"README.md": "# tough kobolds\n", ".swp": "junk"})
    assert [name for name, _ in read_overlay(tough).files] == ["creatures.toml"]


def test_an_overlay_is_its_files_not_its_folder(tmp_path, tough):
    """The same files read from elsewhere (or out of a save) make the same catalog."""
    first = read_overlay(tough)
    held = overlay_from("tough", dict(first.files))
    assert held == first and held.digest == first.digest
    assert catalog_for(held) is catalog_for(first)
    changed = overlay_from("tough", {"creatures.toml": first.files[0][1] + "\n# x\n"})
    assert changed.digest != first.digest


def test_editions_lay_the_old_tables_under_the_games_of_older_versions(tmp_path, monkeypatch):
    """A built-in overlay by version: ``past/<version>/`` holds what the tables were before
    that version, and a game made by an older version plays under it."""
    from game.content import editions as module

    write_overlay(tmp_path / "0.3.0", {"creatures.toml": '[creature."kobold"]\nhit_points = 5\n'})
    write_overlay(tmp_path / "0.2.0", {"creatures.toml": '[creature."kobold"]\nhit_points = 4\n'})
    monkeypatch.setattr(module, "PAST", tmp_path)
    assert editions("0.3.0", tmp_path) == ()
    assert [o.name for o in editions("0.1.0", tmp_path)] == ["0.3.0", "0.2.0"]
    assert catalog_for(made_by="0.3.0").creatures["kobold"].hit_points == 6  # as assets/
    assert catalog_for(made_by="0.2.0").creatures["kobold"].hit_points == 5
    assert catalog_for(made_by="0.1.0").creatures["kobold"].hit_points == 4
    from game.world.game import Game

    old, new = Game(1, made_by="0.2.0"), Game(1)
    try:
        assert old.catalog.creatures["kobold"].hit_points == 5
        assert new.catalog.creatures["kobold"].hit_points == 6
        assert old.content is None  # an edition is no player's overlay: not a modded game
    finally:
        old.close()
        new.close()


def test_without_any_overlay_the_tables_are_the_assets_own():
    assert catalog_for() is build_catalog(None, (), None, None) is load_catalog()
