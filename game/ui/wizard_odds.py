"""The odds inspector (Ctrl-O) on a creature in view, and the screen that shows a report.

It only reads the game, so it does not go through ``session.act``: the figures come from
``game.rules.odds`` via ``game.wizard.inspect``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import tcod.console

from game.rules import systems
from game.wizard.inspect import Side, inspect, table
from game.wizard.scratch import side_of
from game.world.core.components import Creature, Player
from game.world.game import Game

from . import palette
from .screen import POP, STAY, Replace, Session, Step
from .text import footer, put
from .wizard_pick import pick_creature


def sides(engine: Game, eid: int) -> tuple[Side, Side]:
    """You and the creature as you both stand now: wounded sides fight on with the hit points
    they have left, not their maximum; the creature's moves and shots as the turn loop plays
    them (``scratch.side_of``, the tools' one reading of a side)."""
    me = engine.player
    return (side_of(engine, me, engine.store.get(me, Player).character, wounded=True),
            side_of(engine, eid, engine.store.get(eid, Creature).kind, wounded=True))


def odds_lines(engine: Game, eid: int, rules: str | None = None) -> list[str]:
    return table(inspect(*sides(engine, eid), rules or engine.rules))


def under(engine: Game) -> str:
    """ ", overlay 'tough'" in a modded game's titles, else nothing."""
    return f", overlay {engine.content.name!r}" if engine.content is not None else ""


def next_rules(rules: str) -> str:
    """The combat system after this one, round the five."""
    return systems.NAMES[(systems.NAMES.index(rules) + 1) % len(systems.NAMES)]


def odds_screen(engine: Game, eid: int, rules: str) -> ReportScreen:
    """The inspector under ``rules``; r shows it under the next system."""
    return ReportScreen(f"Odds inspector (exact), {rules} rules{under(engine)}",
                        odds_lines(engine, eid, rules),
                        rules=rules,
                        switch=lambda: Replace(odds_screen(engine, eid, next_rules(rules))))


def odds(session: Session) -> Step:
    engine = session.engine
    return pick_creature(session, "Odds against", lambda eid: Replace(
        odds_screen(engine, eid, engine.rules)))


class ReportScreen:
    """Lines of text on their own screen, wrapped where too long; Up/Down scroll when they do
    not fit, any other key closes."""

    overlay = False

    def __init__(self, title: str, lines: list[str], *, rules: str = "",
                 switch: Callable[[], Step] | None = None) -> None:
        self.title, self.lines = title, lines
        self.rules, self.switch = rules, switch  # r: the same under the next combat system
        self.top = 0
        self.limit = 0  # how far it can scroll; measured at each draw

    def handle_key(self, key: str) -> Step:
        if key == "r" and self.switch is not None:
            return self.switch()
        if key in ("up", "8", "down", "2") and self.limit:
            step = -1 if key in ("up", "8") else 1
            self.top = min(max(0, self.top + step), self.limit)
            return STAY
        return POP

    def draw(self, console: tcod.console.Console) -> None:
        rows = console.height - 2
        lines = [part for line in self.lines for part in _fit(line, console.width - 2)]
        self.limit = max(0, len(lines) - rows)
        self.top = min(self.top, self.limit)
        put(console, 1, 0, self.title, palette.TITLE)
        for row, line in enumerate(lines[self.top:self.top + rows]):
            put(console, 1, 1 + row, line, palette.TEXT)
        footer(console, "Any key: close" + ("   Up/Down: scroll" if self.limit else "")
               + (f"   r: {next_rules(self.rules)} rules" if self.switch else ""))


def _fit(line: str, width: int) -> list[str]:
    """A line as it is when it fits (keeping its indent), else wrapped with an indent."""
    if len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent="    ")
