"""The player's options: what the options file may set, each with its default.

One frozen value per game session, read at start and handed to the screens (``Session``).
Options change only what the interface does for the player (which keys it submits), never the
rules, so a recording replays the same whatever options it was played with; ``auto_pickup``
only chooses the game option a NEW game begins with (``Game(auto_pickup=...)``, kept in its
save: a continued game plays by its own). The options file (TOML) is read by
``game.ui.options_file``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .palette import Colour


@dataclass(frozen=True, slots=True)
class Options:
    auto_pickup: bool = True  # a new game picks up potions, scrolls, your own missiles
    more_prompt: bool = True  # --more-- when a turn's messages do not fit the log
    roll_display: bool = False  # a new wizard game starts with the roll display on
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)  # binding name -> keys
    colours: dict[str, Colour] = field(default_factory=dict)  # palette name -> RGB
    warnings: tuple[str, ...] = ()  # what the file did that it may not have meant


DEFAULT = Options()
