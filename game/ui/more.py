"""--more--: when one action brings more messages than the log area holds, they are shown a
page at a time over the log, and only Space or Enter turns the page (Esc skips the pages
left), so a held movement key cannot scroll a blow away unread (the options file's
``more_prompt = false`` turns it off).

``GameApp`` pushes a :class:`MoreScreen` after a key whose messages overflow. When the game has
just ended, the pages come before the end screen (``then``), and the last page waits too.
"""

from __future__ import annotations

import tcod.console

from . import palette
from .screen import POP, STAY, Replace, Screen, Session, Step
from .text import put
from .view import Layout, new_lines

MORE = "--more--"
PAGE_KEYS = (" ", "enter", "escape")
HINT = f"{MORE} (Space, Esc: skip)"


def overflows(session: Session, size: tuple[int, int]) -> bool:
    """Do the latest action's messages fill more lines than the log area has?"""
    log = Layout.sized(*size).log
    return len(new_lines(session, log.w)) > log.h


class MoreScreen:
    overlay = True

    def __init__(self, session: Session, then: Screen | None = None) -> None:
        self.session, self.then = session, then
        self.start = 0  # first line of the page shown
        self.rows = 5  # lines on a page, with the --more-- line; measured at each draw
        self.count = 0  # new lines in all; measured at each draw

    def handle_key(self, key: str) -> Step:
        if key not in PAGE_KEYS:
            return STAY
        if key == "escape":  # every page left unread: what the log area shows is the rest
            return Replace(self.then) if self.then is not None else POP
        self.start += self.rows - 1
        left = self.count - self.start
        if self.then is not None:
            return Replace(self.then) if left <= 0 else STAY
        return POP if left <= self.rows else STAY  # the log shows the rest

    def draw(self, console: tcod.console.Console) -> None:
        log = Layout.of(console).log
        lines = new_lines(self.session, log.w)
        self.rows, self.count = max(2, log.h), len(lines)
        page = lines[self.start:self.start + self.rows - 1]
        console.draw_rect(log.x, log.y, log.w, log.h, ord(" "), bg=palette.BLACK)
        for row, (text, colour) in enumerate(page):
            put(console, log.x, log.y + row, text, colour, width=log.w)
        put(console, log.x, log.y + len(page), HINT, palette.KEY, width=log.w)
