"""Who acts next, kept between turns instead of searched for each time.

The queue is made from the components of the actors on a level, and made afresh whenever the
store says an actor came, went or changed level (``Store.actors``) or the level changes: no
caller need tell it. A tick only ever grows, so an entry whose actor has since moved on is
queued again when met, and the order is the same as a queue made afresh: the earliest actor
first, ties to the lower id.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from .components import Actor, Position

if TYPE_CHECKING:
    from .store import Store


class Schedule:
    """A heap of (tick, entity id) over one level's actors."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.heap: list[tuple[int, int]] | None = None
        self.depth = 0  # the level the heap is of
        self.made = -1  # the store's count of actors' comings and goings it was made at

    def next_turn(self, depth: int, done: tuple[int, int] | None = None) -> tuple[int, dict]:
        """The next actor and its components (esper's own dict of them: the turn loop reads
        them directly rather than through a call for each). An entry whose actor has moved on
        (its tick is not the entry's) is queued again at the actor's tick when it comes
        first, so every actor keeps one entry and the turn loop need not queue anyone: after
        its turn the actor's entry is the first, and goes at once. ``done``, when given, is
        that actor's entry as it is now, (next tick, id): queued so without a look at its
        components. An entry whose actor has gone, or left the level, is dropped."""
        store = self.store
        heap = self.heap
        if heap is None or self.depth != depth or self.made != store.actors:
            heap = self._make(depth)
        entities = store.table
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

    def _make(self, depth: int) -> list[tuple[int, int]]:
        self.depth, self.made = depth, self.store.actors
        heap = self.heap = [(actor.next_tick, eid) for eid, (actor, pos)
                            in self.store.query(Actor, Position) if pos.depth == depth]
        heapq.heapify(heap)
        return heap

    def check(self) -> list[str]:
        """Every actor of the level has one entry, at or before its tick, in heap order."""
        heap = self.heap
        if heap is None or self.made != self.store.actors:
            return []  # made afresh when next asked
        entries: dict[int, int] = {}
        for tick, eid in heap:
            entries[eid] = min(tick, entries.get(eid, tick))
        wrong = [f"schedule: actor {eid} has no entry at or before its tick"
                 for eid, (actor, pos) in self.store.query(Actor, Position)
                 if pos.depth == self.depth and entries.get(eid, actor.next_tick + 1)
                 > actor.next_tick]
        if any(heap[(i - 1) // 2] > heap[i] for i in range(1, len(heap))):
            wrong.append("schedule: the heap is out of order")
        return wrong
