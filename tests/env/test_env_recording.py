"""``record_dir``: every episode saved as a recording that verify and replay accept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

from game import env as E
from game.persist.replay import replay, verify
from game.persist.savefile import load

ROOT = Path(__file__).resolve().parents[2]


def test_every_episode_is_saved_as_a_recording_that_verifies_and_replays(tmp_path):
    env = E.DungeonEnv(record_dir=str(tmp_path), max_episode_steps=40, wizard=True)
    rng = np.random.default_rng(0)
    saved = []
    env.reset(seed=7)
    for _ in range(40):  # the first ends truncated at 40 steps: saved as it ends
        *_, terminated, truncated, info = env.step(int(rng.integers(18)))
        if terminated or truncated:
            saved.append(info["recording"])
            break
    env.reset(seed=7, options={"rules": "qud", "depth": 2})  # the same seed: another name
    for _ in range(10):
        env.step(int(rng.integers(18)))
    env.reset(seed=9)  # leaving the second unfinished saves it
    env.close()  # and closing saves the third
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["dwarf-warrior-7-qud.json", "dwarf-warrior-7.json", "dwarf-warrior-9.json"]
    assert saved == [str(tmp_path / "dwarf-warrior-7.json")]
    for path in tmp_path.iterdir():
        code, words = verify(path)
        assert code == 0, words
        shown = replay(path)
        assert shown.engine.state_hash() == load(path).final_hash
        shown.close()
    first = load(tmp_path / "dwarf-warrior-7.json")
    assert len(first.actions) > 0 and first.wizard_game  # a wizard env's
    assert load(tmp_path / "dwarf-warrior-7-qud.json").wizard_game  # its depth: a wizard's


def test_an_episode_a_wrapper_cut_short_is_saved_at_the_next_reset(tmp_path):
    """gymnasium.make's ``max_episode_steps`` is its TimeLimit's, which the env never hears
    of: the episode it truncates is saved when the env is reset (or closed)."""
    env = gym.make(E.ENV_ID, record_dir=tmp_path, max_episode_steps=5)
    env.reset(seed=2)
    for _ in range(5):
        *_, truncated, info = env.step(E.ACTIONS.index("wait"))
    assert truncated and "recording" not in info and not list(tmp_path.iterdir())
    env.reset(seed=3)
    assert [p.name for p in tmp_path.iterdir()] == ["dwarf-warrior-2.json"]
    assert len(load(tmp_path / "dwarf-warrior-2.json").actions) == 5
    env.close()


def test_the_command_line_verifies_an_episode(tmp_path):
    env = E.DungeonEnv(record_dir=tmp_path)
    env.reset(seed=4, options={"character": "elf ranger"})
    for action in np.random.default_rng(1).integers(18, size=60):
        env.step(int(action))
    env.close()
    (path,) = tmp_path.iterdir()
    run = subprocess.run([sys.executable, "-m", "game", "verify", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_two_envs_recording_one_seed_into_one_folder_take_two_names(tmp_path):
    first, second = (E.DungeonEnv(record_dir=tmp_path) for _ in range(2))
    for env in (first, second):
        env.reset(seed=3)
        env.step(E.ACTIONS.index("wait"))
    first.close()
    second.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dwarf-warrior-3-2.json",
                                                          "dwarf-warrior-3.json"]


def test_a_death_is_saved_when_it_happens(tmp_path):
    env = E.DungeonEnv(record_dir=tmp_path, wizard=True)
    env.reset(seed=6, options={"depth": 6, "awake": True})
    info: dict = {}
    for action in np.random.default_rng(2).integers(18, size=2000):
        *_, terminated, _, info = env.step(int(action))
        if terminated:
            break
    assert env.engine.outcome == "dead" and "recording" in info
    assert load(info["recording"]).dead
    assert verify(info["recording"])[0] == 0
    env.close()  # saved already: not again
    assert len(list(tmp_path.iterdir())) == 1


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match="record_dir .*file: cannot make it a folder"):
        E.DungeonEnv(record_dir=tmp_path / "file")


def test_a_recorded_episode_keeps_its_checkpoints_and_one_not_recorded_takes_none(tmp_path):
    """The state hash every 50 actions is a recording's sync check: an env that records
    takes it (verify then finds where a replay parts), one that does not never does (it is
    what no one reads), and the game plays the same either way."""
    recorded, plain = E.DungeonEnv(record_dir=str(tmp_path)), E.DungeonEnv()
    rng = np.random.default_rng(3)
    moves = [E.ACTIONS.index(a) for a in ("north", "east", "south", "west", "wait")]
    recorded.reset(seed=5)
    plain.reset(seed=5)
    for _ in range(150):
        action = moves[int(rng.integers(len(moves)))]
        recorded.step(action)
        plain.step(action)
    mine, theirs = recorded.unwrapped.engine, plain.unwrapped.engine
    assert len(mine.actions) == len(theirs.actions) > 100
    assert sorted(mine.checkpoints)[:2] == [50, 100] and theirs.checkpoints == {}
    assert theirs.keyframes == {} and theirs.checkpoint_every == theirs.keyframe_every == 0
    assert theirs.state_hash() == mine.state_hash()
    recorded.close()
    path = next(tmp_path.iterdir())
    assert sorted(load(path).checkpoints)[:2] == [50, 100]
    assert verify(path)[0] == 0
