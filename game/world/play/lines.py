"""Lines of flight: what a shot, a throw, a bolt or a rival's look crosses on its way, by tcod's
line, stopping at a wall or the first creature in its way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import tcod.los

if TYPE_CHECKING:
    from game.world.core.engine import Engine


@dataclass(frozen=True, slots=True)
class Flight:
    path: tuple[tuple[int, int], ...]  # the cells it crossed, the last where it stopped
    target: int | None  # the creature it reached


def flight(engine: Engine, shooter: int, x: int, y: int, reach: int) -> Flight:
    """Fly from the shooter towards (x, y), at most ``reach`` cells."""
    start = engine.position(shooter)
    line = tcod.los.bresenham((start.x, start.y), (x, y)).tolist()[1: reach + 1]
    path: list[tuple[int, int]] = []
    gm = engine.gamemap
    for cx, cy in line:
        if not gm.in_bounds(cx, cy) or not gm.walkable[cx, cy]:
            break
        path.append((cx, cy))
        blocker = engine.blocker_at(cx, cy)
        if blocker is not None and blocker != shooter:
            return Flight(tuple(path), blocker)
    return Flight(tuple(path), None)


def distance(engine: Engine, a: int, b: int) -> int:
    pa, pb = engine.position(a), engine.position(b)
    return max(abs(pa.x - pb.x), abs(pa.y - pb.y))
