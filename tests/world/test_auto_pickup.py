"""Auto-pickup is a game option decided in the world: the step itself picks things up, in one
recorded Move and one Done, for whoever plays; off, a game's state and hash are as they always
were."""

from __future__ import annotations

import pytest

from game.rules import stats
from game.world.core import actions as A
from game.world.core.components import Dropped, Item, Position
from game.world.core.events import Message
from game.world.game import Game
from game.world.play.bot import Bot
from game.world.play.explore import Explorer

HALL = """
##########
#@.......#
##########
"""


def scenario(engines, legend: dict, *, auto_pickup: bool, picture: str = HALL) -> Game:
    engine = Game.scenario(picture, legend, seed=1, auto_pickup=auto_pickup)
    engines.append(engine)
    return engine


def names(engine: Game) -> list[str]:
    return [engine.item_name(i) for i in engine.inventory()]


def test_a_step_picks_up_potions_scrolls_and_own_missiles_in_its_own_done(engines):
    engine = scenario(engines, {"!": "healing potion", ")": "dagger", "j": "javelin"},
                      auto_pickup=True, picture=HALL.replace("@...", "@!)j"))
    engine.component(engine.items_at(4, 1)[0], Item).thrown = True  # a javelin it threw
    result = engine.submit(A.Move(1, 0))
    texts = [e.text for e in result.events if isinstance(e, Message)]
    assert texts == ["You pick up the healing potion (c)."]
    assert result.ticks == 2 * stats.STEP_TICKS  # the step and the pick-up, as by hand
    assert "3 healing potions" in names(engine)  # stacked with the two it started with
    engine.submit(A.Move(1, 0))
    assert engine.items_at(3, 1) and "dagger" not in names(engine)  # a dagger is left
    engine.submit(A.Move(1, 0))
    assert "javelin" in names(engine) and not engine.items_at(4, 1)
    assert engine.actions == [A.Move(1, 0)] * 3  # no PickUp of its own is recorded


def test_off_a_step_picks_up_nothing_and_says_what_lies_there(engines):
    engine = scenario(engines, {"!": "healing potion"}, auto_pickup=False,
                      picture=HALL.replace("@.", "@!"))
    result = engine.submit(A.Move(1, 0))
    assert result.events == (Message("You see here: healing potion."),)
    assert result.ticks == stats.STEP_TICKS and engine.items_at(2, 1)


def test_what_it_leaves_is_still_seen_there_and_a_full_pack_says_so(engines):
    engine = scenario(engines, {"!": "healing potion"}, auto_pickup=True,
                      picture=HALL.replace("@.", "@!"))
    engine.create_item("long sword", 1, Position(2, 1, 1))
    texts = [e.text for e in engine.submit(A.Move(1, 0)).events]
    assert texts == ["You see here: long sword.", "You pick up the healing potion (c)."]
    full = scenario(engines, {"?": "scroll of teleportation"}, auto_pickup=True,
                    picture=HALL.replace("@.", "@?"))
    scroll = full.item_name(full.items_at(2, 1)[0])  # "scroll labelled ..."
    while _free(full) is not None:  # wands do not stack: each takes a letter
        full.submit(A.PickUp(full.create_item("wand of frost", 1, Position(1, 1, 1))))
    texts = [e.text for e in full.submit(A.Move(1, 0)).events]
    assert texts == [f"You see here: {scroll}.", "You cannot carry any more things."]


def _free(engine: Game) -> str | None:
    from game.world.play import stacks
    engine.use()
    return stacks.free_letter(engine.store, engine.player)


def test_the_option_is_in_the_state_only_when_on_and_comes_back_with_it(engines):
    off, on = Game(3), Game(3, auto_pickup=True)
    engines += [off, on]
    assert "auto_pickup" not in off.state()  # every game's state and hash as before
    assert on.state()["auto_pickup"] is True and on.state_hash() != off.state_hash()
    back = Game.from_state(on.state())
    engines.append(back)
    assert back.auto_pickup and back.state_hash() == on.state_hash()
    old = Game.from_state(off.state())  # a state from before the option: off
    engines.append(old)
    assert old.auto_pickup is False and old.state_hash() == off.state_hash()
    with pytest.raises(ValueError, match="auto_pickup must be True or False"):
        Game(3, auto_pickup="yes")


def test_the_bot_plays_by_the_same_rule(engines):
    """With the option on, the world picks up what the bot steps onto: fewer PickUp actions
    of its own for the same things taken."""
    taken = {}
    for on in (False, True):
        engine = Game(3, auto_pickup=on)
        engines.append(engine)
        bot = Bot(engine, 3, turns=400)
        for _ in range(400):
            if engine.over:
                break
            engine.submit(bot.next_action())
        asked = sum(a.tag == "pickup" for a in engine.actions)
        taken[on] = asked, sum(m.text.startswith("You pick up") for m in engine.log)
    assert taken[True][0] < taken[True][1] and taken[False][0] == taken[False][1]


def test_what_the_player_dropped_is_left_until_picked_up_by_hand(engines):
    """From game 0.4.0 a thing the player drops is marked (``Dropped``): a step back onto it
    and explore leave it, as DCSS leaves dropped items, in this session and after a load; a
    pick-up by hand takes the mark off. A game begun by 0.3.0 picks it up again, as it did."""
    engine = scenario(engines, {}, auto_pickup=True)
    potions = next(i for i in engine.inventory() if "healing" in engine.item_name(i))
    engine.submit(A.Drop(potions))
    assert engine.store.has(potions, Dropped) and engine.items_at(1, 1) == [potions]
    engine.submit(A.Move(1, 0))
    result = engine.submit(A.Move(-1, 0))
    assert engine.items_at(1, 1) == [potions] and potions not in engine.inventory()
    assert [e.text for e in result.events if isinstance(e, Message)] == [
        "You see here: 2 healing potions."]
    terrain = {depth: gm.as_generated() for depth, gm in engine.levels.items()}
    back = Game.from_state(engine.state(), engine.setup, terrain=terrain)  # the mark is kept
    engines.append(back)
    assert back.store.has(potions, Dropped) and back.state_hash() == engine.state_hash()
    assert not Explorer(back).wants(potions)
    engine.submit(A.PickUp(potions))
    assert potions in engine.inventory() and not engine.store.has(potions, Dropped)
    older = Game.scenario(HALL, {}, seed=1, auto_pickup=True, made_by="0.3.0")
    engines.append(older)
    potions = next(i for i in older.inventory() if "healing" in older.item_name(i))
    older.submit(A.Drop(potions))
    assert not older.store.has(potions, Dropped)
    older.submit(A.Move(1, 0))
    older.submit(A.Move(-1, 0))
    assert potions in older.inventory()  # 0.3.0's step took it again


def test_a_dropped_thing_saves_loads_and_is_checked(engines, tmp_path):
    from game.persist import savefile

    engine = Game(3, auto_pickup=True)
    engines.append(engine)
    item = engine.inventory()[-1]
    engine.submit(A.Drop(item))
    savefile.save(engine, tmp_path / "dropped.json")
    loaded = savefile.load(tmp_path / "dropped.json")
    again = Game.from_state(loaded.snapshot, loaded.setup)
    engines.append(again)
    assert again.store.has(item, Dropped) and again.state_hash() == engine.state_hash()
