"""A dataset of bot games as recordings: ``python -m game dataset`` writes them (never over
another file), ``game.env.dataset.load`` makes the env's own observations of them again,
checking every hash, and a recording out of sync is one error naming the file and the action
(issue 36)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import game.env as E
from game.env import dataset
from game.env.environment import DungeonEnv
from game.persist.replay import verify
from game.persist.savefile import canonical, checksum
from game.world.core import actions as A

DOCS = Path(__file__).resolve().parents[2] / "docs" / "env.md"
KEYS = ("glyphs", "blstats", "message", "inv_strs", "tty_chars")
# The dataset's game actions as released with 0.4.0: a number never changes its meaning.
RELEASED = ("move", "attack", "wait", "rest", "pickup", "drop", "wield", "wear", "takeoff",
            "quaff", "descend", "ascend", "fire", "throw", "rage", "vital", "bash", "stance",
            "quiver", "read", "identify", "zap", "cast")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    """Three bot games of 300 actions, written by the command (seeds 4, 5, 6)."""
    from game.__main__ import main

    out = tmp_path_factory.mktemp("dataset") / "games"
    assert main(["dataset", "--games", "3", "--first", "4", "--turns", "300",
                 "--out", str(out)]) == 0
    return out


def test_the_command_writes_n_recordings_that_verify(games):
    made = sorted(p.name for p in games.iterdir())
    assert made == ["dwarf-warrior-4.json", "dwarf-warrior-5.json", "dwarf-warrior-6.json"]
    for path in games.iterdir():
        code, said = verify(path)
        assert code == 0 and "in sync" in said, said


def test_a_dataset_writes_over_no_file(game_main, tmp_path):
    out = tmp_path / "games"
    out.mkdir()
    theirs = out / "dwarf-warrior-0.json"
    theirs.write_text("someone else's\n")
    first = game_main("dataset", "--games", "2", "--turns", "20", "--out", str(out))
    assert first.returncode == 0 and first.stdout.count("\n") == 1, first.stderr
    kept = {p.name: p.read_bytes() for p in out.iterdir()}
    assert game_main("dataset", "--games", "2", "--turns", "20",
                     "--out", str(out)).returncode == 0
    assert theirs.read_text() == "someone else's\n"
    assert all((out / name).read_bytes() == raw for name, raw in kept.items())
    assert sorted(p.name for p in out.iterdir()) == [
        "dwarf-warrior-0-2.json", "dwarf-warrior-0-3.json", "dwarf-warrior-0.json",
        "dwarf-warrior-1-2.json", "dwarf-warrior-1.json"]


@pytest.mark.parametrize("keys", [E.DEFAULT_KEYS, KEYS], ids=["default keys", "more keys"])
def test_the_loader_yields_what_the_env_shows_stepped_live(games, keys):
    """The env stepped live on the recording's seed, each action given as the loader numbers
    it (the simple action's index where there is one, ``step_game`` where there is none):
    the same observations and rewards, and the same game at the end."""
    path = games / "dwarf-warrior-5.json"
    live = DungeonEnv(observation_keys=keys)
    obs, _ = live.reset(seed=5)
    simple = total = 0
    for seen, action, reward, info in dataset.load(path, keys=keys, info=True):
        assert list(seen) == list(keys)
        for key in keys:
            np.testing.assert_array_equal(seen[key], obs[key], err_msg=f"{key} {info['number']}")
        if action < len(E.ACTIONS):
            assert live.game_action(action) == info["game_action"]
            obs, got, *_ = live.step(action)
            simple += 1
        else:
            assert dataset.ACTION_NAMES[action] == f"game:{info['game_action'].tag}"
            obs, got, *_ = live.step_game(info["game_action"])
        assert got == reward and len(live.engine.actions) == info["number"]
        total += reward
    assert live.engine.state_hash() == json.loads(path.read_text())["final_hash"]
    assert info["number"] == 300 and total > 0 and 200 < simple < 300  # both kinds met
    live.close()


def test_the_dataset_numbers_the_game_actions_as_released():
    assert dataset.GAME_ACTIONS[:len(RELEASED)] == RELEASED
    assert dataset.ACTION_NAMES[:len(E.ACTIONS)] == E.ACTIONS
    assert dataset.ACTION_NAMES[len(E.ACTIONS):] == tuple(f"game:{t}" for t in
                                                           dataset.GAME_ACTIONS)
    players = {tag for tag in A.REGISTRY if not tag.startswith("wiz.")}
    assert players <= set(dataset.GAME_ACTIONS), (
        f"append {sorted(players - set(dataset.GAME_ACTIONS))} to dataset.GAME_ACTIONS")


def _forged(source: Path, target: Path, change) -> Path:
    data = json.loads(source.read_text())
    change(data)
    data["checksum"] = checksum(data)  # a careful forger: the file reads as whole
    target.write_text(canonical(data) + "\n")
    return target


def test_a_recording_out_of_sync_is_one_error_naming_the_file_and_the_action(games, tmp_path):
    source = games / "dwarf-warrior-4.json"

    def hash_changed(data):
        data["checkpoints"]["100"] = "0" * 64

    forged = _forged(source, tmp_path / "forged.json", hash_changed)
    played = []
    with pytest.raises(dataset.DatasetError) as caught:
        for step in dataset.load(forged, keys=("stats",)):
            played.append(step)
    tag = json.loads(source.read_text())["actions"][99]["t"]
    assert str(caught.value) == (f"{forged}: out of sync at action 100: the state differs "
                                 f"from the recorded checkpoint ({tag})")
    assert len(played) == 99  # every action before it, none after

    def moved(data):
        data["actions"][10:30] = [{"t": "move", "dx": 1, "dy": 0}] * 20

    walked = _forged(source, tmp_path / "walked.json", moved)
    with pytest.raises(dataset.DatasetError) as caught:
        list(dataset.load(walked))
    said = str(caught.value)
    assert re.fullmatch(rf"{re.escape(str(walked))}: out of sync at action (\d+): .+ \(\w+\)",
                        said), said
    assert verify(walked)[0] == 1  # verify finds it out of sync too


def test_an_unreadable_or_a_wizards_recording_is_one_error_naming_the_file(games, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text((games / "dwarf-warrior-4.json").read_text().replace('"dx":1', '"dx":0',
                                                                            1))
    with pytest.raises(dataset.DatasetError, match=re.escape(str(broken)) + ": checksum"):
        list(dataset.load(broken))
    wizard = DungeonEnv(wizard=True, record_dir=tmp_path / "wizard")
    wizard.reset(seed=1)
    wizard.step(0)
    wizard.close()
    with pytest.raises(dataset.DatasetError, match="a wizard game"):
        list(dataset.load(tmp_path / "wizard"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(dataset.DatasetError, match="no recordings"):
        list(dataset.load(tmp_path / "empty"))
    with pytest.raises(dataset.DatasetError, match="no such folder or file"):
        list(dataset.load(tmp_path / "nowhere"))


def test_step_game_takes_a_game_action_on_the_simple_env_only():
    env = DungeonEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step_game(A.Wait())
    env.reset(seed=3)
    with pytest.raises(ValueError, match="game action"):
        env.step_game(0)  # type: ignore[arg-type]
    obs, reward, *_ , info = env.step_game(A.Wait())
    assert info["actions"] == 1
    full = DungeonEnv(actions="full")
    full.reset(seed=3)
    with pytest.raises(ValueError, match="full keyboard"):
        full.step_game(A.Wait())
    env.close()
    full.close()


@pytest.mark.parametrize("args, says", [
    (["--games", "1_000"], "--games: expected a whole number from 1 to 1,000,000 in plain "
                           "digits 0-9, not '1_000'"),
    (["--games", "0"], "--games: expected a whole number from 1"),
    (["--games", "２"], "in plain digits 0-9"),
    (["--games", "2", "--games", "3"], "--games is given twice"),
    (["--out", "OTHER"], "--out is given twice"),
    (["--first", "-1"], "--first: a seed is a whole number from 0"),
    (["--first", str(2**64 - 1), "--games", "2"], "run past the last seed"),
    (["--turns", "10", "--turns", "10"], "--turns is given twice"),
    (["--char", "dwarf wizard"], "unknown character 'dwarf wizard'"),
    (["--rules", "chess"], "unknown rules 'chess'"),
    (["--out", ""], "--out: expected a value, not an empty one"),
])
def test_bad_arguments_are_one_line_and_exit_2(game_main, tmp_path, args, says):
    out = tmp_path / "games"
    given = ["--out", str(out)] if "--out" not in args or "OTHER" in args else []
    args = [str(tmp_path / "other") if a == "OTHER" else a for a in args]
    done = game_main("dataset", *given, *args)
    assert done.returncode == 2 and says in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and not done.stdout
    assert not out.exists() and not (tmp_path / "other").exists()


def test_no_folder_or_a_file_for_one_is_one_line_and_exit_2(game_main, tmp_path):
    done = game_main("dataset", "--games", "1")
    assert done.returncode == 2 and "required: --out" in done.stderr
    (tmp_path / "file").write_text("mine\n")
    done = game_main("dataset", "--games", "1", "--out", str(tmp_path / "file"))
    assert done.returncode == 2 and "is not a folder" in done.stderr
    assert done.stderr.count("\n") == 1 and (tmp_path / "file").read_text() == "mine\n"


def docs_dataset() -> tuple[str, str, str]:
    """The page's dataset section: its command, its Python block, what it says it prints."""
    section = DOCS.read_text().split("## A dataset of games", 1)[1].split("\n## ", 1)[0]
    command = re.search(r"```sh\n(python -m game dataset[^\n]*)\n```", section)
    block = re.search(r"```python\n(.*?)```", section, re.S)
    printed = re.search(r"It prints\n\n```\n(.*?)\n```", section, re.S)
    assert command and block and printed
    return command[1], block[1], printed[1]


def test_the_docs_behaviour_cloning_example_runs_and_prints_what_the_page_says(
        game_main, tmp_path, monkeypatch, capsys):
    command, block, printed = docs_dataset()
    monkeypatch.chdir(tmp_path)
    assert game_main(*command.split()[3:]).returncode == 0
    capsys.readouterr()
    exec(compile(block, "docs/env.md", "exec"), {})  # noqa: S102  (our own docs)
    assert capsys.readouterr().out.strip() == printed

