"""Vitals: every 6 s bleeding and poison cost a hit point, disease wears off, and hit points
and stamina come back.

Nearly every creature turn brings a tick, and nearly every tick finds nothing to do, so the
components are read from esper's dict of the entity (one lookup, no call each) and a steady
tick (``_steady``) is seen at a glance and skipped with every tick then due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import stats
from game.world.core import state
from game.world.core.components import (
    Creature,
    Effects,
    Health,
    Hero,
    Position,
    Spells,
    Stance,
    Vitals,
)
from game.world.core.events import Event

from . import death, effects, progress

if TYPE_CHECKING:
    from game.world.core.engine import Engine

REGEN_POINTS = 6  # regeneration: 1 hit point per this many 6 s ticks (twice that diseased)


def metabolise(engine: Engine, eid: int, comps: dict | None = None) -> list[Event]:
    """Every vitals tick due by now, for one entity (called at the start of its turn);
    ``comps``, when given, is esper's dict of its components (the turn loop has it)."""
    if comps is None:
        comps = engine.store.table.get(eid)
    vitals = comps.get(Vitals) if comps else None
    if vitals is None or comps is None or vitals.next_tick > engine.now:
        return []
    return catch_up(engine, eid, vitals, comps)


def catch_up(engine: Engine, eid: int, vitals: Vitals, comps: dict) -> list[Event]:
    """``metabolise`` once a tick is due (``vitals.next_tick <= engine.now``): the turn
    loop, which has seen that already, calls this directly."""
    if engine.outcome is None and _steady(vitals, comps):  # not engine.over
        due = (engine.now - vitals.next_tick) // stats.VITALS_TICKS + 1
        vitals.next_tick += due * stats.VITALS_TICKS
        return []
    events: list[Event] = []
    while vitals.next_tick <= engine.now and not engine.over:
        vitals.next_tick += stats.VITALS_TICKS
        events += _tick(engine, eid, vitals, comps)
        if not engine.store.exists(eid):
            break
    return events


def _steady(vitals: Vitals, comps: dict) -> bool:
    """A tick would change nothing but the clock: no ailment, and nothing to heal, get back or
    run down (``_tick``, ``effects.tick``, ``progress.calm``; the dead get nothing back). Then
    the ticks after it change nothing either, so all those due are skipped together. It must
    answer False whenever ``_tick`` would change anything; a False is always safe. (Asked of
    nearly every creature turn: ``in`` before each optional component, no call.)"""
    if vitals.bleeding or vitals.poison or vitals.disease:
        return False
    health = comps[Health]
    if health.hp <= 0:
        return True
    if health.hp < health.max_hp:
        return False
    stance = comps.get(Stance)
    if stance is not None and stance.stamina != stance.max_stamina \
            and stats.STANCES[stance.name].stamina > 0:
        return False
    if Spells in comps:
        book = comps[Spells]
        if book.points < book.max_points:
            return False
    if Effects in comps and comps[Effects].ticks:
        return False
    return Hero not in comps or comps[Hero].rage <= 0


def check_steady(engine: Engine) -> list[str]:
    """``_steady`` against the long way: a tick of each entity here it calls steady brings
    no events and changes nothing (but the clock, which ``_tick`` leaves alone)."""
    wrong = []
    for eid, (vitals, pos) in engine.store.query(Vitals, Position):
        comps = engine.store.components(eid)
        if pos.depth != engine.depth or not _steady(vitals, comps) or engine.over:
            continue
        before = state.entity_text(engine, eid)
        if _tick(engine, eid, vitals, comps) or state.entity_text(engine, eid) != before:
            wrong.append(f"vitals: entity {eid} is not steady")
    return wrong


def _foe(comps: dict) -> int | None:
    """Who gets the experience when a creature bleeds or wastes to death: its foe, whoever
    struck it last (as DCSS credits a kill by a wound or poison to its maker)."""
    creature = comps.get(Creature)
    return creature.foe if creature is not None else None


def _tick(engine: Engine, eid: int, vitals: Vitals, comps: dict) -> list[Event]:
    events: list[Event] = []
    health = comps[Health]
    foe = _foe(comps)
    if vitals.bleeding:
        vitals.bleeding -= 1
        events += death.damage(engine, eid, 1, cause="bled to death", credit=foe)
    if vitals.poison and engine.store.exists(eid):
        vitals.poison -= 1
        events += death.damage(engine, eid, 1, cause="died of poison", credit=foe)
    if vitals.disease:
        vitals.disease -= 1
    if not engine.store.exists(eid) or health.hp <= 0:
        return events
    if not vitals.poison and health.hp < health.max_hp:
        vitals.regen += 1 if vitals.disease else 2
        if vitals.regen >= 2 * REGEN_POINTS:
            vitals.regen = 0
            health.hp += 1
    stance = comps.get(Stance)
    if stance is not None and stats.STANCES[stance.name].stamina > 0:
        stance.stamina = min(stance.max_stamina, stance.stamina + 1)
    return events + effects.tick(engine, eid) + progress.calm(engine, eid)
