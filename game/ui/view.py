"""The play view: where the map, status and log go on a console of any size, the camera, and
drawing each of them. The main screen and the look screen share these.

At 80x24 the map gets 17 rows (the 80x40 map scrolls), the status 2 and the log 5; a taller
console gives the log a few more lines and the rest to the map.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import tcod.console

from game.world.core.gamemap import GameMap
from game.world.core.sight import LIGHT_RADIUS
from game.world.game import Game

from . import palette
from .camera import Camera, centred
from .screen import Session
from .status import status_lines
from .text import put, put_runs, wrap

STATUS_ROWS = 2
MIN_LOG_ROWS, MAX_LOG_ROWS = 5, 12
STATUS_BG = (22, 22, 36)
Line = tuple[str, palette.Colour]


@dataclass(frozen=True, slots=True)
class Rect:
    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True, slots=True)
class Layout:
    map: Rect
    status: Rect
    log: Rect

    @classmethod
    def of(cls, console: tcod.console.Console) -> Layout:
        return cls.sized(console.width, console.height)

    @classmethod
    def sized(cls, w: int, h: int) -> Layout:
        log_rows = min(MAX_LOG_ROWS, MIN_LOG_ROWS + max(0, h - 24) // 3)
        map_rows = max(1, h - STATUS_ROWS - log_rows)
        return cls(Rect(0, 0, w, map_rows), Rect(0, map_rows, w, STATUS_ROWS),
                   Rect(1, map_rows + STATUS_ROWS, w - 2, log_rows))


def camera(engine: Game, rect: Rect, focus: tuple[int, int] | None = None,
           keep: Camera | None = None) -> tuple[int, int]:
    """Map cell shown at the view's top-left: centred on ``focus`` (the player), clamped; with
    ``keep`` (the session's camera) it stays put until the focus nears an edge."""
    if focus is None:
        pos = engine.position(engine.player)
        focus = (pos.x, pos.y)
    gm = engine.gamemap
    if keep is not None:
        return keep.look_at(focus, (gm.width, gm.height), (rect.w, rect.h), engine.depth,
                            LIGHT_RADIUS)  # all the player can see stays on screen
    return centred(focus[0], gm.width, rect.w), centred(focus[1], gm.height, rect.h)


def cursor_camera(engine: Game, rect: Rect, cursor: tuple[int, int],
                  keep: Camera) -> tuple[int, int]:
    """Map cell shown at the view's top-left in a mode with a cursor (look, aiming, travel):
    ``keep``, the mode's copy of the main view's camera, stays where the main view stood and
    moves only when the cursor would leave it (``Camera.show``)."""
    gm, pos = engine.gamemap, engine.position(engine.player)
    return keep.show(cursor, (gm.width, gm.height), (rect.w, rect.h), engine.depth,
                     (pos.x, pos.y), LIGHT_RADIUS)


def draw_map(console: tcod.console.Console, engine: Game, rect: Rect,
             origin: tuple[int, int]) -> None:
    """Terrain (bright in view, dim when remembered), then what stands in view, player on top."""
    gm = engine.gamemap
    ox, oy = origin
    x0, x1 = max(ox, 0), min(ox + rect.w, gm.width)
    y0, y1 = max(oy, 0), min(oy + rect.h, gm.height)
    if x0 >= x1 or y0 >= y1:
        return
    sx, sy = rect.x + x0 - ox, rect.y + y0 - oy
    ch, fg = seen_terrain(engine, (x0, x1), (y0, y1))
    console.ch[sx:sx + x1 - x0, sy:sy + y1 - y0] = ch
    console.fg[sx:sx + x1 - x0, sy:sy + y1 - y0] = fg
    for x, y, glyph, colour in seen_sprites(engine):
        if x0 <= x < x1 and y0 <= y < y1:
            console.ch[sx + x - x0, sy + y - y0] = ord(glyph)
            console.fg[sx + x - x0, sy + y - y0] = colour


def seen_terrain(engine: Game, xs: tuple[int, int], ys: tuple[int, int]):
    """The level's glyphs and colours over ``xs`` by ``ys`` ([x, y]) as the player sees it:
    unexplored cells blank, remembered ones dimmed, nothing standing on it."""
    gm = engine.gamemap
    cut = (slice(*xs), slice(*ys))
    glyphs, bright, dim = _level_look(gm)[0]
    ch = np.where(gm.explored[cut], glyphs[cut], ord(" "))
    fg = np.where(gm.visible[cut][..., None], bright[cut], dim[cut])
    return ch, fg


_LOOKS: dict[int, tuple] = {}
Look = tuple[np.ndarray, np.ndarray, np.ndarray]


def _level_look(gm) -> tuple[Look, Look]:
    """A level's glyphs and its colours in view and remembered, indexed [x, y] and (the
    same, contiguous) [y, x]: worked out once per level (and again if its walls or the
    palette change)."""
    colours = (palette.WALL, palette.FLOOR, palette.STAIRS)
    known = _LOOKS.get(id(gm))
    if known is not None and known[0] is gm and known[1] == colours \
            and known[2] == gm.wall.tobytes():
        return known[3]
    wall = gm.wall
    glyphs = np.where(wall, ord("#"), ord(".")).astype(np.int32)
    looks = []
    for shade in (0, 1):
        fg = np.zeros((*wall.shape, 3), dtype=np.uint8)
        fg[wall], fg[~wall] = palette.WALL[shade], palette.FLOOR[shade]
        looks.append(fg)
    for stairs, glyph in ((gm.stairs_down, ">"), (gm.stairs_up, "<")):
        if stairs is not None:
            glyphs[stairs] = ord(glyph)
            looks[0][stairs], looks[1][stairs] = palette.STAIRS
    by_column: Look = (glyphs, looks[0], looks[1])
    bright, dim = (np.ascontiguousarray(fg.transpose(1, 0, 2)) for fg in looks)
    by_row: Look = (np.ascontiguousarray(glyphs.T), bright, dim)
    if len(_LOOKS) >= 16:
        _LOOKS.clear()
    known = _LOOKS[id(gm)] = (gm, colours, wall.tobytes(), (by_column, by_row))
    return known[3]  # the same object while it lasts: ``_terrain_rows`` knows it by that


def seen_map(engine: Game) -> tuple[np.ndarray, np.ndarray]:
    """The whole level as the player sees it, indexed [x, y]: character codes and RGB
    colours (unexplored cells blank), what stands in view on top."""
    ch, fg = seen_rows(engine)
    return ch.T, fg.transpose(1, 0, 2)


def seen_rows(engine: Game) -> tuple[np.ndarray, np.ndarray]:
    """``seen_map`` indexed [y, x], as read-only contiguous arrays (int32 codes, uint8 RGB):
    the Gymnasium environment's observation. The terrain as kept (``_terrain_rows``) with the
    sprites set on it, cell by cell (a few: that beats fancy indexing), into a copy; the last
    ``ROWS_KEPT`` drawn are kept by the terrain they were drawn on, each with its sprites, and
    handed out again while the terrain and the sprites are those (a random walk comes back to
    the same picture often)."""
    gm = engine.levels[engine.depth]
    visible, explored = gm.visible.tobytes(), gm.explored.tobytes()
    pos = engine.position(engine.player)
    base_ch, base_fg = _terrain_rows(gm, explored, visible, (pos.x, pos.y))
    sprites = seen_sprites(engine, visible, explored, gm)
    known = _DRAWN.get(id(base_ch))
    if known is not None and known[0] is base_ch and known[1] == sprites:
        return known[2], known[3]
    ch, fg = base_ch.copy(), base_fg.copy()
    cells = fg.view("V3")[..., 0]  # a cell's colour set as one 3-byte value, not a tuple
    for x, y, glyph, colour in sprites:
        ch[y, x] = ord(glyph)
        cells[y, x] = bytes(colour)
    ch.setflags(write=False)
    fg.setflags(write=False)
    if len(_DRAWN) >= ROWS_KEPT:
        del _DRAWN[next(iter(_DRAWN))]
    _DRAWN[id(base_ch)] = (base_ch, sprites, ch, fg)  # held here: base_ch's id is its own
    return ch, fg


_DRAWN: dict[int, tuple] = {}  # the terrain's id -> (it, the sprites, the rows drawn)


_ROWS: dict[tuple[int, int, int], tuple] = {}
ROWS_KEPT = 32  # terrains drawn lately, oldest dropped first: ~30 KB each


def _terrain_rows(gm, explored: bytes, visible: bytes,
                  where: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The level's terrain as the player sees it, [y, x], nothing standing on it. The last
    ``ROWS_KEPT`` drawn are kept, filed by level and ``where`` the player stood, each with
    the ``explored``, ``visible`` (the level's, as bytes) and level's look it was drawn
    from: a player who steps back to where they stood sees the same again (random walks
    do, often). Explored and visible are compared by value, the look by identity
    (``_level_look`` makes a new one whenever it changes), so no change made anywhere can
    be missed; the arrays handed out are the cache's own, never to be written."""
    look = _level_look(gm)
    key = (id(gm), *where)
    known = _ROWS.get(key)
    if known is not None and known[0] is gm and known[1] is look \
            and known[2] == explored and known[3] == visible:
        return known[4]
    glyphs, bright, dim = look[1]
    ch = _blank(glyphs.shape).copy()
    np.copyto(ch, glyphs, where=gm.explored.T)
    fg = dim.copy()  # then one 3-byte value a cell: no inner loop over R, G, B
    np.copyto(fg.view("V3")[..., 0], bright.view("V3")[..., 0], where=gm.visible.T)
    ch.setflags(write=False)
    fg.setflags(write=False)
    _ROWS.pop(key, None)
    if len(_ROWS) >= ROWS_KEPT:
        del _ROWS[next(iter(_ROWS))]
    _ROWS[key] = (gm, look, explored, visible, (ch, fg))  # held here: gm's id is its own
    return ch, fg


_BLANKS: dict[tuple[int, ...], np.ndarray] = {}


def _blank(shape: tuple[int, ...]) -> np.ndarray:
    """Spaces (int32 codes) of the shape: copied, they start a map faster than ``np.where``."""
    blank = _BLANKS.get(shape)
    if blank is None:
        blank = _BLANKS[shape] = np.full(shape, ord(" "), dtype=np.int32)
    return blank


CREATURE_LAYER = 2  # Renderable.layer of creatures: shown only while in view


def seen_sprites(engine: Game, visible: bytes | None = None, explored: bytes | None = None,
             gm: GameMap | None = None) -> list[tuple[int, int, str, tuple[int, int, int]]]:
    """(x, y, glyph, colour) of every entity in view, lowest layer first; things lying on
    explored cells out of view are remembered, dimmed (creatures are not: they move).
    ``visible`` and ``explored``: the level's, as bytes, and ``gm`` the level, if the caller
    has them already."""
    if gm is None:
        gm = engine.gamemap
    # A byte a cell in [x, y] order: a byte string is indexed faster than an array.
    if visible is None or explored is None:
        visible, explored = gm.visible.tobytes(), gm.explored.tobytes()
    height, depth, me = gm.height, engine.depth, engine.player
    found = []
    for eid, (pos, look) in engine.drawn():
        if pos.depth != depth:
            continue
        x, y = pos.x, pos.y
        if visible[x * height + y] or eid == me:
            found.append((look.layer, eid, x, y, look.glyph, look.colour))
        elif look.layer < CREATURE_LAYER and explored[x * height + y]:
            found.append((look.layer, eid, x, y, look.glyph, _dimmed(look.colour)))
    found.sort()
    return [(x, y, g, c) for _, _, x, y, g, c in found]


_DIMMED: dict[tuple[int, int, int], tuple[int, int, int]] = {}


def _dimmed(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    dim = _DIMMED.get(colour)
    if dim is None:
        if len(_DIMMED) >= 4096:
            _DIMMED.clear()
        dim = _DIMMED[colour] = palette.dimmed(colour)
    return dim


def draw_status(console: tcod.console.Console, engine: Game, rect: Rect) -> None:
    """Two lines: who and how they stand, then where and when, and any trouble (``status``)."""
    console.draw_rect(rect.x, rect.y, rect.w, rect.h, ord(" "), bg=STATUS_BG)
    first, second = status_lines(engine, rect.w - 2)
    put_runs(console, rect.x + 1, rect.y, first, width=rect.w - 2)
    put_runs(console, rect.x + 1, rect.y + 1, second, width=rect.w - 2)


def draw_log(console: tcod.console.Console, session: Session, rect: Rect) -> None:
    """The last messages, wrapped; those of the latest action bright, older ones dimmed."""
    for row, (text, colour) in enumerate(log_lines(session, rect.w, rect.h)):
        put(console, rect.x, rect.y + row, text, colour, width=rect.w)


def log_lines(session: Session, width: int, rows: int | None = None) -> list[Line]:
    """The log as wrapped, coloured lines, oldest first; only the last ``rows`` if given
    (wrapping from the end, so a full 500-message log costs nothing per frame)."""
    lines = [(t, palette.WARN) for t in wrap(session.note, width)] if session.note else []
    log = session.engine.log
    new = session.new_messages()
    for back, message in enumerate(reversed(log)):
        if rows is not None and len(lines) >= rows:
            break
        colour = palette.tone(message.tone)
        lines[:0] = [(t, colour if back < new else palette.dimmed(colour))
                     for t in wrap(message.line, width)]
    return lines if rows is None else lines[-rows:] if rows else []


def new_lines(session: Session, width: int) -> list[Line]:
    """The messages of the latest action, wrapped, oldest first (what --more-- pages)."""
    log = session.engine.log
    new = session.new_messages()
    return [(t, palette.tone(m.tone)) for m in log[len(log) - new:] for t in wrap(m.line, width)]


def draw_play(console: tcod.console.Console, session: Session,
              focus: tuple[int, int] | None = None) -> tuple[Layout, tuple[int, int]]:
    """Map, status and log; returns the layout and camera origin (the look cursor needs them)."""
    layout = Layout.of(console)
    origin = camera(session.engine, layout.map, focus, session.camera)
    draw_map(console, session.engine, layout.map, origin)
    draw_status(console, session.engine, layout.status)
    draw_log(console, session, layout.log)
    return layout, origin
