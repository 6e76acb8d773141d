"""The last screen of a game: death or victory, how and where, how long, and the seed to
replay it. Only Enter, Escape, space or q leave it, so a held movement key cannot skip it."""

from __future__ import annotations

import tcod.console

from game.world.core.components import Hero, Player

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
        y = 3
        for line in wrap(engine.cause, console.width - 4):
            centre(console, y, line, palette.TEXT)
            y += 1
        marks = ["A wizard game."] if engine.store.get(engine.player, Player).wizard else []
        if engine.content is not None:
            marks.append(f"Modded: the overlay {engine.content.name!r}.")
        for line in wrap("  ".join(marks), console.width - 4) if marks else []:
            centre(console, y, line, palette.tone("wizard"))
            y += 1
        x = max(1, (console.width - 60) // 2)
        y = max(y, 5)
        for label, value in facts(engine):
            for part in wrap(value, console.width - x - 13):
                put_runs(console, x, y, [(f"{label:<12}", palette.DIM), (part, palette.TEXT)])
                label, y = "", y + 1
        y += 1
        # the score table's rows are 72 columns: further left than the facts rather than wrap
        longest = max((len(line) for line in self.session.ending), default=0)
        ex = max(1, min(x, console.width - 1 - longest))
        room = console.width - ex - 1
        ending = [part for line in self.session.ending
                  for part in (wrap(line, room) if len(line) > room else [line])]
        last = console.height - 2  # the row above the footer
        if y + len(ending) > last:  # no room for all: the rest in the morgue and scores
            ending = ending[:max(0, last - y - 1)] + ["... more: python -m game scores"]
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


def facts(engine) -> list[tuple[str, str]]:
    """Who, the level reached, the deepest depth (and the depth of the end, when it was not
    the deepest), how long, and the seed to replay it."""
    hero = engine.component(engine.player, Hero) or Hero()
    deepest = max(engine.levels, default=engine.depth)
    if engine.depth == deepest:
        depth = f"{deepest} (the deepest reached)"
    elif engine.outcome == "won":
        depth = f"deepest {deepest}"
    else:
        depth = f"died on depth {engine.depth}, deepest {deepest}"
    return [("Character", engine.store.get(engine.player, Player).character),
            ("Level", str(hero.level)), ("Depth", depth), ("Turns", str(engine.turn)),
            ("Time", describe.game_time_words(engine.now)), ("Seed", str(engine.seed))]
