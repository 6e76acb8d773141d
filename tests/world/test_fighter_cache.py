"""The engine hands out one Fighter per entity while nothing that feeds it changes, and a
new one the moment anything does: never a stale one."""

from __future__ import annotations

import esper
import pytest

from game.world.core.actions import Wait
from game.world.core.components import (
    Attributes,
    Effects,
    Hero,
    Item,
    Named,
    Stance,
    Supply,
    Training,
)
from game.world.core.stamps import stamp
from game.world.game import Game
from game.world.play import choices, fighters


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
    "a component for another": lambda e, me: (esper.remove_component(me, Hero),
                                              e.set_component(me, Effects({"haste": 3}))),
    "a carried thing's component for another": lambda e, me: (
        esper.remove_component(e.inventory()[0], Named),
        e.set_component(e.inventory()[0], Supply(4, 0))),
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


def test_a_stamp_reads_values_as_a_fighter_sees_them():
    """The stamp reads values alone (``written.reader(classes=False)``): a change of value in
    a field or a container is seen; ``True`` for ``1`` is the same stamp, and the Fighter kept
    is then the one built afresh (a Fighter built from ``True`` equals one built from ``1``)."""
    engine = Game(5)
    me = engine.player
    training = engine.component(me, Training)
    training.skills["Sword"] = 1
    before = stamp(engine.store.table, me)
    kept = engine.fighter(me)
    training.skills["Sword"] = 2
    assert stamp(engine.store.table, me) != before
    training.skills["Sword"] = True
    assert stamp(engine.store.table, me) == before
    assert engine.fighter(me) is kept and kept == fresh(engine, me)
    engine.close()


def test_each_stance_keeps_its_fighter():
    """Stepping through the five stances and back hands out each stance's Fighter again (the
    random actions of an env switch stance often: none is built afresh)."""
    engine = Game(5)
    me = engine.player
    stance = engine.component(me, Stance)
    seen = {}
    for name in (*choices.STANCE_ORDER, *reversed(choices.STANCE_ORDER)):
        stance.name = name
        made = engine.fighter(me, known_only=True)
        assert seen.setdefault(name, made) is made, name
    assert len({id(f) for f in seen.values()}) == len(choices.STANCE_ORDER)
    engine.close()
