"""The baselines' two policies that learn nothing: random, and a scripted one that knows the
room (``rooms``): it walks straight at its goal (the stairs down, or the nearest creature,
which a step into attacks) and waits when none is left. In a small open room that is the
shortest way, so it is the figure a learner's policy can reach."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from game.world.core.components import Position
from game.world.game import Game

from .actions import ACTIONS, MOVES

Policy = Callable[[Any, Any], int]  # (the env, its observation) -> an action
STEP = {move: ACTIONS.index(name) for name, move in MOVES.items()}
WAIT = ACTIONS.index("wait")


def goal(engine: Game) -> tuple[int, int] | None:
    """Where the scripted policy goes: the nearest creature (ties to the lowest id), else
    the stairs down, else nowhere."""
    me = engine.store.get(engine.player, Position)
    creatures = sorted((max(abs(p.x - me.x), abs(p.y - me.y)), e, (p.x, p.y))
                       for e, (_, p) in engine.creatures_here())
    if creatures:
        return creatures[0][2]
    return engine.gamemap.stairs_down


def scripted_action(engine: Game) -> int:
    """A step (or a bump attack) straight at ``goal``; a wait where there is none."""
    target = goal(engine)
    me = engine.store.get(engine.player, Position)
    if target is None or target == (me.x, me.y):
        return WAIT
    dx, dy = target[0] - me.x, target[1] - me.y
    return STEP[(int(np.sign(dx)), int(np.sign(dy)))]


def scripted(env: Any, obs: Any) -> int:
    """The scripted policy, reading the game under ``env`` (any wrapper round a
    ``DungeonEnv``)."""
    return scripted_action(env.unwrapped.engine)


def random_policy(seed: int) -> Policy:
    """Uniform over the env's actions, from its own generator (``seed``): the same each run."""
    draw = np.random.default_rng(seed)

    def act(env: Any, obs: Any) -> int:
        return int(draw.integers(env.action_space.n))
    return act
