"""Shots and throws: the projectile follows tcod's line, stops at a wall or the first creature in
its way (which it may hit instead of the one aimed at), and the thing lands where it stopped; one
of the player's that reached nobody says where it stopped ("The javelin hits the wall.")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import profiles
from game.world.core.components import Item, Position, Powers
from game.world.core.events import Event, Message

from . import combat, stacks
from .lines import distance, flight

if TYPE_CHECKING:
    from game.world.core.engine import Engine


def loose(engine: Engine, shooter: int, attack: profiles.AttackProfile, x: int, y: int,
          item_name: str, *, breaks: int = 0, letter: str = "",
          powers: Powers | None = None) -> list[Event]:
    """Fly, strike whatever is reached, and leave the thing where it stopped (unless it breaks:
    ``breaks`` is a percent chance), with its magic (``powers``). The player's own keeps its
    ``letter`` and is marked as thrown, for auto-pickup."""
    path = flight(engine, shooter, x, y, attack.range)
    events: list[Event] = []
    if path.target is not None:
        far = distance(engine, shooter, path.target)
        events += combat.strike(engine, shooter, path.target, attack, adjacent=far == 1,
                                distance=far, into_melee=in_melee(engine, path.target, shooter))
    elif shooter == engine.player and engine.since("0.3.0"):
        events.append(Message(stopped(item_name, path.wall)))
    if not path.path:
        landing = engine.position(shooter)
        spot = (landing.x, landing.y)
    else:
        spot = path.path[-1]
    if breaks and engine.streams.loot.randint(1, 100) <= breaks:
        if shooter == engine.player:
            events.append(Message(f"The {item_name} breaks."))
        return events
    drop(engine, item_name, *spot, letter=letter, thrown=shooter == engine.player, powers=powers)
    return events


def in_melee(engine: Engine, target: int, shooter: int) -> bool:
    """Whether someone other than the shooter stands beside the target (shooting into a
    melee: coc's penalty die)."""
    at = engine.position(target)
    return any(engine.blocker_at(at.x + dx, at.y + dy) not in (None, shooter, target)
               for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def stopped(name: str, wall: bool) -> str:
    """What the player is told of a missile or a bolt that reached nobody: where it stopped."""
    return f"The {name} hits the wall." if wall else f"The {name} falls to the floor."


def drop(engine: Engine, name: str, x: int, y: int, count: int = 1, *, letter: str = "",
         thrown: bool = False, powers: Powers | None = None) -> None:
    """Put ``count`` of a thing on a cell, joining a pile of the same thing (the same magic)
    there."""
    new = engine.create_item(name, count, Position(x, y, engine.depth), powers)
    item = engine.store.get(new, Item)
    item.letter, item.thrown = letter, thrown
    pile = stacks.pile_for(engine, engine.items_at(x, y), new)
    if pile is not None:
        engine.store.get(pile, Item).count += count
        engine.store.get(pile, Item).thrown |= thrown
        engine.delete(new)
