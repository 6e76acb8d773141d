"""Progress bars (game/lab/progress.py): games done, the rate and the time left on a terminal's
stderr; nothing at all where stderr is not a terminal."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pexpect

from game.commands.tools import _counted
from game.lab import progress

ROOT = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_counts_rates_and_times_what_is_left():
    screen = Terminal()
    with progress.bar(40, unit="game", desc="balance", stream=screen, delay=0) as bar:
        bar.update(10)
        bar.refresh()
        shown = screen.getvalue()
    assert "balance" in shown and "10/40" in shown and "game/s" in shown
    assert "<" in shown  # [elapsed<left]


def test_nothing_is_written_where_stderr_is_not_a_terminal():
    pipe = io.StringIO()
    assert not progress.shows(pipe)
    with progress.bar(5, stream=pipe, delay=0) as bar:
        bar.update(5)
    assert pipe.getvalue() == ""


def test_verify_tells_its_bar_the_length_then_the_actions_replayed():
    screen = Terminal()
    with progress.bar(0, unit="action", desc="verify", stream=screen, delay=0) as bar:
        tell = _counted(bar)
        tell(100, 2500)
        tell(200, 2500)
        assert (bar.total, bar.n) == (2500, 200)
        bar.refresh()
        assert "200/2500" in screen.getvalue()


def test_the_commands_write_no_bar_into_a_pipe():
    out = subprocess.run([sys.executable, "-m", "game", "balance", "--seeds", "2", "--depth",
                          "2", "--actions", "30", "--char", "dwarf warrior", "--jobs", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == ""
    last = "all: 0/2 reached depth 2 (0%, 95% interval 0-66%)"
    assert out.stdout.splitlines()[-1] == last  # the table alone


def test_fsim_shows_its_bar_on_a_terminal():
    """In a pseudo-terminal the bar is drawn (on stderr, which is the terminal too: here at
    once, rather than after a second, so a fast machine shows it too) and cleared; the table
    follows."""
    script = ("import sys; from game.lab import progress; progress.DELAY = 0; "
              "from game.__main__ import main; sys.exit(main(sys.argv[1:]))")
    child = pexpect.spawn(sys.executable, ["-c", script, "fsim", "player", "kobold",
                                           "--rounds", "600", "--seed", "2"],
                          cwd=str(ROOT), timeout=120, encoding="utf-8",
                          dimensions=(24, 100))
    child.expect(r"fights:\s+\d+%\|")  # tqdm's line: what is done of the whole
    child.expect(r"\d+/600 \[")  # fights done of all
    child.expect("600 fights")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
