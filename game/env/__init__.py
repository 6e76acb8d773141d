"""The game as a Gymnasium environment: a front end for bots, actions in and arrays out.

Importing this package registers ``game/Dungeon-v0`` (today's score), ``game/Staircase-v0``
(reach the stairs down), ``game/Scout-v0`` (new cells seen), ``game/Win-v0`` (only the
win counts) and ``game/Level-v0`` (a level drawn as a picture, with a goal)::

    import gymnasium, game.env
    env = gymnasium.make("game/Dungeon-v0", wizard=True)  # a wizard game, set up as asked
    obs, info = env.reset(seed=42, options={"depth": 6, "awake": True, "invulnerable": True})
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

The shape follows the NetHack Learning Environment's (docs/env.md says where it differs). Its
parts, a module each:

- ``environment``: ``DungeonEnv``, the Gymnasium API over one game at a time;
- ``options``: its keyword arguments and a reset's options, checked;
- ``actions``: the 18 simple actions and what each stands for now;
- ``keyboard`` and ``full_actions``: the full keyboard, numbered by its released tables;
- ``observations``: the arrays observed, each key's space;
- ``screen``: the terminal's screen, drawn by the UI, as characters, pixels or a window;
- ``rewards`` and ``tasks``: what a step is worth in each task;
- ``rooms``: small rooms as tasks, what a small agent learns first;
- ``scripted`` and ``baselines``: random, scripted and PPO policies on them
  (``python -m game baselines``).
- ``dataset``: bot games as recordings, replayed into (observation, action, reward)
  (``python -m game dataset``).
"""

from __future__ import annotations

import gymnasium as gym

from .actions import ACTIONS, MOVES
from .environment import MAX_EPISODE_STEPS, DungeonEnv, Episode
from .full_actions import FULL_ACTIONS_VERSION
from .observations import (
    BLSTATS,
    CONDITIONS,
    DEFAULT_KEYS,
    KEYS,
    MESSAGE_BYTES,
    SPELL_COLUMNS,
    STATS,
    spell_names,
)
from .options import OPTIONS, RULES
from .rewards import DEPTH_REWARD, KILL_REWARD, WIN_REWARD
from .rooms import ROOMS  # registers the small rooms: game/Room-v0, game/RoomKobold-v0
from .tasks import IDS

ENV_ID = "game/Dungeon-v0"

__all__ = ["ACTIONS", "BLSTATS", "CONDITIONS", "DEFAULT_KEYS", "DEPTH_REWARD", "ENV_ID",
           "FULL_ACTIONS_VERSION", "IDS", "KEYS", "KILL_REWARD", "MAX_EPISODE_STEPS",
           "MESSAGE_BYTES", "MOVES", "OPTIONS", "ROOMS", "RULES", "SPELL_COLUMNS", "STATS",
           "WIN_REWARD", "DungeonEnv", "Episode", "spell_names"]

for _id, _task in IDS.items():  # the time limit is the env's own (max_episode_steps), as NLE's:
    gym.register(id=_id, entry_point="game.env:DungeonEnv",  # begin() restarts it too
                 kwargs={"task": _task})
