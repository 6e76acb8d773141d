"""Distance maps (Dijkstra over a grid of step costs), without leaking.

tcod 21.2.2's ``tcod.path.dijkstra2d`` leaks about 4 KB of native memory on every call, and
the game asks for a map about once an action; ``tcod.path.Pathfinder`` over a
``SimpleGraph`` gives the same distances and frees what it takes. Every distance map in the
game comes from here.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import tcod.path

FAR = np.iinfo(np.int32).max  # an unreachable cell's distance


def distances(cost: np.ndarray, roots: Iterable[tuple[int, int]], *,
              diagonal: bool = True) -> np.ndarray:
    """Steps from the nearest root to every cell, entering a cell costing ``cost[x, y]``
    (0: impassable) and a diagonal step costing as much as a straight one; unreachable cells
    hold ``FAR``. A root's own cell is 0 whatever its cost. A new array each call."""
    finder, costs = _finder(cost.shape, diagonal)
    costs[...] = cost  # the graph reads its cost array in place, at each search
    cells = np.array([(int(r[0]), int(r[1])) for r in roots], dtype=np.intp).reshape(-1, 2)
    distance = finder.distance
    distance[...] = FAR
    distance[cells[:, 0], cells[:, 1]] = 0  # every root at once, then one frontier
    finder.rebuild_frontier()
    finder.resolve()
    return distance.astype(np.int32)  # a copy: the finder is used again


_FINDERS: dict[tuple, tuple[tcod.path.Pathfinder, np.ndarray]] = {}


def _finder(shape: tuple[int, int], diagonal: bool) -> tuple[tcod.path.Pathfinder, np.ndarray]:
    """One pathfinder for each shape of map, and the cost array its graph reads: made once
    (making a graph costs more than searching it), filled anew for each search."""
    key = (shape, diagonal)
    known = _FINDERS.get(key)
    if known is None:
        if len(_FINDERS) >= 8:
            _FINDERS.clear()
        costs = np.zeros(shape, dtype=np.int32)
        graph = tcod.path.SimpleGraph(cost=costs, cardinal=1, diagonal=1 if diagonal else 0)
        known = _FINDERS[key] = (tcod.path.Pathfinder(graph), costs)
    return known


def chebyshev(shape: tuple[int, int], x: int, y: int) -> np.ndarray:
    """Steps from (x, y) on an open grid with diagonal steps: what ``distances`` gives over
    a cost of ones everywhere, without a search."""
    xs = np.abs(np.arange(shape[0], dtype=np.int32) - x)[:, None]
    ys = np.abs(np.arange(shape[1], dtype=np.int32) - y)[None, :]
    return np.maximum(xs, ys)


class DistanceMaps:
    """Maps of steps to a cell of a level, both kinds (over floor; through walls, as a ghost
    goes) kept side by side, and the last few cells remembered: a creature asking for one
    kind never throws away the other. One pathfinder per level is reused (its graph is the
    level's floor), its search kept for the cell it was last asked for, so a search stopped
    part way (``near``) goes on from there. Terrain is taken as fixed: ``clear()`` whenever
    a level changes or is replaced. The maps are read-only."""

    LIMIT = 32  # maps remembered

    def __init__(self) -> None:
        self._maps: dict[tuple[int, int, int, bool], np.ndarray] = {}
        self._finders: dict[int, tcod.path.Pathfinder] = {}
        self._roots: dict[int, tuple[int, int]] = {}  # the cell each level's search is from

    def clear(self) -> None:
        self._maps.clear()
        self._finders.clear()
        self._roots.clear()

    def to(self, depth: int, walkable: np.ndarray, x: int, y: int,
           through_walls: bool) -> np.ndarray:
        key = (depth, x, y, through_walls)
        found = self._maps.get(key)
        if found is None:
            if len(self._maps) >= self.LIMIT:
                self._maps.clear()
            found = chebyshev(walkable.shape, x, y) if through_walls \
                else self._over_floor(depth, walkable, x, y)
            found.flags.writeable = False
            self._maps[key] = found
        return found

    def near(self, depth: int, walkable: np.ndarray, x: int, y: int,
             cell: tuple[int, int]) -> np.ndarray:
        """Steps to (x, y) over the floor as ``to`` has them at ``cell`` and at every cell
        nearer than it; a cell further may read more (never less, and never less than
        ``cell``'s). That is all a hunter stepping closer reads (``ai._approach``), and the
        search stops there: a hunter is seldom far, the level often is. The array is the
        search's own, valid until the next search of this level; read it at once."""
        found = self._maps.get((depth, x, y, False))
        if found is not None:
            return found
        finder = self._search(depth, walkable, x, y)
        finder.resolve(cell)  # Dijkstra's order (no heuristic): all nearer cells are done
        return finder.distance

    def _search(self, depth: int, walkable: np.ndarray, x: int, y: int) -> tcod.path.Pathfinder:
        """This level's pathfinder, searching from (x, y): from where it stopped when it
        searched from there last, else anew."""
        finder = self._finders.get(depth)
        if finder is None:
            graph = tcod.path.SimpleGraph(cost=walkable.astype(np.int32), cardinal=1,
                                          diagonal=1)
            graph.set_heuristic(cardinal=0, diagonal=0)  # a stopped search: Dijkstra's
            finder = self._finders[depth] = tcod.path.Pathfinder(graph)
        elif self._roots.get(depth) == (x, y):
            return finder
        else:
            finder.clear()
        finder.add_root((x, y))
        self._roots[depth] = (x, y)
        return finder

    def _over_floor(self, depth: int, walkable: np.ndarray, x: int, y: int) -> np.ndarray:
        finder = self._search(depth, walkable, x, y)
        finder.resolve()
        return finder.distance.astype(np.int32)  # a copy: the finder's array is reused

    def stale(self, walkables: dict[int, np.ndarray]) -> list[str]:
        """Every whole map kept that a search afresh (``distances``) would not give, or of a
        level there is no more (``Engine.check``; ``walkables``: each level's floor)."""
        wrong = []
        for (depth, x, y, through), kept in sorted(self._maps.items(), key=lambda i: i[0]):
            walkable = walkables.get(depth)
            if walkable is None:
                wrong.append(f"distance maps: one of depth {depth}, which is gone")
                continue
            cost = np.ones(walkable.shape, np.int32) if through else walkable.astype(np.int32)
            if not np.array_equal(kept, distances(cost, [(x, y)])):
                wrong.append(f"distance maps: to ({x}, {y}) on depth {depth}")
        return wrong
