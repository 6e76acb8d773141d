"""Field of view, cast over the few cells the radius can reach.

``tcod.map.compute_fov`` makes a fresh cell buffer and C map over the whole level on every
call, copies all its transparency in, and libtcod clears and masks every cell of it: on an
80x40 level that is nearly all of its time, and the player's sight is cast after nearly
every step. Symmetric shadowcasting with a radius only looks at cells within the radius of
the viewpoint, so ``Caster`` hands libtcod the level cut down to the square around the
viewpoint (the cells it can light: tcod lights a cell nearer than the radius, so at most
radius - 1 steps along a row or column; cut where the level ends, as the level itself is)
in a buffer kept for that size, calling the same function the way that function does:
every sight is the same (tests/world/test_fov.py compares them cell for cell).
"""

from __future__ import annotations

import numpy as np
import tcod.constants
from tcod.cffi import ffi, lib

_CELL = np.dtype([("transparent", np.bool_), ("walkable", np.bool_), ("fov", np.bool_)])
Window = tuple[slice, slice]
_SYMMETRIC = tcod.constants.FOV_SYMMETRIC_SHADOWCAST


class _Cells:
    """One kept libtcod map of a given shape, indexed [x, y] as tcod.map.compute_fov has
    it (width and height handed over swapped)."""

    def __init__(self, shape: tuple[int, int]) -> None:
        self.cells = np.zeros(shape, dtype=_CELL)
        self.pointer = ffi.from_buffer("struct TCOD_MapCell*", self.cells)
        self.map = ffi.new("struct TCOD_Map*",
                           (shape[1], shape[0], shape[0] * shape[1], self.pointer))
        self.transparent = self.cells["transparent"]
        self.fov = self.cells["fov"]


class Caster:
    """Symmetric shadowcasting with walls lit, over [x, y] arrays."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int], _Cells] = {}

    def cast(self, transparent: np.ndarray, x: int, y: int,
             radius: int) -> tuple[Window, np.ndarray]:
        """What (x, y) sees: the window of the level that holds all of it, and the sight
        within that window (this caster's own array, overwritten by the next cast)."""
        width, height = transparent.shape
        reach = radius - 1 if radius > 0 else max(width, height)  # 0: no limit, as in tcod
        # (a cell further along the row could only shadow cells further still)
        x0, y0 = x - reach if x > reach else 0, y - reach if y > reach else 0  # (no calls)
        x1 = x + reach + 1 if x + reach + 1 < width else width
        y1 = y + reach + 1 if y + reach + 1 < height else height
        kept = self._kept.get((x1 - x0, y1 - y0))
        if kept is None:
            kept = self._kept[x1 - x0, y1 - y0] = _Cells((x1 - x0, y1 - y0))
        kept.transparent[...] = transparent[x0:x1, y0:y1]
        lib.TCOD_map_compute_fov(kept.map, y - y0, x - x0, radius, True, _SYMMETRIC)
        return (slice(x0, x1), slice(y0, y1)), kept.fov
