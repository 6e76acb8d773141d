"""Where explore goes next (``play/explore.Explorer``): the nearest unknown place or a thing
auto-pickup takes, what it has seen, what it leaves alone."""

from __future__ import annotations

from game.world.core import actions as A
from game.world.core.components import Item, Position
from game.world.game import Game
from game.world.play import stacks
from game.world.play.explore import ITEM_GREED, Explorer

CORRIDOR = "#" * 62 + "\n#" + "." * 60 + "#\n" + "#" * 62 + "\n"


def corridor(at: int, things: dict[int, str], explored_to: int, engines) -> Game:
    """A corridor with the player at x ``at``, things lying at their x, the corridor known up
    to x ``explored_to`` (the unknown lies beyond it)."""
    row = list("." * 60)
    row[at - 1] = "@"
    picture = "#" * 62 + "\n#" + "".join(row) + "#\n" + "#" * 62 + "\n"
    engine = Game.scenario(picture, seed=1, auto_pickup=True)
    engines.append(engine)
    for x, name in things.items():
        engine.create_item(name, 1, Position(x, 1, 1))
    engine.gamemap.explored[:, :] = False
    engine.gamemap.explored[: explored_to + 1, :] = True
    return engine


def walk(engine: Game, explorer: Explorer, limit: int = 200) -> list[A.Action]:
    """Do what the explorer says until it says nothing (refusals included, not recorded)."""
    done = []
    for _ in range(limit):
        action = explorer.next_action()
        if action is None:
            break
        done.append(action)
        engine.submit(action)
        explorer.look()
    return done


def test_a_thing_to_take_wins_over_the_unknown_up_to_the_greed_further(engines):
    near = corridor(30, {30 - 8 - ITEM_GREED: "healing potion"}, 38, engines)
    goal = Explorer(near).goal()
    assert goal is not None and goal.item is not None and goal.cell == (12, 1)
    far = corridor(30, {30 - 9 - ITEM_GREED: "healing potion"}, 38, engines)
    goal = Explorer(far).goal()
    assert goal is not None and goal.item is None and goal.cell == (38, 1)


def test_explore_takes_the_potion_then_explores_and_ends(engines):
    engine = corridor(30, {15: "healing potion", 20: "battle axe"}, 38, engines)
    explorer = Explorer(engine)
    done = walk(engine, explorer)
    names = [engine.item_name(i) for i in engine.inventory()]
    assert "3 healing potions" in names and all(a.tag == "move" for a in done)
    assert engine.items_at(20, 1)  # the axe: seen, not wanted, left
    assert engine.gamemap.explored.all() or not explorer.out_of_reach()
    assert explorer.next_action() is None and explorer.out_of_reach() == []


def test_a_dropped_potion_is_left_but_a_thrown_dagger_is_fetched(engines):
    engine = corridor(30, {24: "dagger"}, 38, engines)
    explorer = Explorer(engine)
    potion = next(i for i in engine.inventory() if "healing" in engine.item_name(i))
    engine.submit(A.Drop(potion))
    explorer.look()
    dagger = engine.items_at(24, 1)[0]
    assert not explorer.wants(potion) and not explorer.wants(dagger)
    engine.component(dagger, Item).thrown = True
    assert explorer.wants(dagger)
    goal = explorer.goal()
    assert goal is not None and goal.item == dagger


def test_arriving_on_a_thing_picks_it_up_and_a_refused_one_is_tried_once(engines, monkeypatch):
    engine = corridor(30, {30: "scroll of identify", 33: "scroll of identify"}, 38, engines)
    explorer = Explorer(engine)
    here = engine.items_at(30, 1)[0]
    assert explorer.next_action() == A.PickUp(here)  # come by the stairs onto it
    monkeypatch.setattr(stacks, "free_letter", lambda store, owner, wanted="": None)  # a full pack
    result = engine.submit(A.PickUp(here))
    assert isinstance(result, A.Impossible)
    done = walk(engine, explorer)
    assert A.PickUp(here) not in done  # tried once: never again
    assert engine.items_at(33, 1) and not explorer.wants(engine.items_at(33, 1)[0])
    assert "You cannot carry any more things." in [m.text for m in engine.log]


def test_no_things_are_gone_for_in_a_game_without_auto_pickup(engines):
    engine = Game.scenario(CORRIDOR.replace("#.....", "#@.!.."), {"!": "healing potion"},
                           seed=1)
    engines.append(engine)
    explorer = Explorer(engine)
    assert not explorer.wants(engine.items_at(3, 1)[0])
    goal = explorer.goal()
    assert goal is not None and goal.item is None and goal.cell[0] > 3


def test_what_the_player_has_seen_is_news_once(engines):
    engine = corridor(2, {20: "battle axe"}, 10, engines)
    explorer = Explorer(engine)
    assert explorer.look() == []  # nothing in view but the corridor
    axe = engine.items_at(20, 1)[0]
    for _ in range(12):
        engine.submit(A.Move(1, 0))
        news = explorer.look()
        if news:
            assert news == [axe]
            break
    assert explorer.remembered() == {(20, 1): [axe]}
    for _ in range(3):
        engine.submit(A.Move(1, 0))
        assert explorer.look() == []
    fresh = Explorer(engine)  # a loaded game: what lies on explored cells is seen
    assert fresh.look() == [] and fresh.remembered() == {(20, 1): [axe]}
