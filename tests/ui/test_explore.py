"""Auto-explore (o): recorded steps towards the unknown, stopping when something happens."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from test_screens import press, render

from game.persist import savefile
from game.ui.app import GameApp
from game.ui.explore import StairsOffer
from game.world.core import actions as A
from game.world.core.components import Creature, Item, Position, Trap
from game.world.game import Game
from game.world.play import autopickup, travel

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


def test_explore_takes_what_auto_pickup_takes_ignores_seen_junk_and_offers_the_stairs():
    """A dagger in view from the start is seen already: explore walks over it without a stop,
    takes the potion, and once the hall is explored says so and offers the stairs down."""
    app = app_for(HALL.replace("@....", "@..)!").replace("....#\n####", "...>#\n####"),
                  {")": "dagger", "!": "healing potion"})
    engine = app.engine
    press(app, "o")
    assert "3 healing potions" in [engine.item_name(i) for i in engine.inventory()]
    assert engine.items_at(4, 1) and all(a.tag == "move" for a in engine.actions)
    offer = app.screen
    assert isinstance(offer, StairsOffer)
    assert offer.question == "Done exploring. Travel to the stairs down (>)? (y/n)"
    press(app, "y")
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == engine.gamemap.stairs_down and app.screen is not offer
    press(app, "o")
    assert app.session.notice == "Done exploring. You stand on the stairs down (>)."


def test_explore_stops_once_for_a_thing_it_will_not_take_and_never_again():
    picture = HALL.replace("........#\n###", "......)>#\n###")
    app = app_for(picture, {")": "battle axe"})
    engine = app.engine
    press(app, "o")
    assert app.session.notice == "You see: battle axe."
    stopped = engine.position(engine.player).x
    assert engine.gamemap.visible[27, 1] and stopped < 27
    press(app, "o")
    assert isinstance(app.screen, StairsOffer)  # explored, without another stop
    press(app, "n")
    assert engine.position(engine.player).x > stopped and not isinstance(app.screen, StairsOffer)
    press(app, "G")  # travel walks over the axe, never stopping for it either
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == engine.gamemap.stairs_down


def test_explore_with_auto_pickup_off_goes_for_nothing():
    """With the game's auto-pickup off explore takes nothing; a potion first seen on the way
    stops it once, as any thing it will not take does."""
    picture = HALL.replace("........#\n###", ".......!#\n###")
    app = app_for(picture, {"!": "healing potion"}, auto_pickup=False)
    engine = app.engine
    press(app, "o")
    assert app.session.notice == "You see: healing potion."
    press(app, "o")
    assert app.session.notice == "Done exploring."  # a level with no stairs down
    assert all(a.tag == "move" for a in engine.actions) and engine.items_at(28, 1)


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


RECORDING = Path(__file__).parent / "recordings" / "bot-depth5.json"  # recordings/make_*.txt


def test_explore_on_a_recorded_long_game_takes_the_potions_and_reaches_the_stairs():
    """A bot's game 1,250 actions long, on depth 5 with the level part explored and things
    lying about, its creatures and traps taken away: explore takes the potions and the player's own
    thrown dagger, stops once for each new thing it leaves, never for the junk seen before,
    visits no cell more than a few times and ends on the stairs it offers."""
    engine = savefile.continue_game(RECORDING)
    for eid, _ in engine.located(Creature) + engine.located(Trap):  # nothing to stop it but
        engine.store.delete(eid)  # what it sees (0.3.0's darts on depth 5 hurt more)
    gm, lying, seen, unseen = engine.gamemap, {}, set(), set()
    for eid, _, at in engine.store.items.on(engine.depth):
        lying[engine.item_name(eid)] = eid
        if not autopickup.wanted(engine, eid):
            (seen if gm.explored[at.x, at.y] else unseen).add(engine.item_name(eid))
    seen_junk = seen - unseen  # (a ring seen and another not: the same name)
    thrown = lying["dagger"]
    engine.component(thrown, Item).thrown = True  # as if the player had thrown it
    wanted = [lying["healing potion"], lying["fizzy potion"], thrown]
    app = GameApp.from_engine(engine)
    recorded, visits = len(engine.actions), Counter()
    submit = engine.submit

    def counted(action):
        result = submit(action)
        at = engine.position(engine.player)
        visits[at.x, at.y] += 1
        return result

    engine.submit = counted  # type: ignore[method-assign]
    notices = []
    for _ in range(40):
        press(app, "o")
        if isinstance(app.screen, StairsOffer):
            break
        notices.append(app.session.notice)
    assert app.screen.question == "Done exploring. Travel to the stairs down (>)? (y/n)"
    press(app, "y")
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == gm.stairs_down
    assert not any(engine.exists(i) and engine.store.find(i, Position) for i in wanted)
    assert len(seen_junk) >= 2 and not any(n in str(notices) for n in seen_junk)
    assert all(n.startswith("You see: ") for n in notices) and len(set(notices)) == len(notices)
    assert {a.tag for a in engine.actions[recorded:]} <= {"move", "pick_up"}
    assert max(visits.values()) <= 4
    assert not travel.frontier(gm).any() and len(visits) > 250  # the level explored


def test_travel_remembers_its_last_target_and_goes_to_a_remembered_thing():
    picture = HALL.replace("@....", "@....").replace("....#\n####", ")..>#\n####")
    app = app_for(picture, {")": "battle axe"})
    engine = app.engine
    engine.gamemap.explored[:, :] = True
    press(app, "_", *["right"] * 9, "enter")
    assert engine.position(engine.player).x == 10
    press(app, "G")
    assert engine.position(engine.player).x == 28
    press(app, "_")
    assert app.screen.cursor == (10, 1)  # the cell travel last went to (G has its own key)
    press(app, "escape", "_", "tab")
    assert app.screen.cursor == (25, 1)  # the axe, remembered lying there
    press(app, "enter")
    assert engine.position(engine.player).x == 25
    press(app, *["left"] * 20, "_", "enter")  # _ then Enter: the last target again
    assert engine.position(engine.player).x == 25


def test_explore_says_what_it_cannot_reach():
    """Floor known beyond a wall with no known way round (a map read, say) is out of reach:
    explore ends "partly explored" and names what it cannot reach."""
    picture = """
#############
#@...#......#
#....#......#
#############
"""
    app = app_for(picture, {})
    engine = app.engine
    engine.gamemap.explored[6:9, :] = True  # part of the far room known, the rest not
    engine.create_item("healing potion", 1, Position(7, 1, 1))
    app.session.explorer().look()
    press(app, "o")
    assert app.session.notice == "Partly explored: some places and items out of reach."
    engine.delete(engine.items_at(7, 1)[0])
    press(app, "o")
    assert app.session.notice == "Partly explored: some places out of reach."


def test_the_stairs_offer_fits_80_columns_when_partly_explored():
    picture = """
###############
#@....>#......#
#......#......#
###############
"""
    app = app_for(picture, {})
    app.engine.gamemap.explored[8:11, :] = True  # the far room part known, out of reach
    press(app, "o")
    assert app.session.notice == "Partly explored: some places out of reach."
    question = "Partly explored. Travel to the stairs down (>)? (y/n)"
    assert isinstance(app.screen, StairsOffer) and app.screen.question == question
    assert any(question in line for line in render(app))


def test_explore_after_magic_mapping_goes_to_what_the_map_shows_but_was_never_seen():
    """A scroll of magic mapping shows the level's shape: explore then goes on to the places
    it shows that the player has not seen, and stops for the creature and the thing there,
    rather than saying "Done exploring" at once."""
    picture = """
##############################
#@..#########################
#...........................#
#####################.......#
####################........#
##############################
"""
    picture = "\n".join(row.ljust(30, "#") for row in picture.strip("\n").splitlines())
    app = app_for(picture, {})
    engine = app.engine
    far = (25, 3)
    engine.create_item("battle axe", 1, Position(*far, 1))
    scroll = engine.create_item("scroll of magic mapping", 1, Position(1, 1, 1))
    app.session.act(A.PickUp(scroll))
    carried = next(i for i in engine.inventory() if "scroll" in engine.item_name(i))
    app.session.act(A.Read(carried))
    assert engine.gamemap.explored[far] and not engine.gamemap.visible[far]
    notices = []
    for _ in range(10):
        press(app, "o")
        notices.append(app.session.notice)
        if notices[-1] == "Done exploring.":  # a level with no stairs down: no offer
            break
    assert notices[-2:] == ["You see: battle axe.", "Done exploring."], notices
    assert engine.gamemap.visible[far] or engine.position(engine.player).x > 20


def test_explore_and_travel_say_why_they_do_not_go():
    """The lines docs/rules.md quotes for a press of o, G or _ that cannot go."""
    from game.ui.explore import travel_to

    picture = """
#############
#@..k#......#
#....#......#
#############
"""
    app = app_for(picture, {"k": "kobold"})
    press(app, "o")
    assert app.session.notice == "Not with a creature in view."
    engine = app.engine
    engine.delete(engine.creatures_here()[0][0])
    engine.gamemap.explored[6:12, :] = True  # the far room known, with no known way there
    travel_to(app.session, (7, 1), "unused")
    assert app.session.notice == "You know no way there." and engine.actions == []
