"""The windowed field of view (``game.world.core.fov``) is tcod's own ``compute_fov`` over the
whole level, cell for cell: on real levels and on noise, from every cell (walls too), at
every radius, near the edges, and after the terrain changes under it."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.constants
import tcod.map

from game.world.core.fov import Caster
from game.world.core.gamemap import GameMap
from game.world.core.mapgen import generate


def tcods(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    return tcod.map.compute_fov(transparent, (x, y), radius=radius, light_walls=True,
                                algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)


def windowed(caster: Caster, transparent: np.ndarray, x: int, y: int,
             radius: int) -> np.ndarray:
    window, seen = caster.cast(transparent, x, y, radius)
    whole = np.zeros_like(transparent)
    whole[window] = seen
    return whole


def same_from_everywhere(transparent: np.ndarray, radii: list[int], seed: int) -> int:
    rng, caster, checked = np.random.default_rng(seed), Caster(), 0
    for x in range(transparent.shape[0]):
        for y in range(transparent.shape[1]):
            radius = radii[int(rng.integers(len(radii)))]
            assert np.array_equal(windowed(caster, transparent, x, y, radius),
                                  tcods(transparent, x, y, radius)), (x, y, radius)
            checked += 1
    return checked


@pytest.mark.parametrize(("seed", "depth"), [(1, 1), (2, 4), (3, 6)])
def test_it_is_tcods_sight_on_real_levels(seed, depth):
    transparent = generate(seed, depth, 80, 40).transparent
    assert same_from_everywhere(transparent, [8, 8, 8, 1, 2, 5, 11, 0], seed) == 3200


@pytest.mark.parametrize(("shape", "open_share"), [((31, 17), 0.6), ((9, 40), 0.9),
                                                   ((40, 3), 0.8), ((1, 1), 1.0),
                                                   ((29, 27), 1.0)])
def test_it_is_tcods_sight_on_noise(shape, open_share):
    rng = np.random.default_rng(shape[0])
    transparent = rng.random(shape) < open_share
    same_from_everywhere(transparent, list(range(13)), shape[1])


def test_a_change_of_terrain_is_seen_at_once():
    rng = np.random.default_rng(3)
    transparent = rng.random((40, 20)) < 0.8
    caster = Caster()
    before = windowed(caster, transparent, 20, 10, 8)
    transparent[21:23, :] = False  # a wall raised in place, beside the viewpoint
    after = windowed(caster, transparent, 20, 10, 8)
    assert np.array_equal(after, tcods(transparent, 20, 10, 8))
    assert not np.array_equal(after, before)


def test_a_level_sees_as_tcod_does_as_the_player_walks():
    gm = GameMap.from_ascii(["#########", "#.......#", "#..#....#", "#.......#", "#########"])
    explored = np.zeros_like(gm.explored)
    for x, y in [(1, 1), (2, 1), (2, 2), (7, 3), (7, 3)]:
        gm.update_fov(x, y, 8)
        explored |= tcods(gm.transparent, x, y, 8)
        assert np.array_equal(gm.visible, tcods(gm.transparent, x, y, 8))
    assert np.array_equal(gm.explored, explored)
    gm.set_floor(np.zeros_like(gm.walkable))  # all rock now
    gm.update_fov(7, 3, 2)
    assert np.array_equal(gm.visible, tcods(gm.transparent, 7, 3, 2))
