"""The engine hands out one Fighter per entity while nothing that feeds it changes, and a
new one the moment anything does: never a stale one."""

from __future__ import annotations

import esper
import pytest

from game.world.core.actions import Wait
from game.world.core.components import Attributes, Hero, Item, Player, Stance, Training
from game.world.core.stamps import stamp
from game.world.game import Game
from game.world.play import fighters


def fresh(engine: Game, eid: int):
    pos = engine.position(eid)
    in_wall = bool(engine.levels[pos.depth].wall[pos.x, pos.y])
    return fighters.fighter(engine.catalog, eid, in_wall=in_wall)


def test_turn_by_turn_changes_keep_the_same_object():
    engine = Game(5)
    first = engine.fighter(engine.player)
    engine.component(engine.player, Stance).stamina -= 1
    engine.submit(Wait())
    assert engine.fighter(engine.player) is first
    engine.close()


CHANGES = {
    "strength": lambda e, me: setattr(e.component(me, Attributes), "strength", 18),
    "a rank": lambda e, me: e.component(me, Training).skills.update({"Sword": 3}),
    "the stance": lambda e, me: setattr(e.component(me, Stance), "name", "Frenzy"),
    "a carried thing": lambda e, me: setattr(e.component(e.inventory()[0], Item), "count", 9),
    "a new component": lambda e, me: e.set_component(me, Item("rock")),
    "a component gone": lambda e, me: e.exists(me) and esper.remove_component(me, Hero),
    "a worn thing": lambda e, me: setattr(e.component(e.inventory()[1], Item), "name",
                                          "chain mail shirt"),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_anything_that_feeds_it_makes_a_new_one(what):
    engine = Game(5)
    me = engine.player
    before = engine.fighter(me)
    CHANGES[what](engine, me)
    after = engine.fighter(me)
    assert after is not before and after == fresh(engine, me)
    engine.close()


def test_the_at_screen_fighter_is_cached_apart_and_never_stale():
    engine = Game(6)
    me = engine.player
    shown = engine.fighter(me, known_only=True)
    assert engine.fighter(me, known_only=True) is shown
    assert shown == fighters.fighter(engine.catalog, me, known_only=True)
    engine.component(me, Attributes).strength += 3
    again = engine.fighter(me, known_only=True)
    assert again is not shown and again == fighters.fighter(engine.catalog, me, known_only=True)
    assert engine.fighter(me) == fresh(engine, me)  # the fighting one is its own entry
    engine.close()


def test_a_stamp_tells_one_from_true():
    """The stamp reads as the state hash does (``written.reader``): a value's class counts,
    in a field and in a container."""
    engine = Game(5)
    me = engine.player
    training, flags = engine.component(me, Training), engine.component(me, Player)
    training.skills["Sword"], flags.wizard = 1, False
    before = stamp(engine.store.table, me)
    training.skills["Sword"] = True
    assert stamp(engine.store.table, me) != before
    training.skills["Sword"], flags.wizard = 1, 0
    assert stamp(engine.store.table, me) != before
    engine.close()
