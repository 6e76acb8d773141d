"""The game as a Gymnasium environment: a front end for bots, actions in and arrays out.

Importing this package registers ``game/Dungeon-v0``::

    import gymnasium, game.env
    env = gymnasium.make("game/Dungeon-v0")
    obs, info = env.reset(seed=42, options={"depth": 6, "awake": True, "invulnerable": True})
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

The shape follows the NetHack Learning Environment's. Its parts, a module each:

- ``environment``: ``DungeonEnv``, the Gymnasium API over one game at a time;
- ``actions``: the 18 simple actions and what each stands for now;
- ``observations``: the arrays observed and their spaces;
- ``rewards``: what a step is worth;
- ``options``: the reset options, checked, and the wizard commands they are recorded as.

**terminated** at death or victory; **truncated** after ``MAX_EPISODE_STEPS`` steps (the
registration's time limit, as NLE's).
"""

from __future__ import annotations

import gymnasium as gym

from .actions import ACTIONS, MOVES
from .environment import MAX_EPISODE_STEPS, DungeonEnv
from .observations import MESSAGE_BYTES, STATS
from .options import OPTIONS, RULES
from .rewards import DEPTH_REWARD, KILL_REWARD, WIN_REWARD

ENV_ID = "game/Dungeon-v0"

__all__ = ["ACTIONS", "DEPTH_REWARD", "ENV_ID", "KILL_REWARD", "MAX_EPISODE_STEPS",
           "MESSAGE_BYTES", "MOVES", "OPTIONS", "RULES", "STATS", "WIN_REWARD", "DungeonEnv"]

gym.register(id=ENV_ID, entry_point="game.env:DungeonEnv", max_episode_steps=MAX_EPISODE_STEPS)
