"""Every way of ending a game in a real terminal: nothing is lost without a word.

Ctrl-C asks as Esc does; SIGTERM and SIGHUP save and exit; a closed terminal saves; a quit
whose save fails says why and waits for the player's choice. (Tests run as root, where a
read-only folder is still written, so the save is made to fail by ``saves`` being a file.)
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest
from test_terminal import PtyDemo, restored

from game.persist.replay import verify
from game.persist.savefile import load

SAVE = "saves/dwarf-warrior-5.json"


def game(folder: Path) -> PtyDemo:
    """The game in ``folder``, one step taken (exec: the signals go to the game itself)."""
    pty = PtyDemo(24, 80, f"cd {folder} && exec {sys.executable} -m game play --seed 5 "
                          f"--char 'dwarf warrior'")
    pty.wait_for("HP 14/14")
    pty.send("h", "Turn 1")
    return pty


def saved(path: Path, actions: int = 1) -> None:
    """``path`` holds the game with its ``actions`` actions, in sync."""
    code, message = verify(path)
    assert code == 0, message
    assert len(load(path).actions) == actions


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_save_and_exit(tmp_path, signum):
    pty = game(tmp_path)
    pty.child.kill(signum)
    assert pty.finish() == 0
    assert restored(pty.raw) and "Traceback" not in pty.raw
    assert f"Saved in {SAVE}" in pty.raw
    saved(tmp_path / SAVE)


def test_a_closed_terminal_saves(tmp_path):
    pty = game(tmp_path)
    process = pty.child.ptyproc  # the terminal window closes: the kernel sends SIGHUP
    process.fileobj.close()  # (through its file object, which would close the fd again)
    process.closed = pty.child.closed = True
    deadline = time.monotonic() + 60
    while pty.child.isalive():
        assert time.monotonic() < deadline, "the game did not exit when its terminal closed"
        time.sleep(0.05)
    saved(tmp_path / SAVE)


def test_ctrl_c_asks_and_no_goes_on_playing(tmp_path):
    pty = game(tmp_path)
    pty.child.sendintr()
    pty.wait_for("Really quit? (y/n)")
    pty.child.send("n")
    pty.send("h", "Turn 2")  # the question went, and the game goes on
    assert "Really quit?" not in pty.text()
    pty.child.sendintr()
    pty.wait_for("Really quit? (y/n)")
    pty.child.send("y")
    assert pty.finish() == 0 and restored(pty.raw)
    saved(tmp_path / SAVE, 2)


def test_quitting_onto_an_unwritable_folder_asks_then_saves_elsewhere(tmp_path):
    (tmp_path / "saves").write_text("in the way")
    pty = game(tmp_path)
    pty.send("S", "Not saved")
    screen = pty.text()
    assert "The game could not be saved:" in screen and "saves is a file" in screen
    assert "quit without saving" in screen
    pty.child.sendintr()  # Ctrl-C does not skip the choice
    time.sleep(0.3)
    pty.send("a", "Save to which file?")
    pty.send("kept.json", "kept.json_")
    pty.child.send("\r")
    assert pty.finish() == 0
    assert "Saved in kept.json" in pty.raw
    saved(tmp_path / "kept.json")


def test_quitting_without_saving_says_so(tmp_path):
    (tmp_path / "saves").write_text("in the way")
    pty = game(tmp_path)
    pty.send("\x1b", "Really quit?")
    pty.send("y", "Not saved")
    pty.child.send("q")
    assert pty.finish() == 0 and "Quit without saving." in pty.raw


def test_a_hang_up_whose_save_fails_saves_to_the_rescue_file(tmp_path):
    (tmp_path / "saves").write_text("in the way")
    pty = PtyDemo(24, 80, f"cd {tmp_path} && TMPDIR={tmp_path} exec {sys.executable} -m game "
                          f"play --seed 5 --char 'dwarf warrior'")
    pty.wait_for("HP 14/14")
    pty.send("h", "Turn 1")
    pty.child.kill(signal.SIGTERM)
    assert pty.finish() == 0
    assert "Saved in" in pty.raw and "dwarf-warrior-5-rescued.json" in pty.raw
    saved(tmp_path / "dwarf-warrior-5-rescued.json")
