"""A recorded game as an asciicast v2 file, the terminal recording format asciinema and its
web player read (docs.asciinema.org, "asciicast v2"): a JSON header line, then one JSON
array a line, ``[seconds, "o", text]``, the text the terminal front end would have written.

The text is the terminal front end's own (``frontends.terminal.AnsiRenderer``: each screen
as the difference from the one before), in 256 colours, which every terminal that plays a
cast shows; the header says so (``TERM``). No clock is read: the same recording always
makes the same file.
"""

from __future__ import annotations

import io
import json

from game.frontends.terminal import COLOURS_256, AnsiRenderer

from .frames import Frame, Pace
from .limits import IDLE

START = "\x1b[?25l\x1b[2J"  # the cursor hidden, the screen cleared: the game's screen mode


class Cast:
    """The cast being written: ``add`` each frame in order, then ``text``."""

    def __init__(self, size: tuple[int, int], pace: Pace, title: str) -> None:
        self.pace = pace
        self.buffer = io.StringIO()
        self.renderer = AnsiRenderer(self.buffer, depth=COLOURS_256)
        self.time = 0.0
        header = {"version": 2, "width": size[0], "height": size[1],
                  "idle_time_limit": pace.idle, "title": title,
                  "env": {"TERM": "xterm-256color"}}
        self.lines = [json.dumps(header)]
        self.first = True

    def add(self, frame: Frame) -> None:
        """The frame's screen, written after its wait (none for the first)."""
        if not self.first:
            self.time += self.pace.wait(frame.ticks)
        self.renderer.render(frame.console)
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        if self.first:
            text, self.first = START + text, False
        if text:
            self.event(text)

    def event(self, text: str) -> None:
        self.lines.append(json.dumps([round(self.time, 6), "o", text]))

    def text(self) -> str:
        """The whole file: the last screen is held a moment (``IDLE`` or the idle limit, the
        shorter) before the cast ends with an empty output, so a player stops on it."""
        self.time += min(IDLE, self.pace.idle)
        self.event("")
        return "\n".join(self.lines) + "\n"
