"""A yes/no question in a box over the screen beneath ("Really quit? (y/n)")."""

from __future__ import annotations

import tcod.console

from . import palette
from .screen import POP, QUIT, STAY, Step
from .text import panel, put

NO_KEYS = ("n", "N", "escape")
HINT = "y: yes   n or Esc: no"


class ConfirmScreen:
    """A question answered by y (``on_yes``, or what ``yes`` does), n or Escape (back, or what
    ``no`` does), and by nothing else: any other key leaves the box up and says, on a line of
    its own, which keys answer it, so a key meant for the game (o, a direction) is never
    taken for an answer. ``YES_KEYS``: the keys that say yes."""

    overlay = True
    YES_KEYS: tuple[str, ...] = ("y", "Y")

    def __init__(self, question: str, on_yes: Step) -> None:
        self.question, self.on_yes = question, on_yes
        self.hinted = False  # a key that is no answer was pressed: the box says which are

    def handle_key(self, key: str) -> Step:
        if key in self.YES_KEYS:
            return self.yes()
        if key in NO_KEYS:
            return self.no()
        self.hinted = True
        return STAY

    def yes(self) -> Step:
        return self.on_yes

    def no(self) -> Step:
        return POP

    def draw(self, console: tcod.console.Console) -> None:
        lines = [self.question, HINT] if self.hinted else [self.question]
        width = min(console.width, max(map(len, lines)) + 6)
        x, y = (console.width - width) // 2, console.height // 2 - 2
        panel(console, x, y, width, len(lines) + 2)
        put(console, x + 3, y + 1, self.question, palette.TITLE, palette.PANEL, width - 4)
        if self.hinted:
            put(console, x + 3, y + 2, HINT, palette.DIM, palette.PANEL, width - 4)


def really_quit() -> ConfirmScreen:
    """The question Esc and Ctrl-C ask during play; yes saves and quits."""
    return ConfirmScreen("Really quit? (y/n)", QUIT)
