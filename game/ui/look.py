"""Look: a cursor over the map, starting on the player, that says what is under it.

The view stays where it stood when look opened, and when it closes, while the cursor is on
screen, and moves only as far as the cursor needs beyond it (on a copy of the main view's
camera: ``view.cursor_camera``), so a far corner of an 80x40 map can be examined on an 80x24
console and the map never jumps as a mode opens or closes.
"""

from __future__ import annotations

import tcod.console

from game.world.core.components import Creature, Renderable
from game.world.game import Game

from . import describe, palette
from .explore import travel_to
from .inventory import examine
from .keys import DIRECTIONS
from .menus import Entry, MenuScreen
from .screen import POP, STAY, Push, Session, Step
from .text import put, wrap
from .view import Layout, Line, Rect, cursor_camera, draw_map, draw_status

HINT = "Look: direction keys move, Tab: next creature, v: examine item, Esc: close"
CURSOR_FG = (0, 0, 0)


class LookScreen:
    overlay = False
    hint = (HINT, palette.DIM)

    def __init__(self, session: Session) -> None:
        self.session = session
        pos = session.engine.position(session.engine.player)
        self.cursor = (pos.x, pos.y)
        self.target = -1  # index among visible creatures for Tab
        self.camera = session.camera.copy()  # the main view's, moved only for the cursor

    def handle_key(self, key: str) -> Step:
        if key in DIRECTIONS:
            dx, dy = DIRECTIONS[key]
            gm = self.session.engine.gamemap
            x, y = self.cursor
            self.cursor = (min(max(0, x + dx), gm.width - 1), min(max(0, y + dy), gm.height - 1))
        elif key in ("tab", "btab"):
            self._next_creature(1 if key == "tab" else -1)
        elif key == "v":
            return self._examine()
        elif key in ("escape", "enter", "x", ";"):
            return POP
        return STAY

    def _examine(self) -> Step:
        """v: the inventory's examine text for an item seen lying under the cursor; a pick
        list when several lie there."""
        engine = self.session.engine
        x, y = self.cursor
        items = engine.items_at(x, y) if engine.gamemap.visible[x, y] else []
        if not items:
            return STAY
        if len(items) == 1:
            return Push(examine(self.session, items[0]))
        entries = [Entry(describe.item_label(engine, i), i) for i in items]
        return Push(MenuScreen("Examine what?", entries,
                               lambda item: Push(examine(self.session, item))))

    def _next_creature(self, step: int) -> None:
        """Jump to the next creature in view, nearest first."""
        engine = self.session.engine
        me = engine.position(engine.player)
        seen = sorted((max(abs(p.x - me.x), abs(p.y - me.y)), e, (p.x, p.y))
                      for e, (_, p) in engine.creatures_here() if engine.sees(e))
        if seen:
            self.target = (self.target + step) % len(seen)
            self.cursor = seen[self.target][2]

    def draw(self, console: tcod.console.Console) -> None:
        layout, origin = self.draw_world(console)
        sx = layout.map.x + self.cursor[0] - origin[0]
        sy = layout.map.y + self.cursor[1] - origin[1]
        console.fg[sx, sy], console.bg[sx, sy] = CURSOR_FG, palette.CURSOR_BG
        self.draw_below(console, layout, *self.hint)

    def draw_world(self, console: tcod.console.Console) -> tuple[Layout, tuple[int, int]]:
        """Map and status, the view moved only to show the cursor; returns where they went."""
        engine = self.session.engine
        layout = Layout.of(console)
        origin = self._origin(engine, layout.map)
        draw_map(console, engine, layout.map, origin)
        draw_status(console, engine, layout.status)
        return layout, origin

    def draw_below(self, console: tcod.console.Console, layout: Layout, hint: str,
                   colour: palette.Colour, lines: list[Line] | None = None) -> None:
        """The hint line, then ``lines`` (by default what lies under the cursor), in the
        log's place."""
        log = layout.log
        put(console, log.x, log.y, hint, colour, width=log.w)
        if lines is None:
            lines = look_lines(self.session.engine, *self.cursor, log.w)
        if len(lines) > log.h - 1:  # more than the log's place holds: the last row says so
            left = len(lines) - (log.h - 2)
            lines = [*lines[:log.h - 2], (f"({left} more lines: v examines what lies here)",
                                          palette.DIM)]
        for row, (text, line_colour) in enumerate(lines):
            put(console, log.x, log.y + 1 + row, text, line_colour, width=log.w)

    def _origin(self, engine: Game, rect: Rect) -> tuple[int, int]:
        return cursor_camera(engine, rect, self.cursor, self.camera)


def look_lines(engine: Game, x: int, y: int, width: int) -> list[Line]:
    """What the player knows of a cell: who stands there, what lies there, the ground."""
    gm = engine.gamemap
    ground = describe.terrain(engine, x, y)
    if not gm.explored[x, y]:
        return [("You have not seen that place.", palette.DIM)]
    if not gm.visible[x, y]:
        return [(f"You remember {ground} there.", palette.DIM)]
    pos = engine.position(engine.player)
    who = engine.player if (x, y) == (pos.x, pos.y) else describe.creature_at(engine, x, y)
    lines = [(ground[0].upper() + ground[1:] + ".", palette.TEXT)] if who is None \
        else _creature_lines(engine, who, f"{'in' if gm.wall[x, y] else 'on'} {ground}", width)
    items = [engine.item_name(i) for i in engine.items_at(x, y)]
    if items:
        lines += [(t, palette.TEXT) for t in wrap("Lying here: " + ", ".join(items) + ".", width)]
    return lines


def _creature_lines(engine: Game, who: int, where: str, width: int) -> list[Line]:
    """ "A kobold, wounded, on the floor." and what the catalog says of its kind."""
    lines = [(f"{describe.creature_line(engine, who)}, {where}.",
              engine.store.get(who, Renderable).colour)]
    kind = engine.component(who, Creature)
    if kind is not None:
        text = engine.catalog.creatures[kind.kind].description
        lines += [(t, palette.TEXT) for t in wrap(text, width)]
    return lines


class TravelScreen(LookScreen):
    """Travel (_): the look cursor, starting where travel last went on this level; Enter, .
    or _ walks there; < and > put it on the stairs, Tab and Shift-Tab on the things seen
    lying about (nearest first), so travel can go back to a remembered item."""

    hint = ("Travel: keys move, < > stairs, Tab items seen, Enter go, Esc cancel",
            palette.TITLE)

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        engine = session.engine
        last = session.travel_target
        if last is not None and last[0] == engine.depth and engine.gamemap.explored[last[1:]]:
            self.cursor = (last[1], last[2])
        self.item = -1  # index among the remembered things for Tab

    def handle_key(self, key: str) -> Step:
        gm = self.session.engine.gamemap
        if key in ("<", ">"):
            stairs = gm.stairs_up if key == "<" else gm.stairs_down
            if stairs is not None and gm.explored[stairs]:
                self.cursor = stairs
            return STAY
        if key in ("tab", "btab"):
            self._next_item(1 if key == "tab" else -1)
            return STAY
        if key in ("enter", ".", "_"):
            travel_to(self.session, self.cursor, "You have not seen a way to go there.",
                      remember=True)
            return POP
        if key in ("x", ";"):
            return STAY
        return super().handle_key(key)

    def _next_item(self, step: int) -> None:
        """The cursor to the next cell where the player remembers something lying."""
        engine = self.session.engine
        me = engine.position(engine.player)
        cells = sorted((max(abs(x - me.x), abs(y - me.y)), (x, y))
                       for x, y in self.session.explorer().remembered())
        if cells:
            self.item = (self.item + step) % len(cells)
            self.cursor = cells[self.item][1]

    def draw(self, console: tcod.console.Console) -> None:
        layout, origin = self.draw_world(console)
        sx = layout.map.x + self.cursor[0] - origin[0]
        sy = layout.map.y + self.cursor[1] - origin[1]
        console.fg[sx, sy], console.bg[sx, sy] = CURSOR_FG, palette.CURSOR_BG
        engine = self.session.engine
        lines = look_lines(engine, *self.cursor, layout.log.w)
        seen = self.session.explorer().remembered().get(self.cursor, [])
        if seen and not engine.gamemap.visible[self.cursor]:
            names = ", ".join(engine.item_name(i) for i in seen)
            lines += [(t, palette.DIM) for t in wrap(f"You saw lying here: {names}.",
                                                         layout.log.w)]
        self.draw_below(console, layout, *self.hint, lines)
