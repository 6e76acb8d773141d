"""Typed answers for the wizard: a line of text, a number in a range, and a name with completion.

The name prompt is both a list to pick from and a field to type in: the names matching what is
typed are listed below it (close misspellings too, by the one matcher in game.rules.names),
Tab completes to their longest common prefix (and then cycles the highlight through them),
Up/Down move the highlight, Enter takes the highlighted name.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import tcod.console

from game.rules.names import closest

from . import palette
from .screen import POP, STAY, Step
from .text import panel, put, scroll_start

MAX_TEXT = 32
WIDTH = 62


class TextPrompt:
    """A question and a line to type the answer on; Enter gives the text to ``submit``."""

    overlay = True
    hint = "Enter: accept   Esc: cancel"
    limit = MAX_TEXT  # characters the answer may have

    def __init__(self, question: str, submit: Callable[[str], Step],
                 cancel: Callable[[], Step] = lambda: POP) -> None:
        self.question, self.submit, self.cancel = question, submit, cancel
        self.text = ""
        self.warning = ""

    def handle_key(self, key: str) -> Step:
        self.warning = ""
        if key == "escape":
            return self.cancel()
        if key == "enter":
            return self.submit(self.text)
        if key == "backspace":
            self.edited(self.text[:-1])
        elif len(key) == 1 and key.isprintable() and len(self.text) < self.limit:
            self.edited(self.text + key)
        else:
            return self.other_key(key)
        return STAY

    def edited(self, text: str) -> None:
        self.text = text

    def other_key(self, key: str) -> Step:
        return STAY

    def rows(self, console: tcod.console.Console) -> int:
        """Rows under the answer line (the name prompt's matches)."""
        return 0

    def draw(self, console: tcod.console.Console) -> None:
        width = min(console.width - 2, max(WIDTH, len(self.question) + 6))
        height = 5 + self.rows(console)
        x, y = (console.width - width) // 2, 1
        panel(console, x, y, width, height)
        put(console, x + 2, y + 1, self.question, palette.TITLE, palette.PANEL, width - 4)
        line = f"> {self.text}_"  # the end of a long answer stays in sight
        line = line if len(line) <= width - 4 else "> ..." + line[-(width - 9):]
        put(console, x + 2, y + 2, line, palette.TEXT, palette.PANEL, width - 4)
        note, colour = (self.warning, palette.WARN) if self.warning else (self.hint, palette.DIM)
        put(console, x + 2, y + height - 2, note, colour, palette.PANEL, width - 4)
        self.draw_rows(console, x + 1, y + 3, width - 2)

    def draw_rows(self, console: tcod.console.Console, x: int, y: int, width: int) -> None:
        pass


def number_prompt(question: str, low: int, high: int, then: Callable[[int], Step]) -> TextPrompt:
    """A prompt that only accepts a whole number from ``low`` to ``high``."""
    prompt: TextPrompt

    def submit(text: str) -> Step:
        if text.strip().isdigit() and low <= int(text) <= high:
            return then(int(text))
        prompt.warning = f"A number from {low} to {high}, please."
        return STAY

    prompt = TextPrompt(f"{question} ({low}-{high})", submit)
    return prompt


def matching(text: str, names: list[str]) -> list[str]:
    """The names ``text`` may mean, best first (the command line's "did you mean" matcher):
    "gobln" finds "goblin", "longsw" finds "long sword"."""
    return closest(text, names)


def completion(text: str, names: list[str]) -> str:
    """The longest common prefix of the names starting with ``text``; when none starts with
    it, the one name it can mean ("gobln" completes to "goblin"); else ``text`` itself."""
    starting = [n for n in names if n.lower().startswith(text.lower())]
    if not starting:
        close = closest(text, names)
        return close[0] if len(close) == 1 else text
    common = os.path.commonprefix([n.lower() for n in starting])
    return starting[0][:len(common)] if len(common) > len(text) else text


class NamePrompt(TextPrompt):
    """Type a name from ``names``, with the matches listed below and Tab completion."""

    hint = "Tab: complete  Up/Down: choose  Enter: take  Esc: cancel"

    def __init__(self, question: str, names: list[str], take: Callable[[str], Step]) -> None:
        super().__init__(question, self._take)
        self.names, self.take = names, take
        self.matches, self.selected = list(names), 0
        self.shown = 10  # match rows; measured at each draw

    def edited(self, text: str) -> None:
        self.text = text
        self.matches, self.selected = matching(text, self.names), 0

    def _take(self, text: str) -> Step:
        if not self.matches:
            self.warning = f"Nothing is called {text!r}."
            return STAY
        return self.take(self.matches[self.selected])

    def other_key(self, key: str) -> Step:
        if key == "tab":
            self._complete()
        elif key in ("up", "btab", "down") and self.matches:
            step = 1 if key == "down" else -1
            self.selected = (self.selected + step) % len(self.matches)
        return STAY

    def _complete(self) -> None:
        """Extend the text as far as the matches agree; when it cannot, cycle the matches."""
        longer = completion(self.text, self.names)
        if longer != self.text:
            self.edited(longer)
        elif self.matches:
            self.selected = (self.selected + 1) % len(self.matches)

    def rows(self, console: tcod.console.Console) -> int:
        self.shown = max(1, min(len(self.matches), console.height - 7))
        return self.shown

    def draw_rows(self, console: tcod.console.Console, x: int, y: int, width: int) -> None:
        if not self.matches:
            put(console, x + 3, y, "(no match)", palette.DIM, palette.PANEL, width - 4)
            return
        top = scroll_start(self.selected, len(self.matches), self.shown)
        for row, name in enumerate(self.matches[top:top + self.shown]):
            bg = palette.SELECTED_BG if top + row == self.selected else palette.PANEL
            console.draw_rect(x, y + row, width, 1, ord(" "), bg=bg)
            put(console, x + 3, y + row, name, palette.TEXT, bg, width - 4)


def split_enchant(text: str) -> tuple[str, str]:
    """ "+2 long sw" -> ("+2 ", "long sw"): a wish's enchantment, then the name to match."""
    head, sep, tail = text.partition(" ")
    if sep and head[:1] in "+-" and head[1:].isdigit():
        return head + " ", tail
    return "", text


class WishPrompt(NamePrompt):
    """A name prompt that lets a wish start with an enchantment ("+2 long sword of slaying"):
    the rest is matched and completed among ``names``."""

    def edited(self, text: str) -> None:
        self.text = text
        enchant, rest = split_enchant(text)
        self.matches = [enchant + m for m in matching(rest, self.names)]
        self.selected = 0

    def _complete(self) -> None:
        enchant, rest = split_enchant(self.text)
        longer = enchant + completion(rest, self.names)
        if longer != self.text:
            self.edited(longer)
        elif self.matches:
            self.selected = (self.selected + 1) % len(self.matches)
