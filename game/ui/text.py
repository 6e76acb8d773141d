"""Small drawing helpers: clipped text, coloured runs, wrapped lines, framed panels, scrolling.

Every screen draws through these so nothing spills past the console's edge at 80x24.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import tcod.console

from . import palette
from .palette import Colour

Run = tuple[str, Colour]


@dataclass(frozen=True, slots=True)
class Cut:
    """Text a screen asked ``put`` to draw that did not fit: ``shown`` is what was drawn."""

    x: int
    y: int
    text: str
    shown: str


_WATCHERS: list[list[Cut]] = []


@contextmanager
def watch_cuts() -> Iterator[list[Cut]]:
    """Every cut ``put`` makes while inside (the test that no screen cuts a word)."""
    found: list[Cut] = []
    _WATCHERS.append(found)
    try:
        yield found
    finally:
        _WATCHERS.remove(found)


def put(console: tcod.console.Console, x: int, y: int, text: str, fg: Colour | None = None,
        bg: Colour | None = None, width: int | None = None) -> int:
    """Print one line clipped to ``width`` (default: the console's edge); return the x after it.
    ``fg`` defaults to the text colour as it is now (the options file may change it)."""
    fg = palette.TEXT if fg is None else fg
    room = console.width - x if width is None else min(width, console.width - x)
    if _WATCHERS and text.strip() and (room <= 0 or not 0 <= y < console.height
                                       or text[max(0, room):].strip()):
        shown = text[:room] if room > 0 and 0 <= y < console.height else ""
        for found in _WATCHERS:
            found.append(Cut(x, y, text, shown))
    if room <= 0 or not 0 <= y < console.height or not text:
        return x
    text = text[:room]
    console.print(x, y, text, fg=fg, bg=bg)
    return x + len(text)


def put_runs(console: tcod.console.Console, x: int, y: int, runs: Iterable[Run],
             width: int | None = None) -> int:
    """Print coloured pieces one after another on a line, clipped like ``put``."""
    end = console.width if width is None else min(console.width, x + width)
    if _WATCHERS or not 0 <= y < console.height or console.width == console.height:
        for text, fg in runs:  # (one ``put`` each: what the watched cuts are made of)
            x = put(console, x, y, text, fg, width=end - x)
        return x
    pieces = [(text, palette.TEXT if fg is None else fg) for text, fg in runs if text]
    line = "".join(text for text, _ in pieces)[:max(0, end - x)]
    if not line:
        return x
    # the whole line at once, as ``put`` would print it run by run (a status line is twenty
    # runs: one array write, not twenty prints)
    n = len(line)
    cells = console.rgb[x:x + n, y] if console.ch.shape[0] == console.width \
        else console.rgb[y, x:x + n]
    cells["ch"] = np.frombuffer(line.encode("utf-32-le"), np.int32)
    cells["fg"] = np.repeat(np.array([fg for _, fg in pieces], np.uint8),
                            [len(text) for text, _ in pieces], axis=0)[:n]
    return x + n


def wrap(text: str, width: int) -> list[str]:
    """Word-wrap one message; an empty text is one empty line."""
    return list(_wrapped(text, width))


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, width: int) -> tuple[str, ...]:
    """A memo (a pure function): every frame wraps the same last messages again."""
    return tuple(textwrap.wrap(text, max(1, width)) or [""])


def centre(console: tcod.console.Console, y: int, text: str, fg: Colour | None = None) -> None:
    put(console, max(0, (console.width - len(text)) // 2), y, text, fg)


def panel(console: tcod.console.Console, x: int, y: int, width: int, height: int,
          title: str = "") -> None:
    """A framed box with a dark background and the title set into the top edge."""
    console.draw_frame(x, y, width, height, fg=palette.FRAME, bg=palette.PANEL)
    if title:
        put(console, x + 2, y, f" {title} ", palette.TITLE, palette.PANEL, width=width - 4)


def footer(console: tcod.console.Console, text: str) -> None:
    """A one-line key hint on the bottom row."""
    put(console, 1, console.height - 1, text, palette.DIM)


def scroll_start(selected: int, count: int, rows: int) -> int:
    """First visible row of a list of ``count`` so that ``selected`` stays in ``rows``."""
    if count <= rows:
        return 0
    return min(max(0, selected - rows // 2), count - rows)
