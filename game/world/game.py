"""The game: the engine handed the gameplay it plays by.

``game.world.core`` is the machinery and knows no gameplay; ``game.world.play`` is the
gameplay, built on it. This module joins them: ``GAMEPLAY`` names the action handlers and each
step of a turn, and ``Game`` is the engine that plays by them. Everything above the world
(persistence, the UI, the env, the tools) makes games here.
"""

from __future__ import annotations

from typing import Any

from game.content.catalog import Catalog

from .core.engine import Engine
from .core.gamemap import GameMap
from .core.gameplay import Gameplay
from .core.setup import Setup
from .play import (
    ai,
    effects,
    feuds,
    fighters,
    knowledge,
    populate,
    start,
    vitals,
    wizard_actions,  # noqa: F401  (registers the wizard's action tags)
)
from .play.handlers import HANDLERS

GAMEPLAY = Gameplay(
    handlers=HANDLERS, create_player=start.create_player, populate=populate.populate_level,
    scaled=effects.scaled, vitals=vitals.catch_up, sleeps_through=ai.sleeps_through,
    awake_turn=ai.awake_turn, gone=feuds.forget, fighter=fighters.fighter,
    display_name=knowledge.display_name, skill_names=fighters.skill_names,
    checks=(ai.check_sleepers, vitals.check_steady),
)


class Game(Engine):
    """A game of this roguelike: an ``Engine`` playing by ``GAMEPLAY``, made from its
    ``Setup`` (``core/setup.py``: the seed, the character, wizard mode, the combat system
    and its rules version, auto-pickup (a step picks up potions, scrolls and the player's own
    thrown or shot missiles: ``play.autopickup``), the game version that began it, its
    overlay), kept in the game's state and save. ``Game(7, "elf mage", rules="qud")`` is
    ``Game(Setup(7, "elf mage", rules="qud"))``: the fields are spelled once, in ``Setup``."""

    def __init__(self, setup: Setup | int, character: str | None = None, *,
                 catalog: Catalog | None = None, **options: Any) -> None:
        if not isinstance(setup, Setup):
            setup = Setup(setup, **options) if character is None else \
                Setup(setup, character, **options)
        elif character is not None or options:
            raise TypeError("a game is made from its Setup, or from a seed and its options")
        super().__init__(setup, play=GAMEPLAY, catalog=catalog)

    @classmethod
    def from_state(cls, data: dict, setup: Setup | None = None, *,
                   catalog: Catalog | None = None, play: Gameplay = GAMEPLAY,
                   terrain: dict[int, GameMap] | None = None) -> Game:
        """Rebuild a game of ``setup`` from ``state()`` data; anything malformed is a
        ValueError. A save and a copy hold the setup beside the state (``terrain``: its
        levels from a copy of this game, see ``Engine.from_state``)."""
        game = super().from_state(data, setup, play=play, catalog=catalog, terrain=terrain)
        assert isinstance(game, Game)
        return game
