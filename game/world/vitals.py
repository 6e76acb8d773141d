"""Vitals: every 6 s bleeding and poison cost a hit point, disease wears off, and hit points
and stamina come back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.rules import stats

from . import effects, progress
from .components import Health, Stance, Vitals
from .events import Event

if TYPE_CHECKING:
    from .engine import Engine

REGEN_POINTS = 6  # regeneration: 1 hit point per this many 6 s ticks (twice that diseased)


def metabolise(engine: Engine, eid: int) -> list[Event]:
    """Every vitals tick due by now, for one entity (called at the start of its turn)."""
    vitals = esper.try_component(eid, Vitals)
    if vitals is None or vitals.next_tick > engine.now:
        return []
    events: list[Event] = []
    while vitals.next_tick <= engine.now and not engine.over:
        vitals.next_tick += stats.VITALS_TICKS
        events += _tick(engine, eid, vitals)
        if not esper.entity_exists(eid):
            break
    return events


def _tick(engine: Engine, eid: int, vitals: Vitals) -> list[Event]:
    events: list[Event] = []
    health = esper.component_for_entity(eid, Health)
    if vitals.bleeding:
        vitals.bleeding -= 1
        events += engine.damage(eid, 1, cause="bled to death")
    if vitals.poison and esper.entity_exists(eid):
        vitals.poison -= 1
        events += engine.damage(eid, 1, cause="died of poison")
    if vitals.disease:
        vitals.disease -= 1
    if not esper.entity_exists(eid) or health.hp <= 0:
        return events
    if not vitals.poison and health.hp < health.max_hp:
        vitals.regen += 1 if vitals.disease else 2
        if vitals.regen >= 2 * REGEN_POINTS:
            vitals.regen = 0
            health.hp += 1
    stance = esper.try_component(eid, Stance)
    if stance is not None and stats.STANCES[stance.name].stamina > 0:
        stance.stamina = min(stance.max_stamina, stance.stamina + 1)
    return events + effects.tick(engine, eid) + progress.calm(engine, eid)
