"""The end screen shows the level and the deepest depth (and the depth of a death above it),
and the start screen's last entry is the hall of fame: the best scores, the games ended."""

from __future__ import annotations

import io
import os
import shutil

import tcod.console

from game.commands.endings import hall_of_fame, scores_lines
from game.persist import scores
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.screen import Session
from game.ui.start import HALL
from game.world.core.components import Hero
from game.world.game import Game

ROOM = """
#######
#@.<>.#
#######
"""


def frame(screen) -> str:
    console = tcod.console.Console(80, 24, order="F")
    screen.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))


def test_the_end_screen_says_the_level_and_the_deepest_depth():
    engine = Game.scenario(ROOM, {})
    try:
        for depth in (2, 3, 4, 2):
            engine.go_to_level(depth)
        engine.component(engine.player, Hero).level = 5
        engine.outcome, engine.cause = "dead", "killed by a troll on depth 2"
        shown = frame(EndScreen(Session(engine)))
        assert "Level       5" in shown
        assert "Depth       died on depth 2, deepest 4" in shown
        engine.go_to_level(4)
        assert "Depth       4 (the deepest reached)" in frame(EndScreen(Session(engine)))
    finally:
        engine.close()


def test_the_hall_of_fame_is_a_key_away_on_the_start_screen(tmp_path):
    cause = "escaped with the amulet of the deep after killing the draugr lord on depth 8"
    scores.record({"score": 2300, "character": "lizardfolk berserker", "seed": 9,
                   "outcome": "won", "cause": cause, "depth": 8, "turns": 12345,
                   "wizard": False}, tmp_path / "scores.json")
    (tmp_path / "elf-mage-5-morgue.txt").write_text("dump")
    lines = hall_of_fame(tmp_path)
    assert any("escaped with the amulet of the deep after killing the draugr lord" in line
               for line in lines)  # whole: the screen wraps it
    assert "  elf-mage-5-morgue.txt" in lines
    app = GameApp(1, hall=lambda: lines)
    start = app.screen
    app.handle_key("abcdefghijklmnopqrstuvwxyz"[start.names.index(HALL)])
    shown = " ".join(frame(app).split())
    assert "Hall of fame" in shown and "escaped with the amulet of the deep after" in shown
    assert "elf-mage-5-morgue.txt" in shown
    app.handle_key("escape")
    assert app.screen is start
    assert HALL not in GameApp(1).screen.names  # offered only where there is a table to read


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_scores_wraps_a_long_cause_at_a_terminal_and_prints_it_whole_into_a_pipe(
        tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    cause = "escaped with the amulet of the deep after killing the draugr lord"
    path = tmp_path / "scores.json"
    scores.record({"score": 2300, "character": "lizardfolk berserker", "seed": 9,
                   "outcome": "won", "cause": cause, "depth": 8, "turns": 12345,
                   "wizard": False}, path)
    table = scores.read(path)
    assert any(line.endswith(cause) for line in scores_lines(table, io.StringIO()))
    at_terminal = scores_lines(table, Terminal())
    assert all(len(line) < 80 for line in at_terminal)
    assert cause in " ".join(" ".join(at_terminal).split()) and "..." not in at_terminal[1]
