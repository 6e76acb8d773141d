"""The combat systems a game can be played under: the manual's, and four others.

Each is a pure module with the same few names: ``resolve(clash, rng)`` returns an ``Outcome``
the rest of the game already understands, ``distribution(clash)`` and ``chances(clash)`` give
its exact odds, and ``numbers(fighter)`` is the one place where a fighter's stats become that
system's numbers. The game picks one by name at its start and records it in the save.

A change of what a system does is a new version of its rules (``VERSION`` in its module): a
game records the version it is played under when it is not the first, and keeps it, so a
recording replays by the rules it was played under.
"""

from __future__ import annotations

from fractions import Fraction
from types import ModuleType

from . import coc, d20, manual, qud, tides
from .common import Clash

SYSTEMS: dict[str, ModuleType] = {m.NAME: m for m in (manual, qud, d20, coc, tides)}
NAMES = tuple(SYSTEMS)
DEFAULT = manual.NAME
FIRST_VERSION = 1  # a game that records no version plays by this one


def unknown_rules(name: str) -> str:
    """The one line an unknown name gets."""
    return f"unknown rules {name!r}; the {len(NAMES)} are: {', '.join(NAMES)}"


def exchange(rules: str, clash: Clash) -> dict[tuple[int, int], Fraction]:
    """One attack's damage as (to the target, to the attacker) with its chance: a system
    whose defender strikes back says so (``exchange``); for the rest the attacker takes none."""
    system = get(rules)
    if hasattr(system, "exchange"):
        return system.exchange(clash)
    return {(damage, 0): p for damage, p in system.distribution(clash).items()}


def get(name: str) -> ModuleType:
    """The system called ``name``; anything else is a ValueError of one line."""
    if not isinstance(name, str) or name not in SYSTEMS:
        raise ValueError(unknown_rules(name))
    return SYSTEMS[name]


def version(name: str, asked: int | None = None) -> int:
    """The version of ``name``'s rules a game plays by: ``asked``, or the newest; an unknown
    version is a ValueError of one line."""
    newest = get(name).VERSION
    if asked is None:
        return newest
    if type(asked) is not int or not FIRST_VERSION <= asked <= newest:
        raise ValueError(f"the {name} rules have versions {FIRST_VERSION} to {newest}, "
                         f"not {asked!r}")
    return asked


__all__ = ["DEFAULT", "FIRST_VERSION", "NAMES", "SYSTEMS", "Clash", "exchange", "get",
           "unknown_rules", "version"]
