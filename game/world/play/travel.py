"""Finding the way over what the player knows: a step towards the nearest of some cells, and the
frontier of the unexplored. The bot and the player's auto-explore both walk with these."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.world.core import paths
from game.world.core.gamemap import GameMap

from . import traps

if TYPE_CHECKING:
    from game.world.core.engine import Engine

DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
TRAP_COST = 100  # a known trap costs as much as this many steps: any shorter way round wins


def frontier(gm: GameMap, seen: np.ndarray | None = None) -> np.ndarray:
    """Known floor beside unknown cells: where exploring goes next. ``seen``: the cells the
    player has had in view, when that is less than the known (a map read shows what was
    never seen): then known floor beside what was never seen."""
    unknown = ~(gm.explored if seen is None else seen)
    near = np.zeros_like(unknown)
    for dx, dy in DIRECTIONS:  # near[x, y] |= unknown[x + dx, y + dy] (off the map: known)
        near[_cut(-dx), _cut(-dy)] |= unknown[_cut(dx), _cut(dy)]
    return near & gm.walkable & gm.explored


def _cut(d: int) -> slice:
    """The cells whose neighbour ``d`` away along an axis is on the map, or those neighbours."""
    return slice(1, None) if d > 0 else slice(None, -1) if d < 0 else slice(None)


def step_toward(engine: Engine, targets: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The first step of a shortest path over known floor to the nearest target (one
    distance map for all of them), or None when none can be reached."""
    if not targets:
        return None
    gm = engine.gamemap
    cost = walk_cost(engine)
    dist = paths.distances(cost, targets)
    pos = engine.position(engine.player)
    x, y = pos.x, pos.y
    best = None
    for dx, dy in DIRECTIONS:
        nx, ny = x + dx, y + dy
        if gm.in_bounds(nx, ny) and cost[nx, ny] and dist[nx, ny] < dist[x, y] \
                and (best is None or dist[nx, ny] < best[0]):
            best = (dist[nx, ny], dx, dy)
    return (best[1], best[2]) if best is not None else None


def walk_cost(engine: Engine) -> np.ndarray:
    """The cost of entering each cell on the way: known floor 1, a known trap TRAP_COST,
    anything else closed (0)."""
    gm = engine.gamemap
    cost = (gm.walkable & gm.explored).astype(np.int32)
    for x, y in traps.known(engine):
        if cost[x, y]:
            cost[x, y] = TRAP_COST
    return cost

