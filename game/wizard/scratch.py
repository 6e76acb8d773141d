"""Fighters for the designer's tools, built the way play builds them.

A starting character or a creature is put into a scratch game (``Game.scenario``) and its
Fighter read through ``Engine.fighter``, the one builder play uses: so the odds inspector,
the fight simulator and the tables of docs/rules.md count the talents, natural armour, level
and gear a character really starts with, never a second builder's idea of them.
"""

from __future__ import annotations

from game.content.catalog import Catalog, load_catalog
from game.rules import profiles, systems
from game.world.core.components import Health
from game.world.core.engine import Engine
from game.world.game import Game

from .inspect import Side

PICTURE = "#####\n#.@B#\n#####\n"  # the player, and a creature beside it when one is asked for


def game(name: str, catalog: Catalog | None = None,
         rules: str = systems.DEFAULT) -> tuple[Engine, int]:
    """A scratch game holding ``name`` (a starting character, as the player, or a creature
    kind, beside a dwarf warrior), and the entity that is it."""
    catalog = catalog or load_catalog()
    if name in catalog.characters:
        engine = Game.scenario(PICTURE.replace("B", "."), character=name, rules=rules,
                               catalog=catalog)
        return engine, engine.player
    if name not in catalog.creatures:
        raise KeyError(name)
    engine = Game.scenario(PICTURE, {"B": name}, rules=rules, catalog=catalog)
    found = [eid for eid, _ in engine.creatures_here()]
    return engine, found[0]


def fighter(name: str, catalog: Catalog | None = None) -> profiles.Fighter:
    """``name``'s Fighter as play builds it at the start (all its magic: it has none yet)."""
    engine, eid = game(name, catalog)
    try:
        return engine.fighter(eid)
    finally:
        engine.close()


def side(name: str, catalog: Catalog | None = None, rules: str = systems.DEFAULT) -> Side:
    """``name`` as the odds inspector sees it: play's Fighter, at its full hit points."""
    engine, eid = game(name, catalog, rules)
    try:
        return Side(name, engine.fighter(eid), engine.store.get(eid, Health).max_hp,
                    is_player=eid == engine.player)
    finally:
        engine.close()
