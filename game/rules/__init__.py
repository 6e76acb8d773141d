"""The combat manual as a pure library: dice, profiles, resolution, odds and phrasing.

Imports only the standard library and numpy; never esper, tcod or the rest of ``game``.
"""

from .dice import Dice, Rng
from .profiles import AttackProfile, DefenceProfile, Fighter, Magic, Modifier, defence
from .resolve import Outcome, resolve

__all__ = ["AttackProfile", "DefenceProfile", "Dice", "Fighter", "Magic", "Modifier",
           "Outcome", "Rng", "defence", "resolve"]
