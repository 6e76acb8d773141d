"""Bad input to the env is one clear ValueError; the small things an episode must get right;
the env made as Stable-Baselines3's ``make_vec_env`` makes it."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from game import env as E
from game.world.core.rng import SEEDS
from game.world.game import Game

BIGGEST = SEEDS.stop - 1  # 2**64 - 1


@pytest.fixture
def env():
    made = E.DungeonEnv(wizard=True)  # its reset options include the wizard's
    yield made
    made.close()


def message(obs) -> str:
    return bytes(obs["message"]).rstrip(b"\0").decode()


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "3", 10**40])
def test_a_seed_outside_the_games_is_refused(env, seed):
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to "
                                         "18446744073709551615") as err:
        env.reset(seed=seed)
    assert "\n" not in str(err.value)
    assert env.engine is None  # nothing was made


def test_a_big_seed_is_named_whole_or_by_its_length_never_cut(env):
    with pytest.raises(ValueError) as err:
        env.reset(seed=2**64)
    assert str(err.value).endswith("not 18446744073709551616")
    with pytest.raises(ValueError) as err:
        env.reset(seed=10**40)
    assert str(err.value).endswith("not a 41-digit number")


def test_the_biggest_seed_plays(env):
    env.reset(seed=BIGGEST)
    env.step(E.ACTIONS.index("wait"))
    assert env.engine.seed == BIGGEST
    env.reset(seed=np.uint64(5))
    assert env.engine.seed == 5 and type(env.engine.seed) is int


def test_the_engine_refuses_a_seed_a_save_could_not_hold():
    with pytest.raises(ValueError, match="the seed must be a whole number from 0 to "
                                         "18446744073709551615, not 18446744073709551616"):
        Game(2**64)


@pytest.mark.parametrize("options, words", [
    ({"depth": True}, "depth must be a whole number from 1 to 6, not True"),
    ({"depth": 2.0}, "depth must be a whole number"),
    ({"depth": 0}, "depth must be a whole number"),
    ({"character": ["dwarf warrior"]}, "unknown character"),
    ({"rules": ["qud"]}, "unknown rules"),
    ({"invulnerable": 1}, "invulnerable must be True or False, not 1"),
    ({"speed": 3, "size": 1}, "unknown reset options 'speed', 'size'"),
])
def test_wrong_reset_options_are_refused(env, options, words):
    with pytest.raises(ValueError, match=words):
        env.reset(seed=1, options=options)


def test_reset_options_must_be_a_dict(env):
    with pytest.raises(ValueError, match="reset options must be a dict"):
        env.reset(seed=1, options=[("depth", 2)])


def test_a_depth_given_as_a_numpy_integer_is_a_depth(env):
    env.reset(seed=1, options={"depth": np.int64(2)})
    assert env.engine.depth == 2


@pytest.mark.parametrize("kwargs, words", [
    ({"speed": 3}, "unknown keyword argument 'speed'; known: render_mode, character"),
    ({"render_mode": "pixels"}, "render_mode must be None or one of ansi, rgb_array, human"),
    ({"character": "wizard of oz"}, "unknown character 'wizard of oz'"),
    ({"auto_pickup": "yes"}, "auto_pickup must be True or False"),
    ({"task": "chess"}, "unknown task 'chess'; known: score, staircase, scout, win"),
    ({"observation_keys": "glyphs"}, "observation_keys must be a tuple of key names"),
    ({"observation_keys": ("glyphs", "smell")}, "unknown observation key 'smell'"),
    ({"observation_keys": ()}, "each key once, and at least one"),
    ({"observation_keys": ("stats", "stats")}, "each key once"),
    ({"actions": "most"}, "actions must be one of simple, full"),
    ({"penalty_step": float("nan")}, "penalty_step must be a finite number"),
    ({"penalty_time": True}, "penalty_time must be a finite number"),
    ({"max_episode_steps": 0}, "max_episode_steps must be a whole number of at least 1"),
    ({"max_episode_steps": True}, "max_episode_steps must be a whole number"),
    ({"record_dir": 3}, "record_dir must be a folder's path"),
])
def test_wrong_keyword_arguments_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        E.DungeonEnv(**kwargs)


def test_gymnasium_make_refuses_an_unknown_keyword_with_a_value_error():
    with pytest.raises(ValueError, match="unknown keyword argument 'speed'"):
        gym.make(E.ENV_ID, speed=3)


def test_after_a_reset_with_options_the_message_is_the_games_opening(env):
    obs, _ = env.reset(seed=6, options={"depth": 4, "invulnerable": True})
    first = message(obs)
    assert first.startswith("You enter the dungeon.")
    assert first == env.episode.opening
    plain, _ = env.reset(seed=6)
    assert message(plain) == first  # the same words whatever the setup


def test_the_actions_stat_counts_the_episodes_actions_not_its_setup(env):
    obs, info = env.reset(seed=6, options={"depth": 3, "awake": True})
    actions = E.STATS.index("actions")
    assert len(env.engine.actions) == 2 and obs["stats"][actions] == 0 == info["actions"]
    obs, *_, info = env.step(E.ACTIONS.index("wait"))
    assert obs["stats"][actions] == 1 == info["actions"]


def test_a_raw_env_truncates_after_its_steps():
    made = E.DungeonEnv(max_episode_steps=3, task="score", wizard=True)
    made.reset(seed=2, options={"invulnerable": True})
    ends = [made.step(E.ACTIONS.index("wait"))[3] for _ in range(3)]
    assert ends == [False, False, True]
    assert E.DungeonEnv().settings.max_episode_steps == E.MAX_EPISODE_STEPS == 5000
    made.close()


def test_after_the_end_every_action_says_the_game_is_over(env):
    env.begin(Game.scenario("#####\n#@k.#\n#####", {"k": "kobold"}, wizard=True))
    env.engine.outcome = "dead"
    for name in ("fire", "pickup", "quaff", "bold", "wait"):
        obs, reward, terminated, _, _ = env.step(E.ACTIONS.index(name))
        assert (message(obs), reward, terminated) == ("The game is over.", 0.0, True), name


def test_made_as_make_vec_env_makes_it():
    """Stable-Baselines3's ``make_vec_env`` asks for ``render_mode="rgb_array"`` (falling back
    only on a TypeError) and steps the envs in a vector; here without SB3 itself."""
    vec = gym.vector.SyncVectorEnv([lambda: gym.make(E.ENV_ID, render_mode="rgb_array")] * 2)
    obs, _ = vec.reset(seed=[1, 2])
    assert obs["glyphs"].shape == (2, 40, 80)
    obs, reward, terminated, truncated, _ = vec.step(np.array([0, 1]))
    assert reward.shape == (2,) and obs["stats"].shape == (2, len(E.STATS))
    frames = vec.envs[0].render()
    assert frames.shape == (576, 1120, 3) and frames.dtype == np.uint8
    vec.close()
