"""A newcomer's creature and weapon are two tables and a version line (docs/architecture.md,
"Adding to the tables"): done so in a copy of the game, every recording the repository holds
still verifies, the new version's levels hold them, and the older versions' tables do not."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.content import fingerprints

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = sorted({*ROOT.glob("tests/**/*.json"), *ROOT.glob("saves/*.json")})
major, minor, _ = __version__.split(".")
NEXT = f"{major}.{int(minor) + 1}.0"

WEAPON = f'''
[weapon."walkthrough pick"]
since = "{NEXT}"
noun = "pick"
damage = "1d8"
threat_from = 22
multiplier = 3
skill = "Axes"
held = "main"
damage_types = ["piercing"]
weight = 60
'''

CREATURE = f'''
[creature."walkthrough kobold"]
since = "{NEXT}"
glyph = "k"
colour = [180, 140, 60]
depth = 1
frequency = 30
strength = 12
dexterity = 12
constitution = 11
hit_points = 7
weapon = "walkthrough pick"
skills = {{ "Axes" = 1 }}
tags = ["humanoid", "kobold"]
behaviour = "pack"
description = "A kobold with a miner's pick and dust in its scales."
'''

CHECK = """
import json, random, sys
import game
from game import __version__
from game.content.editions import catalog_for
from game.persist.replay import verify
from game.world.play.populate import choose_creatures, choose_items
assert game.__file__.startswith(sys.argv[1]), game.__file__
new, old = catalog_for(), catalog_for(None, sys.argv[2])
out = {"version": __version__,
       "verified": [verify(path) for path in sys.argv[3:]],
       "new": ["walkthrough kobold" in new.creatures, "walkthrough pick" in new.armoury.weapons],
       "old": ["walkthrough kobold" in old.creatures, "walkthrough pick" in old.armoury.weapons],
       "found": [any("walkthrough kobold" in choose_creatures(new, 1, random.Random(s))
                     for s in range(20)),
                 any("walkthrough pick" in choose_items(new, 1, random.Random(s))
                     for s in range(60))]}
print(json.dumps(out))
"""


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "game-copy"
    skip = shutil.ignore_patterns("__pycache__", "fonts")
    shutil.copytree(ROOT / "game", copy / "game", ignore=skip)
    shutil.copytree(ROOT / "assets", copy / "assets", ignore=skip)
    (copy / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "rules.md", copy / "docs")
    return copy


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run([sys.executable, *args], cwd=copy, env=env, capture_output=True,
                          text=True, timeout=600)


def test_a_new_creature_and_weapon_are_two_tables_and_a_version_line(tmp_path):
    copy = _copy(tmp_path)
    init = copy / "game" / "__init__.py"
    text = init.read_text()
    line = next(row for row in text.splitlines() if row.startswith("RELEASES = "))
    init.write_text(text.replace(line, line.replace(")", f', "{NEXT}")')))
    with (copy / "assets" / "weapons.toml").open("a") as tables:
        tables.write(WEAPON)
    with (copy / "assets" / "creatures.toml").open("a") as tables:
        tables.write(CREATURE)

    stale = _run(copy, "-m", "game", "tables")
    assert stale.returncode == 1 and "is out of date" in stale.stdout \
        and f"released/{NEXT}.json is not written" in stale.stdout, stale.stdout + stale.stderr
    wrote = _run(copy, "-m", "game", "tables", "--write")
    assert wrote.returncode == 0, wrote.stderr
    assert (copy / "assets" / "released" / f"{NEXT}.json").exists()
    assert "| walkthrough kobold |" in (copy / "docs" / "rules.md").read_text()
    assert _run(copy, "-m", "game", "tables").returncode == 0

    done = _run(copy, "-c", CHECK, str(copy), __version__, *map(str, RECORDINGS))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["version"] == NEXT
    assert [code for code, _ in out["verified"]] == [0] * len(RECORDINGS), out["verified"]
    assert out["new"] == [True, True] and out["old"] == [False, False]
    assert out["found"] == [True, True]


def test_a_released_entry_changed_without_a_new_version_is_named(tmp_path):
    copy = _copy(tmp_path)
    path = copy / "assets" / "weapons.toml"
    text = path.read_text()
    path.write_text(text.replace('damage = "1d6"', 'damage = "1d7"', 1))
    with (copy / "assets" / "creatures.toml").open("a") as tables:
        tables.write(CREATURE.replace(f'since = "{NEXT}"\n', "").replace(
            'weapon = "walkthrough pick"', 'weapon = "spear"'))
    told = _run(copy, "-m", "game", "tables", "--write")
    assert told.returncode == 1 and told.stderr.count("\n") == 1, told.stderr
    assert "creature 'walkthrough kobold' added" in told.stderr
    assert "changed" in told.stderr and "since" in told.stderr
    sample = next(p for p in RECORDINGS if p.name == "sample.json")
    checked = _run(copy, "-m", "game", "verify", str(sample))
    assert checked.returncode == 1
    assert "out of sync at action" in checked.stdout
    assert "creature 'walkthrough kobold' added" in checked.stdout, checked.stdout


def test_every_release_has_its_fingerprint_and_its_tables_are_as_released():
    assert not fingerprints.missing(), "python -m game tables --write"
    for version in fingerprints.RELEASES:
        found = fingerprints.changes(version)
        assert not found, fingerprints.advice(version, found)


def test_the_fingerprint_names_an_added_changed_gone_and_moved_entry():
    then = {"weapon": [["a", "1"], ["b", "2"], ["c", "3"]]}
    assert fingerprints.differences(then, then) == []
    now = {"weapon": [["a", "1"], ["b", "9"], ["d", "4"]]}
    assert fingerprints.differences(then, now) == ["weapon 'd' added", "weapon 'c' gone",
                                                   "weapon 'b' changed"]
    moved = {"weapon": [["b", "2"], ["a", "1"], ["c", "3"]]}
    assert fingerprints.differences(then, moved) == ["the weapon entries in another order"]


def test_since_must_name_a_version_of_the_game(tmp_path):
    from overlay_helpers import write_overlay

    from game.content.editions import catalog_for
    from game.content.loader import ContentError
    from game.content.overlay import read_overlay

    folder = write_overlay(tmp_path / "later", {"w.toml": WEAPON.replace(NEXT, "9.9.9")})
    with pytest.raises(ContentError) as told:
        catalog_for(read_overlay(folder))
    assert "later/w.toml: weapon 'walkthrough pick': field 'since': '9.9.9' is not a version " \
           "of the game (one of '0.1.0'" in str(told.value) and "\n" not in str(told.value)


def test_a_table_read_alone_holds_its_newer_entries_too(tmp_path):
    from game.content.loader import load_weapons

    path = tmp_path / "weapons.toml"
    text = (ROOT / "assets" / "weapons.toml").read_text()
    path.write_text(text + WEAPON.replace(NEXT, __version__))
    weapons, _ = load_weapons(path)
    assert "walkthrough pick" in weapons and weapons["walkthrough pick"].damage.sides == 8
