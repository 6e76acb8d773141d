"""Every number and name on the command line has a range, and an empty value is refused: one
line, exit 2, before anything runs (a huge --jobs was a traceback, --rounds 10^30 ran for
ever, --csv naming a pipe blocked, ``--out ''`` fell back to the default)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HUGE = "1" + "0" * 30
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("args, says", [
    (["balance", "--jobs", HUGE], "--jobs: expected a whole number from 1 to 64"),
    (["balance", "--first", "-1"], "--first: a seed is a whole number from 0"),
    (["balance", "--depth", HUGE], "--depth: expected a whole number from 1 to 6"),
    (["balance", "--first", str(2**64 - 1), "--seeds", "2"], "go past the last seed"),
    (["balance", "--seeds", HUGE], "--seeds: expected a whole number from 1 to 1,000,000"),
    (["fsim", "player", "kobold", "--rounds", HUGE], "--rounds: expected a whole number"),
    (["bot", "--turns", HUGE], "--turns: expected a whole number"),
    (["play", "--rules", ""], "--rules: expected a value, not an empty one"),
    (["bot", "--char", ""], "--char: expected a value, not an empty one"),
    (["bot", "--out", ""], "--out: expected a value, not an empty one"),
    (["scores", "--file", ""], "--file: expected a value, not an empty one"),
    (["fsim", "player", "kobold", "--csv", ""], "--csv: expected a value, not an empty one"),
    (["play", "--load", ""], "--load: expected a value, not an empty one"),
    (["verify", ""], "expected a value, not an empty one"),
])
def test_out_of_range_and_empty_values_are_one_line_and_exit_2(game_main, args, says):
    out = game_main(*args)
    assert out.returncode == 2 and says in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr and not out.stdout


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_fsim_csv_into_a_folder_or_a_pipe_is_refused_before_the_fights(game_main, tmp_path,
                                                                        kind):
    target = tmp_path / "out"
    target.mkdir() if kind == "folder" else os.mkfifo(target)
    out = game_main("fsim", "player", "kobold", "--rounds", "5", "--csv", str(target))
    assert out.returncode == 2 and "not a regular file" in out.stderr and not out.stdout


@pytest.mark.parametrize("args", [
    ["fsim", "kobold", "goblin", "--rounds", "100"],
    ["balance", "--seeds", "1", "--char", "dwarf warrior", "--actions", "20"],
    ["verify", "SAVE"],
    ["odds", "kobold", "goblin"],
    ["scores"],
])
def test_a_reader_that_stops_reading_ends_the_command_quietly(args, tmp_path):
    """``python -m game ... | head -n0``: the reader has gone before the first line (its end
    of the pipe closed before the command starts, so every write finds it gone): exit 141, as
    a shell tool killed by SIGPIPE, and nothing on stderr (it was a BrokenPipeError traceback,
    exit 1)."""
    args = [str(ROOT / "saves" / "sample.json") if a == "SAVE" else a for a in args]
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "game", *args], stdout=writer,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


@pytest.mark.parametrize("args, says", [
    (["fsim", "player", "kobold", "--char", "dwarf wizard", "--rounds", "5"],
     "unknown character 'dwarf wizard'"),
    (["fsim", "player", "kobold", "--char", "all", "--rounds", "5"], "unknown character 'all'"),
    (["play", "--load", "/"], "/: is a folder, not a save file"),
    (["play", "--load", "."], ".: is a folder, not a save file"),
    (["bot", "--char", "elf ranger", "--char", "dwarf warrior"], "--char is given twice"),
    (["curve", "player", "kobold", "--vary", "defence=9..10", "--vary", "strength=3..4"],
     "--vary is given twice"),
    (["bot", "--seed", "1", "--seed", "2"], "--seed is given twice"),
    (["bot", "--turns", "１２３"], "in plain digits 0-9, not '１２３'"),
    (["bot", "--turns", "1_000"], "in plain digits 0-9, not '1_000'"),
    (["play", "--seed", "1_000"], "in plain digits 0-9, not '1_000'"),
    (["curve", "player", "kobold", "--vary", "defence=９..10"], "--vary"),
])
def test_command_line_garbage_is_one_line_and_exit_2(game_main, args, says):
    """Each was a traceback, or silently taken (a second --char replaced the first; 1_000 and
    full-width digits were numbers)."""
    out = game_main(*args)
    assert out.returncode == 2 and says in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr and not out.stdout


@pytest.mark.parametrize("command", [[], ["bot"], ["balance"], ["fsim"]])
def test_help_says_how_numbers_are_written(game_main, command):
    out = game_main(*command, "--help")
    assert out.returncode == 0
    assert "plain digits 0-9: 1000, not 1_000" in " ".join(out.stdout.split())


def test_an_option_before_the_command_and_again_after_it_is_given_twice(game_main):
    out = game_main("--char", "elf ranger", "play", "--char", "dwarf warrior")
    assert out.returncode == 2 and "--char is given twice" in out.stderr
    from game.__main__ import parser

    again = parser()  # and each parse is its own
    assert again.parse_args(["bot", "--char", "elf ranger"]).char == "elf ranger"
    assert again.parse_args(["bot", "--char", "dwarf warrior"]).char == "dwarf warrior"
