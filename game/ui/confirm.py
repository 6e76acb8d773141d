"""A yes/no question in a box over the screen beneath ("Really quit? (y/n)")."""

from __future__ import annotations

import tcod.console

from . import palette
from .screen import POP, QUIT, Step
from .text import panel, put


class ConfirmScreen:
    """'y' takes ``on_yes``; any other key (n, Escape, ...) goes back."""

    overlay = True

    def __init__(self, question: str, on_yes: Step) -> None:
        self.question, self.on_yes = question, on_yes

    def handle_key(self, key: str) -> Step:
        return self.on_yes if key in ("y", "Y") else POP

    def draw(self, console: tcod.console.Console) -> None:
        width = min(console.width, len(self.question) + 6)
        x, y = (console.width - width) // 2, console.height // 2 - 2
        panel(console, x, y, width, 3)
        put(console, x + 3, y + 1, self.question, palette.TITLE, palette.PANEL, width - 4)


def really_quit() -> ConfirmScreen:
    """The question Esc and Ctrl-C ask during play; yes saves and quits."""
    return ConfirmScreen("Really quit? (y/n)", QUIT)
