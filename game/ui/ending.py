"""The last screen of a game: death or victory, how and where, how long, and the seed to
replay it. Only Enter, Escape, space or q leave it, so a held movement key cannot skip it."""

from __future__ import annotations

import tcod.console

from game.world.core.components import Player

from . import describe, palette
from .screen import QUIT, STAY, Session, Step
from .text import centre, footer, put, put_runs, wrap
from .view import log_lines

QUIT_KEYS = ("enter", "escape", " ", "q")


class EndScreen:
    overlay = False

    def __init__(self, session: Session) -> None:
        self.session = session

    def handle_key(self, key: str) -> Step:
        return QUIT if key in QUIT_KEYS else STAY

    def draw(self, console: tcod.console.Console) -> None:
        engine = self.session.engine
        won = engine.outcome == "won"
        headline = ("You win!", palette.GOOD) if won else ("You die...", palette.BAD)
        centre(console, 2, *headline)
        centre(console, 3, engine.cause, palette.TEXT)
        marks = ["A wizard game."] if engine.store.get(engine.player, Player).wizard else []
        if engine.content is not None:
            marks.append(f"Modded: the overlay {engine.content.name!r}.")
        if marks:
            centre(console, 4, "  ".join(marks), palette.tone("wizard"))
        x = max(1, (console.width - 60) // 2)
        facts = (("Character", engine.store.get(engine.player, Player).character),
                 ("Depth", str(engine.depth)), ("Turns", str(engine.turn)),
                 ("Time", describe.game_time_words(engine.now)), ("Seed", str(engine.seed)))
        for row, (label, value) in enumerate(facts):
            put_runs(console, x, 5 + row, [(f"{label:<12}", palette.DIM), (value, palette.TEXT)])
        y = 5 + len(facts) + 1
        # the score table's rows are 72 columns: further left than the facts rather than wrap
        longest = max((len(line) for line in self.session.ending), default=0)
        ex = max(1, min(x, console.width - 1 - longest))
        room = console.width - ex - 1
        ending = [part for line in self.session.ending
                  for part in (wrap(line, room) if len(line) > room else [line])]
        for row, line in enumerate(ending):
            put(console, ex, y + row, line, palette.HEADING if row == 0 else palette.TEXT)
        self._draw_last_messages(console, x, y + len(ending) + 1)
        footer(console, "Enter or Esc: quit")

    def _draw_last_messages(self, console: tcod.console.Console, x: int, y: int) -> None:
        rows = console.height - 2 - (y + 1)
        if rows < 1:
            return
        put(console, x, y, "Last messages", palette.HEADING)
        for row, (text, colour) in enumerate(log_lines(self.session, console.width - x - 3, rows)):
            put(console, x + 2, y + 1 + row, text, colour)
