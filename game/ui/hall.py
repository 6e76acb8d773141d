"""The hall of fame, a key away on the start screen: the best scores (as ``python -m game
scores`` shows them) and the games that have ended, wrapped at words; Up/Down scroll what
does not fit, and a line says how much more there is."""

from __future__ import annotations

import textwrap

import tcod.console

from . import palette
from .screen import POP, STAY, Step
from .text import footer, put

TITLE = "Hall of fame"


class HallScreen:
    overlay = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines  # given by the command line, which reads the score table
        self.top = 0
        self.limit = 0  # how far it can scroll; measured at each draw

    def handle_key(self, key: str) -> Step:
        moves = {"up": -1, "8": -1, "k": -1, "down": 1, "2": 1, "j": 1,
                 "upright": -10, "downright": 10}
        if key in moves and self.limit:
            self.top = min(max(0, self.top + moves[key]), self.limit)
            return STAY
        return POP

    def draw(self, console: tcod.console.Console) -> None:
        width = console.width - 2
        lines = [part for line in self.lines for part in _fit(line, width)]
        rows = console.height - 3
        if len(lines) > rows:
            rows -= 1  # a row to say what is above and below
        self.limit = max(0, len(lines) - rows)
        self.top = min(self.top, self.limit)
        put(console, 1, 0, TITLE, palette.TITLE)
        for row, line in enumerate(lines[self.top:self.top + rows]):
            heading = line and not line.startswith(" ") and line.endswith(":")
            put(console, 1, 2 + row, line, palette.HEADING if heading else palette.TEXT)
        if self.limit:
            more = [f"{n} more {where}" for n, where in (
                (self.top, "above"), (len(lines) - self.top - rows, "below")) if n]
            put(console, 1, 2 + rows, f"({', '.join(more)}: Up/Down)", palette.KEY)
        footer(console, ("Up/Down: scroll   " if self.limit else "") + "any other key: back")


def _fit(line: str, width: int) -> list[str]:
    """A line as it is when it fits (its indent kept), else wrapped at words, indented."""
    if len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent=" " * 8) or [line]
