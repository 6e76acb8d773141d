"""Map generation and the GameMap: determinism, connectivity, stairs, caves, FOV, RLE."""

from __future__ import annotations

import hashlib
import inspect
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.world.core.gamemap import GameMap
from game.world.core.mapgen import (
    MAX_DEPTH,
    distances,
    generate,
    is_cave_depth,
    place_positions,
    reachable,
)

REPO = Path(__file__).resolve().parents[2]
DEPTHS = range(1, MAX_DEPTH + 1)
ARRAYS = ("walkable", "transparent", "wall", "explored", "visible")


@pytest.fixture(scope="module")
def levels() -> dict[tuple[int, int], GameMap]:
    """30 seeds x every depth, generated once for the whole module (keeps the suite fast)."""
    return {(seed, depth): generate(seed, depth) for seed in range(30) for depth in DEPTHS}


def _same(a: GameMap, b: GameMap) -> bool:
    return (
        all(np.array_equal(getattr(a, n), getattr(b, n)) for n in ARRAYS)
        and (a.stairs_up, a.stairs_down, a.rooms) == (b.stairs_up, b.stairs_down, b.rooms)
        and layout_bytes(a) == layout_bytes(b)
    )


def layout_bytes(g: GameMap) -> bytes:
    """A level's layout as bytes: its size, stairs, rooms and terrain."""
    return repr((g.width, g.height, g.depth, g.stairs_up, g.stairs_down, g.rooms)).encode() \
        + b"".join(getattr(g, n).tobytes() for n in ("walkable", "transparent", "wall"))


# --- determinism ---------------------------------------------------------------------------


@pytest.mark.parametrize("depth", DEPTHS)
def test_same_seed_and_depth_give_identical_map(depth: int) -> None:
    assert _same(generate(1234, depth), generate(1234, depth))


def _hash_in_subprocess(hashseed: str) -> str:
    code = inspect.getsource(layout_bytes).replace("g: GameMap", "g") + (
        "import hashlib; from game.world.core.mapgen import generate, MAX_DEPTH; "
        "print(hashlib.sha256(b''.join(layout_bytes(generate(1234, d)) "
        "for d in range(1, MAX_DEPTH + 1))).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_map_independent_of_python_hash_seed() -> None:
    here = hashlib.sha256(b"".join(layout_bytes(generate(1234, d)) for d in DEPTHS)).hexdigest()
    assert _hash_in_subprocess("0") == _hash_in_subprocess("4242") == here


def test_different_depth_or_seed_gives_different_map() -> None:
    assert not np.array_equal(generate(5, 1).walkable, generate(5, 2).walkable)
    assert not np.array_equal(generate(5, 1).walkable, generate(6, 1).walkable)


@pytest.mark.parametrize("bad", [{"depth": 0}, {"depth": MAX_DEPTH + 1}, {"width": 10}])
def test_generate_rejects_bad_arguments(bad: dict[str, int]) -> None:
    args = {"seed": 1, "depth": 1} | bad
    with pytest.raises(ValueError):
        generate(**args)


# --- shape of every level ------------------------------------------------------------------


def test_every_walkable_cell_reachable_from_stairs_up(levels) -> None:
    for key, gm in levels.items():
        assert np.array_equal(reachable(gm.walkable, gm.stairs_up), gm.walkable), key


def test_border_is_wall_and_arrays_agree(levels) -> None:
    for key, gm in levels.items():
        assert (gm.width, gm.height) == (80, 40) and gm.walkable.shape == (80, 40)
        for edge in (gm.wall[0, :], gm.wall[-1, :], gm.wall[:, 0], gm.wall[:, -1]):
            assert edge.all(), key
        assert np.array_equal(gm.wall, ~gm.walkable), key
        assert np.array_equal(gm.transparent, gm.walkable), key


def test_stairs_rules(levels) -> None:
    for (seed, depth), gm in levels.items():
        assert gm.depth == depth
        assert gm.stairs_up is not None and gm.walkable[gm.stairs_up]
        if depth == MAX_DEPTH:
            assert gm.stairs_down is None
            continue
        assert gm.stairs_down is not None and gm.walkable[gm.stairs_down]
        dist = distances(gm.walkable, gm.stairs_up)
        farthest = dist[gm.walkable].max()
        assert dist[gm.stairs_down] >= farthest // 2, (seed, depth)
        if gm.rooms:
            assert _room_of(gm, gm.stairs_up) != _room_of(gm, gm.stairs_down), (seed, depth)


def _room_of(gm: GameMap, pos: tuple[int, int]) -> tuple[int, int, int, int]:
    x, y = pos
    return next(r for r in gm.rooms if r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3])


def test_cave_depths_are_caves_and_others_have_rooms(levels) -> None:
    assert [d for d in DEPTHS if is_cave_depth(d)] == [3, 6]
    for (seed, depth), gm in levels.items():
        if is_cave_depth(depth):
            assert gm.rooms == [], (seed, depth)
            assert gm.walkable.sum() >= 0.3 * 78 * 38, (seed, depth)
        else:
            assert len(gm.rooms) >= 2, (seed, depth)
            for x, y, w, h in gm.rooms:
                assert gm.walkable[x : x + w, y : y + h].all()


def test_small_maps_still_valid() -> None:
    for seed in range(20):
        for depth in DEPTHS:
            gm = generate(seed, depth, 20, 12)
            assert np.array_equal(reachable(gm.walkable, gm.stairs_up), gm.walkable)
            assert (gm.stairs_down is None) == (depth == MAX_DEPTH)


# --- place_positions -----------------------------------------------------------------------


def test_place_positions_distinct_free_floor_and_deterministic() -> None:
    gm = generate(3, 2)
    avoid = place_positions(gm, random.Random(0), 5)
    picks = place_positions(gm, random.Random(1), 40, avoid)
    assert picks == place_positions(gm, random.Random(1), 40, avoid)
    assert len(set(picks)) == 40
    for pos in picks:
        assert gm.walkable[pos] and not gm.wall[pos]
        assert pos not in avoid and pos not in (gm.stairs_up, gm.stairs_down)


def test_place_positions_refuses_too_many() -> None:
    gm = GameMap.from_ascii(["#####", "#<.>#", "#####"])
    assert place_positions(gm, random.Random(0), 1) == [(2, 1)]
    with pytest.raises(ValueError):
        place_positions(gm, random.Random(0), 2)


# --- handcrafted maps: ASCII, FOV ----------------------------------------------------------

ROOMS = """
##########
#@...#...#
#....#...#
#.....<..#
##########
"""


def test_from_ascii_reads_walls_and_stairs() -> None:
    gm = GameMap.from_ascii(ROOMS, depth=2)
    assert (gm.width, gm.height, gm.depth) == (10, 5, 2)
    assert gm.wall[5, 1] and gm.wall[0, 0] and not gm.wall[1, 1]
    assert gm.walkable[1, 1] and gm.walkable[6, 3]  # creature and stairs cells are floor
    assert (gm.stairs_up, gm.stairs_down) == ((6, 3), None)


def test_wall_blocks_sight_and_explored_accumulates() -> None:
    gm = GameMap.from_ascii(ROOMS)
    gm.update_fov(1, 1)
    assert gm.visible[1, 1] and gm.visible[4, 1]
    assert gm.visible[5, 1]  # the wall itself is lit
    assert not gm.visible[7, 1]  # hidden behind it
    first = gm.visible.copy()

    gm.update_fov(8, 1, radius=2)
    assert gm.visible[7, 1] and not gm.visible[1, 1]
    assert np.array_equal(gm.explored, first | gm.visible)
    assert gm.explored[1, 1] and gm.explored[7, 1]


# --- persistence helpers -------------------------------------------------------------------


@pytest.mark.parametrize("pattern", ["random", "empty", "full", "first_true"])
def test_explored_rle_round_trip(pattern: str) -> None:
    gm = generate(8, 1)
    rnd = np.random.default_rng(0).random(gm.explored.shape) < 0.3
    first_true = rnd.copy()
    first_true[0, 0] = True  # RLE must then start with an empty False run
    patterns = {"random": rnd, "empty": False, "full": True, "first_true": first_true}
    gm.explored[...] = patterns[pattern]
    runs = gm.explored_to_rle()
    assert all(type(n) is int for n in runs) and sum(runs) == 80 * 40
    assert (runs[0] == 0) == (pattern in ("full", "first_true"))
    fresh = generate(8, 1)
    fresh.explored_from_rle(runs)
    assert np.array_equal(fresh.explored, gm.explored)


@pytest.mark.parametrize("runs", [[1, 2], [80 * 40 + 1], [-1, 80 * 40 + 1], [1.5, 80 * 40 - 1.5]])
def test_explored_from_rle_rejects_bad_runs(runs: list) -> None:
    with pytest.raises(ValueError):
        generate(8, 1).explored_from_rle(runs)
