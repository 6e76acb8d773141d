"""The map does not move when a mode opens or closes: every key of the key table (and the
menus' ways on to an aiming cursor, examining and travel), pressed on an 80x40 level at 80x24
and at 120x40, leaves the player drawn where it was while the mode is open (wherever the map
shows) and after it closes. A player once misread a position when aiming jumped the map five
rows, and stepped away from a fight."""

from __future__ import annotations

import pytest
from test_screens import press, render, where

from game.ui import keys
from game.ui.app import GameApp
from game.ui.look import LookScreen
from game.ui.main_screen import MainScreen
from game.ui.view import Layout
from game.world.game import Game

SIZES = ((80, 24), (120, 40))


def level() -> str:
    """An 80x40 walled room: the player at (40, 20), a kobold five rows up (in view, so aiming
    starts on it), a dagger beside the player."""
    rows = []
    for y in range(40):
        row = ["#" if x in (0, 79) or y in (0, 39) else "." for x in range(80)]
        rows.append(row)
    rows[20][40], rows[15][43], rows[20][41] = "@", "k", "d"
    return "\n".join("".join(row) for row in rows)


def app_for(character: str) -> GameApp:
    engine = Game.scenario(level(), {"k": "kobold", "d": "dagger"}, character=character,
                           wizard=True)
    return GameApp.from_engine(engine)


def player_on_screen(app: GameApp, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where the @ is drawn on the map's rows, or None when a screen covers it."""
    rows = Layout.sized(*size).map.h
    found = where(render(app, *size)[:rows], "@")
    assert len(found) <= 1
    return found[0] if found else None


def drawn_under(app: GameApp):
    """The screen drawn whole beneath any overlays (a menu, a prompt) over it."""
    return next(screen for screen in reversed(app.stack) if not screen.overlay)


SEQUENCES = [(key,) for key, b in keys.KEYMAP.items() if b.command != "save"] + [
    ("T", "a"), ("Z", "a"), ("i", "a"), ("x", "l", "v"), ("x", "tab"), ("t", "tab"),
    ("_", "tab"), ("_", ">"), ("x", "k", "k", "k", "h", "h"), ("t", "k", "k"),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("character", ["elf ranger", "human mage"])
def test_no_mode_moves_the_map_as_it_opens_or_closes(character, size):
    modes = 0
    for sequence in SEQUENCES:
        app = app_for(character)
        engine = app.engine
        try:
            before = player_on_screen(app, size)
            assert before is not None
            for key in sequence:
                app.handle_key(key)
                if engine.actions:
                    break  # it acted (a step, a rest): the player may move, and the view
                if not isinstance(drawn_under(app), MainScreen | LookScreen):
                    continue  # a page of its own (help, the log, @): no map to move
                during = player_on_screen(app, size)
                assert during in (before, None), (sequence, key, before, during)
                if isinstance(app.screen, LookScreen):  # look, aiming, travel: the map shows
                    assert during == before, (sequence, key)
            if engine.actions or len(app.stack) == 1 and sequence[0] in keys.DIRECTIONS:
                continue
            modes += len(app.stack) > 1
            for _ in range(4):
                if len(app.stack) == 1:
                    break
                app.handle_key("escape")
            if engine.actions:
                continue  # a prompt's escape that acts (none does today)
            assert len(app.stack) == 1, sequence
            assert player_on_screen(app, size) == before, sequence
        finally:
            engine.close()
    assert modes >= 15  # the menus, look, aiming, travel, the log, help, @, m, the wizard's


def test_a_cursor_taken_off_the_screen_moves_the_view_only_as_far_as_it_must():
    size = (80, 24)
    app = app_for("elf ranger")
    try:
        before = player_on_screen(app, size)
        assert before is not None
        press(app, "x", *["j"] * 8)  # to the last row shown: nothing moves
        assert player_on_screen(app, size) == before
        press(app, "j")  # one past it: the view moves one row
        assert player_on_screen(app, size) == (before[0], before[1] - 1)
        press(app, "escape")
        assert player_on_screen(app, size) == before  # and stands where it did on closing
    finally:
        app.engine.close()
