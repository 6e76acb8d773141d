"""The kept-buffer field of view (``game.world.fov``) is tcod's own ``compute_fov`` cell for
cell, on maps of every shape, from every cell, and after the terrain changes under it."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.constants
import tcod.map

from game.world.fov import Caster
from game.world.gamemap import GameMap


def tcods(transparent: np.ndarray, x: int, y: int, radius: int) -> np.ndarray:
    return tcod.map.compute_fov(transparent, (x, y), radius=radius, light_walls=True,
                                algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)


@pytest.mark.parametrize("shape", [(80, 40), (13, 29), (30, 7)])
def test_it_is_tcods_sight_from_every_cell(shape):
    rng = np.random.default_rng(sum(shape))
    transparent = rng.random(shape) < 0.7
    caster = Caster(shape)
    for x in range(0, shape[0], 3):
        for y in range(shape[1]):
            radius = int(rng.integers(1, 12))
            seen = caster.cast(transparent, transparent.tobytes(), x, y, radius)
            assert np.array_equal(seen, tcods(transparent, x, y, radius))


def test_a_change_of_terrain_is_seen_at_once():
    rng = np.random.default_rng(3)
    transparent = rng.random((40, 20)) < 0.8
    caster = Caster(transparent.shape)
    before = caster.cast(transparent, transparent.tobytes(), 20, 10, 8).copy()
    transparent[21:23, :] = False  # a wall raised in place, beside the viewpoint
    after = caster.cast(transparent, transparent.tobytes(), 20, 10, 8)
    assert np.array_equal(after, tcods(transparent, 20, 10, 8))
    assert not np.array_equal(after, before)


def test_a_level_sees_as_tcod_does_as_the_player_walks():
    gm = GameMap.from_ascii(["#########", "#.......#", "#..#....#", "#.......#", "#########"])
    for x, y in [(1, 1), (2, 1), (2, 2), (7, 3), (7, 3)]:
        gm.update_fov(x, y, 8)
        assert np.array_equal(gm.visible, tcods(gm.transparent, x, y, 8))
    gm.set_floor(np.zeros_like(gm.walkable))  # all rock now
    gm.update_fov(7, 3, 8)
    assert np.array_equal(gm.visible, tcods(gm.transparent, 7, 3, 8))
