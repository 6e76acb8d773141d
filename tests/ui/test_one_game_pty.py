"""One game per save file, in real terminals and real processes: a new game never writes over
a game under way, and a game being played cannot be loaded by a second process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from test_terminal import ROOT, PtyDemo

from game.persist.savefile import load

SAVE = "saves/dwarf-warrior-42.json"


def play(folder: Path, args: str) -> PtyDemo:
    pty = PtyDemo(24, 80, f"cd {folder} && exec {sys.executable} -m game play {args}")
    pty.wait_for("HP 14/14")
    return pty


def new_game(folder: Path, waits: int) -> str:
    """A new game on seed 42, ``waits`` turns waited, S: what it said as it quit."""
    pty = play(folder, "--seed 42 --char 'dwarf warrior'")
    for turn in range(1, waits + 1):
        pty.send("s", f"Turn {turn}")
    pty.child.send("S")
    assert pty.finish() == 0
    return pty.raw


def load_in_another_process(folder: Path, save: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", "play", "--load", save], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_a_new_game_takes_a_free_name_beside_a_game_under_way(tmp_path):
    new_game(tmp_path, 5)
    said = new_game(tmp_path, 1)
    assert "Saved in saves/dwarf-warrior-42-2.json" in said
    assert len(load(tmp_path / SAVE).actions) == 5  # the first game is whole
    assert len(load(tmp_path / "saves/dwarf-warrior-42-2.json").actions) == 1


def test_a_game_being_played_is_refused_to_a_second_process_in_one_line(tmp_path):
    new_game(tmp_path, 2)
    first = play(tmp_path, f"--load {SAVE}")
    second = load_in_another_process(tmp_path, SAVE)
    assert second.returncode == 1 and "Traceback" not in second.stderr
    assert second.stderr.strip() == (f"python -m game: {SAVE} is in use by process "
                                     f"{first.child.pid}: it is being played there")
    first.send("s", "Turn 3")
    first.child.send("S")
    assert first.finish() == 0
    assert len(load(tmp_path / SAVE).actions) == 3
    again = play(tmp_path, f"--load {SAVE}")  # let go on exit: it loads again
    again.child.kill(signal.SIGKILL)  # and a killed game's lock is stale at once
    again.finish()
    third = load_in_another_process(tmp_path, SAVE)
    assert "in use" not in third.stderr, third.stderr
