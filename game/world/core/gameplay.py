"""What the engine is handed when a game is set up: the gameplay it runs, as esper's
processors are handed to a world. The engine imports no gameplay module; it calls these.

``game.world.game`` builds the one ``Gameplay`` the game plays by (``GAMEPLAY``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.content.catalog import Catalog
    from game.rules.profiles import Fighter

    from . import actions as A
    from .components import Position, Vitals
    from .engine import Engine
    from .events import Event
    from .gamemap import GameMap


@dataclass(frozen=True)
class Gameplay:
    """The action handlers by tag, and each step of a turn the engine runs."""

    handlers: Mapping[str, Callable[[Engine, Any], A.Result]]
    """The player's actions, by ``Action.tag``."""
    create_player: Callable[[Engine, bool], int]
    """The player's entity as a game starts (``wizard``), equipped."""
    populate: Callable[[Engine, GameMap], None]
    """A level's creatures, items and traps, the first time it is entered."""
    scaled: Callable[[Engine, int], int]
    """The ticks an action of the player's takes, as its effects (haste) make it."""
    vitals: Callable[[Engine, int, Vitals, dict], list[Event]]
    """A due tick of bleeding, poison, regeneration and timed effects."""
    sleeps_through: Callable[[Engine, dict, Position], int | None]
    """A sleeper's turn, when nothing can wake it: the ticks it takes; None if it may wake."""
    awake_turn: Callable[[Engine, int, dict], tuple[list[Event], int]]
    """A creature's turn: its events and the ticks it took."""
    gone: Callable[[Engine, int], None]
    """An entity was swept away (a regenerated level): nobody fights it any more."""
    fighter: Callable[..., Fighter]
    """``fighter(store, catalog, eid, in_wall=, known_only=, thrown=, trying=, made_by=)``: the
    rules' Fighter from the entity's components in ``store``, built as the game version
    ``made_by`` (the one that began the game) builds it."""
    display_name: Callable[[Engine, int], str]
    """An item's name as the player knows it."""
    skill_names: Callable[[Catalog], list[str]]
    """Every skill a rank can be had in."""
    checks: tuple[Callable[[Engine], list[str]], ...] = ()
    """The gameplay's own shortcuts, each worked out the long way and compared
    (``Engine.check``): what differs, in words."""
