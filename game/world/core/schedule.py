"""Who acts next and who stands where, kept between turns instead of searched for each time.

Both are caches over the components: anything that adds or removes an actor, or moves one to
another level, calls ``invalidate()`` and they are rebuilt from the components when next asked.
Every move on the level goes through ``moved``, so the schedule also knows whether anyone has
moved since the last look at who is in view (``looked``).
"""

from __future__ import annotations

import heapq

import esper

from .components import Actor, Position

_ROW = 1 << 16  # a cell's key in ``cells``: x * _ROW + y (an int hashes faster than a pair)
_AROUND = tuple(dx * _ROW + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


class Schedule:
    """A heap of (tick, entity id): the earliest actor first, ties to the lower id. An entry
    whose actor has since moved on (a later tick: a tick only ever grows) is queued again
    when met; one whose actor has gone is dropped."""

    def __init__(self) -> None:
        self.heap: list[tuple[int, int]] | None = None
        self.cells: dict[int, int] | None = None  # who stands where, by cell key
        self.depth = 0
        # the sight (``GameMap.sight``) at the last look at who is in view (game.world.core.sight),
        # while no actor has moved, come or gone since; None once one has
        self.looked: tuple | None = None

    def invalidate(self) -> None:
        self.heap = None
        self.cells = None
        self.looked = None

    def _actors(self, depth: int) -> list[tuple[int, Actor, Position]]:
        return [(eid, actor, pos) for eid, (actor, pos) in esper.get_components(Actor, Position)
                if pos.depth == depth]

    def next_turn(self, depth: int, done: tuple[int, int] | None = None) -> tuple[int, dict]:
        """The next actor and its components (esper's own dict of them: the turn loop reads
        them directly rather than through a call for each). An entry whose actor has moved on
        (its tick is not the entry's) is queued again at the actor's tick when it comes
        first, so every actor keeps one entry and the turn loop need not queue anyone: after
        its turn the actor's entry is the first, and goes at once. ``done``, when given, is
        that actor's entry as it is now, (next tick, id): queued so without a look at its
        components. An entry whose actor has gone, or left the level, is dropped."""
        if self.heap is None or self.depth != depth:
            self.depth = depth
            self.heap = [(actor.next_tick, eid) for eid, actor, _ in self._actors(depth)]
            heapq.heapify(self.heap)
        heap, entities = self.heap, esper._entities  # the current world's, read directly
        if done is not None and heap[0][1] == done[1]:
            heapq.heapreplace(heap, done)
        while True:
            tick, eid = heap[0]
            try:  # (no cost until one is missing)
                comps = entities[eid]
                due = comps[Actor].next_tick
                if comps[Position].depth == depth:
                    if due == tick:
                        return eid, comps
                    heapq.heapreplace(heap, (due, eid))
                    continue
            except KeyError:  # gone, or no Actor or Position now
                pass
            heapq.heappop(heap)

    def at(self, depth: int, x: int, y: int) -> int | None:
        """The actor standing on a cell."""
        if self.cells is None or self.depth != depth:
            self.depth = depth
            self.cells = {p.x * _ROW + p.y: eid for eid, _, p in self._actors(depth)}
        eid = self.cells.get(x * _ROW + y)
        if eid is not None and not esper.entity_exists(eid):
            self.invalidate()
            return self.at(depth, x, y)
        return eid

    def around(self, depth: int, x: int, y: int) -> list[int]:
        """The actors on the eight cells around (x, y), as ``at`` finds them one by one (one
        look at the cells instead of eight calls; ``at`` itself when one has gone)."""
        if self.cells is None or self.depth != depth:
            self.at(depth, x, y)
        cells, here = self.cells, x * _ROW + y
        found = [cells[here + d] for d in _AROUND if here + d in cells]
        if not found or all(esper.entity_exists(eid) for eid in found):
            return found
        return [eid for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
                for eid in [self.at(depth, x + dx, y + dy)] if eid is not None]

    def moved(self, eid: int, old: tuple[int, int], new: tuple[int, int]) -> None:
        self.looked = None
        cells, was = self.cells, old[0] * _ROW + old[1]
        if cells is not None and cells.get(was) == eid:
            del cells[was]
            cells[new[0] * _ROW + new[1]] = eid
