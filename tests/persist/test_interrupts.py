"""Ctrl-C (a real SIGINT) during ``bot`` and ``verify``: one line, exit 130, nothing lost.

The signal is sent by the child to itself at a chosen action, so the test does not race the
interpreter's start: the command is well inside its work when it arrives. The child makes
Ctrl-C live first: started from a background job (nohup, some CI runners) SIGINT is ignored,
and the commands rightly leave an ignored signal ignored."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from persist_helpers import ROOT

from game.persist.replay import verify
from game.persist.savefile import load

# Runs ``python -m game ARGS`` in this child, with SIGINT sent at the Nth action submitted.
CHILD = """
import os, signal, sys
from game.world.game import Game
from game.__main__ import main

signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C live, as in a terminal
at, submitted, real = int(sys.argv[1]), [0], Game.submit
def submit(self, action):
    submitted[0] += 1
    if submitted[0] == at:
        os.kill(os.getpid(), signal.SIGINT)
    return real(self, action)
Game.submit = submit
sys.exit(main(sys.argv[2:]))
"""


def interrupted(at: int, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", CHILD, str(at), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_ctrl_c_stops_the_bot_which_saves_what_it_played(tmp_path):
    out = tmp_path / "bot.json"
    run = interrupted(40, "bot", "--seed", "3", "--turns", "100000", "--out", str(out))
    assert run.returncode == 130, run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""
    line, = run.stderr.splitlines()
    assert line.startswith("python -m game: bot interrupted: seed 3") and str(out) in line
    saved = load(out)
    assert 0 < len(saved.actions) <= 40  # stopped between two actions, none half-done
    assert verify(out)[0] == 0


def test_ctrl_c_stops_a_dataset_which_saves_every_game_it_played(tmp_path):
    out = tmp_path / "games"
    run = interrupted(250, "dataset", "--games", "5", "--turns", "100", "--out", str(out))
    assert run.returncode == 130 and run.stdout == "", run.stderr
    assert run.stderr.splitlines() == [f"python -m game: dataset interrupted: 3 of 5 games "
                                       f"saved to {out} (the last cut short)"]
    made = sorted(out.iterdir())
    assert [p.name for p in made] == [f"dwarf-warrior-{n}.json" for n in range(3)]
    assert all(verify(path)[0] == 0 for path in made)
    assert 0 < len(load(made[2]).actions) < 100  # stopped between two actions


def test_ctrl_c_stops_verify_in_one_line(sample: Path, tmp_path):
    copy = tmp_path / "sample.json"
    copy.write_bytes(sample.read_bytes())
    run = interrupted(100, "verify", str(copy))
    assert run.returncode == 130, run.stderr
    assert run.stderr.splitlines() == [
        f"python -m game: {copy}: verify interrupted (Ctrl-C); nothing was changed"]
    assert copy.read_bytes() == sample.read_bytes()
