"""Sight and darkness: the player's light is the only light in the dungeon.

The player sees every cell within ``LIGHT_RADIUS`` along a clear line (symmetric shadowcasting,
so whoever stands on such a cell sees the player too). Beyond it is darkness, where nothing is
seen and nothing sees: a creature notices the player, and shoots or throws at the player, only
from a cell the player sees. So no attack comes from where the player could not have seen it.

``comes_into_view`` tells the player when a creature steps into the light (or the light reaches
it): the log says "A kobold archer comes into view." and auto-explore, travel and rest stop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.messages import a_or_an, cap

from .components import Creature, Named, Position
from .events import CameIntoView, Event, Message

if TYPE_CHECKING:
    from .engine import Engine

LIGHT_RADIUS = 8  # the player's light, and so the player's sight and every creature's


def in_light(engine: Engine, eid: int) -> bool:
    """The creature stands where the player's light reaches: it and the player see each other."""
    return engine.sees(eid)


def comes_into_view(engine: Engine) -> list[Event]:
    """Announce the creatures on this level that have come into view since the last look (by
    id), and remember who is in view now."""
    depth = engine.depth
    gm, looked = engine.levels[depth], engine.store.looked
    if looked is not None and looked is gm.sight:  # _as_last_looked, without the call
        return []
    visible, height = gm.visible.tobytes(), gm.height  # engine.sees, for one on this level
    arrived = []
    for eid, (creature, pos) in engine.store.query(Creature, Position):
        if pos.depth == depth:
            seen = visible[pos.x * height + pos.y] == 1
            if seen != creature.in_view:  # (set only when it changes: most stay unseen)
                if seen:
                    arrived.append(eid)
                creature.in_view = seen
    engine.store.looked = gm.sight
    return [event for eid in sorted(arrived) for event in _arrived(engine, eid)]


def came_into_view(engine: Engine, eid: int, comps: dict | None) -> list[Event]:
    """``comes_into_view`` for one creature, given esper's dict of its components (or None
    when it has gone): after each creature's turn, a few reads (``engine.sees`` read here
    directly). Nothing to do while the sight is the one of the last look and no actor has
    moved, come or gone since (``Schedule.looked``): every creature here is where it was
    then, seen as it was then, and its ``in_view`` says so."""
    if _as_last_looked(engine):
        return []
    creature = comps.get(Creature) if comps else None
    if creature is None or comps is None:
        return []
    pos = comps.get(Position)
    seen = pos is not None and pos.depth == engine.depth \
        and engine.levels[pos.depth].visible.item(pos.x, pos.y)
    if seen == creature.in_view:
        return []
    creature.in_view = seen
    return _arrived(engine, eid) if seen else []


def _as_last_looked(engine: Engine) -> bool:
    """Nothing a look would see has changed since the last one: the sight is the one looked
    with then (a new one at each cast) and no actor has moved, come or gone since."""
    looked = engine.store.looked
    return looked is not None and looked is engine.levels[engine.depth].sight


def _arrived(engine: Engine, eid: int) -> list[Event]:
    return [CameIntoView(eid), Message(arrival(engine, eid), "warn")]


def arrival(engine: Engine, eid: int) -> str:
    """ "A kobold archer comes into view.", "Thora comes into view."."""
    named = engine.store.get(eid, Named)
    who = named.name if named.proper else a_or_an(named.name)
    return cap(f"{who} comes into view.")


def forget_view(engine: Engine, depth: int) -> None:
    """Arriving on a level: every creature there is announced afresh when first seen."""
    for _, (creature, pos) in engine.store.query(Creature, Position):
        if pos.depth == depth:
            creature.in_view = False
