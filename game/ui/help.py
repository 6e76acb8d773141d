"""The help screen: every binding of the key table, in two columns when there is room, and
the keys that only menus, the look cursor and the message log understand."""

from __future__ import annotations

import tcod.console

from . import palette
from .keys import BINDINGS, Binding, key_label
from .screen import POP, STAY, Step
from .text import footer, put

KEY_COLUMN = 12
OTHER_KEYS = (
    "Menus: a letter, or Up/Down and Enter, chooses; PgUp/PgDn pages; Esc closes.",
    "Look: direction keys move the cursor; Tab/S-Tab jump between creatures.",
    "Message log: Up/Down scroll, PgUp/PgDn page, Home/End go to the ends.",
)


def binding_keys(binding: Binding) -> str:
    return " ".join(key_label(k) for k in binding.keys)


class HelpScreen:
    overlay = False

    def __init__(self) -> None:
        self.top = 0  # first row shown, when the table needs more rows than the console has

    def handle_key(self, key: str) -> Step:
        if key in ("up", "8"):
            self.top = max(0, self.top - 1)
        elif key in ("down", "2"):
            self.top += 1
        else:
            return POP
        return STAY

    def draw(self, console: tcod.console.Console) -> None:
        put(console, 1, 0, "Keys", palette.TITLE)
        columns = 2 if console.width >= 80 else 1
        rows = console.height - 4 - len(OTHER_KEYS)
        per_column = -(-len(BINDINGS) // columns)
        self.top = min(self.top, max(0, per_column - rows))
        width = console.width // columns
        for index, binding in enumerate(BINDINGS):
            column, row = divmod(index, per_column)
            if 0 <= row - self.top < rows:
                self._draw_binding(console, column * width + 1, 2 + row - self.top,
                                   width - 2, binding)
        for i, line in enumerate(OTHER_KEYS):
            put(console, 1, console.height - 2 - len(OTHER_KEYS) + i, line, palette.DIM)
        footer(console, "Any key: close" + ("   Up/Down: scroll" if per_column > rows else ""))

    @staticmethod
    def _draw_binding(console: tcod.console.Console, x: int, y: int, width: int,
                      binding: Binding) -> None:
        put(console, x, y, binding_keys(binding), palette.KEY, width=KEY_COLUMN - 1)
        put(console, x + KEY_COLUMN, y, binding.help, palette.TEXT, width=width - KEY_COLUMN)
