"""The morgue holds the inventory, level and experience, the spells known and the combat
system; the score table has a rules column (a row from before it reads as the manual's);
game time is said to be game time."""

from __future__ import annotations

import json
from pathlib import Path

from game.commands.endings import record_end
from game.persist import scores
from game.ui.morgue import morgue_text
from game.world.core.components import Hero
from game.world.game import Game

ROOM = "#####\n#@..#\n#####"


def ended(rules: str = "tides", character: str = "human mage") -> Game:
    engine = Game.scenario(ROOM, character=character, rules=rules)
    engine.now = (3 * 3600 + 1 * 60 + 48) * 10  # 3:01:48 of the game's clock
    engine.outcome, engine.cause = "died", "killed by a kobold on depth 1"
    hero = engine.component(engine.player, Hero)
    hero.level, hero.xp = 2, 15
    return engine


def test_the_morgue_lists_inventory_level_spells_and_rules():
    engine = ended()
    try:
        text = morgue_text(engine, 100)
        assert "3:01:48 of game time" in text and "game time 3:01:48" not in text
        assert "Level 2, 15 experience (next level at 72)" in text  # 0.3.0's step, 12 x 3 x 2
        assert "Rules: tides" in text
        inventory = text.split("Inventory\n", 1)[1].split("\n\n", 1)[0].splitlines()
        assert inventory and all(line.startswith("  ") and ") " in line for line in inventory)
        assert any("(wielded)" in line for line in inventory)
        spells = text.split("Spells\n", 1)[1].split("\n\n", 1)[0]
        assert "frost bolt" in spells and "spell points left" in spells
    finally:
        engine.close()


def test_a_score_row_names_its_rules_and_an_old_row_reads_as_the_manual(tmp_path: Path):
    path = tmp_path / "scores.json"
    old = {"score": 300, "character": "elf ranger", "seed": 1, "outcome": "died",
           "cause": "killed by a goblin on depth 3", "depth": 3, "turns": 900,
           "wizard": False, "date": "2025-01-01"}
    path.write_text(json.dumps({"format": scores.FORMAT, "scores": [old]}))
    engine = ended()
    try:
        shown = record_end(engine, tmp_path / "hero.json").lines
    finally:
        engine.close()
    rows = json.loads(path.read_text())["scores"]
    assert {r.get("rules") for r in rows} == {None, "tides"}
    header, *lines = shown[1:4]  # after the line naming the morgue
    assert "rules" in header and "score" in header
    assert any("human mage" in line and " tides " in line for line in lines)
    assert any("elf ranger" in line and " manual " in line for line in lines)
    assert all(len(line) <= 78 for line in scores.table(scores.read(path)))


def test_a_long_name_and_a_long_ending_fit_the_end_screen():
    """The end screen sets the table in by a column at 80: a won game's row ("escaped with
    the amulet of the deep") wrapped its last word onto a line of its own."""
    rows = [{"score": 2270, "character": name, "seed": 21, "outcome": "won",
             "cause": "escaped with the amulet of the deep", "depth": 6, "turns": 3241,
             "wizard": True, "date": "2026-12-02", "rules": "manual"}
            for name in ("dwarf warrior", "lizardfolk berserker")]
    lines = scores.table(rows)
    assert all(len(" " + line) <= 78 for line in lines)
    assert lines[1].endswith(" 3241 escaped with the amulet...")
    assert lines[2].endswith(" 3241 escaped with the...")
