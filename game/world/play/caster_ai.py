"""How a creature caster chooses a spell: the same spells as the player's, cast by the same
rules (``game.world.play.spells``). From the AI stream, so replays stay exact."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.core import sight
from game.world.core.components import Health, Position, Spells
from game.world.core.events import Event

from . import effects, lines, spells

if TYPE_CHECKING:
    from game.world.core.engine import Engine

CAST_ONE_IN = 2  # a caster with a spell that reaches casts one turn in two
CAST_UP_CLOSE_ONE_IN = 3  # beside you, one turn in three (else it strikes)


def try_cast(engine: Engine, eid: int) -> tuple[list[Event], int] | None:
    """Cast something now, or None to act otherwise."""
    book = engine.store.find(eid, Spells)
    if book is None or not book.known or not sight.in_light(engine, eid):
        return None
    me = engine.store.get(eid, Position)
    you = engine.store.get(engine.player, Position)
    steps = max(abs(me.x - you.x), abs(me.y - you.y))
    chance = CAST_UP_CLOSE_ONE_IN if steps == 1 else CAST_ONE_IN
    if engine.streams.ai.randint(1, chance) != 1:
        return None
    options = [s for s in map(engine.catalog.magic.spells.get, book.known)
               if s is not None and spells.why_not(engine, eid, s) is None
               and _worth(engine, eid, s, steps)]
    if not options:
        return None
    spell = options[engine.streams.ai.randint(0, len(options) - 1)]
    return spells.cast(engine, eid, spell, you.x, you.y), spell.ticks


def _worth(engine: Engine, eid: int, spell, steps: int) -> bool:
    """A shield when hurt and unshielded; a harmful spell that reaches the player (a ball
    only when the caster stands outside its burst: it does not mean to burn itself)."""
    if spell.shape == "self":
        health = engine.store.get(eid, Health)
        return health.hp < health.max_hp and not effects.active(engine, eid, spell.name)
    if steps > spell.range or (spell.shape == "ball" and steps <= spell.radius):
        return False
    if spell.shape == "beam":
        you = engine.store.get(engine.player, Position)
        return (you.x, you.y) in spells.beam(engine, eid, you.x, you.y, spell.range)
    return lines.clear(engine, eid, engine.player, spell.range)  # the player's rule too
