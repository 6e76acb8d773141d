"""Cursor picks for the wizard: a cell (teleport) or a creature in view (odds inspector and fight
simulator share ``pick_creature``). The look cursor, with Enter handing on what is under it."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from . import describe, palette
from .look import LookScreen
from .screen import STAY, Push, Session, Step
from .text import put
from .view import Layout

KEYS_HINT = "direction keys move, Tab: a creature, Enter: pick, Esc: cancel"


class CellPicker(LookScreen):
    """Enter gives the cell under the cursor to ``pick``; ``on_creature`` starts the cursor on
    the nearest creature in view instead of the player."""

    def __init__(self, session: Session, title: str, pick: Callable[[int, int], Step],
                 on_creature: bool = False) -> None:
        super().__init__(session)
        self.title, self.pick = title, pick
        self.warning = ""
        if on_creature:
            self._next_creature(1)

    def handle_key(self, key: str) -> Step:
        self.warning = ""
        if key == "enter":
            return self.pick(*self.cursor)
        if key in ("x", ";"):
            return STAY  # the look screen's close keys; here only Esc cancels
        return super().handle_key(key)

    def draw(self, console: tcod.console.Console) -> None:
        super().draw(console)
        log = Layout.of(console).log
        console.draw_rect(log.x, log.y, log.w, 1, ord(" "))
        text, colour = ((self.warning, palette.WARN) if self.warning
                        else (f"{self.title}: {KEYS_HINT}", palette.TITLE))
        put(console, log.x, log.y, text, colour, width=log.w)


def pick_creature(session: Session, title: str, then: Callable[[int], Step]) -> Step:
    """Push a cursor on the nearest creature in view; Enter on a creature calls ``then``."""
    engine = session.engine
    if not any(engine.sees(eid) for eid, _ in engine.creatures_here()):
        session.notice = "There is no creature in view."
        return STAY
    picker: CellPicker

    def chosen(x: int, y: int) -> Step:
        eid = describe.creature_at(engine, x, y)
        if eid is None:
            picker.warning = "There is no creature there: Tab jumps to one."
            return STAY
        return then(eid)

    picker = CellPicker(session, title, chosen, on_creature=True)
    return Push(picker)
