"""The dungeon level: terrain arrays, field of view, and what a save keeps of it.

Arrays are indexed ``[x, y]`` with shape ``(width, height)``. A save regenerates the terrain from
(seed, depth) and stores only ``explored``, as a run-length list (see :meth:`explored_to_rle`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import tcod.constants
import tcod.map

from .fov import Caster

Pos = tuple[int, int]
Room = tuple[int, int, int, int]

_ARRAYS = ("walkable", "transparent", "wall", "explored", "visible")


@dataclass(slots=True, eq=False)
class GameMap:
    """One level. ``eq=False``: a field-wise ``==`` on numpy arrays would raise, not compare.

    ``wall`` marks solid rock an incorporeal ghost may stand in; the border is wall too, so a
    ghost can reach it but never leave the map. On depth 1, ``stairs_up`` is where the player
    starts: the way out of the dungeon.
    """

    width: int
    height: int
    depth: int
    walkable: np.ndarray
    transparent: np.ndarray
    wall: np.ndarray
    explored: np.ndarray
    visible: np.ndarray
    stairs_down: Pos | None = None
    stairs_up: Pos | None = None
    rooms: list[Room] = field(default_factory=list)
    # the last sight computed, to reuse: a new tuple at each cast, so a look keyed on it
    # (game.world.core.sight) knows whether ``visible`` has been cast again since
    sight: tuple | None = field(default=None, repr=False)
    _caster: Caster | None = field(default=None, repr=False)  # made at the first sight cast

    def __post_init__(self) -> None:
        for name in _ARRAYS:
            arr = getattr(self, name)
            if arr.shape != (self.width, self.height) or arr.dtype != np.bool_:
                raise ValueError(
                    f"{name} must be a bool array of shape {(self.width, self.height)}"
                )

    @classmethod
    def blank(cls, width: int, height: int, depth: int) -> GameMap:
        """A level of solid wall, for generators to carve floor into."""
        walls = np.ones((width, height), dtype=np.bool_)
        none = np.zeros((width, height), dtype=np.bool_)
        return cls(width, height, depth, none.copy(), none.copy(), walls, none.copy(), none)

    @classmethod
    def from_ascii(cls, picture: str | Sequence[str], depth: int = 1) -> GameMap:
        """Build a map for tests: ``#`` is wall, ``<``/``>`` are stairs, anything else is floor.

        Rows are y, columns are x, so the caller can read creature letters (``@``, ``k``) from
        the same picture at the same coordinates.
        """
        rows = picture.strip("\n").splitlines() if isinstance(picture, str) else list(picture)
        if not rows or len({len(r) for r in rows}) != 1:
            raise ValueError("ASCII map rows must be non-empty and of equal length")
        grid = np.array([list(r) for r in rows]).T  # -> [x, y]
        gm = cls.blank(grid.shape[0], grid.shape[1], depth)
        gm.set_floor(grid != "#")
        gm.stairs_up = _find(grid, "<")
        gm.stairs_down = _find(grid, ">")
        return gm

    def set_floor(self, floor: np.ndarray) -> None:
        """Make ``floor`` open ground and the rest wall, keeping the three arrays in step."""
        self.walkable[...] = floor
        self.transparent[...] = floor
        self.wall[...] = ~floor

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def update_fov(self, x: int, y: int, radius: int = 8) -> None:
        """Recompute ``visible`` from (x, y) and remember it in ``explored``.

        Symmetric shadowcasting: if A sees B then B sees A, so monsters and player agree.
        Arrays are updated in place so views held elsewhere stay valid. Seen from where it
        was last computed, over the same terrain, with ``visible`` untouched since, the sight
        is the same and is not cast again.
        """
        seen, cells, last = (x, y, radius), self.transparent.tobytes(), self.sight
        if last is not None and last[0] == seen and last[1] == cells \
                and last[2] == self.visible.tobytes():
            self.explored |= self.visible
            return
        if self._caster is None:
            self._caster = Caster()
        window, seen_here = self._caster.cast(self.transparent, x, y, radius)
        self.visible.fill(False)
        self.visible[window] = seen_here
        self.explored |= self.visible  # whole arrays: numpy's fastest way here
        self.sight = (seen, cells, self.visible.tobytes())

    def check(self) -> list[str]:
        """The sight kept, where ``update_fov`` would reuse it (the same terrain, ``visible``
        untouched since), is what a cast afresh from its cell gives (``Engine.check``)."""
        if self.sight is None:
            return []
        (x, y, radius), cells, visible = self.sight
        if cells != self.transparent.tobytes() or visible != self.visible.tobytes():
            return []  # cast again when next asked
        fresh = tcod.map.compute_fov(self.transparent, (x, y), radius, light_walls=True,
                                     algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        if np.array_equal(fresh, self.visible):
            return []
        return [f"sight: the kept sight of depth {self.depth}"]

    def as_generated(self) -> GameMap:
        """A new map of this level's terrain as it was generated: nothing explored or in view
        (terrain never changes once made: a regenerated level is a new map)."""
        none = np.zeros_like(self.explored)
        return GameMap(self.width, self.height, self.depth, self.walkable.copy(),
                       self.transparent.copy(), self.wall.copy(), none, none.copy(),
                       self.stairs_down, self.stairs_up, list(self.rooms))

    def explored_to_rle(self) -> list[int]:
        """Run lengths of ``explored`` flattened in [x, y] C order, starting with a False run.

        The first run may be 0. Compact and JSON-friendly (plain ints).
        """
        flat = self.explored.ravel(order="C")
        edges = np.flatnonzero(flat[1:] != flat[:-1]) + 1
        bounds = np.concatenate(([0], edges, [flat.size]))
        runs = np.diff(bounds).tolist()
        return [0, *runs] if flat.size and flat[0] else runs

    def explored_from_rle(self, runs: Iterable[int]) -> None:
        """Restore ``explored`` in place; raise ValueError if the runs do not fit this map."""
        runs = list(runs)
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in runs):
            raise ValueError("explored runs must be non-negative integers")
        if sum(runs) != self.width * self.height:
            raise ValueError(
                f"explored runs cover {sum(runs)} cells, map has {self.width * self.height}"
            )
        values = np.arange(len(runs)) % 2 == 1
        flat = np.repeat(values, runs)
        self.explored[...] = flat.reshape((self.width, self.height), order="C")

    def reveal_floor(self) -> None:
        """Every floor cell explored, and the walls around them (not the solid rock between):
        the wizard's map and the scroll of magic mapping."""
        near = self.walkable.copy()
        padded = np.pad(self.walkable, 1)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                near |= padded[1 + dx:1 + dx + self.width, 1 + dy:1 + dy + self.height]
        self.explored |= near


def _find(grid: np.ndarray, char: str) -> Pos | None:
    hits = np.argwhere(grid == char)
    if len(hits) > 1:
        raise ValueError(f"ASCII map has more than one {char!r}")
    return (int(hits[0][0]), int(hits[0][1])) if len(hits) else None
