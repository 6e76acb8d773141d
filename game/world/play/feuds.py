"""Who fights whom: the player, creatures that have noticed the player, and rival kinds.

A creature picks its opponent each turn (``opponent``) among its foe (``Creature.foe``: whoever
struck it last, the player too, or the rival it chose, while within reach of its memory), the
player once noticed, and the rival kinds it sees within ``RIVAL_SIGHT`` steps along a clear
line. The nearest wins; on a tie it keeps fighting its foe, then turns on a rival that is
fighting it, then on the player, then on another rival (the lowest id first). So two rivals
locked in a fight stay locked while the player stands beside them, and a creature struck by
another strikes back. It fights by the same rules as it fights the player.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from game.world.core.components import Creature, Position

from . import lines

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

RIVAL_SIGHT = 6  # how far a creature sees a rival kind (along a clear line)
FOE_MEMORY = 10  # a foe farther than this is forgotten
FOE, RIVAL_ON_ME, PLAYER, RIVAL = range(4)  # who wins a tie of distance, first to last


def rivals(engine: Engine, a: int, b: int) -> bool:
    ca, cb = engine.store.find(a, Creature), engine.store.find(b, Creature)
    return (ca is not None and cb is not None
            and (ca.kind, cb.kind) in engine.catalog.rivals)


def hostile(engine: Engine, striker: int, target: int) -> bool:
    """Whether ``striker`` would strike ``target``: the player strikes any creature; a
    creature strikes the player once it has noticed the player, and its foe or a rival."""
    if striker == engine.player:
        return engine.store.has(target, Creature)
    creature = engine.store.find(striker, Creature)
    if creature is None:
        return False
    if target == engine.player:
        return creature.awake
    return creature.foe == target or rivals(engine, striker, target)


def forget(engine: Engine, gone: int) -> None:
    """Whoever fought ``gone`` (dead or swept away) fights it no more: a foe is always an
    entity that exists (a save's check relies on it)."""
    for _, (creature,) in engine.store.query(Creature):
        if creature.foe == gone:
            creature.foe = None


def _distance(a: Position, b: Position) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def opponent(engine: Engine, eid: int) -> int | None:
    """Whom the creature fights this turn, or None (it sleeps or wanders)."""
    creature = engine.store.get(eid, Creature)
    pos = engine.store.get(eid, Position)
    choices: list[tuple[int, int, int]] = []  # (distance, order, id)
    foe = creature.foe
    if foe is not None:
        if (engine.store.exists(foe) and engine.store.has(foe, Position)
                and engine.position(foe).depth == pos.depth
                and _distance(pos, engine.position(foe)) <= FOE_MEMORY):
            choices.append((_distance(pos, engine.position(foe)), FOE, foe))
        else:
            creature.foe = None
    if creature.awake:
        choices.append((_distance(pos, engine.position(engine.player)), PLAYER, engine.player))
    if creature.awake or creature.foe is not None or \
            engine.catalog.creatures[creature.kind].behaviour == "wander":
        choices += [(d, RIVAL_ON_ME if _fighting(engine.store, r, eid) else RIVAL, r)
                    for d, r in _rivals_in_sight(engine, eid, pos)]
    if not choices:
        return None
    _, order, chosen = min(choices)
    if order in (RIVAL_ON_ME, RIVAL):
        creature.foe = chosen
    return chosen


def _fighting(store: Store, eid: int, target: int) -> bool:
    creature = store.find(eid, Creature)
    return creature is not None and creature.foe == target


def _rivals_in_sight(engine: Engine, eid: int, pos: Position) -> list[tuple[int, int]]:
    """(distance, id) of each rival in sight, in no particular order: ``opponent`` takes the
    least, and looking along a line changes nothing, so the order cannot matter."""
    kind = engine.store.get(eid, Creature).kind
    rivals = engine.catalog.rivals
    if kind not in _with_rivals(rivals):
        return []
    found = []
    depth = engine.depth
    for other, (creature, opos) in engine.store.query(Creature, Position):
        if opos.depth != depth or other == eid or (kind, creature.kind) not in rivals:
            continue
        d = _distance(pos, opos)
        if d <= RIVAL_SIGHT and (d == 1 or lines.clear(engine, eid, other, RIVAL_SIGHT)):
            found.append((d, other))
    return found


@functools.lru_cache(maxsize=8)
def _with_rivals(rivals: frozenset[tuple[str, str]]) -> frozenset[str]:
    """The kinds that have a rival (kept by the pairs' value: a frozenset cannot change)."""
    return frozenset(a for a, _ in rivals)
