"""``python -m game baselines``: random, scripted and PPO on each small room, as one table.

PPO is Stable-Baselines3's and MaskablePPO sb3-contrib's, each trained on one CPU thread with
fixed seeds, at most 100,000 steps and 10 minutes a task (``game.env.baselines``);
``--no-ppo`` measures random and scripted without them. The table is Markdown, the one
docs/env.md shows; what it is doing goes to stderr.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time

from .common import fail, whole

MAX_STEPS = 100_000  # the bar for a baseline: a small agent, a short run
MAX_EPISODES = 10_000
INSTALL = ("PPO needs Stable-Baselines3, sb3-contrib and PyTorch: python -m pip install -e "
           "'.[baselines]' (or --no-ppo for random and scripted only)")


def add_baselines(commands) -> None:
    """The command's arguments (the env is not loaded for them: ``--help`` stays quick)."""
    p = commands.add_parser("baselines", help="random, scripted and PPO on each small-room "
                            "task (docs/env.md's table)")
    p.add_argument("--steps", type=whole(64, MAX_STEPS), metavar="N",
                   help="each learner's training steps a task (default: the table's)")
    p.add_argument("--episodes", type=whole(2, MAX_EPISODES), metavar="N",
                   help="held-out seeds each policy is measured on (default: the table's)")
    p.add_argument("--task", action="append", metavar="ID",
                   help="only this task (again for more; default: every small room)")
    p.add_argument("--no-ppo", action="store_true", help="random and scripted only")


def run(args: argparse.Namespace) -> int:
    learn = not args.no_ppo
    if learn and not all(importlib.util.find_spec(name) for name in
                         ("torch", "stable_baselines3", "sb3_contrib")):
        return fail(INSTALL)
    from game.env import baselines
    from game.env.rooms import ROOMS

    tasks = tuple(dict.fromkeys(args.task or ROOMS))
    unknown = [task for task in tasks if task not in ROOMS]
    if unknown:
        return fail(f"baselines: no small-room task {unknown[0]!r}: one of {', '.join(ROOMS)}",
                    2)
    steps = ({name: args.steps for name in baselines.LEARNERS} if args.steps
             else baselines.LEARNER_STEPS)
    episodes = args.episodes or baselines.EPISODES
    began = time.monotonic()
    made = baselines.rows(tasks, steps, episodes, learn,
                          said=lambda line: print(line, file=sys.stderr, flush=True))
    print(baselines.table(made, episodes))
    if learn:
        asked = ", ".join(f"{name} {n:,}" for name, n in steps.items())
        print(f"Training steps a task: {asked} (and at most {baselines.TRAIN_SECONDS // 60} "
              f"minutes each); 1 thread, seed {baselines.SEED}. Took "
              f"{time.monotonic() - began:.0f} s in all.")
    return 0
