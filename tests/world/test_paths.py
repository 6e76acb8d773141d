"""Distance maps: the right distances, and no native memory left behind per search."""

from __future__ import annotations

import os
import sys
from collections import deque

import numpy as np
import pytest

from game.world.core import paths
from game.world.game import Game
from game.world.play import travel

SEARCHES = 3000
LEAK_BOUND_MB = 4  # dijkstra2d's ~4 KB a call would add about 12 MB here


def breadth_first(open_: np.ndarray, roots, diagonal: bool) -> np.ndarray:
    """The reference: plain breadth-first search (every step costs 1)."""
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
             if (dx or dy) and (diagonal or not (dx and dy))]
    dist = np.full(open_.shape, paths.FAR, dtype=np.int32)
    queue = deque()
    for root in roots:
        dist[root] = 0
        queue.append(root)
    while queue:
        x, y = queue.popleft()
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if 0 <= nx < open_.shape[0] and 0 <= ny < open_.shape[1] and open_[nx, ny] \
                    and dist[nx, ny] > dist[x, y] + 1:
                dist[nx, ny] = dist[x, y] + 1
                queue.append((nx, ny))
    return dist


@pytest.mark.parametrize("diagonal", [True, False])
def test_distances_match_breadth_first_search(diagonal):
    rng = np.random.default_rng(7)
    for _ in range(20):
        open_ = rng.random((25, 15)) > 0.3
        roots = [tuple(int(v) for v in rng.integers((25, 15))) for _ in range(3)]
        found = paths.distances(open_, roots, diagonal=diagonal)
        assert found.dtype == np.int32
        assert np.array_equal(found, breadth_first(open_, roots, diagonal))


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_thousands_of_path_searches_leave_memory_flat():
    engine = Game(3)
    frontier = list(zip(*np.nonzero(travel.frontier(engine.gamemap)), strict=True))

    def search() -> None:
        engine._distance.clear()
        engine.distance_map(through_walls=False)
        travel.step_toward(engine, frontier)

    for _ in range(200):  # warm up: allocator pools, caches
        search()
    before = rss_mb()
    for _ in range(SEARCHES // 2):
        search()
    grown = rss_mb() - before
    engine.close()
    assert grown < LEAK_BOUND_MB, f"{SEARCHES} path searches kept {grown:.1f} MB"


def test_through_walls_is_the_chebyshev_distance():
    ones = np.ones((30, 20), dtype=bool)
    assert np.array_equal(paths.chebyshev(ones.shape, 4, 17), paths.distances(ones, [(4, 17)]))


def test_both_kinds_of_map_are_kept_and_read_only():
    engine = Game(3)
    over_floor = engine.distance_map(through_walls=False)
    through = engine.distance_map(through_walls=True)
    assert engine.distance_map(through_walls=False) is over_floor
    assert engine.distance_map(through_walls=True) is through
    pos = engine.position(engine.player)
    gm = engine.gamemap
    assert np.array_equal(over_floor, paths.distances(gm.walkable, [(pos.x, pos.y)]))
    with pytest.raises(ValueError):
        over_floor[0, 0] = 1
    engine.close()


def test_sight_is_cast_again_only_when_something_changed():
    engine = Game(3)
    gm = engine.gamemap
    pos = engine.position(engine.player)
    seen = gm.visible.copy()
    gm.visible[...] = False  # someone blinded the view: it must be cast again
    gm.update_fov(pos.x, pos.y, 8)
    assert np.array_equal(gm.visible, seen)
    gm.explored[...] = False
    gm.update_fov(pos.x, pos.y, 8)  # the same sight, still remembered
    assert np.array_equal(gm.explored, seen)
    wall = next((x, y) for x, y in zip(*np.nonzero(seen & gm.transparent), strict=True)
                if (x, y) != (pos.x, pos.y))
    gm.transparent[wall] = False  # the terrain changed: cast again
    gm.update_fov(pos.x, pos.y, 8)
    assert not np.array_equal(gm.visible, seen)
    engine.close()


@pytest.mark.parametrize(("seed", "depth"), [(1, 1), (4, 6)])
def test_a_search_stopped_near_a_cell_is_the_whole_map_there_and_nearer(seed, depth):
    """``DistanceMaps.near``: at the cell and every cell nearer the root, the steps the whole
    map has; further, never fewer than the cell's; searches from the same root go on from
    where the last stopped, and the whole map after them is the whole map."""
    from game.world.core.mapgen import generate

    walkable = generate(seed, depth, 80, 40).walkable
    floor = np.argwhere(walkable)
    rng = np.random.default_rng(seed)
    for _ in range(3):
        root = tuple(int(v) for v in floor[rng.integers(len(floor))])
        whole = paths.DistanceMaps().to(depth, walkable, *root, False)
        maps = paths.DistanceMaps()
        for cell in floor[rng.permutation(len(floor))[:40]]:
            cell = (int(cell[0]), int(cell[1]))
            near = maps.near(depth, walkable, *root, cell).copy()
            here = whole[cell]
            assert near[cell] == here
            assert np.array_equal(near[whole < here], whole[whole < here])
            assert (near[whole >= here] >= here).all()
        assert np.array_equal(maps.to(depth, walkable, *root, False), whole)
        assert maps.near(depth, walkable, *root, cell) is maps.to(depth, walkable, *root, False)
