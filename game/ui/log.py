"""The full message log (Ctrl-P): every kept message, wrapped, scrolled from the newest, with
the turn it came on in a column at the left (once for each turn's first message)."""

from __future__ import annotations

import tcod.console

from . import palette
from .screen import POP, STAY, Session, Step
from .text import footer, put, wrap
from .view import Line

TURN_COLUMN = 7  # "  1234 " before each turn's first message


def history_lines(session: Session, width: int) -> list[Line]:
    """Every message wrapped beside its turn number, oldest first."""
    lines: list[Line] = []
    last_turn = None
    for message in session.engine.log:
        colour = palette.tone(message.tone)
        for i, text in enumerate(wrap(message.line, max(1, width - TURN_COLUMN))):
            stamp = f"{message.turn:>6} " if i == 0 and message.turn != last_turn else " " * 7
            lines.append((stamp + text, colour))
        last_turn = message.turn
    return lines


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
        lines = history_lines(self.session, console.width - 2)
        self.rows = console.height - 3
        self.limit = max(0, len(lines) - self.rows)
        self.back = min(self.back, self.limit)
        end = len(lines) - self.back
        shown = lines[max(0, end - self.rows):end]
        where = "" if not self.limit else f"  ({self.limit - self.back + 1}/{self.limit + 1})"
        put(console, 1, 0, f"Messages{where}", palette.TITLE)
        put(console, 1, 1, "  turn", palette.DIM)
        for row, (text, colour) in enumerate(shown):
            put(console, 1, 2 + row, text[:TURN_COLUMN], palette.DIM)
            put(console, 1 + TURN_COLUMN, 2 + row, text[TURN_COLUMN:], colour)
        footer(console, "Up/Down: scroll   PgUp/PgDn: page   Home/End: oldest/newest   "
                        "Esc: close")
