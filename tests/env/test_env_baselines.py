"""python -m game baselines: its table's rows, docs/env.md's table as its output, the docs' PPO
example, and one line where SB3 is missing. The training runs are a few hundred steps, and
only where Stable-Baselines3 (and sb3-contrib) is installed."""

import importlib.util
import re
from pathlib import Path

import pytest

from game.__main__ import main
from game.commands import baselines as command
from game.env import baselines, rooms

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "env.md"
FIGURE = r"[+-]\d+\.\d\d ± \d+\.\d\d"
LEARNERS = ("torch", "stable_baselines3", "sb3_contrib")
needs_sb3 = pytest.mark.skipif(
    not all(importlib.util.find_spec(name) for name in LEARNERS),
    reason="needs Stable-Baselines3: pip install -e '.[baselines]'")


def row(text: str, task: str) -> list[str]:
    """The cells of ``task``'s row of a printed table."""
    (line,) = [line for line in text.splitlines() if line.startswith(f"| `{task}` |")]
    return [cell.strip() for cell in line.strip("|").split("|")]


@needs_sb3
def test_the_command_trains_and_prints_a_row_for_each_task(capsys):
    assert main(["baselines", "--steps", "256", "--episodes", "3"]) == 0
    out = capsys.readouterr().out
    for task in rooms.ROOMS:
        cells = row(out, task)
        assert all(re.fullmatch(FIGURE, cell) for cell in cells[1:5]), cells
        assert all(re.fullmatch(r"2\d\d steps, \d+ s", cell) for cell in cells[5:]), cells
    assert "3 held-out seeds" in out and "1 thread" in out


@needs_sb3
def test_the_docs_ppo_example_runs_as_written():
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)
                if "PPO(" in b and "game/Room-v0" in b]
    assert "total_timesteps=50_000" in block
    printed = []
    exec(compile(block.replace("total_timesteps=50_000", "total_timesteps=256"),
                 "docs/env.md", "exec"), {"print": printed.append})
    (line,) = printed
    assert re.fullmatch(r"reached > in \d+ of 100 new rooms, mean return -?\d\.\d\d", line)


def test_the_docs_table_is_the_commands_output_for_random_and_scripted(capsys):
    """Random and scripted learn nothing, so their figures are the same on every machine:
    the page's are what the command prints now (a change of play shows here)."""
    assert main(["baselines", "--no-ppo"]) == 0
    out = capsys.readouterr().out
    page = PAGE.read_text().split("## Baselines")[1]
    for task in rooms.ROOMS:
        assert row(page, task)[1:3] == row(out, task)[1:3], task


def test_the_docs_example_and_the_command_train_alike():
    """The page's example is the baselines' own PPO on game/Room-v0, so its figure is the
    table's: the same number of environments, steps and seed."""
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)
                if "PPO(" in b and "game/Room-v0" in b]
    assert f"n_envs={baselines.N_ENVS}, seed={baselines.SEED}" in block
    assert f"total_timesteps={baselines.TRAIN_STEPS:_}" in block
    assert f"range({baselines.HELD_OUT:_}".replace("4_294_967_296", "2**32") in block


def test_without_sb3_the_command_says_what_to_install_in_one_line(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(command.importlib.util, "find_spec",
                        lambda name: None if name == "torch" else real(name))
    assert main(["baselines", "--episodes", "2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install -e '.[baselines]'" in err


@pytest.mark.parametrize("args", [["--steps", "100001"], ["--episodes", "1"],
                                  ["--steps", "ten"]])
def test_bad_arguments_are_one_line(args, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["baselines", *args])
    assert stop.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_an_unknown_task_is_one_line(capsys):
    assert main(["baselines", "--no-ppo", "--task", "game/Nowhere-v0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game/Room-v0" in err
