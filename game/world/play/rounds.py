"""Rounds, for a combat system whose defenders react a limited number of times a round (coc
from its version 2): a round is ``ROUND_TICKS`` of game time, and each fighter's reactions in
the current round are kept in its ``Reactions``.

The game has no rounds of its own; a round is counted from the clock so that a replay counts
the same ones, and a fighter's count is state (saved and hashed) because it changes what the
next blow on it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import profiles
from game.world.core.components import Reactions

if TYPE_CHECKING:
    from game.rules.systems import Clash
    from game.world.core.engine import Engine


def counted(engine: Engine) -> bool:
    """Whether this game's system counts reactions by rounds."""
    ticks = getattr(engine.system, "ROUND_TICKS", 0)
    return bool(ticks) and engine.rules_version >= engine.system.DOCUMENT


def _start(engine: Engine) -> int:
    ticks = engine.system.ROUND_TICKS
    return engine.now // ticks * ticks


def outnumbered(engine: Engine, target: int, fighter: profiles.Fighter) -> bool:
    """The target has made as many reactions this round as it has attacks."""
    if not counted(engine):
        return False
    kept = engine.store.find(target, Reactions)
    made = kept.count if kept is not None and kept.round_start == _start(engine) else 0
    return made >= len(profiles.melee_attacks(fighter))


def record(engine: Engine, target: int, clash: Clash) -> None:
    """Count the target's reaction to this attack, if it reacted."""
    if not counted(engine) or not engine.system.reacts(clash) \
            or not engine.store.exists(target):
        return
    start = _start(engine)
    kept = engine.store.find(target, Reactions)
    if kept is None:  # once: a component added makes esper build its lists again
        engine.store.add(target, Reactions(start, 1))
    elif kept.round_start != start:
        kept.round_start, kept.count = start, 1
    else:
        kept.count += 1
