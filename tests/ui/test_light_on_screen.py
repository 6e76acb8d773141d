"""At 80x24 the map view keeps the player's whole light on screen: a creature that comes into
view is drawn (the view moves once the light would reach past its edge)."""

from __future__ import annotations

import tcod.console

from game.ui.app import GameApp
from game.ui.view import Layout
from game.world.core.sight import LIGHT_RADIUS
from game.world.game import Game
from game.world.play.bot import Bot


def test_the_light_stays_on_screen_at_80x24_as_the_bot_walks():
    engine = Game(5, "dwarf warrior")
    app = GameApp.from_engine(engine)
    console = tcod.console.Console(80, 24, order="F")
    view = Layout.of(console).map
    gm = engine.gamemap
    checked = 0

    def submit(action):
        nonlocal checked
        result = app.session.act(action)
        app.draw(console)
        pos = engine.position(engine.player)
        ox, oy = app.session.camera.origin
        for at, size, start, shown in ((pos.x, gm.width, ox, view.w),
                                       (pos.y, gm.height, oy, view.h)):
            if size > shown:
                assert start <= max(0, at - LIGHT_RADIUS), (action, pos, (ox, oy))
                assert start + shown - 1 >= min(size - 1, at + LIGHT_RADIUS), (pos, (ox, oy))
        checked += 1
        return result

    try:
        Bot(engine, 5, turns=300).play(submit, 150)
        assert checked >= 150 and engine.depth == 1
    finally:
        engine.close()
