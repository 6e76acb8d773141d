"""Lines of flight: what a shot, a throw, a bolt or a rival's look crosses on its way, by tcod's
line, stopping at a wall or the first creature in its way."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import tcod.los

from game.world.core.components import Named

if TYPE_CHECKING:
    from game.world.core.engine import Engine


@dataclass(frozen=True, slots=True)
class Flight:
    path: tuple[tuple[int, int], ...]  # the cells it crossed, the last where it stopped
    target: int | None  # the creature it reached
    wall: bool = False  # a wall (or the map's edge) stopped it


def flight(engine: Engine, shooter: int, x: int, y: int, reach: int) -> Flight:
    """Fly from the shooter towards (x, y), at most ``reach`` cells."""
    start = engine.position(shooter)
    line = tcod.los.bresenham((start.x, start.y), (x, y)).tolist()[1: reach + 1]
    path: list[tuple[int, int]] = []
    gm = engine.gamemap
    for cx, cy in line:
        if not gm.in_bounds(cx, cy) or not gm.walkable[cx, cy]:
            return Flight(tuple(path), None, wall=True)
        path.append((cx, cy))
        blocker = engine.blocker_at(cx, cy)
        if blocker is not None and blocker != shooter:
            return Flight(tuple(path), blocker)
    return Flight(tuple(path), None)


def distance(engine: Engine, a: int, b: int) -> int:
    pa, pb = engine.position(a), engine.position(b)
    return max(abs(pa.x - pb.x), abs(pa.y - pb.y))


def refused(engine: Engine, shooter: int, x: int, y: int, reach: int) -> str | None:
    """Why a shot or a bolt at a creature the shooter sees on (x, y) cannot be loosed: it
    would reach nobody, stopped by a wall on the way or falling short. None when it would
    reach someone (the one aimed at, or one in the way), or nobody seen stands there (a shot
    into the dark, or at the floor, is the shooter's own affair)."""
    aimed = engine.blocker_at(x, y)
    if aimed is None or aimed == shooter or not engine.sees(aimed):
        return None
    path = flight(engine, shooter, x, y, reach)
    if path.target is not None:
        return None
    named = engine.store.get(aimed, Named)
    name = named.name if named.proper else f"the {named.name}"
    if path.wall:
        return f"You have no clear line of fire to {name}."
    return f"{name[:1].upper()}{name[1:]} is out of range."


def clear(engine: Engine, shooter: int, target: int, reach: int) -> bool:
    """A shot at ``target`` would fly straight to it: nothing in the way, within reach."""
    pos = engine.position(target)
    return flight(engine, shooter, pos.x, pos.y, reach).target == target
