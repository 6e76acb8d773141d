"""Wounds and death: hit points taken, and what a death leaves behind (its gear, the kill's
experience, the tally, an end to the feuds it was in, and for the player the game's end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.messages import a_or_an, death_message
from game.world.core.components import Creature, Health, Inventory, Named, Player, Position
from game.world.core.events import Died, Event, Message

from . import feuds, progress

if TYPE_CHECKING:
    from game.world.core.engine import Engine


def damage(engine: Engine, eid: int, amount: int, *, cause: str = "",
           cause_of: int | None = None, credit: int | None = None) -> list[Event]:
    """Take hit points; at 0 the entity dies (for the player, for good). The kill's
    experience goes to ``cause_of`` (who dealt it), else to ``credit`` (who opened the
    wound it bled from)."""
    if eid == engine.player and engine.over:
        return []  # dead already (or out of the dungeon): nothing more happens to it
    health = engine.store.get(eid, Health)
    health.hp -= amount
    if eid == engine.player and engine.store.get(eid, Player).invulnerable:
        health.hp = max(1, health.hp)
    if health.hp > 0:
        return []
    if cause_of is not None:
        killer = engine.store.get(cause_of, Named).name
        cause = "killed by " + ("yourself" if cause_of == eid else a_or_an(killer))
    credited = cause_of if cause_of is not None else credit
    reward = progress.kill_reward(engine, eid) if credited == engine.player != eid else 0
    return _die(engine, eid, cause) + progress.gain(engine, reward)


def _die(engine: Engine, eid: int, cause: str) -> list[Event]:
    name = engine.store.get(eid, Named).name
    if eid == engine.player:
        engine.outcome = "dead"
        engine.cause = f"{cause} on depth {engine.depth}"
        return [Died(eid, name, engine.cause)]  # the log says "You die..." (Engine._log)
    seen = engine.sees(eid)
    progress.tally_death(engine, eid)
    proper = engine.store.get(eid, Named).proper
    pos = engine.store.get(eid, Position)
    _drop_gear(engine, eid, pos)
    engine.delete(eid)
    feuds.forget(engine, eid)
    if not seen:
        return [Died(eid, name, cause)]
    return [Died(eid, name, cause), Message(death_message(name, cause, proper=proper), "good")]


def _drop_gear(engine: Engine, eid: int, pos: Position) -> None:
    """A creature leaves behind what it carried (its magic), and its weapon one time in
    three (creatures never carry the goal)."""
    carried = engine.store.find(eid, Inventory)
    for item in carried.items if carried is not None else []:
        engine.store.add(item, Position(pos.x, pos.y, pos.depth))
    kind = engine.catalog.creatures[engine.store.get(eid, Creature).kind]
    weapon = kind.weapon.name if kind.weapon is not None else None
    if weapon and engine.streams.loot.randint(1, 3) == 1:
        engine.create_item(weapon, 1, Position(pos.x, pos.y, pos.depth))
