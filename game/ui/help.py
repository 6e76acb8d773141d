"""The help screen: every binding of the key table, in two columns when there is room, and
the keys that only menus, the look cursor and the message log understand.

When the whole table does not fit (80x24 holds 32 bindings), each section gets pages of its
own (the wizard keys last): Tab or PgDn/PgUp turn pages, Up/Down scroll a page still too long."""

from __future__ import annotations

import tcod.console

from . import palette
from .keys import BINDINGS, WIZARD_PREFIX, Binding, key_label
from .screen import POP, STAY, Step
from .text import footer, put

KEY_COLUMN = 12
OTHER_KEYS = (
    "Darkness: your light shows 8 cells; nothing in the dark sees you or shoots.",
    "Menus: a letter, or Up/Down and Enter, chooses; PgUp/PgDn pages; Esc closes.",
    "Look: direction keys move the cursor; Tab/S-Tab jump between creatures.",
    "Travel (_): < and > put the cursor on the stairs; Enter goes.",
    "Message log: Up/Down scroll, PgUp/PgDn page, Home/End go to the ends.",
)


def binding_keys(binding: Binding) -> str:
    """The keys of a binding; one with none (or all unbound by the options file) says where
    it is reached instead, so no row of the help is a command with a blank key."""
    if binding.keys:
        return " ".join(key_label(k) for k in binding.keys)
    return "(& menu)" if binding.help.startswith(WIZARD_PREFIX) else "(no key)"


class HelpScreen:
    overlay = False

    def __init__(self, bindings: tuple[Binding, ...] = BINDINGS) -> None:
        self.bindings = bindings  # as the options file left them
        self.sections = (
            ("Keys", [b for b in bindings if not b.help.startswith(WIZARD_PREFIX)]),
            ("Wizard keys", [b for b in bindings if b.help.startswith(WIZARD_PREFIX)]))
        self.top = 0  # first row shown, when the table needs more rows than the console has
        self.page = 0
        self.pages = 1  # measured at each draw

    def handle_key(self, key: str) -> Step:
        if key in ("up", "8"):
            self.top = max(0, self.top - 1)
        elif key in ("down", "2"):
            self.top += 1
        elif key in ("tab", "downright", "btab", "upright") and self.pages > 1:
            self.page = (self.page + (1 if key in ("tab", "downright") else -1)) % self.pages
            self.top = 0
        else:
            return POP
        return STAY

    def _page(self, rows: int, columns: int) -> tuple[str, list[Binding]]:
        """Everything on one page if it fits, else each section in pages that fit."""
        per_page = max(1, rows * columns)
        pages = [("Keys", list(self.bindings))] if len(self.bindings) <= per_page else [
            (title, bindings[i:i + per_page])
            for title, bindings in self.sections for i in range(0, len(bindings), per_page)]
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        return pages[self.page]

    def draw(self, console: tcod.console.Console) -> None:
        columns = 2 if console.width >= 80 else 1
        rows = console.height - 4 - len(OTHER_KEYS)
        title, bindings = self._page(rows, columns)
        pages = f" ({self.page + 1}/{self.pages})" if self.pages > 1 else ""
        put(console, 1, 0, title + pages, palette.TITLE)
        per_column = -(-len(bindings) // columns)
        self.top = min(self.top, max(0, per_column - rows))
        width = console.width // columns
        for index, binding in enumerate(bindings):
            column, row = divmod(index, per_column)
            if 0 <= row - self.top < rows:
                self._draw_binding(console, column * width + 1, 2 + row - self.top,
                                   width - 2, binding)
        for i, line in enumerate(OTHER_KEYS):
            put(console, 1, console.height - 2 - len(OTHER_KEYS) + i, line, palette.DIM)
        footer(console, "Any key: close" + ("   Up/Down: scroll" if per_column > rows else "")
               + ("   Tab/PgDn: next page" if self.pages > 1 else ""))

    @staticmethod
    def _draw_binding(console: tcod.console.Console, x: int, y: int, width: int,
                      binding: Binding) -> None:
        put(console, x, y, binding_keys(binding), palette.KEY, width=KEY_COLUMN - 1)
        put(console, x + KEY_COLUMN, y, binding.help, palette.TEXT, width=width - KEY_COLUMN)
