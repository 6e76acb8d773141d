"""Field of view, cast into cells kept per level.

``tcod.map.compute_fov`` makes a fresh cell buffer and C map on every call and copies the
transparency into it: more than half of its time on an 80x40 level, and the player's sight is
cast after nearly every step. ``Caster`` keeps the buffer and map, copies the transparency in
only when its bytes changed, and calls the same libtcod function the way that function does
(the array's axes handed over in the same order), so every sight is exactly the same.
"""

from __future__ import annotations

import numpy as np
import tcod.constants
from tcod.cffi import ffi, lib

_CELL = np.dtype([("transparent", np.bool_), ("walkable", np.bool_), ("fov", np.bool_)])


class Caster:
    """Symmetric shadowcasting with walls lit, over arrays of one shape, indexed [x, y]."""

    def __init__(self, shape: tuple[int, int]) -> None:
        self._cells = np.zeros(shape, dtype=_CELL)
        self._pointer = ffi.from_buffer("struct TCOD_MapCell*", self._cells)
        # width and height swapped, as tcod.map.compute_fov has them for an [x, y] array
        self._map = ffi.new("struct TCOD_Map*",
                            (shape[1], shape[0], shape[0] * shape[1], self._pointer))
        self._transparent: bytes | None = None  # the transparency last copied in
        self._fov = self._cells["fov"]

    def cast(self, transparent: np.ndarray, cells: bytes, x: int, y: int,
             radius: int) -> np.ndarray:
        """What (x, y) sees within ``radius``; ``cells`` is ``transparent.tobytes()``. The
        array returned is this caster's own, overwritten by the next cast."""
        if cells != self._transparent:
            self._cells["transparent"] = transparent
            self._transparent = cells
        lib.TCOD_map_compute_fov(self._map, y, x, radius, True,
                                 tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        return self._fov
