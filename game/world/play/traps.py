"""Traps: dart, arrow and spear traps whose points Protection soaks (the manual: "a trap's
arrows and spears"), and a pit and a fire trap that go straight through it, so both kinds of
damage occur in play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules import profiles
from game.rules.dice import Dice
from game.rules.magic import resisted
from game.rules.messages import a_or_an
from game.world.core.components import Named, Position, Renderable, Trap
from game.world.core.events import Event, Message

from . import combat, death

if TYPE_CHECKING:
    from game.world.core.engine import Engine


@dataclass(frozen=True, slots=True)
class TrapKind:
    name: str
    announce: str
    damage: Dice
    colour: tuple[int, int, int]
    physical: bool  # a dart is soaked by Protection; a fall or a flame is not
    to_hit: int = 0
    noun: str = ""  # what messages call the missile: "dart", "arrow", "spear"


TRAPS = {
    t.name: t
    for t in (
        TrapKind("dart trap", "A dart shoots out of the wall!", Dice(1, 4), (200, 200, 60),
                 physical=True, to_hit=4, noun="dart"),
        TrapKind("arrow trap", "An arrow shoots out of the wall!", Dice(1, 6), (210, 180, 80),
                 physical=True, to_hit=5, noun="arrow"),
        TrapKind("spear trap", "A spear thrusts up from the floor!", Dice(1, 8), (200, 140, 80),
                 physical=True, to_hit=3, noun="spear"),
        TrapKind("pit", "You fall into a pit!", Dice(1, 6), (150, 120, 90), physical=False),
        TrapKind("fire trap", "Flames burst from the floor!", Dice(1, 6), (255, 110, 40),
                 physical=False),
    )
}
TRAP_NAMES = tuple(TRAPS)
SHALLOW, DEEP = 2, 5  # from game 0.3.0: half the die down to this depth, two dice from this one


def damage(engine: Engine, kind: TrapKind, depth: int) -> Dice:
    """A trap's damage on ``depth``. From game 0.3.0 it grows with the depth (docs/balance.md):
    half its die's sides (at least 2) on depths 1 and 2, its own die on 3 and 4, and two of
    them from depth 5, so a pit no longer takes most of a new character's hit points and
    still hurts a seasoned one. Earlier games: its own die everywhere."""
    dice = kind.damage
    if not engine.since("0.3.0"):
        return dice
    if depth <= SHALLOW:
        return Dice(dice.count, max(2, dice.sides // 2), dice.bonus)
    if depth >= DEEP:
        return Dice(2 * dice.count, dice.sides, dice.bonus)
    return dice


def create(engine: Engine, name: str, x: int, y: int, depth: int) -> int:
    """A hidden trap: no Renderable until it is found."""
    return engine.store.create(Trap(name), Named(name), Position(x, y, depth))


def trap_at(engine: Engine, x: int, y: int) -> int | None:
    found = engine.store.traps.at(engine.depth, x, y)
    return found[0] if found else None


def known(engine: Engine) -> list[tuple[int, int]]:
    """Where the traps found on this level lie (the player's paths go round them)."""
    return sorted((pos.x, pos.y) for _, (trap, pos) in engine.store.query(Trap, Position)
                  if pos.depth == engine.depth and not trap.hidden)


def spring(engine: Engine, victim: int) -> list[Event]:
    """Set off the trap under ``victim`` (the player), if there is one."""
    pos = engine.store.get(victim, Position)
    eid = trap_at(engine, pos.x, pos.y)
    if eid is None:
        return []
    trap = engine.store.get(eid, Trap)
    kind = TRAPS[trap.name]
    if trap.hidden:  # found now: drawn from here on
        trap.hidden = False
        engine.store.add(eid, Renderable("^", kind.colour, 1))
    events: list[Event] = [Message(kind.announce, "bad")]
    dice = damage(engine, kind, pos.depth)
    if kind.physical:
        dart = profiles.AttackProfile(
            kind=profiles.SHOT, weapon=kind.name, noun=kind.noun, dice=dice,
            to_hit_mods=(profiles.Modifier(kind.to_hit, kind.name),), damage_mods=(),
            damage_types=("piercing",))
        # No shooter stands beside the victim: "an arrow is not parried" (nor, under coc, shot
        # point-blank). Games begun before 0.3.0 had the trap beside, as they were played.
        beside = not engine.since("0.3.0")
        return events + combat.strike(engine, eid, victim, dart, adjacent=beside)
    amount = dice.roll(engine.streams.combat)
    hurt = "You are burned." if kind.name == "fire trap" else "You hit the bottom hard."
    events.append(Message(hurt, "bad"))
    if kind.name == "fire trap":  # straight through Protection; a resistance takes its share
        level, _ = profiles.defence(engine.fighter(victim)).resistance("fire")
        share = resisted(amount, level)
        amount -= share
        if share:
            events.append(Message("You resist the fire."))
    return events + death.damage(engine, victim, amount, cause=f"killed by {a_or_an(kind.name)}")
