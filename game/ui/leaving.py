"""Leaving a game whose save failed: the player chooses, the game never quits on its own.

Quitting (S, Esc then y, Ctrl-C then y, the end screen) saves first. When that save fails (a
full disk, a folder that cannot be written, ``saves`` being a file) the game stays open on
:class:`SaveFailedScreen`, which says why and offers a clear choice: try again, save to
another file, quit without saving, or go back to the game.
"""

from __future__ import annotations

import os
from pathlib import Path

import tcod.console

from . import palette
from .confirm import ConfirmScreen
from .screen import POP, QUIT, STAY, Quit, Replace, Step
from .text import panel, put, wrap
from .wizard_prompts import TextPrompt

MAX_PATH = 400  # characters a typed path may have
QUIT_UNSAVED = Quit(save=False)
CHOICES = (("r", "try again"), ("a", "save to another file..."),
           ("q", "quit without saving (what was not saved is lost)"),
           ("Esc", "go back to the game"))


class SaveFailedScreen:
    """Why the save failed, and what to do now. ``r`` and Enter retry (GameApp saves again on
    QUIT), ``a`` asks for another file, ``q`` quits without saving, Esc goes back to play."""

    overlay = True
    leaving = True  # Ctrl-C does not quit from here: the player is choosing what to do

    def __init__(self, error: str, save_as=None) -> None:
        self.error = error
        self.save_as = save_as  # path -> None: the next save goes there (None: not offered)

    def handle_key(self, key: str) -> Step:
        if key in ("r", "enter"):
            return QUIT
        if key == "a" and self.save_as is not None:
            return Replace(PathPrompt(self))
        if key == "q":
            return QUIT_UNSAVED
        if key == "escape":
            return POP
        return STAY

    def lines(self, width: int) -> list[tuple[str, palette.Colour]]:
        text = [(line, palette.WARN) for line in
                wrap(f"The game could not be saved: {self.error}", width)[:6]]
        text.append(("", palette.TEXT))
        for key, label in CHOICES:
            if key == "a" and self.save_as is None:
                continue
            text.append((f"{key + ')':<5}{label}", palette.TEXT))
        return text

    def draw(self, console: tcod.console.Console) -> None:
        width = min(console.width - 2, 74)
        lines = self.lines(width - 4)
        x, y = (console.width - width) // 2, max(0, console.height // 2 - 6)
        panel(console, x, y, width, len(lines) + 2, "Not saved")
        for row, (text, colour) in enumerate(lines):
            put(console, x + 2, y + 1 + row, text, colour, palette.PANEL, width - 4)


class PathPrompt(TextPrompt):
    """Type the file to save to; Enter saves there and quits, Esc goes back to the choice."""

    leaving = True
    limit = MAX_PATH
    hint = "Enter: save there and quit   Esc: back"

    def __init__(self, failed: SaveFailedScreen) -> None:
        super().__init__("Save to which file? (e.g. ~/game.json)", self._save_there,
                         lambda: Replace(failed))
        self.failed = failed

    def _save_there(self, text: str) -> Step:
        typed = text.strip()
        if not typed:
            self.warning = "Type a file name, or Esc to go back."
            return STAY
        if os.path.lexists(Path(typed).expanduser()):
            return Replace(ReplaceQuestion(self, typed))
        self.failed.save_as(typed)
        return QUIT


class ReplaceQuestion(ConfirmScreen):
    """The typed file exists (another game's save, perhaps): replace it only on ``y``; n or
    Escape goes back to the prompt with the name still typed; no other key answers."""

    leaving = True

    def __init__(self, prompt: PathPrompt, typed: str) -> None:
        super().__init__(f"{typed[:50]} exists. Replace it? (y/n)", QUIT)
        self.prompt, self.typed = prompt, typed

    def yes(self) -> Step:
        self.prompt.failed.save_as(self.typed)
        return QUIT

    def no(self) -> Step:
        return Replace(self.prompt)
