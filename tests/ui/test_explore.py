"""Auto-explore (o): recorded steps towards the unknown, stopping when something happens."""

from __future__ import annotations

from test_screens import press

from game.ui.app import GameApp
from game.world.core import actions as A
from game.world.game import Game

HALL = """
##############################
#@...........................#
##############################
"""


def app_for(picture: str, legend: dict, *, auto_pickup: bool = True) -> GameApp:
    """A game on the picture with the game option a new game gets by default (auto-pickup)."""
    return GameApp.from_engine(Game.scenario(picture, legend, seed=1, auto_pickup=auto_pickup))


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
    app = app_for(HALL.replace("@....", "@..)!").replace("....#\n####", "...>#\n####"),
                  {")": "dagger", "!": "healing potion"})
    engine = app.engine
    press(app, "o")
    assert engine.position(engine.player).x == 4  # on the dagger, which auto-pickup leaves
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
    from game.world.core.components import Trap
    from game.world.play import traps

    app = app_for(LOOP.replace("^", "."), {})
    engine = app.engine
    trap = traps.create(engine, "pit", 4, 3, 1)
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


def test_explore_and_steps_pick_up_potions_and_your_own_missiles_but_not_with_the_option_off():
    from game.ui.options import Options
    from game.world.core.components import Item

    picture = HALL.replace("@....", "@.!..")
    app = app_for(picture, {"!": "healing potion"})
    press(app, "o")
    names = [app.engine.item_name(i) for i in app.engine.inventory()]
    assert "3 healing potions" in names  # stacked with the two it started with
    first = app.engine.actions[:3]  # the pick-up is the world's, part of the step
    assert first[:2] == [A.Move(1, 0), A.Move(1, 0)] and all(a.tag == "move" for a in first)
    # the game's option decides, whatever the options file says of new games
    off = GameApp.from_engine(Game.scenario(picture, {"!": "healing potion"}, seed=1))
    press(off, "l", "l")
    assert all(a.tag == "move" for a in off.engine.actions) and off.engine.items_at(3, 1)
    on = app_for(picture, {"!": "healing potion"})
    on.session.options = Options(auto_pickup=False)
    press(on, "l", "l")
    assert not on.engine.items_at(3, 1)
    thrown = app_for(HALL.replace("@....", "@.).."), {")": "dagger"})
    dagger = thrown.engine.items_at(3, 1)[0]
    thrown.engine.component(dagger, Item).thrown = True
    press(thrown, "l", "l")
    assert "dagger" in [thrown.engine.item_name(i) for i in thrown.engine.inventory()]


def test_travel_to_the_stairs_and_to_a_chosen_cell_in_recorded_steps():
    picture = HALL.replace("....#\n####", "...>#\n####")
    app = app_for(picture, {})
    engine = app.engine
    engine.gamemap.explored[:, :] = True  # the whole hall seen, its far end out of sight
    press(app, "G")
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == engine.gamemap.stairs_down
    assert all(a.tag == "move" for a in engine.actions) and len(engine.actions) == 27
    press(app, "_", "left", "left", "left", "enter")
    assert engine.position(engine.player).x == 28 - 3
    press(app, "_", ">", ".")
    assert (engine.position(engine.player).x, 1) == engine.gamemap.stairs_down


def test_travel_stops_when_a_creature_comes_into_view_and_knows_unfound_stairs():
    app = app_for(HALL.replace("..#\n#####", "k.#\n#####"), {"k": "kobold"})
    engine = app.engine
    engine.gamemap.explored[:, :] = True
    press(app, "_")
    for _ in range(27):
        press(app, "right")
    press(app, "enter")
    kobold = engine.creatures_here()[0][0]
    assert engine.sees(kobold) and engine.position(engine.player).x < 27
    assert "comes into view" in engine.log[-1].text
    fresh = app_for(HALL, {})
    press(fresh, "U")  # depth 1's way out is where it starts; no stairs down known
    press(fresh, "G")
    assert "not found the stairs down" in fresh.session.notice


def test_auto_pickup_says_only_what_it_picked_up_and_the_floor_the_rest():
    """Stepping onto a potion that auto-pickup takes: "You pick up ...", not "You see here:
    healing potion." first; what it leaves (a dagger) is still seen there."""

    texts = lambda app: [m.text for m in app.engine.log]  # noqa: E731
    alone = app_for(HALL.replace("@....", "@!..."), {"!": "healing potion"})
    press(alone, "l")
    assert texts(alone)[-1] == "You pick up the healing potion (c)."
    assert not any(t.startswith("You see here") for t in texts(alone))
    engine = Game.scenario(HALL.replace("@....", "@!..."), {"!": "dagger"}, seed=1,
                           auto_pickup=True)
    engine.create_item("healing potion", 1, engine.position(engine.items_at(2, 1)[0]))
    both = GameApp.from_engine(engine)
    press(both, "l")
    assert texts(both)[-2:] == ["You see here: dagger.", "You pick up the healing potion (c)."]
    off = app_for(HALL.replace("@....", "@!..."), {"!": "healing potion"}, auto_pickup=False)
    press(off, "l")
    assert texts(off)[-1] == "You see here: healing potion."
