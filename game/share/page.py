"""A recorded game as one self-contained web page: the game's own screens, played by a small
script of our own inside the page (``player.py``), with play, pause, speed and a slider over
the actions, and the morgue (the character dump; a game not over, its character as it stands)
beside it. Nothing is fetched: the page works offline, in any browser.

The screens are the cells the terminal front end draws (``frontends.terminal.planes``: the
character, text and background colours of each), each screen kept as the runs of cells that
changed since the one before, its colours numbers into one palette: a long game stays small.
"""

from __future__ import annotations

import html
import json

import numpy as np
from numpy.typing import NDArray

from game.frontends.terminal import planes
from game.ui.morgue import morgue_text

from . import player
from .frames import Frame, Pace, seconds

CHOICES = (0.25, 0.5, 1, 2, 4, 8, 16, 32)  # the page's speeds, with the one asked


class Page:
    """The page being made: ``add`` each frame in order, then ``text``."""

    def __init__(self, size: tuple[int, int], pace: Pace, title: str) -> None:
        self.size, self.pace, self.title = size, pace, title
        self.palette: dict[int, int] = {}
        self.previous: tuple[NDArray[np.int32], ...] | None = None
        self.frames: list[list] = []
        self.waits: list[float] = []
        self.positions: list[int] = []
        self.turns: list[int] = []
        self.end = -1
        self.morgue = ""
        self.heading = "Morgue"

    def add(self, frame: Frame) -> None:
        ch, fg, bg = planes(frame.console)
        fg = np.where(fg < 0, bg, fg)  # a blank's text colour is never seen
        changed = np.ones(ch.shape, dtype=bool) if self.previous is None else (
            (ch != self.previous[0]) | (fg != self.previous[1]) | (bg != self.previous[2]))
        self.previous = (ch, fg, bg)
        self.frames.append(self._runs(ch.ravel(), fg.ravel(), bg.ravel(), changed.ravel()))
        self.waits.append(0.0 if len(self.waits) == 0 else round(seconds(frame.ticks), 4))
        self.positions.append(frame.position)
        self.turns.append(frame.turn)
        if frame.end:
            self.end = len(self.frames) - 1
        if frame.last:
            over = frame.engine.over
            self.morgue = morgue_text(frame.engine)
            self.heading = "Morgue" if over else "The character, as the recording ends"

    def _runs(self, ch: NDArray[np.int32], fg: NDArray[np.int32], bg: NDArray[np.int32],
              changed: NDArray[np.bool_]) -> list:
        """[start, text, [count, fg, bg, ...]] for each run of changed cells, row-major."""
        where = np.flatnonzero(changed)
        if not len(where):
            return []
        breaks = np.flatnonzero(np.diff(where) != 1) + 1
        runs = []
        for part in np.split(where, breaks):
            start, stop = int(part[0]), int(part[-1]) + 1
            text = "".join(map(chr, ch[start:stop].tolist()))
            runs.append([start, text, self._colours(fg[start:stop], bg[start:stop])])
        return runs

    def _colours(self, fg: NDArray[np.int32], bg: NDArray[np.int32]) -> list[int]:
        """The run's colours as stretches of one pair: count, fg, bg (palette numbers)."""
        out: list[int] = []
        for f, b in zip(fg.tolist(), bg.tolist(), strict=True):
            fi, bi = self._index(f), self._index(b)
            if out and out[-2] == fi and out[-1] == bi:
                out[-3] += 1
            else:
                out += [1, fi, bi]
        return out

    def _index(self, colour: int) -> int:
        return self.palette.setdefault(colour, len(self.palette))

    def data(self) -> dict:
        """What the player script reads."""
        speeds = sorted({*CHOICES, self.pace.speed})
        return {"title": self.title, "width": self.size[0], "height": self.size[1],
                "palette": [f"#{c:06x}" for c in self.palette],
                "frames": self.frames, "waits": self.waits, "positions": self.positions,
                "turns": self.turns, "end": self.end, "speed": self.pace.speed,
                "speeds": speeds, "idle": self.pace.idle}

    def text(self) -> str:
        """The whole page. The data is JSON in a script element (``</`` written ``<\\/``, so
        no text of the game can end the element); the morgue is HTML-escaped text."""
        data = json.dumps(self.data(), separators=(",", ":"), ensure_ascii=False)
        data = data.replace("</", "<\\/")
        return player.page({"TITLE": html.escape(self.title),
                            "HEADING": html.escape(self.heading),
                            "MORGUE": html.escape(self.morgue), "DATA": data})
