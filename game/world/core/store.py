"""The one way to change the world: entities, their components and where they stand.

Every change goes through a ``Store`` (one per engine, over its own esper world): creating and
deleting entities, adding and removing components, and moving. So every index it keeps is
right by construction, not by each caller remembering to invalidate it:

- who stands where: the actor on each cell of a level (``at``, ``around``), kept up to date
  at each change; built for a level the first time it is asked about;
- ``looked``: the sight of the last look at who is in view (``game.world.core.sight``),
  cleared whenever an actor moves, comes or goes;
- ``actors``: a count bumped whenever an actor comes, goes or changes level, the schedule's
  cue to queue its actors afresh (``game.world.core.schedule``);
- the items and traps lying on each level (``items``, ``traps``: ``floor.ByDepth``);
- ``changes.COUNT``, moved on whenever an entity is made or deleted or gains or loses a
  component (the components' own fields set move it too: ``game.world.core.changes``).

``Position`` is frozen: only ``move`` changes one, in place (esper's cached queries keep
holding it), so nothing moves behind the indexes' back. ``check`` recomputes every index
from the components and names what differs (``Engine.check``).

This is the one module that imports esper (``tests/test_layers.py``), and the one that reads
its internals (its world's dict of entities, for reads without a call each, and its id
counter, for snapshots); esper 3 is pinned in pyproject.toml. Everything else reads through
this store (``get``, ``find``, ``has``, ``exists``, ``components``, ``query``), so nothing
depends on esper's current world, a process global: the store switches to its own world
for a query or a change.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

import esper

from .changes import COUNT
from .components import Actor, Item, Position, Trap
from .floor import ByDepth

_ROW = 1 << 16  # a cell's key: x * _ROW + y (an int hashes faster than a pair)
_AROUND = tuple(dx * _ROW + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
_SET = object.__setattr__  # how the store moves a (frozen) Position in place


C = TypeVar("C")


class Store:
    """One engine's entities, over its own esper world. Reads need not switch worlds (they
    read this world's own dict); changes switch to it first."""

    def __init__(self, world: str) -> None:
        self.world = world
        self.use()
        # this world's components by entity: the same dict for as long as the world lives
        self.table: dict[int, dict[type, Any]] = esper._entities
        self._cells: dict[int, dict[int, int]] = {}  # depth -> cell key -> actor (lowest id)
        self._also: dict[tuple[int, int], list[int]] = {}  # (depth, key) -> other actors there
        self.looked: tuple | None = None
        self.actors = 0
        self.items = ByDepth(Item, self.query)
        self.traps = ByDepth(Trap, self.query)

    def use(self) -> None:
        """Make this store's world esper's current one (esper's functions act on that)."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def close(self) -> None:
        if self.world in esper.list_worlds():
            esper.switch_world("default")
            esper.delete_world(self.world)

    # --- reads --------------------------------------------------------------------------

    def get(self, eid: int, kind: type[C]) -> C:
        """The entity's component of that class (a KeyError if it has none)."""
        return self.table[eid][kind]

    def find(self, eid: int, kind: type[C]) -> C | None:
        """The entity's component of that class, or None (or None if there is no entity)."""
        comps = self.table.get(eid)
        return comps.get(kind) if comps is not None else None

    def components(self, eid: int) -> dict[type, Any]:
        """The entity's components by class (esper's own dict: read it, never change it)."""
        return self.table[eid]

    def exists(self, eid: int) -> bool:
        return eid in self.table

    def has(self, eid: int, kind: type) -> bool:
        """The entity has a component of that class (a KeyError if there is no entity)."""
        return kind in self.table[eid]

    def query(self, *kinds: type) -> list[tuple[int, tuple[Any, ...]]]:
        """(entity, (its component of each class, in order)) for every entity with them all,
        in esper's order: esper's own cached list, made again after any component is added
        or removed anywhere (``floor.ByDepth`` relies on that). Read it; never change it."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)
        return esper.get_components(*kinds)

    def entities(self) -> Iterator[tuple[int, dict[type, object]]]:
        """Every entity and its components, in id order."""
        table = self.table
        for eid in sorted(table):
            yield eid, table[eid]

    def next_id(self) -> int:
        """The id the next entity will have (read without using it up)."""
        self.use()
        return next(copy.copy(esper._entity_count))

    # --- changes ------------------------------------------------------------------------

    def create(self, *components: object) -> int:
        self.use()
        COUNT.n += 1  # which components an entity has: told (world.core.changes)
        eid = esper.create_entity(*components)
        self._came(eid, self.table[eid])
        return eid

    def restore(self, rows: Iterable[tuple[int, list[object]]], next_id: int) -> None:
        """Entities with exactly these ids (in rising order, none below ``next_id()``; the
        ids between are skipped), and the next id after them; a ValueError if not."""
        self.use()
        last = self.next_id() - 1
        for eid, components in rows:  # esper's counter set to each id in turn
            if eid <= last:
                raise ValueError("entity ids out of order")
            esper._entity_count = itertools.count(eid)
            self.create(*components)
            last = eid
        if next_id <= last:
            raise ValueError("bad next entity id")
        esper._entity_count = itertools.count(next_id)

    def delete(self, eid: int) -> None:
        self.use()
        COUNT.n += 1  # which components an entity has: told (world.core.changes)
        self._went(eid, self.table[eid])
        esper.delete_entity(eid, immediate=True)

    def add(self, eid: int, component: object) -> None:
        """Give the entity a component, or replace the one of its class (a new Position
        places it)."""
        self.use()
        COUNT.n += 1  # which components an entity has: told (world.core.changes)
        comps = self.table[eid]
        kind = type(component)
        if kind is Position or kind is Actor:
            self._went(eid, comps)
            esper.add_component(eid, component)
            self._came(eid, comps)
        else:
            esper.add_component(eid, component)

    def remove(self, eid: int, kind: type) -> None:
        self.use()
        COUNT.n += 1  # which components an entity has: told (world.core.changes)
        comps = self.table[eid]
        if kind is Position or kind is Actor:
            self._went(eid, comps)
            esper.remove_component(eid, kind)
            self._came(eid, comps)
        else:
            esper.remove_component(eid, kind)

    def move(self, eid: int, x: int, y: int, depth: int | None = None) -> None:
        """Move the entity (on its level, or to ``depth``). Its Position changes in place;
        a thing lying about that changes level gets a new one (``ByDepth`` groups by the
        Position objects esper hands out)."""
        comps = self.table[eid]
        pos = comps[Position]
        assert isinstance(pos, Position)
        depth = pos.depth if depth is None else depth
        if depth != pos.depth and (Item in comps or Trap in comps):
            self.add(eid, Position(x, y, depth))
            return
        actor, level = Actor in comps, depth != pos.depth
        if actor and not level and not self._also:  # a step on the level, nobody sharing
            self.looked = None
            cells = self._cells.get(depth)
            if cells is not None:
                here, there = pos.x * _ROW + pos.y, x * _ROW + y
                if cells.get(here) == eid:
                    del cells[here]
                if there in cells:
                    self._stand(cells, depth, there, eid)
                else:
                    cells[there] = eid
            _SET(pos, "x", x)
            _SET(pos, "y", y)
            return
        if actor:
            self._went(eid, comps, level)
        _SET(pos, "x", x)
        _SET(pos, "y", y)
        _SET(pos, "depth", depth)
        if actor:
            self._came(eid, comps, level)

    # --- who stands where ---------------------------------------------------------------

    def at(self, depth: int, x: int, y: int) -> int | None:
        """The actor standing on a cell (the lowest id, if two share it)."""
        cells = self._cells.get(depth)
        if cells is None:
            cells = self._build(depth)
        return cells.get(x * _ROW + y)

    def around(self, depth: int, x: int, y: int) -> list[int]:
        """The actors on the eight cells around (x, y), as ``at`` finds them one by one."""
        cells = self._cells.get(depth)
        if cells is None:
            cells = self._build(depth)
        here = x * _ROW + y
        return [cells[here + d] for d in _AROUND if here + d in cells]

    def _build(self, depth: int) -> dict[int, int]:
        cells = self._cells[depth] = {}
        for eid, (_, pos) in self.query(Actor, Position):
            if pos.depth == depth:
                self._stand(cells, depth, pos.x * _ROW + pos.y, eid)
        return cells

    def _stand(self, cells: dict[int, int], depth: int, key: int, eid: int) -> None:
        there = cells.get(key)
        if there is None:
            cells[key] = eid
            return
        others = self._also.setdefault((depth, key), [])
        others.append(max(there, eid))
        others.sort()
        cells[key] = min(there, eid)

    def _actor_moves(self, comps: dict[type, object], level: bool) -> Position | None:
        """Where an actor stands (None for anything else), the look forgotten and, when it
        comes to or leaves a level, the schedule's count moved on."""
        pos = comps.get(Position)
        if pos is None or Actor not in comps:
            return None
        assert isinstance(pos, Position)
        self.looked = None
        if level:
            self.actors += 1
        return pos

    def _came(self, eid: int, comps: dict[type, object], level: bool = True) -> None:
        """``eid`` (its components as they are now) may have come to stand somewhere;
        ``level``: it came to this level (not a step on it)."""
        pos = self._actor_moves(comps, level)
        if pos is None:
            return
        cells = self._cells.get(pos.depth)
        if cells is not None:
            self._stand(cells, pos.depth, pos.x * _ROW + pos.y, eid)

    def _went(self, eid: int, comps: dict[type, object], level: bool = True) -> None:
        """``eid`` (its components as they are now) leaves where it stands, if it does;
        ``level``: it leaves the level (not a step on it)."""
        pos = self._actor_moves(comps, level)
        if pos is None:
            return
        cells = self._cells.get(pos.depth)
        if cells is None:
            return
        key = pos.x * _ROW + pos.y
        others = self._also.get((pos.depth, key))
        if others is None:
            if cells.get(key) == eid:
                del cells[key]
        elif cells.get(key) == eid:
            cells[key] = others.pop(0)
        else:
            others.remove(eid)
        if others is not None and not others:
            del self._also[pos.depth, key]

    # --- the check ----------------------------------------------------------------------

    def check(self) -> list[str]:
        """What differs between each index and the same worked out afresh."""
        wrong = []
        for depth in sorted(self._cells):
            fresh = Store.__new__(Store)
            fresh.world, fresh._cells, fresh._also = self.world, {}, {}
            fresh._build(depth)
            if (fresh._cells[depth] != self._cells[depth]
                    or {k: v for k, v in fresh._also.items()}
                    != {k: v for k, v in self._also.items() if k[0] == depth}):
                wrong.append(f"store: who stands where on depth {depth}")
        for index in (self.items, self.traps):
            wrong += index.check()
        return wrong
