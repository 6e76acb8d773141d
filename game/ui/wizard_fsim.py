"""The fight simulator screen (Ctrl-F): your current build against a creature's kind, 1000 fights.

It only reads the game: the fights happen in the simulator's own arena engine, closed when the
run ends, and esper is switched back to the game's world after every slice of fights.

A run normally ends within the first second, before the screen is first drawn. A longer one
goes on in slices of a tenth of a second from ``tick`` (when the front end calls it while no key
comes) or from any key, with a progress bar; Esc or Ctrl-C stops it with the fights done so far.
"""

from __future__ import annotations

import time

import tcod.console

from game.rules.messages import a_or_an
from game.wizard.fsim import PLAYER, Arena, mode_words, simulate
from game.world.core.components import Creature
from game.world.game import Game

from . import palette
from .screen import STAY, Replace, Session, Step
from .text import footer, put
from .wizard_odds import ReportScreen, next_rules, under
from .wizard_pick import pick_creature

ROUNDS = 1000
FIRST_SLICE, SLICE = 1.0, 0.1  # seconds of fights before the first frame, then per tick
BAR = 50


class FsimScreen:
    overlay = False

    def __init__(self, engine: Game, eid: int, rounds: int = ROUNDS,
                 first_slice: float = FIRST_SLICE, rules: str | None = None) -> None:
        self.engine, self.rounds, self.eid = engine, rounds, eid
        self.asked = rounds
        self.rules = rules or engine.rules
        self.kind = engine.store.get(eid, Creature).kind
        self.arena: Arena | None = Arena(PLAYER, self.kind, seed=engine.seed,
                                         character=engine.character, build=engine,
                                         rules=self.rules)
        self.report = simulate(self.arena, 0)  # the exact figures; its tally gets the fights
        self.done: ReportScreen | None = None  # the results, once the run is over
        self.advance(first_slice)

    def advance(self, seconds: float) -> None:
        """Fight on for about ``seconds``; the run is over after ``rounds`` fights."""
        assert self.arena is not None, "the run is over"
        tally, end = self.report.tally, time.monotonic() + seconds
        try:
            while tally.fights < self.rounds and time.monotonic() < end:
                self.arena.fight(tally)
        except KeyboardInterrupt:
            self.rounds = tally.fights
        if tally.fights >= self.rounds:
            self.stop()
        self.engine.use()  # the arena's world was esper's current one

    def stop(self) -> None:
        """Close the arena and show what was found."""
        assert self.arena is not None, "the run is over"
        self.arena.engine.close()
        self.arena = None
        self.engine.use()
        self.done = ReportScreen(f"Fight simulator, {self.rules} rules{under(self.engine)}", [
            f"You ({self.engine.character}, as you are now) against {a_or_an(self.kind)}:", "",
            *self.report.lines(), "", mode_words(False)], rules=self.rules,
            switch=self._next)

    def _next(self) -> Step:
        """The same fights under the next combat system."""
        return Replace(FsimScreen(self.engine, self.eid, self.asked,
                                  rules=next_rules(self.rules)))

    def tick(self) -> bool:
        """Called by the front end while no key comes: True when there is more to show."""
        if self.done is None:
            self.advance(SLICE)
            return True
        return False

    def handle_key(self, key: str) -> Step:
        if self.done is not None:
            return self.done.handle_key(key)
        if key == "escape":
            self.stop()
        else:
            self.advance(SLICE)
        return STAY

    def draw(self, console: tcod.console.Console) -> None:
        if self.done is not None:
            self.done.draw(console)
            return
        fights = self.report.tally.fights
        filled = BAR * fights // max(1, self.rounds)
        put(console, 1, 0, "Fight simulator", palette.TITLE)
        put(console, 1, 2, f"Fighting {a_or_an(self.kind)}: {fights} of {self.rounds} fights",
            palette.TEXT)
        put(console, 1, 4, "[" + "#" * filled + "." * (BAR - filled) + "]", palette.GOOD)
        footer(console, "Esc: stop with the fights done so far")


def fsim(session: Session) -> Step:
    engine = session.engine
    return pick_creature(session, "Fight against",
                         lambda eid: Replace(FsimScreen(engine, eid)))
