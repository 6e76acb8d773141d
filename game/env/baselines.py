"""Baselines that show learning: random, scripted, PPO and MaskablePPO on each small room
(``rooms``).

``python -m game baselines`` trains Stable-Baselines3's PPO and sb3-contrib's MaskablePPO (on
the env's action masks) on each task (one CPU thread, fixed seeds) and measures each policy
over held-out seeds: game seeds from 2**32 up, which
training never draws (an env's own seeds are below 2**31). A policy's figure is the mean return
of one episode on each seed, with a 95% interval (the normal one, 1.96 standard errors).

The learner sees the room round it (``Around``): the 9 x 9 cells centred on the player, each
one-hot as wall, floor, stairs, creature or anything else (unseen cells all zero), and its hit
points as a fraction of their maximum. SB3, sb3-contrib and PyTorch are imported only to train
(``python -m pip install -e '.[baselines]'``).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from . import rooms
from .scripted import Policy, random_policy, scripted

RADIUS = 4  # the cells seen each way: 9 x 9, the whole of a 5 x 5 room from any cell of it
KINDS = ("wall", "floor", "stairs", "creature", "other")
HELD_OUT = 2**32  # the first held-out seed
EPISODES = 100  # held-out seeds a policy is measured on
TRAIN_STEPS = 50_000
LEARNER_STEPS = {"PPO": TRAIN_STEPS, "MaskablePPO": 20_000}  # masks cost a game copy a step
TRAIN_SECONDS = 600  # a learner's training stops at 10 minutes, whatever its steps
N_ENVS = 8
SEED = 0


def _kinds() -> np.ndarray:
    """The kind of each character code below 128 (the level's are ASCII), -1 for none."""
    kind = np.full(128, KINDS.index("other"), np.int8)
    kind[ord(" ")] = kind[0] = -1
    kind[ord("#")] = KINDS.index("wall")
    kind[ord(".")] = KINDS.index("floor")
    kind[[ord(">"), ord("<")]] = KINDS.index("stairs")
    for letter in range(ord("A"), ord("z") + 1):
        if chr(letter).isalpha():
            kind[letter] = KINDS.index("creature")
    return kind


KIND_OF = _kinds()


class Around(gym.ObservationWrapper):
    """The cells round the player, one-hot by kind, and its hit points: a flat float32 vector
    (``len(KINDS)`` x 9 x 9 + 1), what a small MLP learns from at once."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        side = 2 * RADIUS + 1
        self.observation_space = spaces.Box(0.0, 1.0, (len(KINDS) * side * side + 1,),
                                            np.float32)

    def observation(self, observation: dict) -> np.ndarray:
        glyphs, stats = observation["glyphs"], observation["stats"]
        x, y, hp, max_hp = (int(v) for v in stats[:4])
        side = 2 * RADIUS + 1
        codes = np.zeros((glyphs.shape[0] + 2 * RADIUS, glyphs.shape[1] + 2 * RADIUS), np.int32)
        codes[RADIUS:RADIUS + glyphs.shape[0], RADIUS:RADIUS + glyphs.shape[1]] = \
            np.where(glyphs < 128, glyphs, ord("?"))
        window = codes[y:y + side, x:x + side]
        kinds = KIND_OF[window]
        hot = np.zeros((len(KINDS), side, side), np.float32)
        rows, cols = np.nonzero(kinds >= 0)
        hot[kinds[rows, cols], rows, cols] = 1.0
        hot[:, RADIUS, RADIUS] = 0.0  # the player itself
        return np.append(hot.ravel(), np.float32(hp / max(1, max_hp)))

    def action_masks(self) -> np.ndarray:
        """The env's own (``DungeonEnv.action_masks``), for MaskablePPO through this
        wrapper."""
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def make(task: str) -> gym.Env:
    """A task's env as the learner sees it."""
    return Around(gym.make(task, observation_keys=("glyphs", "stats")))


@dataclass(frozen=True, slots=True)
class Figure:
    """A policy's returns over the held-out seeds."""

    returns: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.returns)

    @property
    def half_width(self) -> float:
        """Half the 95% interval: 1.96 standard errors."""
        n = len(self.returns)
        return 1.96 * statistics.stdev(self.returns) / math.sqrt(n) if n > 1 else math.nan

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ± {self.half_width:.2f}"


def evaluate(task: str, policy: Policy, seeds: Sequence[int]) -> Figure:
    """One episode of ``policy`` on each seed; its returns."""
    env = make(task)
    returns = []
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        total, over = 0.0, False
        while not over:
            obs, reward, terminated, truncated, _ = env.step(policy(env, obs))
            total += float(reward)
            over = terminated or truncated
        returns.append(total)
    env.close()
    return Figure(tuple(returns))


def held_out(episodes: int = EPISODES) -> range:
    return range(HELD_OUT, HELD_OUT + episodes)


@dataclass(frozen=True, slots=True)
class Trained:
    """A PPO policy and what its training took."""

    policy: Policy
    steps: int
    seconds: float


# PPO's arguments but the seed (the docs' example has the same)
PPO_ARGS: dict[str, Any] = {"n_steps": 128, "batch_size": 64, "n_epochs": 10, "ent_coef": 0.01}


def train(task: str, steps: int = TRAIN_STEPS, seconds: float = TRAIN_SECONDS,
          seed: int = SEED, masked: bool = False) -> Trained:
    """PPO (SB3's defaults but for a shorter rollout, more epochs and a little entropy:
    ``PPO_ARGS``) on ``task``, on one thread, until ``steps`` or ``seconds`` (the table says
    what it took); ``masked``: sb3-contrib's MaskablePPO on the env's action masks, the
    same otherwise."""
    import torch
    from stable_baselines3 import PPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    if masked:
        from sb3_contrib import MaskablePPO as PPO  # type: ignore[assignment]

    torch.set_num_threads(1)
    began = time.monotonic()

    class Deadline(BaseCallback):
        def _on_step(self) -> bool:
            return time.monotonic() - began < seconds

    envs = make_vec_env(make, n_envs=N_ENVS, seed=seed, env_kwargs={"task": task})
    rollout = max(16, min(PPO_ARGS["n_steps"], steps // N_ENVS))  # a short run: shorter
    model = PPO("MlpPolicy", envs, **{**PPO_ARGS, "n_steps": rollout}, seed=seed,
                device="cpu", verbose=0)
    model.learn(total_timesteps=steps, callback=Deadline())
    envs.close()

    def act(env: Any, obs: Any) -> int:
        masks: dict[str, Any] = {"action_masks": env.action_masks()} if masked else {}
        action, _ = model.predict(obs, deterministic=True, **masks)
        return int(action)
    return Trained(act, int(model.num_timesteps), time.monotonic() - began)


LEARNERS = {"PPO": False, "MaskablePPO": True}  # each learner's name: whether it masks


@dataclass(frozen=True, slots=True)
class Row:
    task: str
    random: Figure
    scripted: Figure
    learned: dict[str, tuple[Figure, Trained]]  # by learner (none with --no-ppo)


def rows(tasks: Sequence[str] = tuple(rooms.ROOMS), steps: dict[str, int] | None = None,
         episodes: int = EPISODES, learn: bool = True,
         said: Callable[[str], None] = lambda line: None) -> list[Row]:
    """Each task's row: random and scripted, and each learner where ``learn`` (trained for
    its ``steps``, ``LEARNER_STEPS`` unless given)."""
    seeds = held_out(episodes)
    steps = steps or LEARNER_STEPS
    made = []
    for task in tasks:
        said(f"{task}: random and scripted")
        chance = evaluate(task, random_policy(SEED), seeds)
        known = evaluate(task, scripted, seeds)
        learned = {}
        for name, masked in LEARNERS.items() if learn else ():
            said(f"{task}: training {name} for {steps[name]:,} steps")
            trained = train(task, steps[name], masked=masked)
            learned[name] = (evaluate(task, trained.policy, seeds), trained)
        made.append(Row(task, chance, known, learned))
    return made


def table(made: Sequence[Row], episodes: int) -> str:
    """The rows as a Markdown table: each policy's figure, then each learner's training."""
    names = tuple(LEARNERS)
    lines = ["| task | random | scripted | " + " | ".join(names) + " | "
             + " | ".join(f"{name} trained" for name in names) + " |",
             "|---" * (3 + 2 * len(names)) + "|"]
    for row in made:
        figures = [str(row.learned[n][0]) if n in row.learned else "-" for n in names]
        took = [f"{row.learned[n][1].steps:,} steps, {row.learned[n][1].seconds:.0f} s"
                if n in row.learned else "-" for n in names]
        lines.append(f"| `{row.task}` | {row.random} | {row.scripted} | "
                     + " | ".join([*figures, *took]) + " |")
    lines.append(f"\nMean return over {episodes} held-out seeds ± half its 95% interval.")
    return "\n".join(lines)
