"""Levels as tasks: ``game/Level-v0`` on a level drawn as a picture, with a goal; its
observations inside the declared space, its recordings verified (issue 36)."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import game.env as E
from game.persist.replay import replay, verify
from game.persist.savefile import load
from game.world.core.picture import Picture
from game.world.core.setup import Setup
from game.world.game import Game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "env.md"
MOVE = {name: E.ACTIONS.index(name) for name in E.ACTIONS}


def docs_levels() -> list[str]:
    section = DOCS.read_text().split("## Levels as tasks", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_docs_three_levels_run_as_written_and_their_recordings_verify(tmp_path,
                                                                          monkeypatch, capsys):
    blocks = docs_levels()
    assert len(blocks) == 3
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, "docs/env.md", "exec"), {})  # noqa: S102  (our own docs)
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("stairs reached after")
    assert said[1] == "the kobold is dead"
    assert said[2].startswith("picked up: You pick up")
    saved = sorted((tmp_path / "levels").iterdir())
    assert len(saved) == 3
    for path in saved:
        code, words = verify(path)
        assert code == 0, words
        data = load(path)
        assert data.setup.level is not None and not data.wizard_game
        shown = replay(path)
        assert shown.engine.state_hash() == data.final_hash
        shown.close()


def play(env, names: list[str]) -> list[tuple]:
    return [env.step(MOVE[name]) for name in names]


def test_the_stairs_goal_pays_one_and_ends_the_episode():
    env = gym.make("game/Level-v0", level="#####\n#@.>#\n#####")
    obs, _ = env.reset(seed=4)
    assert env.observation_space.contains(obs) and obs["glyphs"].shape == (40, 80)
    assert chr(obs["glyphs"][1, 3]) == ">" and chr(obs["glyphs"][1, 20]) == " "
    first, second = play(env, ["east", "east"])
    assert first[1:3] == (0.0, False) and second[1:3] == (1.0, True)
    env.close()


def test_the_kill_goal_is_reached_when_no_creature_it_began_with_is_left():
    env = E.DungeonEnv(task="level", level="#####\n#@k.#\n#####", legend={"k": "kobold"},
                       goal="kill", observation_keys=E.KEYS)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    rewards, ended = [], False
    for _ in range(60):
        obs, reward, ended, _, info = env.step(MOVE["east"])  # bump: attack
        assert env.observation_space.contains(obs)
        rewards.append(reward)
        if ended:
            break
    assert ended and (rewards[-1] == 1.0) == (info["outcome"] is None)
    assert sum(rewards) <= 1.0
    env.close()


def test_the_pickup_goal_needs_the_thing_picked_up():
    env = E.DungeonEnv(task="level", level="#####\n#@!.#\n#####",
                       legend={"!": "healing potion"}, goal="pickup")
    env.reset(seed=1)
    (step,) = play(env, ["east"])
    assert step[1:3] == (0.0, False)  # stood on, not taken
    (take,) = play(env, ["pickup"])
    assert take[1:3] == (1.0, True) and "healing potion" in take[4]["message"]
    env.close()


def test_a_level_with_auto_pickup_is_reached_by_the_step_itself():
    env = E.DungeonEnv(task="level", level="#####\n#@!.#\n#####",
                       legend={"!": "healing potion"}, goal="pickup", auto_pickup=True)
    env.reset(seed=1)
    assert play(env, ["east"])[0][1:3] == (1.0, True)
    env.close()


def test_begin_gives_an_observation_inside_the_space_and_restarts_the_time_limit():
    env = E.DungeonEnv(max_episode_steps=3)
    env.reset(seed=1)
    play(env, ["wait", "wait"])
    obs, info = env.begin(Game.scenario("#########\n#@......#\n#########"))
    assert env.observation_space.contains(obs) and info["actions"] == 0
    ends = [step[3] for step in play(env, ["wait", "wait", "wait"])]
    assert ends == [False, False, True]  # three steps of its own, not the one left
    with pytest.raises(ValueError, match="at most 80 x 40"):
        env.begin(Game.scenario("#@" + "." * 80))
    env.close()


def test_a_level_is_the_first_level_of_any_task_and_its_copies_play_on():
    env = gym.make("game/Scout-v0", level="#######\n#@....#\n#.....#\n#######")
    env.reset(seed=2)
    assert env.unwrapped.engine.gamemap.width == 7
    env.step(MOVE["east"])
    twin = pickle.loads(pickle.dumps(env.unwrapped))
    for action in [1, 2, 3, 8]:
        a, b = env.step(action), twin.step(action)
        assert all(np.array_equal(a[0][k], b[0][k]) for k in a[0]) and a[1:4] == b[1:4]
    assert twin.engine.setup.level == Picture.of("#######\n#@....#\n#.....#\n#######")
    env.close()


@pytest.mark.parametrize("kwargs, words", [
    ({"level": "###\n#@k#\n###"}, "rows, all of one length"),
    ({"level": "#@k#"}, "the picture's 'k' is not in the legend"),
    ({"level": "#@k#", "legend": {"k": "kobld"}}, "names 'kobld', no creature or thing of "
                                                  "the tables (did you mean 'kobold'?)"),
    ({"level": "#@@>#"}, "has one @ (the player), not 2"),
    ({"level": "#..>#"}, "has one @ (the player), not 0"),
    ({"level": "#@.#"}, "the goal 'stairs' needs a > (the stairs down)"),
    ({"level": "#@>#", "goal": "kill"}, "the goal 'kill' needs a creature"),
    ({"level": "#@k>#", "legend": {"k": "kobold"}, "goal": "pickup"}, "needs a thing"),
    ({"level": "#@>#", "goal": "fly"}, "unknown goal 'fly'; known: stairs, kill, pickup"),
    ({"level": "#@>#", "legend": {"@": "kobold"}}, "a legend's key is one character"),
    ({"level": "#@" + "." * 79 + ">"}, "at most 80 x 40"),
    ({"level": 7}, "a level is a picture's text"),
    ({"legend": {"k": "kobold"}}, "a legend is a level's"),
])
def test_a_wrong_level_is_one_line(kwargs, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        gym.make("game/Level-v0", **kwargs)


def test_the_goal_is_the_level_tasks_only():
    with pytest.raises(ValueError, match="goal is the level task's"):
        E.DungeonEnv(task="score", goal="kill")


def test_a_saves_level_is_checked_as_it_is_read():
    header = {"game_version": "0.4.0", "seed": 1, "character": "dwarf warrior",
              "wizard": False}
    for level, words in (({"picture": 3, "legend": {}}, "a picture of at most 80 x 40"),
                         ({"picture": "#@#"}, "should hold a picture and a legend"),
                         ({"picture": "#@k#", "legend": {}}, "not in the legend")):
        with pytest.raises(ValueError, match=re.escape(words)):
            Setup.from_json({**header, "level": level})
    good = Setup(1, level=Picture.of("#@>#"))
    assert Setup.from_json(good.to_json()) == good
