"""The engine hands out one Fighter per entity while nothing that feeds it changes, and a
new one the moment anything does: never a stale one."""

from __future__ import annotations

import dataclasses

import pytest

from game.world.core import changes, state
from game.world.core.actions import Wait
from game.world.core.components import (
    Attributes,
    Effects,
    Hero,
    Inventory,
    Item,
    Knowledge,
    Named,
    Spells,
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
    return fighters.fighter(engine.store, engine.catalog, eid, in_wall=in_wall)


def test_turn_by_turn_changes_keep_the_same_object():
    engine = Game(5)
    first = engine.fighter(engine.player)
    engine.component(engine.player, Stance).stamina -= 1
    engine.submit(Wait())
    assert engine.fighter(engine.player) is first
    engine.close()


CHANGES = {
    "strength": lambda e, me: setattr(e.component(me, Attributes), "strength", 18),
    "a rank": lambda e, me: setattr(e.component(me, Training), "skills",
                                    {**e.component(me, Training).skills, "Sword": 3}),
    "the stance": lambda e, me: setattr(e.component(me, Stance), "name", "Frenzy"),
    "a carried thing": lambda e, me: setattr(e.component(e.inventory()[0], Item), "count", 9),
    "a new component": lambda e, me: e.set_component(me, Item("rock")),
    "a component gone": lambda e, me: e.store.remove(me, Hero),
    "a component for another": lambda e, me: (e.store.remove(me, Hero),
                                              e.set_component(me, Effects({"haste": 3}))),
    "a carried thing's component for another": lambda e, me: (
        e.store.remove(e.inventory()[0], Named),
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
    assert shown == fighters.fighter(engine.store, engine.catalog, me, known_only=True)
    engine.component(me, Attributes).strength += 3
    again = engine.fighter(me, known_only=True)
    assert again is not shown
    assert again == fighters.fighter(engine.store, engine.catalog, me, known_only=True)
    assert engine.fighter(me) == fresh(engine, me)  # the fighting one is its own entry
    engine.close()


def test_a_stamp_reads_values_as_a_fighter_sees_them():
    """The stamp reads values alone (``written.reader(classes=False)``): a change of value in
    a field or a container is seen; ``True`` for ``1`` is the same stamp, and the Fighter kept
    is then the one built afresh (a Fighter built from ``True`` equals one built from ``1``)."""
    engine = Game(5)
    me = engine.player
    training = engine.component(me, Training)
    training.skills = {**training.skills, "Sword": 1}
    before = stamp(engine.store.table, me)
    kept = engine.fighter(me)
    training.skills = {**training.skills, "Sword": 2}
    assert stamp(engine.store.table, me) != before
    training.skills = {**training.skills, "Sword": True}
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


def test_every_component_tells_of_every_field_set_but_the_turn_by_turn_ones():
    """``changes.COUNT`` moves on at a field set that could change a Fighter, and at a
    component added or removed; a turn-by-turn field and a read leave it."""
    for kind in state.COMPONENTS.values():
        told = {f.name for f in dataclasses.fields(kind)} - set(
            changes.TURN_BY_TURN.get(kind.__name__, ()))
        frozen = kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert frozen or not told or "__setattr__" in vars(kind), kind.__name__
    assert "next_tick" in changes.TURN_BY_TURN["Actor"]  # the turn loop sets it untold
    engine = Game(5)
    me, before = engine.player, changes.COUNT.n
    engine.component(me, Stance).stamina -= 1  # turn by turn
    engine.component(me, Attributes).strength  # noqa: B018  (a read)
    assert changes.COUNT.n == before
    engine.component(me, Attributes).strength += 0  # set, even to the same value
    assert changes.COUNT.n == before + 1
    engine.store.remove(me, Hero)
    assert changes.COUNT.n == before + 2
    engine.close()


IN_PLACE = {  # each told list and dict of a component, changed in place each way
    "Inventory.items append": lambda e: e.component(e.player, Inventory).items.append(1),
    "Inventory.items [i] =": lambda e: e.component(e.player, Inventory).items.__setitem__(0, 1),
    "Inventory.items sort": lambda e: e.component(e.player, Inventory).items.sort(),
    "Training.skills [k] =": lambda e: e.component(e.player, Training).skills.__setitem__(
        "Dagger", 4),
    "Training.styles update": lambda e: e.component(e.player, Training).styles.update(
        {"Dual": 1}),
    "Hero.kills setdefault": lambda e: e.component(e.player, Hero).kills.setdefault("kobold", 1),
    "Spells.known extend": lambda e: e.component(e.player, Spells).known.extend(["fire bolt"]),
    "Effects.ticks clear": lambda e: e.component(e.player, Effects).ticks.clear(),
    "Knowledge.kinds insert": lambda e: e.component(e.player, Knowledge).kinds.insert(0, "x"),
}


@pytest.mark.parametrize("how", sorted(IN_PLACE))
def test_a_list_or_dict_changed_in_place_fails_the_test_where_it_is_changed(how):
    """A component's lists and dicts are set anew, never changed in place (nothing would tell
    of it, and the fighter cache would hand out a Fighter gone stale): in the tests every one
    is held fixed (``changes.forbid_in_place``, from tests/conftest.py), so the change in
    place itself raises, naming the component and the field; set anew, it is told."""
    engine = Game(5)
    me = engine.player
    engine.set_component(me, Spells(["shield"], 3, 3))
    engine.set_component(me, Effects({"haste": 3}))
    engine.set_component(me, Knowledge(["potion of healing"]))
    kept = engine.fighter(me)
    with pytest.raises(changes.InPlace, match=f"^{how.split()[0]} changed in place"):
        IN_PLACE[how](engine)
    training = engine.component(me, Training)
    training.skills = {**training.skills, "Dagger": 4}  # set anew: told, and a new Fighter
    assert engine.fighter(me) is not kept and engine.fighter(me) == fresh(engine, me)
    assert engine.check() == []
    engine.close()


def test_every_told_list_and_dict_is_held_fixed_in_the_tests():
    """Every list or dict field a stamp reads (all but ``TURN_BY_TURN``'s) is held fixed, in
    every component class, however it was set (made, set anew, restored from a save)."""
    engine = Game(5)
    restored = Game.from_state(engine.state())
    for game in (engine, restored):
        for _, comps in game.store.entities():
            for kind, component in comps.items():
                for f in dataclasses.fields(kind):
                    value = getattr(component, f.name)
                    if f.name in changes.TURN_BY_TURN.get(kind.__name__, ()):
                        continue
                    if isinstance(value, list | dict):
                        assert isinstance(value, changes.FixedList | changes.FixedDict), \
                            f"{kind.__name__}.{f.name}"
    points = engine.component(engine.player, Training).points  # turn by turn: no stamp reads it
    assert type(points) is dict
    engine.close()
    restored.close()


def test_a_list_changed_in_place_past_the_guard_is_untold_and_the_check_finds_it():
    """Changed in place all the same (a dict's own method, as play's plain dict would be), the
    change is not told, so the kept Fighter would be handed out: ``Engine.check`` says so."""
    engine = Game(5)
    me = engine.player
    engine.fighter(me)
    assert engine.check() == []
    dict.__setitem__(engine.component(me, Training).skills, "Long blades", 4)  # untold
    assert any("changed untold" in line for line in engine.check())
    engine.component(me, Training).skills = dict(engine.component(me, Training).skills)
    assert engine.fighter(me) == fresh(engine, me) and engine.check() == []
    engine.close()
