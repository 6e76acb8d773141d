"""Aiming needs a clear line: the cursor starts on a creature a shot would fly straight to,
says so when none in view has one, and Enter at one behind a corner does not fire."""

from __future__ import annotations

from test_screens import press, text

from game.ui.app import GameApp
from game.ui.target import TargetScreen
from game.world.game import Game

CORNER = """
#########
#@#.....#
#..k....#
#.......#
#########
"""  # the kobold is in view round the corner, but a line to it crosses the wall at (2, 1)


def test_aiming_with_no_clear_line_in_view_says_so_and_enter_at_the_creature_does_not_fire():
    app = GameApp.from_engine(Game.scenario(CORNER, {"k": "kobold"}, character="elf ranger"))
    engine = app.engine
    press(app, "t")
    assert isinstance(app.screen, TargetScreen)
    assert app.screen.cursor == (1, 1)  # not on the kobold: nothing would reach it
    assert "No creature in view has a clear line of fire" in text(app)
    press(app, "l", "j")  # the cursor on the kobold by hand
    assert app.screen.cursor == (2, 2)
    press(app, "l")
    assert app.screen.cursor == (3, 2)
    press(app, "enter")
    assert isinstance(app.screen, TargetScreen) and engine.turn == 0 and not engine.actions
    assert "You have no clear line of fire to the kobold." in text(app)


def test_aiming_starts_on_a_creature_with_a_clear_line_past_a_nearer_one_without():
    picture = CORNER.replace("#.......#\n#########", "#g......#\n#########")
    app = GameApp.from_engine(Game.scenario(picture, {"k": "kobold", "g": "goblin"},
                                            character="elf ranger"))
    press(app, "t")
    assert app.screen.cursor == (1, 3)
