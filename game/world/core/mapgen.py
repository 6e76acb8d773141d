"""Level generation: BSP rooms and corridors, or cellular-automaton caves on every third depth.

A level depends only on (seed, depth, width, height): seeds are derived with sha256 (never
``hash()`` or the clock), tcod's BSP gets an explicitly seeded ``tcod.random.Random``, and every
other choice comes from one ``random.Random``, whose sequence Python keeps stable across versions.

Stairs: ``stairs_up`` on every depth; on depth 1 it is where the player starts and the way out of
the dungeon. ``stairs_down`` on every depth but ``MAX_DEPTH``. Reachability is 4-connected
(cardinal steps), so it holds whether or not the game allows diagonal moves.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import cast

import numpy as np
import tcod.bsp
import tcod.random

from game.content.creatures import MAX_DEPTH  # the one place for the dungeon's depth

from . import paths
from .gamemap import GameMap, Pos, Room

CAVE_EVERY = 3  # depths 3 and 6 are caves
MIN_WIDTH, MIN_HEIGHT = 20, 12

_BSP_DEPTH, _LEAF_MIN_W, _LEAF_MIN_H = 5, 9, 7
_CAVE_WALL_CHANCE, _CAVE_STEPS, _CAVE_TRIES = 0.45, 5, 12
_CAVE_MIN_FRACTION = 0.3  # of the interior; else reroll, and at last fall back to rooms
_STAIRS_FAR = 0.7  # stairs down at least this fraction of the farthest path from stairs up
_UNREACHED = paths.FAR


def level_seed(seed: int, depth: int, purpose: str = "") -> int:
    """A 64-bit seed for one depth's generation (and an optional sub-purpose)."""
    text = f"{seed}:level:{depth}" + (f":{purpose}" if purpose else "")
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def is_cave_depth(depth: int) -> bool:
    return depth % CAVE_EVERY == 0


def generate(seed: int, depth: int, width: int = 80, height: int = 40) -> GameMap:
    """Generate the level at ``depth`` (1..MAX_DEPTH) of the dungeon for ``seed``."""
    if not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be in 1..{MAX_DEPTH}, got {depth}")
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise ValueError(f"map must be at least {MIN_WIDTH}x{MIN_HEIGHT}")
    rng = random.Random(level_seed(seed, depth))
    gm = GameMap.blank(width, height, depth)
    floor = _cave(rng, width, height) if is_cave_depth(depth) else None
    if floor is not None:
        gm.set_floor(floor)
    else:
        _rooms_and_corridors(gm, rng, level_seed(seed, depth, "bsp"))
    _place_stairs(gm, rng)
    return gm


def distances(walkable: np.ndarray, start: Pos) -> np.ndarray:
    """Cardinal step counts from ``start``; unreachable cells hold int32 max."""
    return paths.distances(walkable, [start], diagonal=False)


def reachable(walkable: np.ndarray, start: Pos) -> np.ndarray:
    return distances(walkable, start) != _UNREACHED


def place_positions(
    gamemap: GameMap, rng: random.Random, count: int, avoid: Iterable[Pos] = ()
) -> list[Pos]:
    """Distinct floor cells for creatures or items, never on stairs or in ``avoid``.

    Candidates are listed in [x, y] order before sampling, so the result depends only on the
    map and the state of ``rng``. Raises ValueError if there are fewer than ``count``.
    """
    floor = gamemap.walkable & ~gamemap.wall
    width, height = floor.shape
    for x, y in [*avoid, *(p for p in (gamemap.stairs_up, gamemap.stairs_down) if p)]:
        if 0 <= x < width and 0 <= y < height:  # off the map: nothing to leave out
            floor[x, y] = False
    cells = _cells(floor)
    if count > len(cells):
        raise ValueError(f"asked for {count} positions, only {len(cells)} free")
    return rng.sample(cells, count)


# --- rooms and corridors ------------------------------------------------------------------


def _rooms_and_corridors(gm: GameMap, rng: random.Random, bsp_seed: int) -> None:
    """Rooms inside BSP leaves; each split joins its two halves, so all rooms connect."""
    bsp = tcod.bsp.BSP(x=0, y=0, width=gm.width, height=gm.height)
    tcod_rng = tcod.random.Random(tcod.random.MERSENNE_TWISTER, seed=bsp_seed & 0xFFFFFFFF)
    bsp.split_recursive(_BSP_DEPTH, _LEAF_MIN_W, _LEAF_MIN_H, 1.5, 1.5, seed=tcod_rng)
    floor = np.zeros((gm.width, gm.height), dtype=np.bool_)
    rooms_in: dict[int, list[Room]] = {}  # id of a node -> the rooms of its leaves, in order
    for leaf in bsp.pre_order():
        if not leaf.children:
            room = _room_in(leaf, rng)
            rooms_in[id(leaf)] = [room]
            gm.rooms.append(room)
            x, y, w, h = room
            floor[x : x + w, y : y + h] = True
    for node in bsp.post_order():  # children first: their rooms are known
        if node.children:
            a, b = (rooms_in[id(child)] for child in node.children)
            rooms_in[id(node)] = a + b  # the leaves in pre-order: the first child's first
            _corridor(floor, *_nearest_pair(a, b), rng)
    gm.set_floor(floor)


def _room_in(leaf: tcod.bsp.BSP, rng: random.Random) -> Room:
    """A room inside ``leaf`` with a wall margin, so rooms never touch and the border stays wall."""
    max_w, max_h = leaf.width - 2, leaf.height - 2
    w = rng.randint(max(3, max_w // 2), max_w)
    h = rng.randint(max(3, max_h // 2), max_h)
    x = rng.randint(leaf.x + 1, leaf.x + 1 + max_w - w)
    y = rng.randint(leaf.y + 1, leaf.y + 1 + max_h - h)
    return (x, y, w, h)


def _centre(room: Room) -> Pos:
    x, y, w, h = room
    return (x + w // 2, y + h // 2)


def _nearest_pair(a: list[Room], b: list[Room]) -> tuple[Room, Room]:
    """The closest rooms across a split, so corridors stay short; ties go to the first listed
    (``a``'s rooms in turn, each against ``b``'s)."""
    best, pair = None, (a[0], b[0])
    others = [(rb, *_centre(rb)) for rb in b]
    for ra in a:
        ax, ay = _centre(ra)
        for rb, bx, by in others:
            gap = abs(ax - bx) + abs(ay - by)
            if best is None or gap < best:
                best, pair = gap, (ra, rb)
    return pair


def _corridor(floor: np.ndarray, a: Room, b: Room, rng: random.Random) -> None:
    """An L-shaped corridor between random cells of two rooms, bending either way at random.
    Each leg runs along a row or a column, so it is the slice between its ends."""
    (x1, y1), (x2, y2) = _random_cell(a, rng), _random_cell(b, rng)
    corner = (x2, y1) if rng.random() < 0.5 else (x1, y2)
    for (sx, sy), (ex, ey) in (((x1, y1), corner), (corner, (x2, y2))):
        floor[min(sx, ex) : max(sx, ex) + 1, min(sy, ey) : max(sy, ey) + 1] = True


def _random_cell(room: Room, rng: random.Random) -> Pos:
    x, y, w, h = room
    return (rng.randint(x, x + w - 1), rng.randint(y, y + h - 1))


# --- caves --------------------------------------------------------------------------------


def _cave(rng: random.Random, width: int, height: int) -> np.ndarray | None:
    """Cave floor (largest connected region of a smoothed noise field), or None if too small."""
    target = _CAVE_MIN_FRACTION * (width - 2) * (height - 2)
    for _ in range(_CAVE_TRIES):
        floor = _largest_region(_smoothed_noise(rng, width, height))
        if floor.sum() >= target:
            return floor
    return None


def _smoothed_noise(rng: random.Random, width: int, height: int) -> np.ndarray:
    noise = [rng.random() >= _CAVE_WALL_CHANCE for _ in range(width * height)]
    floor = np.array(noise, dtype=np.bool_).reshape((width, height))
    for _ in range(_CAVE_STEPS):
        floor[0, :] = floor[-1, :] = floor[:, 0] = floor[:, -1] = False
        walls = _wall_neighbours(floor)
        floor = (walls <= 3) | (floor & (walls == 4))
    floor[0, :] = floor[-1, :] = floor[:, 0] = floor[:, -1] = False
    return floor


def _wall_neighbours(floor: np.ndarray) -> np.ndarray:
    """Count of the 8 neighbours that are wall; off-map counts as wall."""
    rock = np.pad(~floor, 1, constant_values=True).astype(np.int8)
    w, h = floor.shape
    return cast(np.ndarray, sum(
        rock[1 + dx : 1 + dx + w, 1 + dy : 1 + dy + h]
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx, dy) != (0, 0)
    ))


def _largest_region(floor: np.ndarray) -> np.ndarray:
    """The biggest cardinally connected part of ``floor``; ties go to the first in [x, y] order."""
    best = np.zeros_like(floor)
    left = floor.copy()
    while left.any():
        region = reachable(left, _cells(left)[0])
        if region.sum() > best.sum():
            best = region
        left &= ~region
    return best


# --- stairs -------------------------------------------------------------------------------


def _place_stairs(gm: GameMap, rng: random.Random) -> None:
    """Stairs up anywhere; stairs down far along the path from it, in another room if any."""
    gm.stairs_up = rng.choice(_room_cells(gm) if gm.rooms else _cells(gm.walkable))
    if gm.depth >= MAX_DEPTH:
        return
    dist = distances(gm.walkable, gm.stairs_up)
    dist[dist == _UNREACHED] = -1
    candidates = _down_candidates(gm) & (dist > 0)
    if not candidates.any():
        candidates = dist > 0
    far = candidates & (dist >= _STAIRS_FAR * dist[candidates].max())
    gm.stairs_down = rng.choice(_cells(far))


def _down_candidates(gm: GameMap) -> np.ndarray:
    if not gm.rooms:
        return gm.walkable.copy()
    assert gm.stairs_up is not None  # placed first
    up_room = _room_containing(gm, gm.stairs_up)
    others = [r for r in gm.rooms if r != up_room]
    return _room_mask(gm, *others)


def _room_cells(gm: GameMap) -> list[Pos]:
    return _cells(_room_mask(gm, *gm.rooms))


def _room_mask(gm: GameMap, *rooms: Room) -> np.ndarray:
    mask = np.zeros((gm.width, gm.height), dtype=np.bool_)
    for x, y, w, h in rooms:
        mask[x : x + w, y : y + h] = True
    return mask


def _room_containing(gm: GameMap, pos: Pos) -> Room | None:
    return next(
        (r for r in gm.rooms if r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]), None
    )


def _cells(mask: np.ndarray) -> list[Pos]:
    """True cells as (x, y) tuples of ints, in deterministic [x, y] order (``np.argwhere``'s:
    taken as lists, not row by row, which costs numpy an IndexError at every row's end)."""
    xs, ys = np.nonzero(mask)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))
