"""Auto-explore (o): recorded steps towards the unknown, stopping when something happens."""

from __future__ import annotations

from test_screens import press

from game.ui.app import GameApp
from game.world.engine import Engine

HALL = """
##############################
#@...........................#
##############################
"""


def app_for(picture: str, legend: dict) -> GameApp:
    return GameApp.from_engine(Engine.scenario(picture, legend, seed=1))


def test_explore_walks_into_the_unknown_until_a_creature_shows():
    app = app_for(HALL.replace("..#\n#####", "k.#\n#####"), {"k": "kobold"})
    engine = app.engine
    press(app, "o")
    pos = engine.position(engine.player)
    kobold = engine.creatures_here()[0][0]
    assert pos.x > 1 and engine.sees(kobold)
    assert len(engine.actions) == pos.x - 1  # every step a recorded move
    assert all(a.tag == "move" for a in engine.actions)


def test_explore_stops_on_an_item_and_goes_to_the_stairs_when_done():
    app = app_for(HALL.replace("@....", "@..!.").replace("....#\n####", "...>#\n####"),
                  {"!": "healing potion"})
    engine = app.engine
    press(app, "o")
    assert engine.position(engine.player).x == 4  # on the potion
    press(app, "g")
    for _ in range(10):
        press(app, "o")
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == engine.gamemap.stairs_down
    press(app, "o")
    assert "stairs down" in app.session.notice


def test_explore_refuses_with_a_creature_in_view():
    app = app_for(HALL.replace("@...", "@.k."), {"k": "kobold"})
    press(app, "o")
    assert app.engine.actions == [] and "creature in view" in app.session.notice


LOOP = """
####################
#..................#
#.################.#
#@..^..............#
####################
"""


def test_explore_goes_round_a_known_trap():
    from game.world import traps
    from game.world.components import Trap

    app = app_for(LOOP.replace("^", "."), {})
    engine = app.engine
    trap = traps.create("pit", 4, 3, 1)
    engine.component(trap, Trap).hidden = False
    engine.gamemap.explored[:, :] = True
    engine.gamemap.explored[18, 3] = False  # the unknown lies beyond the trap, out of sight
    for _ in range(30):
        press(app, "o")
        pos = engine.position(engine.player)
        assert (pos.x, pos.y) != (4, 3)
        if engine.gamemap.explored[18, 3]:
            break
    assert engine.gamemap.explored[18, 3] and "You fall into a pit!" not in [
        m.text for m in engine.log]
