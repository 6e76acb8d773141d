"""Copies of an env: pickled, deep-copied or cloned at any point, a copy steps exactly as the
original, observation for observation."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest

from game import env as E

BUSY = {"depth": 4, "awake": True, "invulnerable": True}


def same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def walk(env, actions) -> list:
    """Each step's whole answer: the observation, reward, ends and info."""
    return [env.step(int(a)) for a in actions]


def agree(first: list, second: list) -> None:
    for i, (one, two) in enumerate(zip(first, second, strict=True)):
        assert same(one[0], two[0]), f"observations differ at step {i}"
        assert one[1:] == two[1:], f"reward, ends or info differ at step {i}"


def actions(seed: int, n: int, count: int = len(E.ACTIONS)) -> np.ndarray:
    return np.random.default_rng(seed).integers(count, size=n)


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "clone"])
def test_a_copy_steps_exactly_as_the_original(how):
    env = E.DungeonEnv(wizard=True)
    env.reset(seed=5, options=BUSY)
    walk(env, actions(1, 120))
    if how == "pickle":
        other = pickle.loads(pickle.dumps(env))
    elif how == "deepcopy":
        other = copy.deepcopy(env)
    else:
        other = E.DungeonEnv(wizard=True)
        other.restore_state(env.clone_state())
    assert other.engine.state_hash() == env.engine.state_hash()
    assert other.engine is not env.engine and other.engine.actions == env.engine.actions
    later = actions(2, 300)
    agree(walk(env, later), walk(other, later))
    assert other.engine.state_hash() == env.engine.state_hash()
    env.close()
    other.close()


def test_one_state_restores_again_and_again_to_the_same_future():
    env = E.DungeonEnv(observation_keys=E.KEYS)
    env.reset(seed=8)
    walk(env, actions(3, 60))
    state = env.clone_state()
    later = actions(4, 150)
    first = walk(env, later)
    for _ in range(2):
        env.restore_state(state)
        agree(first, walk(env, later))
    env.close()


def test_a_copy_of_an_env_observing_the_screen_draws_what_the_original_draws():
    """The screen keeps a little of its own (new messages, a notice, the map view's place):
    copied by value, the copy's tty and pixels are the original's."""
    env = gym.make(E.ENV_ID, render_mode="rgb_array",
                   observation_keys=("tty_chars", "tty_colors", "message"))
    env.reset(seed=3)
    walk(env, actions(5, 40))
    env.unwrapped.step(E.ACTIONS.index("pickup"))  # very likely a notice: nothing here
    other = copy.deepcopy(env)
    assert np.array_equal(env.render(), other.render())
    later = actions(6, 80)
    agree(walk(env, later), walk(other, later))
    assert np.array_equal(env.render(), other.render())
    env.close()
    other.close()


def test_an_env_pickles_before_any_reset_and_after_its_end():
    fresh = pickle.loads(pickle.dumps(E.DungeonEnv(task="scout")))
    assert fresh.engine is None and fresh.settings.task == "scout"
    env = E.DungeonEnv()
    env.reset(seed=1)
    env.engine.outcome = "dead"  # ended (by hand: the shortest way there)
    other = pickle.loads(pickle.dumps(env))
    assert other.step(0)[2] is True and other.engine.over
    env.close()


def test_restore_state_refuses_what_is_not_a_state_of_a_like_env():
    env = E.DungeonEnv()
    with pytest.raises(RuntimeError, match="call reset"):
        env.clone_state()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not a state from clone_state"):
        env.restore_state({"seed": 1})
    other = E.DungeonEnv(task="scout")
    with pytest.raises(ValueError, match="other keyword arguments"):
        other.restore_state(env.clone_state())
    env.close()


def test_a_copy_generates_no_level_again(monkeypatch):
    env = E.DungeonEnv(wizard=True)
    env.reset(seed=2, options={"depth": 3})
    state = env.clone_state()

    def refuse(*args, **kwargs):
        raise AssertionError("a level was generated again")

    monkeypatch.setattr("game.world.core.engine.generate", refuse)
    env.restore_state(state)
    assert sorted(env.engine.levels) == [1, 3]
    env.close()


def test_a_copy_of_a_modded_game_keeps_its_overlay():
    from pathlib import Path

    from game.content.overlay import read_overlay

    overlay = read_overlay(Path(__file__).resolve().parents[2] / "mods" / "tough-kobolds")
    env = E.DungeonEnv()
    env.reset(seed=4, options={"content": overlay})
    walk(env, actions(8, 40))
    other = pickle.loads(pickle.dumps(env))
    assert other.engine.content == overlay and other.engine.catalog is env.engine.catalog
    later = actions(9, 60)
    agree(walk(env, later), walk(other, later))
    env.close()
    other.close()
