"""The small rooms (game/Room-v0, game/RoomKobold-v0): drawn from the seed, inside the env's
spaces, scored as docs/env.md says, and shaped so that a policy can learn them: the scripted
policy beats random on each, on fixed seeds. None of this needs PyTorch."""

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import game.env  # noqa: F401  registers the rooms
from game.env import baselines, rooms
from game.env.scripted import random_policy, scripted, scripted_action
from game.persist.replay import verify
from game.world.core.components import Position

ROOMS = tuple(rooms.ROOMS)


def room_cells(env) -> tuple[np.ndarray, np.ndarray]:
    """The x and y of each open cell of the level: the room's."""
    return np.nonzero(env.unwrapped.engine.gamemap.walkable)


@pytest.mark.parametrize("task", ROOMS)
def test_a_room_is_five_by_five_in_a_level_of_the_usual_size(task):
    env = gym.make(task)
    obs, _ = env.reset(seed=7)
    assert env.observation_space.contains(obs)
    xs, ys = room_cells(env)
    assert (xs.max() - xs.min() + 1, ys.max() - ys.min() + 1, len(xs)) == (5, 5, 25)
    engine = env.unwrapped.engine
    me = engine.store.get(engine.player, Position)
    assert xs.min() <= me.x <= xs.max() and ys.min() <= me.y <= ys.max()
    creatures = [c.kind for _, (c, _) in engine.creatures_here()]
    assert creatures == list(rooms.ROOMS[task].creatures)
    assert (engine.gamemap.stairs_down is not None) == rooms.ROOMS[task].stairs


@pytest.mark.parametrize("task", ROOMS)
def test_the_same_seed_is_the_same_room_and_another_seed_another(task):
    pictures = [rooms.picture(rooms.ROOMS[task], seed)[0] for seed in (3, 3, 4, 5, 6)]
    assert pictures[0] == pictures[1]
    assert len(set(pictures)) == 4
    assert all(len(p.splitlines()) == 40 and {len(r) for r in p.splitlines()} == {80}
               for p in pictures)


@pytest.mark.parametrize("task", ROOMS)
def test_every_observation_stays_in_its_space_and_the_checker_passes(task):
    env = gym.make(task, observation_keys=game.env.KEYS)
    obs, _ = env.reset(seed=1)
    act = random_policy(0)
    for _ in range(60):
        obs, _, terminated, truncated, _ = env.step(act(env, obs))
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            obs, _ = env.reset()
    check_env(gym.make(task).unwrapped, skip_render_check=True)


def test_reaching_the_stairs_is_one_less_a_hundredth_a_step():
    env = gym.make("game/Room-v0")
    for seed in range(5):
        env.reset(seed=seed)
        engine = env.unwrapped.engine
        me = engine.store.get(engine.player, Position)
        sx, sy = engine.gamemap.stairs_down
        far = max(abs(sx - me.x), abs(sy - me.y))
        total, steps, terminated = 0.0, 0, False
        while not terminated:
            _, reward, terminated, truncated, _ = env.step(scripted_action(engine))
            total, steps = total + reward, steps + 1
            assert not truncated
        assert steps == far
        assert total == pytest.approx(1 - 0.01 * far)


def test_a_step_that_passes_no_time_costs_a_hundredth_too():
    env = gym.make("game/Room-v0")
    env.reset(seed=0)
    _, reward, *_ = env.step(game.env.ACTIONS.index("rest"))  # at full health: no time
    assert reward == pytest.approx(-0.01)


def test_a_room_not_done_ends_after_fifty_steps():
    env = gym.make("game/Room-v0")
    env.reset(seed=0)
    rest = game.env.ACTIONS.index("rest")
    outcomes = [env.step(rest)[2:4] for _ in range(rooms.ROOM_STEPS)]
    assert outcomes[-1] == (False, True) and not any(t for t, _ in outcomes[:-1])


def test_the_kobolds_room_ends_with_the_kill_and_pays_for_it():
    env = gym.make("game/RoomKobold-v0")
    env.reset(seed=2)
    engine = env.unwrapped.engine
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        _, reward, terminated, truncated, _ = env.step(scripted_action(engine))
        total += reward
    assert terminated and engine.outcome is None and not engine.creatures_here()
    assert 0.5 < total < 1.0  # +1 for the kill, less a hundredth for each step


@pytest.mark.parametrize("kwargs", [{"task": "scout"}, {"level": "#@>#"}, {"goal": "kill"},
                                    {"room": "game/Nowhere-v0"}])
def test_what_a_room_does_not_take_is_refused_in_one_line(kwargs):
    with pytest.raises(ValueError, match="room"):
        rooms.RoomEnv(**kwargs)


@pytest.mark.parametrize("task", ROOMS)
def test_a_rooms_recordings_verify(task, tmp_path):
    env = gym.make(task, record_dir=str(tmp_path))
    for seed in (5, 6):
        env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            *_, terminated, truncated, info = env.step(scripted_action(env.unwrapped.engine))
        assert terminated and info["recording"]
    env.close()
    saved = sorted(tmp_path.iterdir())
    assert len(saved) == 2
    for path in saved:
        code, words = verify(path)
        assert code == 0, words


def test_a_room_takes_no_reset_options():
    with pytest.raises(ValueError, match="reset options"):
        gym.make("game/Room-v0").reset(seed=0, options={"depth": 2})


def test_the_learners_view_is_the_room_round_the_player():
    env = baselines.make("game/RoomKobold-v0")
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    hot = obs[:-1].reshape(len(baselines.KINDS), 9, 9)
    assert (hot.sum(axis=0) <= 1).all() and obs[-1] == 1.0  # one kind a cell; full health
    engine = env.unwrapped.engine
    me = engine.store.get(engine.player, Position)
    (_, (_, kobold)), = engine.creatures_here()
    creature = baselines.KINDS.index("creature")
    assert list(zip(*np.nonzero(hot[creature]), strict=True)) == \
        [(kobold.y - me.y + 4, kobold.x - me.x + 4)]
    xs, ys = room_cells(env)
    seen_floor = hot[baselines.KINDS.index("floor")].sum()
    assert seen_floor == len(xs) - 2  # every floor cell but the player's and the kobold's


@pytest.mark.parametrize("task", ROOMS)
def test_the_tasks_are_learnable_the_scripted_policy_beats_random(task):
    seeds = baselines.held_out(30)
    chance = baselines.evaluate(task, random_policy(0), seeds)
    known = baselines.evaluate(task, scripted, seeds)
    assert known.mean - known.half_width > chance.mean + chance.half_width
    assert known.mean > 0.9 and chance.mean < 0.5
