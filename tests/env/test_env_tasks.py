"""The registered tasks, each passing Gymnasium's checker; NLE's two penalties."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from game import env as E
from game.world.core.components import Health, Position
from game.world.game import Game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("env_id", sorted(E.IDS))
def test_every_id_passes_gymnasiums_checker(env_id):
    made = gym.make(env_id)
    assert made.unwrapped.settings.max_episode_steps == E.MAX_EPISODE_STEPS
    assert made.unwrapped.settings.task == E.IDS[env_id]
    check_env(made.unwrapped, skip_render_check=True)
    made.close()


def test_the_checker_passes_every_key_full_actions_and_every_render_mode():
    """Its render check makes the env in each render mode, "human" too: a window, on SDL's
    dummy driver (which SDL reads when it starts: so in a process of its own)."""
    script = ("import gymnasium, game.env\n"
              "from gymnasium.utils.env_checker import check_env\n"
              "made = gymnasium.make('game/Dungeon-v0', observation_keys=game.env.KEYS,\n"
              "                      actions='full', render_mode='rgb_array')\n"
              "check_env(made.unwrapped)\n"
              "print('checked', made.unwrapped.render().shape)\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-4:] == ["checked", "(576,", "1120,", "3)"]


def on(task: str, picture: str, legend: dict[str, str] | None = None, **kwargs):
    env = E.DungeonEnv(task=task, **kwargs)
    env.begin(Game.scenario(picture, legend or {}))
    return env


def test_staircase_pays_one_and_ends_on_the_stairs_down():
    env = on("staircase", "######\n#@.>.#\n######")
    first = env.step(E.ACTIONS.index("east"))
    assert first[1:3] == (0.0, False)
    reward, terminated = env.step(E.ACTIONS.index("east"))[1:3]
    assert (reward, terminated) == (1.0, True)
    assert not env.engine.over  # the task is done, the game is not


def test_scout_pays_each_cell_seen_for_the_first_time():
    env = E.DungeonEnv(task="scout")
    env.reset(seed=3)
    explored = int(env.engine.gamemap.explored.sum())
    total, steps = 0.0, 0
    rng = np.random.default_rng(0)
    while steps < 60:
        total += env.step(int(rng.integers(8)))[1]
        steps += 1
    now = sum(int(gm.explored.sum()) for gm in env.engine.levels.values())
    assert total == now - explored > 0
    assert env.step(E.ACTIONS.index("wait"))[1] == 0.0  # nothing new from where it stands


def test_win_pays_only_the_win():
    env = on("win", "######\n#@k..#\n######", {"k": "kobold"})
    kobold = next(e for e, _ in env.engine.creatures_here())
    env.engine.component(kobold, Health).hp = 1
    rewards = [env.step(E.ACTIONS.index("east"))[1] for _ in range(20)]
    assert not env.engine.exists(kobold) and sum(rewards) == 0.0  # a kill is worth nothing
    env.engine.outcome = "won"  # escaped with the amulet (set by hand: the shortest way)
    assert env.task.reward(env.engine, 0, 0) == (1.0, False)


def test_penalty_step_is_paid_when_no_game_time_passes():
    env = on("score", "#####\n#@..#\n#####", penalty_step=-0.01)
    assert env.step(E.ACTIONS.index("west"))[1] == pytest.approx(-0.01)  # a wall: no time
    assert env.step(E.ACTIONS.index("pickup"))[1] == pytest.approx(-0.01)  # refused by the env
    assert env.step(E.ACTIONS.index("east"))[1] == 0.0  # a step: a turn passed


def test_penalty_time_is_paid_for_each_turn_that_passes():
    env = on("score", "#####\n#@..#\n#####", penalty_time=-0.5)
    turn = env.engine.turn
    assert env.step(E.ACTIONS.index("east"))[1] == pytest.approx(-0.5 * (env.engine.turn - turn))
    assert env.step(E.ACTIONS.index("north"))[1] == 0.0  # a wall: no turn, no penalty
    me = env.engine.component(env.engine.player, Health)
    me.hp = max(1, me.hp - 5)  # hurt: resting takes many turns
    turn = env.engine.turn
    reward = env.step(E.ACTIONS.index("rest"))[1]
    assert env.engine.turn - turn >= 1 and reward == pytest.approx(-0.5 * (env.engine.turn - turn))


def test_the_penalties_default_to_nothing_so_the_score_is_as_it_was():
    env = on("score", "#####\n#@..#\n#####")
    assert (env.settings.penalty_step, env.settings.penalty_time) == (0.0, 0.0)
    assert env.step(E.ACTIONS.index("west"))[1] == 0.0
    assert env.engine.component(env.engine.player, Position).x == 1
