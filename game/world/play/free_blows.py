"""Free blows: stepping away from a hostile that stands beside you gives it a free blow, an
attack that costs it no time.

Hostile: the player and a creature that has noticed the player (or fights it); two creatures of
rival kinds (``feuds``). Stances change it (decisions in docs/rules.md): a mover in the Coward
stance slips away with no free blow taken at it, unless the hostile is in Frenzy; a mover in
Frenzy takes its free blows at +2 to hit. Every blow of the hostile's attack is struck (both
weapons, every natural attack), by the same rules as any other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import profiles
from game.world.core.components import Position, Stance
from game.world.core.events import Event, Message

from . import combat, feuds

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

COWARD, FRENZY = "Coward", "Frenzy"
AT_FRENZY_TO_HIT = 2  # a free blow at a mover in Frenzy


def step(engine: Engine, mover: int, x: int, y: int) -> list[Event]:
    """Move ``mover`` to (x, y); every hostile it leaves behind strikes a free blow."""
    pos = engine.store.get(mover, Position)
    old = (pos.x, pos.y)
    left = [h for h in _neighbours(engine, mover, *old) if _apart(_xy(engine, h), (x, y))]
    engine.move_entity(mover, x, y)
    events: list[Event] = []
    for hostile in left:
        if engine.over or not engine.store.exists(mover) or engine.is_dead(mover):
            break
        if engine.store.exists(hostile) and _strikes(engine, hostile, mover):
            events += free_blow(engine, hostile, mover)
    return events


def free_blow(engine: Engine, hostile: int, mover: int) -> list[Event]:
    """The hostile's whole attack up close, at no cost in time."""
    events: list[Event] = []
    if engine.sees(hostile) or engine.sees(mover):
        events.append(Message(_announce(engine, hostile, mover), "combat"))
    frenzied = _stance(engine.store, mover) == FRENZY
    for attack in profiles.melee_attacks(engine.fighter(hostile)):
        if frenzied:
            attack = replace(attack, to_hit_mods=(
                *attack.to_hit_mods,
                profiles.Modifier(AT_FRENZY_TO_HIT, "free blow at a Frenzy fighter")))
        events += combat.strike(engine, hostile, mover, attack, adjacent=True)
        if engine.over or not engine.store.exists(mover) or engine.is_dead(mover):
            break
    return events


def _announce(engine: Engine, hostile: int, mover: int) -> str:
    a, t = combat.who(engine, hostile), combat.who(engine, mover)
    if a.is_player:
        return f"The {t.name} turns away: you strike at it." if t.seen else \
            "Something turns away: you strike at it."
    return f"{a.the.capitalize()} strikes at {t.the} as {'you' if t.is_player else 'it'} " \
        f"{'step' if t.is_player else 'steps'} away."


def _strikes(engine: Engine, hostile: int, mover: int) -> bool:
    """Whether the hostile gets its free blow: a Coward slips away, except from a Frenzy."""
    if not feuds.hostile(engine, hostile, mover):
        return False
    return _stance(engine.store, mover) != COWARD or _stance(engine.store, hostile) == FRENZY


def _neighbours(engine: Engine, mover: int, x: int, y: int) -> list[int]:
    near = engine.store.around(engine.depth, x, y)
    return sorted(other for other in near if other != mover) if near else near


def _apart(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1


def _xy(engine: Engine, eid: int) -> tuple[int, int]:
    pos = engine.store.get(eid, Position)
    return pos.x, pos.y


def _stance(store: Store, eid: int) -> str:
    stance = store.find(eid, Stance)
    return stance.name if stance is not None else "Normal"
