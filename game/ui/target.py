"""Targeting for shots and throws: starts on the nearest creature in view a shot would fly
straight to (``choices.shot_targets``); Tab or +/- cycle,
direction keys move a free cursor, Enter or t fires, Escape cancels. The path drawn is the one
the projectile will take (``lines.flight``), stopping at a wall or the first creature."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.world.core import actions as A
from game.world.play import choices, lines

from . import palette
from .look import LookScreen
from .screen import POP, STAY, Session, Step
from .view import Layout

PATH_BG = (70, 60, 20)
BLOCKED_BG = (90, 30, 30)
FIRE_KEYS = ("enter", "t", "T", "f")
NO_TARGET = [("No target in view: move the cursor with the direction keys to aim.",
              palette.DIM)]
NO_CLEAR_TARGET = [("No creature in view has a clear line of fire: move the cursor to aim.",
                    palette.DIM)]
OUT_OF_REACH = [("No creature in view is within range: move the cursor to aim.", palette.DIM)]
"""Said under the hint while the cursor is still on the player (nothing to shoot at in view,
nothing a shot would reach, or only beyond its range: aiming into the dark is still allowed),
rather than describing the player."""
ANY_RANGE = 1000  # a reach past any level's size: is a line clear at all?


class TargetScreen(LookScreen):
    """Aim at a cell, then submit ``make(x, y)``: the look cursor, starting on the nearest
    creature in view, with the path drawn and fire keys."""

    def __init__(self, session: Session, title: str, reach: int,
                 make: Callable[[int, int], A.Action], *, needs_line: bool = True) -> None:
        super().__init__(session)
        self.title, self.reach, self.make = title, reach, make
        self.needs_line = needs_line  # a shot or a bolt: refused where it would reach nobody
        self.why: str | None = None  # why the last fire key did not fire
        self._next_creature(1)

    def _next_creature(self, step: int) -> None:
        """Jump to the next creature in view that a shot would fly straight to, nearest
        first (``choices.shot_targets``)."""
        engine = self.session.engine
        targets = choices.shot_targets(engine, self.reach)
        if targets:
            self.target = (self.target + step) % len(targets)
            pos = engine.position(targets[self.target])
            self.cursor = (pos.x, pos.y)

    def _handle(self, key: str) -> Step:
        if key in ("+", "="):
            key = "tab"
        elif key == "-":
            key = "btab"
        if key in FIRE_KEYS:
            return self._fire()
        if key in ("x", ";"):
            return STAY  # the look screen's close keys; here only Esc cancels
        return super().handle_key(key)

    def _fire(self) -> Step:
        if self._on_player():
            return STAY  # nothing aimed at yet: move the cursor first
        if self.needs_line:
            self.why = choices.shot_refused(self.session.engine, *self.cursor, self.reach)
            if self.why is not None:
                return STAY  # said under the hint: aim again or Esc
        self.session.act(self.make(*self.cursor))
        return POP

    def path(self) -> tuple[list[tuple[int, int]], bool]:
        """The cells the projectile crosses, and whether it stops short of the cursor."""
        engine = self.session.engine
        flight = lines.flight(engine, engine.player, *self.cursor, self.reach)
        cells = list(flight.path)
        return cells, (not cells or cells[-1] != self.cursor)

    def draw(self, console: tcod.console.Console) -> None:
        layout, origin = self.draw_world(console)
        cells, short = self.path()
        for x, y in cells:
            self._mark(console, layout, origin, (x, y), PATH_BG)
        self._mark(console, layout, origin, self.cursor,
                   BLOCKED_BG if short else palette.CURSOR_BG)
        hint = f"{self.title}, range {self.reach}: Tab target, Enter fire, Esc cancel"
        if self._on_player():
            engine = self.session.engine
            seen = any(engine.sees(e) for e, _ in engine.creatures_here())
            said = NO_TARGET if not seen else OUT_OF_REACH if choices.shot_targets(
                engine, ANY_RANGE) else NO_CLEAR_TARGET
            self.draw_below(console, layout, hint, palette.TITLE, said)
        elif self.why is not None:
            self.draw_below(console, layout, hint, palette.TITLE, [(self.why, palette.WARN)])
        else:
            self.draw_below(console, layout, hint, palette.TITLE)

    def handle_key(self, key: str) -> Step:
        self.why = None
        return self._handle(key)

    def _on_player(self) -> bool:
        me = self.session.engine.position(self.session.engine.player)
        return self.cursor == (me.x, me.y)

    @staticmethod
    def _mark(console: tcod.console.Console, layout: Layout, origin: tuple[int, int],
              cell: tuple[int, int], colour) -> None:
        sx, sy = layout.map.x + cell[0] - origin[0], layout.map.y + cell[1] - origin[1]
        if 0 <= sx < layout.map.x + layout.map.w and \
                layout.map.y <= sy < layout.map.y + layout.map.h:
            console.bg[sx, sy] = colour
