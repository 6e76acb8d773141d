"""The whole contract between a front end and the game: draw a frame, take a key.

Front ends know nothing of the world or the screens; the UI layer supplies an object with these
two methods and the front end owns the terminal or window, the frame loop and the key names
(see game.frontends.keys for the vocabulary).
"""

from __future__ import annotations

from typing import Protocol

import tcod.console


class App(Protocol):
    """What a front end drives."""

    def draw(self, console: tcod.console.Console) -> None:
        """Draw the whole frame into a cleared console, order="F" ([x, y]), sized to the screen."""

    def handle_key(self, key: str) -> bool:
        """React to one normalized key name; return False to quit."""

    # An app may also have ``tick() -> bool``: called about ten times a second while no key
    # comes (a replay plays on); True asks for a new frame.
