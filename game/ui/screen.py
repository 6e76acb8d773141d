"""What a screen is, what a key can do to the stack of screens, and the game a screen shows.

A screen's ``handle_key`` returns a Step instead of changing the stack itself, so screens stay
testable on their own and ``GameApp`` is the one place the stack changes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import tcod.console

from game.world.core import actions as A
from game.world.core.events import LevelChanged, Message
from game.world.game import Game
from game.world.play.explore import Explorer

from .camera import Camera
from .options import DEFAULT, Options


class Screen(Protocol):
    overlay: bool  # drawn over the screen beneath it (menus, prompts) instead of alone

    def draw(self, console: tcod.console.Console) -> None: ...
    def handle_key(self, key: str) -> Step: ...


class InfoPage:
    """A full screen that only shows something about the game; any key closes it."""

    overlay = False

    def __init__(self, engine: Game) -> None:
        self.engine = engine

    def handle_key(self, key: str) -> Step:
        return POP


@dataclass(frozen=True, slots=True)
class Stay:
    pass


@dataclass(frozen=True, slots=True)
class Pop:
    pass


@dataclass(frozen=True, slots=True)
class Quit:
    """Leave the game; ``save`` first (GameApp keeps the game open if that save fails)."""

    save: bool = True


@dataclass(frozen=True, slots=True)
class Push:
    screen: Screen


@dataclass(frozen=True, slots=True)
class Replace:
    screen: Screen


@dataclass(frozen=True, slots=True)
class Begin:
    """Start playing this game: the stack becomes its main screen."""

    engine: Game


Step = Stay | Pop | Quit | Push | Replace | Begin
STAY, POP, QUIT = Stay(), Pop(), Quit()


def written(path: str) -> tuple | None:
    """Which file stands at ``path`` (a save is written whole and renamed into place, so
    another writer's file is another inode): a save said to be kept is checked so, not
    assumed."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(slots=True)
class Session:
    """The game being shown, plus what only the UI remembers about it.

    ``notice`` is what the last key was told: a refusal ("You have nothing to drop.") goes
    into the game's log (``Engine.say``, as the world's own refusals do: logged, never
    recorded) and stays there; where the game was saved is a ``note`` shown until the next
    key, kept out of the log. ``marker`` is the last log message before the latest action:
    messages after it are new and drawn brighter. ``explorer()`` remembers what the player
    has seen lying about (every action looks); ``spotted`` holds the things the latest action
    brought into view for the first time. ``travel_target`` is where travel last went
    (depth, x, y).
    """

    engine: Game
    note: str | None = None  # a line shown under the log until the next key, not logged
    refused: str | None = None  # the last key's refusal (logged), until the next key
    marker: Message | None = field(default=None)
    saver: Callable[[Game], str] | None = None
    saved_to: str | None = None  # where the game was last saved
    options: Options = DEFAULT
    save_error: str | None = None  # why the latest save failed (None: it worked)
    abandoned: bool = False  # the player quit without saving
    camera: Camera = field(default_factory=Camera)  # where the map view stands
    ending: list[str] = field(default_factory=list)  # the morgue and the scores, at the end
    saved_mark: tuple = ()  # what the last save held (saver, actions, log): not saved twice
    saved_file: tuple | None = None  # the file it wrote, as the disk had it just after
    results: list[A.Result] | None = None  # when a list, each result of ``act`` goes in it
    spotted: list[int] = field(default_factory=list)  # things first seen after the last action
    travel_target: tuple[int, int, int] | None = None  # where travel last went: depth, x, y
    _explorer: Explorer | None = None

    def explorer(self) -> Explorer:
        """The explorer of this game (made when first asked: all explored is seen)."""
        if self._explorer is None or self._explorer.engine is not self.engine:
            self._explorer = Explorer(self.engine)
        return self._explorer

    @property
    def notice(self) -> str | None:
        """What the last key was told (a refusal, or where the game was saved)."""
        return self.note or self.refused

    @notice.setter
    def notice(self, text: str | None) -> None:
        """None clears it (a new key); a text is a refusal: logged as the newest message."""
        self.note = None
        self.refused = text
        if text:
            log = self.engine.log
            self.marker = log[-1] if log else None
            self.engine.say(text)

    def act(self, action: A.Action, *, look: bool = True) -> A.Result:
        """Submit ``action``; ``look=False``: no look for explore and the look screen's memory
        (a front end without those keys: the env's simple actions)."""
        log = self.engine.log
        self.marker = log[-1] if log else None
        self.notice = None
        explorer = self.explorer() if look else None
        depth = self.engine.depth
        result = self.engine.submit(action)  # a step's auto-pickup is the world's (its option)
        if self.results is not None:  # what a key did, for a front end that asks (the env)
            self.results.append(result)
        if explorer is not None:
            self.spotted = explorer.look()
        if isinstance(result, A.Done) and (self.engine.depth != depth or any(
                isinstance(e, LevelChanged) for e in result.events)):
            self.save()  # every change of level is saved (the wizard's go-to-depth too)
        return result

    def save(self) -> str | None:
        """Save through the saver the app was given; the outcome is shown as a notice."""
        if self.saver is None:
            return None
        log = self.engine.log
        mark = (id(self.saver), len(self.engine.actions), len(log), id(log[-1]) if log else 0)
        if self.saved_to is not None and mark == self.saved_mark \
                and written(self.saved_to) == self.saved_file:
            self.note = f"Saved to {self.saved_to}."  # nothing new, and the file on disk is
            return self.saved_to  # the one it wrote: a full disk cannot refuse it again
        try:
            where = self.saver(self.engine)
        except Exception as err:  # a failed save must not end the game: say so and play on
            self.save_error = " ".join(str(err).split()) or type(err).__name__
            self.note = f"The game could not be saved: {self.save_error}"
            return None
        self.note = f"Saved to {where}."
        self.saved_to, self.save_error, self.saved_mark = where, None, mark
        self.saved_file = written(where)
        return where

    def new_messages(self) -> int:
        """How many messages at the end of the log came with the latest action. The marker
        may have been counted again since ("There is a wall in the way. (x2)": the log holds
        a new line in its place), and then that line is the first new one."""
        log, marker = self.engine.log, self.marker
        if marker is None:
            return len(log)  # nothing acted yet: all is new
        for back, message in enumerate(reversed(log)):
            if message is marker:
                return back
        for back, message in enumerate(reversed(log)):
            if message.count > marker.count and message.text == marker.text \
                    and message.tone == marker.tone:
                return back + 1  # the marker, said again: it and what came after are new
        return len(log)  # the marker scrolled away (LOG_LIMIT): all is new
