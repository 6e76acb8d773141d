"""Suspended from outside the terminal (``kill -TSTP``, ``kill -CONT``, then ``fg``), the game
gives the terminal back, waits, and takes it again with a fresh frame: an interrupted terminal
call is tried again, never "the game crashed"."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from test_terminal import PtyDemo


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(n) for n in (task / "children").read_text().split()]
    return found


def redrawn(pty: PtyDemo) -> None:
    """The game's whole frame is on the screen again, the shell's lines gone."""
    deadline = time.monotonic() + 60
    while "Stopped" in pty.text() or "HP 14/14" not in pty.text():
        assert time.monotonic() < deadline, f"not redrawn; screen:\n{pty.text()}"
        pty.wait_for("", raw_since=len(pty.raw))
        pty._read()


def test_stopped_and_continued_from_outside_then_fg_plays_on(tmp_path):
    pty = PtyDemo(24, 80, "exec bash --norc --noprofile -i")
    pty.child.send("PS1='$ '; stty -echo\r")
    time.sleep(0.5)
    pty.child.send(f"cd {tmp_path} && {sys.executable} -m game play --seed 5 "
                   f"--char 'dwarf warrior'\r")
    pty.wait_for("HP 14/14")
    [game] = children(pty.child.pid)
    for _ in range(3):
        mark = len(pty.raw)
        os.kill(game, signal.SIGTSTP)
        pty.wait_for("Stopped", raw_since=mark)
        os.kill(game, signal.SIGCONT)  # continued in the background: it stops at the terminal
        time.sleep(0.5)
        mark = len(pty.raw)
        pty.child.send("fg\r")
        redrawn(pty)
    pty.send("s", "Turn 1")
    mark = len(pty.raw)
    pty.child.send("S")
    pty.wait_for("Saved in saves/dwarf-warrior-5.json", raw_since=mark)
    pty.child.send("echo fg-exit=$?\r")  # fg's status is the game's
    pty.wait_for("fg-exit=", raw_since=mark)
    assert "fg-exit=0" in pty.raw and "Traceback" not in pty.raw, pty.raw[-2000:]
    pty.child.send("exit\r")
    pty.finish()
