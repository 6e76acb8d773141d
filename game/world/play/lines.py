"""Lines of flight: what a shot, a throw, a bolt or a rival's look crosses on its way, by tcod's
line, stopping at a wall or the first creature in its way.

One line for everyone, both ways (from game 0.4.0): the line between two cells is tcod's
Bresenham line drawn from whichever end comes first (by x, then y), so the line from A to B is
the line from B to A backwards. Whoever could shoot the player can be shot by the player, and
aiming (``choices.shot_targets``) offers exactly the creatures in view that could shoot back.
Earlier games drew it from the shooter, as they were played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import tcod.los

from game.world.core.components import Named

if TYPE_CHECKING:
    from game.world.core.engine import Engine

BOTH_WAYS = "0.4.0"  # the game version from which a line is the same both ways
UNREACHABLE = "There is a wall in the way: that spot cannot be reached from here."


@dataclass(frozen=True, slots=True)
class Flight:
    path: tuple[tuple[int, int], ...]  # the cells it crossed, the last where it stopped
    target: int | None  # the creature it reached
    wall: bool = False  # a wall (or the map's edge) stopped it


def line(engine: Engine, start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells from ``start`` to ``end``, both included: tcod's line, the same both ways
    (from game 0.4.0; before, drawn from ``start``)."""
    if end < start and engine.since(BOTH_WAYS):
        return [(x, y) for x, y in tcod.los.bresenham(end, start).tolist()[::-1]]
    return [(x, y) for x, y in tcod.los.bresenham(start, end).tolist()]


def flight(engine: Engine, shooter: int, x: int, y: int, reach: int) -> Flight:
    """Fly from the shooter towards (x, y), at most ``reach`` cells."""
    start = engine.position(shooter)
    path: list[tuple[int, int]] = []
    gm = engine.gamemap
    for cx, cy in line(engine, (start.x, start.y), (x, y))[1: reach + 1]:
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
    """Why a shot or a bolt at (x, y) cannot be loosed. At a creature the shooter sees there:
    it would reach nobody, stopped by a wall on the way or falling short. At any other spot
    (from game 0.4.0): a wall the shooter has seen stands on the line before it, within reach,
    so the spot cannot be reached. None when it would reach someone (the one aimed at, or one
    in the way), or the spot (a shot into the dark, or at the floor, or at a wall itself, is
    the shooter's own affair)."""
    aimed = engine.blocker_at(x, y)
    if aimed is None or aimed == shooter or not engine.sees(aimed):
        return UNREACHABLE if engine.since(BOTH_WAYS) and walled_off(
            engine, shooter, x, y, reach) else None
    path = flight(engine, shooter, x, y, reach)
    if path.target is not None:
        return None
    named = engine.store.get(aimed, Named)
    name = named.name if named.proper else f"the {named.name}"
    if path.wall:
        return f"You have no clear line of fire to {name}."
    return f"{name[:1].upper()}{name[1:]} is out of range."


def walled_off(engine: Engine, shooter: int, x: int, y: int, reach: int) -> bool:
    """A wall the shooter knows of (one the player has seen) stands on the line to (x, y)
    before it, within ``reach``: whatever flies there stops short of it."""
    start = engine.position(shooter)
    gm = engine.gamemap
    return any(not gm.in_bounds(cx, cy) or (gm.explored[cx, cy] and not gm.walkable[cx, cy])
               for cx, cy in line(engine, (start.x, start.y), (x, y))[1:reach + 1]
               if (cx, cy) != (x, y))


def clear(engine: Engine, shooter: int, target: int, reach: int) -> bool:
    """A shot, a throw or a bolt at ``target`` would fly straight to it: nothing in the way (a
    wall or another creature), within reach. The one rule of who may shoot whom, the player
    and the creatures alike; the same both ways (``line``)."""
    pos = engine.position(target)
    return flight(engine, shooter, pos.x, pos.y, reach).target == target
