"""What lies on a cell (``Game.items_at``, ``traps.trap_at``) is read from a grouping by
level kept between steps (``game.world.core.floor``): it is always what a search of every item and
trap finds, whatever was picked up, dropped, made, destroyed or left on another level."""

from __future__ import annotations

import pytest

from game.world.core import actions as A
from game.world.core.components import Item, Position, Trap
from game.world.game import Game
from game.world.play import traps


def searched(engine: Game, kind: type, x: int, y: int) -> list[int]:
    engine.use()
    return sorted(e for e, (_, p) in engine.store.query(kind, Position)
                  if (p.x, p.y, p.depth) == (x, y, engine.depth))


def check_level(engine: Game) -> int:
    """Compare every cell where an item or trap lies on this level, and the player's."""
    engine.use()
    cells = {(p.x, p.y) for _, (_, p) in engine.store.query(Item, Position)
             if p.depth == engine.depth}
    cells |= {(p.x, p.y) for _, (_, p) in engine.store.query(Trap, Position)
              if p.depth == engine.depth}
    pos = engine.position(engine.player)
    for x, y in cells | {(pos.x, pos.y)}:
        assert engine.items_at(x, y) == searched(engine, Item, x, y)
        found = searched(engine, Trap, x, y)
        assert traps.trap_at(engine, x, y) == (found[0] if found else None)
    return len(cells)


CHANGES = {
    "an item made here": lambda e, x, y: e.create_item("dagger", 1, Position(x, y, e.depth)),
    "an item made on another level": lambda e, x, y: e.create_item(
        "dagger", 1, Position(x, y, e.depth + 1)),
    "a trap made here": lambda e, x, y: traps.create(e, "pit", x, y, e.depth),
    "a carried thing dropped": lambda e, x, y: e.submit(A.Drop(e.inventory()[-1])),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_change_shows_at_once(what):
    engine = Game(12)
    pos = engine.position(engine.player)
    before = (engine.items_at(pos.x, pos.y), traps.trap_at(engine, pos.x, pos.y))
    CHANGES[what](engine, pos.x, pos.y)
    after = (engine.items_at(pos.x, pos.y), traps.trap_at(engine, pos.x, pos.y))
    check_level(engine)
    assert (after != before) == (what != "an item made on another level")
    engine.close()


def test_an_item_picked_up_or_destroyed_is_gone_at_once():
    engine = Game(12)
    pos = engine.position(engine.player)
    first = engine.create_item("dagger", 1, Position(pos.x, pos.y, engine.depth))
    second = engine.create_item("club", 1, Position(pos.x, pos.y, engine.depth))
    assert engine.items_at(pos.x, pos.y) == [first, second]
    assert isinstance(engine.submit(A.PickUp(first)), A.Done)
    assert engine.items_at(pos.x, pos.y) == [second]
    engine.delete(second)
    assert engine.items_at(pos.x, pos.y) == []
    engine.close()
