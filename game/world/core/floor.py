"""What lies on the floor, grouped by level: the items or traps of one level found without
reading those of every other level on every step.

Why it cannot go stale: esper keeps the list ``Store.query(kind, Position)`` returns and
makes a new one after any component is added or removed anywhere. A thing comes to lie on a
level, leaves it or changes level only by gaining or losing a Position (the store gives a
thing lying about that changes level a new one: ``Store.move``), so while esper hands back
the same list object the grouping made from it holds. The cell is still read from each
Position. One engine's store owns one for items and one for traps.
"""

from __future__ import annotations

from collections.abc import Callable

from .components import Position


class ByDepth:
    """The entities with a ``kind`` component and a Position, grouped by depth."""

    def __init__(self, kind: type, query: Callable[..., list]) -> None:
        self.kind = kind
        self.query = query  # the owner's ``Store.query``
        self._source: list | None = None  # esper's list the groups were made from
        self._groups: dict[int, list[tuple[int, object, Position]]] = {}

    def on(self, depth: int) -> list[tuple[int, object, Position]]:
        """(entity, component, position) for each one on ``depth``, in esper's order."""
        found: list[tuple[int, tuple[object, Position]]] = self.query(self.kind, Position)
        if found is not self._source:
            groups: dict[int, list[tuple[int, object, Position]]] = {}
            for eid, (thing, pos) in found:
                groups.setdefault(pos.depth, []).append((eid, thing, pos))
            self._source, self._groups = found, groups
        return self._groups.get(depth, [])

    def at(self, depth: int, x: int, y: int) -> list[int]:
        """The entities lying on one cell, in esper's order."""
        return [eid for eid, _, pos in self.on(depth)
                if pos.x == x and pos.y == y and pos.depth == depth]

    def check(self) -> list[str]:
        """The groups as made from esper's list now, if they were made from it."""
        found: list[tuple[int, tuple[object, Position]]] = self.query(self.kind, Position)
        if found is not self._source:
            return []  # made afresh when next asked
        fresh = ByDepth(self.kind, self.query)
        if any(fresh.on(d) != self._groups.get(d, []) for d in {p.depth for _, (_, p) in found}):
            return [f"store: the {self.kind.__name__.lower()}s lying on each level"]
        return []
