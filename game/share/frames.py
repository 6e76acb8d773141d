"""The screens of a recorded game, one after each action, as the player saw them.

The recording is replayed as ``verify`` and ``replay`` replay it (``persist.replay``: from
its seed, by the version that made it, checked at every checkpoint), and after each action
the main screen is drawn as the terminal front end draws it (``ui.view.draw_play`` into a
console, the messages of the latest action bright); a game that ended ends on its end
screen. A frame's time is the game's clock (``Engine.now``), so a rest lasts longer than a
step; ``Pace`` turns it into seconds of the cast.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import tcod.console

from game.persist.replay import replay
from game.persist.savefile import SaveData
from game.rules.stats import STEP_TICKS
from game.ui.ending import EndScreen
from game.ui.screen import Session
from game.ui.view import draw_play
from game.world.game import Game

from .limits import IDLE, LEAST_SECONDS, SIZE, SPEED, STEP_SECONDS


@dataclass(frozen=True, slots=True)
class Pace:
    """How game time becomes the cast's: ``speed`` times the pace of a step every
    ``STEP_SECONDS``, no wait longer than ``idle`` seconds (asciinema's idle time limit)."""

    speed: float = SPEED
    idle: float = IDLE

    def wait(self, ticks: int) -> float:
        """Seconds between a screen and the next, whose action took ``ticks`` of game time."""
        return min(self.idle, seconds(ticks) / self.speed)


def seconds(ticks: int) -> float:
    """The wait at speed 1, before the idle limit (the page's player applies both)."""
    return max(LEAST_SECONDS, ticks / STEP_TICKS * STEP_SECONDS)


@dataclass(frozen=True, slots=True)
class Frame:
    """A screen: after ``position`` actions (0: the fresh game), ``ticks`` of game time after
    the screen before it, on game turn ``turn``; ``end`` for the end screen of a game over,
    ``last`` for the last screen. ``console`` and ``engine`` (the game as it stands) are only
    good until the next frame: the console is drawn again, and the engine closes at the end."""

    position: int
    ticks: int
    turn: int
    console: tcod.console.Console
    engine: Game
    end: bool = False
    last: bool = False


def walk(save: SaveData, size: tuple[int, int] = SIZE) -> Iterator[Frame]:
    """Every screen of the recording, in order. Raises ``persist.replay.OutOfSync`` (a
    ValueError naming the action) where the replay leaves the recording."""
    console = tcod.console.Console(*size, order="F")
    with replay(save, upto=0, engine_keyframes=False) as seeker:
        engine, length = seeker.engine, seeker.length
        session = Session(engine)
        yield _drawn(console, session, 0, 0, last=length == 0)
        while seeker.index < length:
            before = engine.now
            session.marker = engine.log[-1] if engine.log else None  # as play marks it
            seeker.step()
            yield _drawn(console, session, seeker.index, engine.now - before,
                         last=seeker.index == length and not engine.over)
        if engine.over:
            console.clear()
            EndScreen(session).draw(console)
            yield Frame(length, 0, engine.turn, console, engine, end=True, last=True)


def _drawn(console: tcod.console.Console, session: Session, position: int, ticks: int,
           last: bool) -> Frame:
    console.clear()
    draw_play(console, session)
    engine = session.engine
    return Frame(position, ticks, engine.turn, console, engine, last=last)


def title(save: SaveData) -> str:
    """What the recording is, in a line: the character, the seed, the rules and version."""
    setup = save.setup
    rules = "" if setup.rules == "manual" else f", {setup.rules} rules"
    marks = (", a wizard game" if save.wizard_game else "") + (
        f", modded ({setup.content.name})" if setup.content is not None else "")
    return f"{setup.character}, seed {setup.seed}{rules}, game {save.game_version}{marks}"
