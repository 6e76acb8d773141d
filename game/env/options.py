"""The reset options, checked, and the recorded wizard commands that make the start asked for.

``character`` (a starting character's name), ``rules`` (the combat system: one of ``RULES``,
"manual" by default), ``auto_pickup`` (the game option), ``depth`` (start on this depth),
``awake`` (every creature on the starting level awake), ``invulnerable`` (the player cannot
die). The last three are wizard commands, submitted as recorded actions, so the episode is a
wizard game and its recording replays and verifies like any other.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.world.core import actions as A
from game.world.core import engine as engine_module
from game.world.core.mapgen import MAX_DEPTH
from game.world.play import wizard_actions as W

RULES = tuple(engine_module.systems.NAMES)  # the combat systems: "manual" first
OPTIONS = {"character", "rules", "auto_pickup", "depth", "awake", "invulnerable"}


def setup_actions(options: dict[str, Any]) -> list[A.Action]:
    """The recorded wizard commands that make the asked-for start."""
    unknown = sorted(set(options) - OPTIONS)
    if unknown:
        raise ValueError(f"unknown reset options {unknown}; known: {sorted(OPTIONS)}")
    rules = options.get("rules", engine_module.systems.DEFAULT)
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}; known: {', '.join(RULES)}")
    depth = options.get("depth", 1)
    if not isinstance(depth, int | np.integer) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an integer from 1 to {MAX_DEPTH}, not {depth!r}")
    for flag in ("auto_pickup", "awake", "invulnerable"):
        if not isinstance(options.get(flag, False), bool):
            raise ValueError(f"{flag} must be True or False")
    setup: list[A.Action] = []
    if options.get("invulnerable"):
        setup.append(W.Invulnerable())
    if depth > 1:
        setup.append(W.GoToDepth(int(depth)))
    if options.get("awake"):
        setup.append(W.WakeAll())
    return [W.Enable(), *setup] if setup else []
