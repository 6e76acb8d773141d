"""Timed effects (dazzled, haste, resistance, a shield spell) wear off tick by tick, and spell
points come back: every 6 s, with the vitals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import stats
from game.rules.magic import SPELL_POINTS_PER_TICK, TUNED_SPELL_POINT_TICKS
from game.world.core.components import Effects, Spells, Vitals
from game.world.core.events import Event, Message

if TYPE_CHECKING:
    from game.world.core.engine import Engine

WEAKENED = "weakened"  # tides' miscast 10: every stat but W halved for the encounter
ENDS = {"dazzled": "You can see clearly again.", "haste": "You feel yourself slow down.",
        "resist": "You feel the elements can touch you again.",
        WEAKENED: "Your strength comes back to you."}
HASTE_PERCENT = 50  # a hasted player's actions take half their time


def tick(engine: Engine, eid: int) -> list[Event]:
    book = engine.store.find(eid, Spells)
    if book is not None and book.points < book.max_points and _points_back(engine, eid):
        book.points = min(book.max_points, book.points + SPELL_POINTS_PER_TICK)
    effects = engine.store.find(eid, Effects)
    if effects is None:
        return []
    events: list[Event] = []
    ticks = {name: left - 1 for name, left in effects.ticks.items()}
    effects.ticks = {name: left for name, left in ticks.items() if left > 0}  # set anew
    if eid == engine.player:
        events += [Message(ENDS.get(name, f"Your {name} fades."))
                   for name in sorted(ticks) if ticks[name] <= 0]
    return events


def _points_back(engine: Engine, eid: int) -> bool:
    """Whether spell points come back on this tick: every tick in games before 0.3.0; from
    it, every ``TUNED_SPELL_POINT_TICKS``-th of the entity's vitals clock (docs/balance.md)."""
    if not engine.since("0.3.0"):
        return True
    vitals = engine.store.find(eid, Vitals)
    return vitals is None or (vitals.next_tick // stats.VITALS_TICKS) % TUNED_SPELL_POINT_TICKS == 0


def add(engine: Engine, eid: int, name: str, ticks: int) -> None:
    """Put an effect on for ``ticks`` 6 s ticks (a longer one already on stays)."""
    effects = engine.store.find(eid, Effects)
    if effects is None:
        effects = Effects()
        engine.store.add(eid, effects)
    effects.ticks = {**effects.ticks, name: max(effects.ticks.get(name, 0), ticks)}


def active(engine: Engine, eid: int, name: str) -> bool:
    effects = engine.component(eid, Effects)
    return effects is not None and effects.ticks.get(name, 0) > 0


def scaled(engine: Engine, ticks: int) -> int:
    """The time the player's action takes: halved while hasted."""
    if ticks and active(engine, engine.player, "haste"):
        return max(1, ticks * HASTE_PERCENT // 100)
    return ticks
