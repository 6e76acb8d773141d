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
    hold ``FAR``. A root's own cell is 0 whatever its cost."""
    graph = tcod.path.SimpleGraph(cost=cost.astype(np.int32, copy=False), cardinal=1,
                                  diagonal=1 if diagonal else 0)
    finder = tcod.path.Pathfinder(graph)
    for root in roots:
        finder.add_root((int(root[0]), int(root[1])))
    finder.resolve()
    return finder.distance.astype(np.int32, copy=False)
