"""The full message log (Ctrl-P): every kept message, wrapped, scrolled from the newest."""

from __future__ import annotations

import tcod.console

from . import palette
from .screen import POP, STAY, Session, Step
from .text import footer, put
from .view import log_lines

SCROLL_KEYS = {"up": 1, "k": 1, "8": 1, "down": -1, "j": -1, "2": -1}


class MessageLogScreen:
    overlay = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.back = 0  # lines scrolled up from the newest
        self.rows = 21  # lines shown; measured at each draw
        self.limit = 0  # how far up it can scroll; measured at each draw

    def handle_key(self, key: str) -> Step:
        pages = {"upright": self.rows, "downright": -self.rows,
                 "upleft": self.limit, "downleft": -self.limit}
        step = SCROLL_KEYS.get(key, pages.get(key))
        if step is None:
            return POP if key in ("escape", "enter", "q", "ctrl-p") else STAY
        self.back = min(max(0, self.back + step), self.limit)
        return STAY

    def draw(self, console: tcod.console.Console) -> None:
        lines = log_lines(self.session, console.width - 2)
        self.rows = console.height - 3
        self.limit = max(0, len(lines) - self.rows)
        self.back = min(self.back, self.limit)
        end = len(lines) - self.back
        shown = lines[max(0, end - self.rows):end]
        where = "" if not self.limit else f"  ({self.limit - self.back + 1}/{self.limit + 1})"
        put(console, 1, 0, f"Messages{where}", palette.TITLE)
        for row, (text, colour) in enumerate(shown):
            put(console, 1, 2 + row, text, colour)
        footer(console, "Up/Down: scroll   PgUp/PgDn: page   Home/End: oldest/newest   "
                        "Esc: close")
