"""The real game through the real terminal front end, in a pseudo-terminal read with pyte."""

from __future__ import annotations

import subprocess
import sys

from test_terminal import PtyDemo, restored

# Run from a temporary folder: quitting saves to ./saves, which must not be the repository's.
GAME = f"cd $(mktemp -d) && {sys.executable} -m game play --seed 5"


def test_a_game_starts_moves_shows_help_and_quits_cleanly():
    pty = PtyDemo(24, 80, f"{GAME} --char 'dwarf warrior'; echo rc=$?")
    pty.wait_for("dwarf warrior   HP 14/14")
    pty.wait_for("Seed 5")  # the frame may arrive in more than one read
    pty.wait_for("Dv 11  Pv 1")
    pty.send("?", "move or attack north")
    pty.send("x", "dwarf warrior   HP 14/14")  # any key closes the help
    pty.send("@", "+3 to hit, 1d9+3 slashing or piercing")
    pty.send("x", "Turn 0")
    pty.send("h", "Turn 1")  # a step west is a turn
    pty.send("\x1b", "Really quit? (y/n)")
    pty.child.send("y")
    assert pty.finish() == 0
    assert "rc=0" in pty.raw and restored(pty.raw) and "Traceback" not in pty.raw


def test_the_start_screen_picks_a_character():
    pty = PtyDemo(24, 80, f"{GAME}; echo rc=$?")
    pty.wait_for("Choose your character")
    pty.send("b", "elf ranger   HP 10/10")
    pty.send("\x1b", "Really quit?")
    pty.child.send("y")
    assert pty.finish() == 0


def test_a_small_terminal_asks_for_more_room():
    pty = PtyDemo(20, 70, GAME.replace("&& ", "&& exec ") + " --char 'dwarf warrior'")
    pty.wait_for("resize to at least 80x24")
    pty.resize(24, 80)
    pty.wait_for("dwarf warrior   HP 14/14")
    pty.child.sendintr()  # Ctrl-C asks, as Esc does
    pty.wait_for("Really quit? (y/n)")
    pty.child.send("y")
    assert pty.finish() == 0 and restored(pty.raw)


def test_no_terminal_is_one_clear_line_and_a_non_zero_exit():
    run = subprocess.run([sys.executable, "-m", "game", "--char", "dwarf warrior"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "python -m game: no terminal: run the game in a terminal (stdin and stdout must be a tty)"]


def test_unknown_character_and_option_are_refused():
    bad = subprocess.run([sys.executable, "-m", "game", "--char", "wizard king"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown character 'wizard king'" in bad.stderr
    assert "dwarf warrior" in bad.stderr and "Traceback" not in bad.stderr
    option = subprocess.run([sys.executable, "-m", "game", "play", "--colour", "red"],
                            capture_output=True, text=True, timeout=60)
    assert option.returncode == 2 and "unrecognized arguments: --colour red" in option.stderr
