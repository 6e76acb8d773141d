"""The replay viewer: a recording played back in the terminal, with playback controls.

space pauses and resumes, + and - change the speed, . or Right steps one action, g jumps to an
action (the playback keeps keyframes, so jumping back never restarts from the first action),
t takes over from here as a new game, q quits. Positions count the recording's actions: the
state after action k is what ``verify`` computes for k.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

import tcod.console

from game.world.game import Game

from . import palette
from .screen import Session
from .text import panel, put, wrap
from .view import Layout, camera, draw_map, draw_status, log_lines

SPEEDS = (1, 2, 5, 10, 25, 50, 100)  # actions per second
START_SPEED = 2  # index into SPEEDS
KEYS_HINT = "space play/pause  + - speed  . step  g jump  t take over  q quit"


class Playback(Protocol):
    """What the viewer needs of a recording being replayed (``game.persist.replay.Seeker``)."""

    engine: Game
    index: int
    save: Any

    @property
    def length(self) -> int: ...
    def step(self) -> object: ...
    def seek(self, position: int) -> Game: ...
    def crash_again(self) -> object: ...


class ReplayApp:
    """The App a front end drives while a recording plays; after ``t`` it hands every key and
    frame to the game taken over (``take_over(engine)`` builds that app)."""

    def __init__(self, playback: Playback, take_over: Callable[[Game], Any] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.playback, self.take_over, self.clock = playback, take_over, clock
        self.playing = False
        self.speed = START_SPEED
        self.credit = 0.0  # actions owed to the clock while playing
        self.last = clock()
        self.prompt: str | None = None  # digits typed after g
        self.note = ""
        self.game: Any = None  # the app of a game taken over
        self.broken = ""  # why the recording cannot be played past where it stands

    @property
    def session(self):
        """The session of the game taken over, if any (the command line says where it saved)."""
        return getattr(self.game, "session", None)

    # --- time ---------------------------------------------------------------------------

    def tick(self) -> bool:
        """Called by the front end when no key came; True when the frame changed."""
        if self.game is not None:
            tick = getattr(self.game, "tick", None)
            return bool(tick and tick())
        now = self.clock()
        elapsed, self.last = now - self.last, now
        if not self.playing:
            return False
        self.credit += elapsed * SPEEDS[self.speed]
        moved = False
        while self.credit >= 1 and self.playing:
            self.credit -= 1
            moved = self._advance() or moved
        return moved

    def _play(self, move: Callable[[], object]) -> bool:
        """Step or seek; a recording out of sync stops where it is, said on screen (the
        playback raises ValueError, OutOfSync among them). False when it could not move."""
        if self.broken:
            self.playing, self.note = False, self.broken
            return False
        try:
            move()
        except ValueError as err:
            self.playing = False
            why = " ".join(str(err).split())[:150]
            self.broken = self.note = f"{why}: the recording stops here"
            return False
        return True

    def _advance(self) -> bool:
        pb = self.playback
        if self.broken:
            self.playing, self.note = False, self.broken
            return True
        if pb.index >= pb.length:
            self.playing = False
            self.note = ("End of the recording. It ended in a crash: . replays the crashing "
                         "action." if pb.save.crash is not None else "End of the recording.")
            return True
        self._play(pb.step)
        return True

    # --- keys ---------------------------------------------------------------------------

    def handle_key(self, key: str) -> bool:
        if self.game is not None:
            return self.game.handle_key(key)
        self.note = ""
        if key == "ctrl-c":
            return False  # watching loses nothing
        if self.prompt is not None:
            return self._prompt_key(key)
        if key in ("q", "escape"):
            return False
        if key == " ":
            self.playing, self.last, self.credit = not self.playing, self.clock(), 0.0
        elif key in ("+", "="):
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        elif key == "-":
            self.speed = max(0, self.speed - 1)
        elif key in (".", "right"):
            self._step_once()
        elif key == "g":
            self.playing, self.prompt = False, ""
        elif key == "t":
            self._take_over()
        return True

    def interrupt(self) -> bool:
        """Ctrl-C from the front end: the game taken over asks; watching just stops."""
        return self.handle_key("ctrl-c")

    def hang_up(self) -> None:
        """Told to stop: the game taken over (if any) saves; a recording has nothing to lose."""
        hang_up = getattr(self.game, "hang_up", None)
        if hang_up is not None:
            hang_up()

    def _step_once(self) -> None:
        pb = self.playback
        self.playing = False
        if pb.index < pb.length:
            self._play(pb.step)
        elif pb.save.crash is not None:
            pb.crash_again()  # raises again if the bug is still there
            self.note = "The crashing action no longer crashes."
        else:
            self.note = "End of the recording."

    def _prompt_key(self, key: str) -> bool:
        assert self.prompt is not None, "asked only while a number is typed"
        if key.isdigit() and len(self.prompt) < 7:
            self.prompt += key
        elif key == "backspace":
            self.prompt = self.prompt[:-1]
        elif key == "enter" and self.prompt:
            target = min(int(self.prompt), self.playback.length)
            self.prompt = None
            if target < self.playback.index:
                self.broken = ""  # back before the break: the recording plays again up to it
            self._play(lambda: self.playback.seek(target))
        elif key in ("escape", "enter"):
            self.prompt = None
        return True

    def _take_over(self) -> None:
        if self.take_over is None:
            self.note = "This replay cannot be taken over."
            return
        engine = self.playback.engine
        if engine.over:
            self.note = "The game is over at this point: it cannot be taken over."
            return
        self.game = self.take_over(engine)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console) -> None:
        if self.game is not None:
            self.game.draw(console)
            return
        engine = self.playback.engine
        layout = Layout.of(console)
        draw_map(console, engine, layout.map, camera(engine, layout.map))
        draw_status(console, engine, layout.status)
        log = layout.log
        put(console, log.x, log.y, self._header(), palette.TITLE, width=log.w)
        note = self.note or self.broken
        status = ([(line, palette.WARN) for line in wrap(note, log.w)] if note
                  else [(KEYS_HINT, palette.DIM)])  # a note is shown whole, never cut
        lines = status + log_lines(Session(engine), log.w, max(0, log.h - 1 - len(status)))
        for row, (text, colour) in enumerate(lines[:log.h - 1]):
            put(console, log.x, log.y + 1 + row, text, colour, width=log.w)
        if self.prompt is not None:
            self._draw_prompt(console)

    def _header(self) -> str:
        pb = self.playback
        state = "playing" if self.playing else "paused"
        return f"Replay: action {pb.index}/{pb.length}   {SPEEDS[self.speed]}/s   {state}"

    def _draw_prompt(self, console: tcod.console.Console) -> None:
        question = f"Jump to action (0-{self.playback.length}): {self.prompt}_"
        width = len(question) + 6
        x, y = (console.width - width) // 2, console.height // 2 - 2
        panel(console, x, y, width, 3)
        put(console, x + 3, y + 1, question, palette.TITLE, palette.PANEL, width - 4)
