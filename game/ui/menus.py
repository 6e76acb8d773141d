"""A lettered list in a framed box over the screen beneath: pick with a letter, or arrows and
Enter; long lists page (PgUp/PgDn, or the arrows run onto the next page)."""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tcod.console

from . import palette
from .screen import POP, STAY, Step
from .text import panel, put

LETTERS = string.ascii_lowercase
DEFAULT_PAGE = 20  # what an 80x24 console holds, until the first draw measures it


@dataclass(frozen=True, slots=True)
class Entry:
    label: str
    value: Any = None
    right: str = ""  # a right-aligned note: "4.0 lb"
    fg: palette.Colour = palette.TEXT
    key: str = ""  # its own letter (a carried item's, for the whole game); else by position


class MenuScreen:
    """``pick(value)`` says what choosing an entry does; without it the list is only shown."""

    overlay = True

    def __init__(self, title: str, entries: list[Entry],
                 pick: Callable[[Any], Step] | None = None, note: str = "") -> None:
        self.title, self.entries, self.pick, self.note = title, entries, pick, note
        self.selected = 0
        self.page_size = DEFAULT_PAGE

    @property
    def page(self) -> int:
        return self.selected // self.page_size

    def handle_key(self, key: str) -> Step:
        if key in ("escape", "backspace") or (key == "enter" and self.pick is None):
            return POP
        moves = {"up": -1, "8": -1, "down": 1, "2": 1,
                 "upright": -self.page_size, "downright": self.page_size}
        if key in moves and self.entries:
            self.selected = min(max(0, self.selected + moves[key]), len(self.entries) - 1)
        elif key == "enter" and self.entries:
            return self._choose(self.selected)
        elif self.entries and self.entries[0].key:
            index = next((i for i, e in enumerate(self.entries) if e.key == key), None)
            if index is not None:
                self.selected = index
                return self._choose(index)
        elif len(key) == 1 and key in LETTERS[:self.page_size]:
            index = self.page * self.page_size + LETTERS.index(key)
            if index < len(self.entries):
                self.selected = index
                return self._choose(index)
        return STAY

    def _choose(self, index: int) -> Step:
        return self.pick(self.entries[index].value) if self.pick else STAY

    def draw(self, console: tcod.console.Console) -> None:
        self.page_size = max(1, min(len(LETTERS), console.height - 4 - bool(self.note)))
        shown = self.entries[self.page * self.page_size:][:self.page_size]
        width = self._width(console)
        height = max(len(shown), 1) + 2 + (1 if self.note else 0)
        x, y = (console.width - width) // 2, 1
        panel(console, x, y, width, height, self._title())
        if self.note:
            put(console, x + 2, y + height - 2, self.note, palette.DIM, palette.PANEL, width - 4)
        if not shown:
            put(console, x + 2, y + 1, "(nothing)", palette.DIM, palette.PANEL, width - 4)
        first = self.page * self.page_size
        for row, entry in enumerate(shown):
            self._draw_entry(console, x + 1, y + 1 + row, width - 2, entry,
                             row, first + row == self.selected)
        self._draw_hint(console, x, y + height - 1, width)

    def _title(self) -> str:
        pages = -(-len(self.entries) // self.page_size)
        return self.title if pages <= 1 else f"{self.title} ({self.page + 1}/{pages})"

    def _width(self, console: tcod.console.Console) -> int:
        longest = max((len(e.label) + len(e.right) + 8 for e in self.entries), default=20)
        wanted = max(longest, len(self.title) + 12, len(self.note) + 4, len(self._hint()) + 4)
        return min(console.width - 2, max(36, wanted))

    def _draw_entry(self, console: tcod.console.Console, x: int, y: int, width: int,
                    entry: Entry, row: int, selected: bool) -> None:
        bg = palette.SELECTED_BG if selected else palette.PANEL
        console.draw_rect(x, y, width, 1, ord(" "), bg=bg)
        if entry.key != " ":  # " ": a line of text, not a choice
            put(console, x + 1, y, f"{entry.key or LETTERS[row]})", palette.KEY, bg)
        label_room = width - 5 - (len(entry.right) + 1 if entry.right else 0)
        put(console, x + 4, y, entry.label, entry.fg, bg, label_room)
        if entry.right:
            put(console, x + width - 1 - len(entry.right), y, entry.right, palette.DIM, bg)

    def _hint(self) -> str:
        pages = "  PgUp/PgDn page" if len(self.entries) > self.page_size else ""
        pick = "letter or Enter: choose  " if self.pick else ""
        return f" {pick}Esc: close{pages} "

    def _draw_hint(self, console: tcod.console.Console, x: int, y: int, width: int) -> None:
        hint = self._hint()
        put(console, x + max(1, width - len(hint) - 2), y, hint, palette.DIM, palette.PANEL,
            width - 2)
