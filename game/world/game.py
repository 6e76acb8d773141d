"""The game: the engine handed the gameplay it plays by.

``game.world.core`` is the machinery and knows no gameplay; ``game.world.play`` is the
gameplay, built on it. This module joins them: ``GAMEPLAY`` names the action handlers and each
step of a turn, and ``Game`` is the engine that plays by them. Everything above the world
(persistence, the UI, the env, the tools) makes games here.
"""

from __future__ import annotations

from game.content.catalog import Catalog
from game.content.overlay import Overlay
from game.rules import systems

from .core.engine import Engine
from .core.gamemap import GameMap
from .core.gameplay import Gameplay
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
    """A game of this roguelike: an ``Engine`` playing by ``GAMEPLAY``. ``rules`` (the combat
    system) and ``auto_pickup`` (a step picks up potions, scrolls and the player's own thrown
    or shot missiles: ``play.autopickup``) are chosen here and kept in the game's state; off
    is what every game saved before the option existed plays by."""

    def __init__(self, seed: int, character: str = "dwarf warrior", *,
                 catalog: Catalog | None = None, wizard: bool = False,
                 rules: str = systems.DEFAULT, auto_pickup: bool = False,
                 rules_version: int | None = None, made_by: str | None = None,
                 content: Overlay | None = None) -> None:
        super().__init__(seed, character, play=GAMEPLAY, catalog=catalog, wizard=wizard,
                         rules=rules, auto_pickup=auto_pickup, rules_version=rules_version,
                         made_by=made_by, content=content)

    @classmethod
    def from_state(cls, data: dict, *, catalog: Catalog | None = None,
                   play: Gameplay = GAMEPLAY, made_by: str | None = None,
                   content: Overlay | None = None,
                   terrain: dict[int, GameMap] | None = None) -> Game:
        """Rebuild a game from ``state()`` data; anything malformed is a ValueError.
        ``made_by`` and ``content`` as for ``Game``: a save names both (``terrain``: its
        levels from a copy of this game, see ``Engine.from_state``)."""
        game = super().from_state(data, play=play, catalog=catalog, made_by=made_by,
                                  content=content, terrain=terrain)
        assert isinstance(game, Game)
        return game
