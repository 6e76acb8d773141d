"""The player's options: what the options file may set, each with its default.

One frozen value per game session, read at start and handed to the screens (``Session``).
Options change only what the interface does for the player (which keys it submits), never the
rules, so a recording replays the same whatever options it was played with.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    auto_pickup: bool = True  # pick up potions, scrolls and your own shot or thrown missiles


DEFAULT = Options()
