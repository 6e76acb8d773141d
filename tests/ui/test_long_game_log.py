"""A long game's log: a message said again ("(x2)") is one new line, not the whole log again
behind --more--, and Esc skips every page left."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from game.persist import savefile
from game.ui.app import GameApp
from game.ui.main_screen import MainScreen
from game.ui.more import MoreScreen
from game.ui.view import new_lines

LONG = Path(__file__).parent.parent / "persist" / "earlier" / "coc-human-duelist.json"


def text(app, width=80, height=24) -> str:
    console = tcod.console.Console(width, height, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(height))


def test_bumping_a_wall_twice_in_a_long_game_brings_back_nothing_old():
    engine = savefile.continue_game(LONG)  # turn 2,151, 299 messages, a wall to the north
    try:
        assert engine.turn > 2000 and len(engine.log) > 200
        first = engine.log[0].line
        app = GameApp.from_engine(engine)
        text(app)
        for bump in range(1, 4):
            app.handle_key("k")
            assert isinstance(app.screen, MainScreen), f"--more-- after bump {bump}"
            assert engine.log[-1].line.startswith("There is a wall in the way.")
            assert len(new_lines(app.session, 78)) == 1
            assert first not in text(app)
        assert engine.log[-1].line == "There is a wall in the way. (x3)"
    finally:
        engine.close()


def test_escape_skips_every_page_left():
    from tests.ui.test_more import crowded  # eight kobolds and every roll: many pages
    app = crowded()
    text(app)
    app.handle_key("l")
    more = app.screen
    assert isinstance(more, MoreScreen)
    text(app)
    assert more.count > 2 * more.rows  # Space would turn more than one page
    app.handle_key("escape")
    assert isinstance(app.screen, MainScreen)
