"""Copies of an env's game: what ``clone_state``, pickling and deep copies are made of.

A game is copied as the engine's own snapshot (``Engine.state()``, everything that makes the
game what it is, sharing nothing with the live game; its entities as copies of their
components, ``state.Copied``, not JSON) with what a save keeps beside it (the recording, its
checkpoints and keyframes, the game's ``Setup`` whole), and its levels' terrain, so that
making it again (``Game.from_state``) generates no level: a copy is cheap to take and to make
again, and made again it plays on exactly as the game it was taken from.

The terminal's screen, where the env draws one, has a little state of its own that what it
shows depends on (which messages are new, a notice, where the map view stands, whether the
messages have been paged): ``UiState`` holds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.app import paged_mark
from game.ui.camera import Camera
from game.ui.screen import Session
from game.world.core import actions as A
from game.world.core.gamemap import GameMap
from game.world.core.setup import Setup
from game.world.core.state import Copied
from game.world.game import Game


@dataclass(frozen=True, slots=True)
class GameCopy:
    """A game as it stood: made again by ``made()`` (as often as wanted)."""

    state: dict  # Engine.state(): never changed once taken
    setup: Setup  # what it began with (the version that began it, its overlay: its tables)
    actions: tuple[A.Action, ...]
    checkpoints: tuple[tuple[int, str], ...]
    keyframes: tuple[tuple[int, str], ...]
    keyframe_every: int
    checkpoint_every: int
    terrain: tuple[tuple[int, GameMap], ...]  # each level as generated, never changed

    @classmethod
    def of(cls, engine: Game) -> GameCopy:
        taken = engine.state(entities=Copied.of(engine.store))
        return cls(taken, engine.setup, tuple(engine.actions),
                   tuple(engine.checkpoints.items()), tuple(engine.keyframes.items()),
                   engine.keyframe_every, engine.checkpoint_every,
                   tuple((depth, gm.as_generated()) for depth, gm in engine.levels.items()))

    def made(self) -> Game:
        engine = Game.from_state(self.state, self.setup, terrain=dict(self.terrain))
        engine.actions = list(self.actions)
        engine.checkpoints = dict(self.checkpoints)
        engine.keyframes = dict(self.keyframes)
        engine.keyframe_every = self.keyframe_every
        engine.checkpoint_every = self.checkpoint_every
        return engine


@dataclass(frozen=True, slots=True)
class UiState:
    """What the terminal's screen keeps of its own (``Session``), by value."""

    new: int | None  # how many messages at the end of the log are new (None: all)
    note: str | None  # the session's note and refusal, as they stand (the refusal is in the
    refused: str | None  # copied log already: put back as it is, never said again)
    camera: tuple[tuple[int, int] | None, tuple[int, ...]]
    paged: bool  # --more-- has paged the latest messages already

    @classmethod
    def of(cls, session: Session, paged: tuple | None) -> UiState:
        log = session.engine.log
        new = session.new_messages()
        return cls(None if session.marker is None or new == len(log) else new,
                   session.note, session.refused, (session.camera.origin, session.camera.frame),
                   paged is not None and paged == paged_mark(session))

    def put(self, session: Session) -> bool:
        """Set ``session`` to this state; True when its latest messages were paged."""
        log = session.engine.log
        session.marker = None if self.new is None else log[len(log) - 1 - self.new]
        session.note, session.refused = self.note, self.refused
        session.camera = Camera(*self.camera)
        return self.paged
