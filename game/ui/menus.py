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
from .text import panel, put, wrap

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
        width = self._width(console)
        room = console.height - 4 - bool(self.note)  # rows for the entries in the box
        self.page_size = max(1, min(len(LETTERS), room))
        while self.page_size > 1 and self._rows(self._shown(), width) > room:
            self.page_size -= 1  # long labels wrap over two rows or more: fewer to a page
        shown = self._shown()
        height = max(self._rows(shown, width), 1) + 2 + (1 if self.note else 0)
        x, y = (console.width - width) // 2, 1
        panel(console, x, y, width, height, self._title())
        if self.note:
            put(console, x + 2, y + height - 2, self.note, palette.DIM, palette.PANEL, width - 4)
        if not shown:
            put(console, x + 2, y + 1, "(nothing)", palette.DIM, palette.PANEL, width - 4)
        first = self.page * self.page_size
        row_y = y + 1
        for row, entry in enumerate(shown):
            row_y += self._draw_entry(console, x + 1, row_y, width - 2, entry,
                                      row, first + row == self.selected)
        self._draw_hint(console, x, y + height - 1, width)

    def _shown(self) -> list[Entry]:
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        return self.entries[self.page * self.page_size:][:self.page_size]

    @staticmethod
    def _label_lines(entry: Entry, width: int) -> list[str]:
        """The label in the room beside its letter and note, wrapped at words."""
        room = width - 5 - (len(entry.right) + 1 if entry.right else 0)
        return wrap(entry.label, room) if len(entry.label) > room else [entry.label]

    def _rows(self, entries: list[Entry], width: int) -> int:
        return sum(len(self._label_lines(e, width - 2)) for e in entries)

    def _title(self) -> str:
        pages = -(-len(self.entries) // self.page_size)
        return self.title if pages <= 1 else f"{self.title} ({self.page + 1}/{pages})"

    def _width(self, console: tcod.console.Console) -> int:
        longest = max((len(e.label) + len(e.right) + 8 for e in self.entries), default=20)
        wanted = max(longest, len(self.title) + 12, len(self.note) + 4, len(self._hint()) + 4)
        return min(console.width - 2, max(36, wanted))

    def _draw_entry(self, console: tcod.console.Console, x: int, y: int, width: int,
                    entry: Entry, row: int, selected: bool) -> int:
        """The entry's rows (a long label wraps onto more); returns how many."""
        bg = palette.SELECTED_BG if selected else palette.PANEL
        lines = self._label_lines(entry, width)
        console.draw_rect(x, y, width, len(lines), ord(" "), bg=bg)
        if entry.key != " ":  # " ": a line of text, not a choice
            put(console, x + 1, y, f"{entry.key or LETTERS[row]})", palette.KEY, bg)
        label_room = width - 5 - (len(entry.right) + 1 if entry.right else 0)
        for at, line in enumerate(lines):
            put(console, x + 4, y + at, line, entry.fg, bg, label_room)
        if entry.right:
            put(console, x + width - 1 - len(entry.right), y, entry.right, palette.DIM, bg)
        return len(lines)

    def _hint(self) -> str:
        pages = "  PgUp/PgDn page" if len(self.entries) > self.page_size else ""
        pick = "letter or Enter: choose  " if self.pick else ""
        return f" {pick}Esc: close{pages} "

    def _draw_hint(self, console: tcod.console.Console, x: int, y: int, width: int) -> None:
        hint = self._hint()
        put(console, x + max(1, width - len(hint) - 2), y, hint, palette.DIM, palette.PANEL,
            width - 2)
