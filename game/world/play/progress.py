"""Levels, talents and rage: what the player's race and class make of experience.

Kills by the player's hand (a blow, shot, throw or free blow that kills) and the first arrival
on each depth give experience (the numbers are in ``game.rules.levels``); a new level adds hit
points and the class's talents for it. Rage is the berserker's: started with an action, it
runs down on the 6-second vitals clock and leaves the berserker exhausted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import levels, stats, talents
from game.rules.talents import TALENTS
from game.world.core.components import (
    Attributes,
    Creature,
    Health,
    Hero,
    Player,
    Stance,
    Training,
)
from game.world.core.events import Event, Message

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

QUICK_STUDY_PERCENT = 125  # the human's trait: a quarter more experience from every kill


def hero(engine: Engine, eid: int) -> Hero | None:
    return engine.store.find(eid, Hero) if engine.store.has(eid, Player) else None


def talents_of(engine: Engine, eid: int) -> tuple[str, ...]:
    """The talents the player holds now (its class's up to its level); creatures have none."""
    me = hero(engine, eid)
    if me is None:
        return ()
    name = engine.store.get(eid, Player).character
    return engine.catalog.hero_class(name).talents_at(me.level)


def trait(engine: Engine, eid: int) -> str:
    """The player's race trait ("Scales"); creatures have none."""
    if not engine.store.has(eid, Player):
        return ""
    return engine.catalog.race(engine.store.get(eid, Player).character).trait


def raging(store: Store, eid: int) -> bool:
    me = store.find(eid, Hero)
    return me is not None and me.rage > 0


def kill_reward(engine: Engine, victim: int) -> int:
    """Experience for killing ``victim`` (asked before it is gone)."""
    creature = engine.store.find(victim, Creature)
    if creature is None:
        return 0
    kind = engine.catalog.creatures[creature.kind]
    xp = levels.kill_xp(kind.hit_points, kind.depth)
    if trait(engine, engine.player) == talents.QUICK_STUDY:
        xp = xp * QUICK_STUDY_PERCENT // 100
    return xp


def tally_death(engine: Engine, victim: int) -> None:
    """Count a creature that died while the player played (the morgue's "Creatures that
    died", the score's kills), by kind; asked before it is gone."""
    me = hero(engine, engine.player)
    creature = engine.store.find(victim, Creature)
    if me is not None and creature is not None:
        me.kills = {**me.kills, creature.kind: me.kills.get(creature.kind, 0) + 1}


def xp_step(engine: Engine) -> int:
    """The experience curve's step this game plays by (tuned in game 0.3.0)."""
    return levels.TUNED_XP_STEP if engine.since("0.3.0") else levels.XP_STEP


def xp_for_level(engine: Engine, level: int) -> int:
    """Experience needed in all to reach ``level`` in this game."""
    return levels.xp_for_level(level, xp_step(engine))


def gain(engine: Engine, xp: int) -> list[Event]:
    """Add experience; each level reached adds hit points and talents, with a message."""
    me = hero(engine, engine.player)
    if me is None or xp <= 0:
        return []
    me.xp += xp
    events: list[Event] = []
    while me.level < levels.level_for(me.xp, xp_step(engine)):
        events += _level_up(engine, me)
    return events


def _level_up(engine: Engine, me: Hero) -> list[Event]:
    before = set(talents_of(engine, engine.player))
    me.level += 1
    name = engine.store.get(engine.player, Player).character
    hero_class = engine.catalog.hero_class(name)
    con = engine.store.get(engine.player, Attributes).constitution
    added = levels.level_hp(hero_class.hp_per_level, con)
    health = engine.store.get(engine.player, Health)
    health.max_hp += added
    health.hp += added
    events: list[Event] = [Message(f"Welcome to level {me.level}! You feel tougher.", "good")]
    for talent in talents_of(engine, engine.player):
        if talent not in before:
            events.append(Message(f"You learn {talent}: {TALENTS[talent].text}.", "good"))
    return events


def start_rage(engine: Engine) -> tuple[list[Event], str]:
    """Begin raging, or say why not: the talent, not already raging, and enough stamina."""
    me = hero(engine, engine.player)
    if talents.RAGE not in talents_of(engine, engine.player) or me is None:
        return [], "You do not know how to rage."
    if me.rage > 0:
        return [], "You are already raging."
    stance = engine.store.get(engine.player, Stance)
    if stance.stamina < talents.RAGE_STAMINA:
        return [], "You are too tired to rage."
    me.rage = talents.RAGE_TICKS
    return [Message("You fly into a rage!", "good")], ""


def calm(engine: Engine, eid: int) -> list[Event]:
    """One 6-second tick of rage; when it runs out the berserker is exhausted."""
    me = engine.store.find(eid, Hero)
    if me is None or me.rage <= 0:
        return []
    me.rage -= 1
    if me.rage:
        return []
    stance = engine.store.find(eid, Stance)
    if stance is not None:
        stance.stamina = 0
        stance.name = "Normal"
    return [Message("Your rage ebbs, and you are exhausted.", "bad")]


def add_points(training: Training, ranks: str, name: str, points: int) -> list[Event]:
    """Training points towards the next rank in ``name``, one of ``training``'s ``ranks``
    ("skills" or "styles"), set anew when it is reached (never changed in place:
    ``game.world.core.changes``)."""
    held: dict[str, int] = getattr(training, ranks)
    rank = held.get(name, 0)
    if rank >= stats.MAX_RANK:
        return []
    have = training.points.get(name, 0) + points
    if have < stats.rank_cost(rank):
        training.points[name] = have
        return []
    training.points[name] = have - stats.rank_cost(rank)
    setattr(training, ranks, {**held, name: rank + 1})
    return [Message(f"You reach rank {rank + 1} in {name}.", "good")]
