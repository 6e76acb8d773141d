"""The combat systems a game can be played under: the manual's, and four others.

Each is a pure module with the same few names: ``resolve(clash, rng)`` returns an ``Outcome``
the rest of the game already understands, ``distribution(clash)`` and ``chances(clash)`` give
its exact odds, and ``numbers(fighter)`` is the one place where a fighter's stats become that
system's numbers. The game picks one by name at its start and records it in the save.
"""

from __future__ import annotations

from types import ModuleType

from . import coc, d20, manual, qud, tides
from .common import Clash

SYSTEMS: dict[str, ModuleType] = {m.NAME: m for m in (manual, qud, d20, coc, tides)}
NAMES = tuple(SYSTEMS)
DEFAULT = manual.NAME


def unknown_rules(name: str) -> str:
    """The one line an unknown name gets."""
    return f"unknown rules {name!r}; the {len(NAMES)} are: {', '.join(NAMES)}"


def get(name: str) -> ModuleType:
    """The system called ``name``; anything else is a ValueError of one line."""
    if not isinstance(name, str) or name not in SYSTEMS:
        raise ValueError(unknown_rules(name))
    return SYSTEMS[name]


__all__ = ["DEFAULT", "NAMES", "SYSTEMS", "Clash", "get", "unknown_rules"]
