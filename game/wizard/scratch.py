"""Fighters for the designer's tools, built the way play builds them.

A starting character or a creature is put into a scratch game (``Game.scenario``) and its
Fighter read through ``Engine.fighter``, the one builder play uses: so the odds inspector,
the fight simulator and the tables of docs/rules.md count the talents, natural armour, level
and gear a character really starts with, never a second builder's idea of them.
"""

from __future__ import annotations

import copy

from game.content.catalog import Catalog, load_catalog
from game.rules import profiles, systems
from game.rules.items import Weapon
from game.world.core.components import Creature, Equipment, Health, Supply
from game.world.core.engine import Engine
from game.world.game import Game
from game.world.play import ai, choices, fighters, player_actions

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


def side(name: str, catalog: Catalog | None = None, rules: str = systems.DEFAULT, *,
         shoot: bool = False, level: int = 1) -> Side:
    """``name`` as the odds inspector sees it: play's Fighter, at its full hit points, and
    its moves (``side_of``); ``shoot``: the player's shooting mode; ``level``: a starting
    character grown to that level as play grows it (the experience, ``progress.gain``)."""
    engine, eid = game(name, catalog, rules)
    try:
        if level > 1 and eid == engine.player:
            from game.world.play import progress

            me = progress.hero(engine, eid)
            if me is not None:
                progress.gain(engine, progress.xp_for_level(engine, level) - me.xp)
        return side_of(engine, eid, name, shoot=shoot)
    finally:
        engine.close()


def side_of(engine: Engine, eid: int, name: str, *, shoot: bool = False,
            wounded: bool = False) -> Side:
    """An entity of a game as the inspector sees it: its Fighter and hit points (its maximum;
    ``wounded``: those it has left, beside its maximum), and what it does as the turn loop has
    it (a creature's moves up close by ``ai.up_close_odds``, its shots and throws by
    ``ai.missile``, its step; the player's shots with what ``choices.ready_shot`` readies, in
    the shooting mode)."""
    fighter = engine.fighter(eid)
    health = engine.store.get(eid, Health)
    hp, most = (health.hp, health.max_hp) if wounded else (health.max_hp, None)
    if eid == engine.player:
        load = fighters.burden(engine.store, engine.catalog, eid)
        return Side(name, fighter, hp, most, is_player=True,
                    shots=player_shots(engine) if shoot else (), shoots_up_close=shoot,
                    step_ticks=player_actions.step_ticks(load))
    kind = engine.catalog.creatures[engine.store.get(eid, Creature).kind]
    supply, shots = copy.copy(engine.store.get(eid, Supply)), []
    while (loosed := ai.missile(kind, fighter, supply)) is not None:
        shots.append(loosed[0])
        ai.spend_missile(kind, supply)
    moves = tuple((p, tuple(blows)) for p, blows in ai.up_close_odds(kind, fighter))
    return Side(name, fighter, hp, most, moves=moves, shots=tuple(shots),
                step_ticks=kind.speed)


def player_shots(engine: Engine) -> tuple[profiles.AttackProfile, ...]:
    """Every shot the player has ready, in turn: the quivered ammunition of its missile
    weapon, one shot each; else each weapon made for throwing that it carries spare."""
    ready = choices.ready_shot(engine)
    if ready is None:
        return ()
    fighter = engine.fighter(engine.player)
    if ready.verb == "Shoot":
        shot = profiles.shot(fighter)
        ammo = engine.store.get(engine.player, Equipment).ammo
        assert shot is not None and ammo is not None, "a readied missile weapon shoots"
        return (shot,) * engine.item_count(ammo)
    thrown = [choices.item_data(engine, i) for i in choices.throwables(engine)]
    return tuple(profiles.throw(fighter, w) for w in thrown if isinstance(w, Weapon))
