"""Action masks: true exactly for the simple actions that pass game time or change what is
observed, as the game itself answers (issue 36)."""

from __future__ import annotations

import numpy as np
import pytest

import game.env as E
from game.world.game import Game

KEYS = ("glyphs", "colors", "blstats", "inv_letters", "inv_strs", "spells", "message")
ACTIONS_STAT = E.BLSTATS.index("actions")


def changed(before: dict, after: dict) -> bool:
    """What is observed differs: any key but the message, the count of actions left out."""
    for key in KEYS:
        if key == "message":
            continue
        a, b = before[key], after[key]
        if key == "blstats":
            a, b = np.delete(a, ACTIONS_STAT), np.delete(b, ACTIONS_STAT)
        if not np.array_equal(a, b):
            return True
    return False


def check_masks(env: E.DungeonEnv, obs: dict) -> np.ndarray:
    """Each action tried from here (the env restored after each): its mask is whether it
    passed time or changed what is observed."""
    masks = env.action_masks()
    state, hashed = env.clone_state(), env.engine.state_hash()
    for action in range(env.action_space.n):
        now = env.engine.now
        after, *_ = env.step(action)
        did = env.engine.now != now or changed(obs, after)
        assert masks[action] == did, (E.ACTIONS[action], masks[action])
        env.restore_state(state)
    assert env.engine.state_hash() == hashed
    return masks


@pytest.mark.parametrize("seed, wizard", [(3, False), (8, False), (5, True)])
def test_for_random_states_a_mask_is_what_the_action_does(seed, wizard):
    env = E.DungeonEnv(observation_keys=KEYS, wizard=wizard,
                       character="elf ranger" if seed == 8 else "dwarf warrior")
    options = {"depth": 3, "awake": True, "invulnerable": True} if wizard else None
    obs, _ = env.reset(seed=seed, options=options)
    rng = np.random.default_rng(seed)
    seen = np.zeros(len(E.ACTIONS), dtype=int)
    for step in range(120):
        if step % 8 == 0:
            seen += check_masks(env, obs)
        obs, _, terminated, truncated, _ = env.step(int(rng.integers(len(E.ACTIONS))))
        if terminated or truncated:
            break
    assert seen.any() and not seen.all()  # some true, some false along the way
    env.close()


def test_a_small_room_answers_each_action():
    env = E.DungeonEnv(observation_keys=KEYS)
    obs, _ = env.begin(Game.scenario("#####\n#@..#\n#####"))
    masks = dict(zip(E.ACTIONS, check_masks(env, obs), strict=True))
    assert masks["east"] and masks["wait"] and masks["quaff"]  # a potion drunk takes time
    assert not any(masks[name] for name in ("north", "south", "west", "northeast", "rest",
                                            "pickup", "down", "up", "fire"))
    assert masks["careful"] and masks["bold"] and not masks["normal"]  # Normal already
    env.close()


def test_masks_change_nothing_and_are_all_false_once_the_game_is_over():
    env, other = E.DungeonEnv(), E.DungeonEnv()
    env.reset(seed=4)
    other.reset(seed=4)
    for action in [0, 1, 2, 9, 3] * 6:
        env.action_masks()
        a, b = env.step(action), other.step(action)
        assert env.engine.state_hash() == other.engine.state_hash()
        assert all(np.array_equal(a[0][k], b[0][k]) for k in a[0]) and a[1:4] == b[1:4]
    env.engine.outcome = "dead"
    assert not env.action_masks().any()
    with pytest.raises(ValueError, match="full keyboard"):
        E.DungeonEnv(actions="full").action_masks()
    env.close()
    other.close()


def test_maskable_ppo_runs_on_the_env():
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="pip install -e '.[baselines]'")
    import gymnasium as gym

    env = gym.make("game/Staircase-v0", observation_keys=("glyphs", "blstats"))
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32,
                                    n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    for _ in range(20):
        masks = env.unwrapped.action_masks()
        action, _ = model.predict(obs, action_masks=masks, deterministic=True)
        assert masks[int(action)]  # a masked policy picks only what the game would do
        obs, *_ = env.step(int(action))
    env.close()
