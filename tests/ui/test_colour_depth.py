"""Colour depth: truecolour where the terminal says so, 256 colours, 16 for TERM=xterm and the
like; TERM=dumb is one clear line and a non-zero exit."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import blessed
import pexpect
import pyte
import pytest
import tcod.console

from game.frontends.terminal import (
    COLOURS_16,
    COLOURS_256,
    TRUECOLOR,
    AnsiRenderer,
    colour_depth,
    system16,
)
from game.ui import palette

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("term", "colorterm", "depth"), [
    ("xterm-256color", "truecolor", TRUECOLOR),
    ("xterm", "24bit", TRUECOLOR),
    ("xterm-256color", "", COLOURS_256),
    ("tmux-256color", "", COLOURS_256),
    ("xterm", "", COLOURS_16),
    ("linux", "", COLOURS_16),
    ("vt100", "", COLOURS_16),
])
def test_the_depth_follows_what_the_terminal_says(term, colorterm, depth):
    colours = blessed.Terminal(kind=term, force_styling=True).number_of_colors
    assert colour_depth(colours, {"COLORTERM": colorterm}) == depth


def test_sixteen_colours_use_the_system_colour_codes():
    console = tcod.console.Console(10, 1, order="F")
    console.print(0, 0, "Hello", fg=(255, 0, 0), bg=(0, 0, 150))
    renderer = AnsiRenderer(io.StringIO(), depth=COLOURS_16)
    renderer.render(console)
    out = renderer.stream.getvalue()
    assert "\x1b[91;44mHello" in out and "38;5;" not in out and "38;2;" not in out
    screen = pyte.Screen(10, 1)
    pyte.Stream(screen).feed(out)
    assert screen.display[0].startswith("Hello")
    assert (screen.buffer[0][0].fg, screen.buffer[0][0].bg) == ("brightred", "blue")


def test_the_game_palette_lands_on_sensible_system_colours():
    shown = system16([palette.TEXT, palette.DIM, palette.GOOD, palette.BAD, palette.WARN,
                      palette.FLOOR[0], palette.FLOOR[1], palette.PANEL]).tolist()
    assert shown == [15, 7, 10, 9, 11, 7, 8, 0]  # green stays green; remembered floor shows


def test_term_dumb_is_one_clear_line_and_a_non_zero_exit(tmp_path):
    env = {**os.environ, "TERM": "dumb", "PYTHONPATH": str(ROOT)}
    env.pop("COLORTERM", None)
    child = pexpect.spawn(sys.executable, ["-m", "game", "play", "--seed", "1", "--char",
                                           "elf ranger"], env=env, cwd=str(tmp_path),
                          encoding="utf-8", dimensions=(24, 80))
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert child.exitstatus not in (0, None)
    assert lines == ["python -m game: this terminal (TERM=dumb) cannot draw the game: run it in "
                     "a terminal such as xterm (TERM=xterm-256color), or play with --window"]


def test_no_color_turns_colour_off_and_shows_a_highlight_in_reverse_video():
    assert colour_depth(16_777_216, {"NO_COLOR": "1", "COLORTERM": "truecolor"}) == "none"
    assert colour_depth(256, {"NO_COLOR": ""}) == COLOURS_256  # set but empty: as if unset
    console = tcod.console.Console(12, 1, order="F")
    console.print(0, 0, "Hello", fg=(255, 0, 0), bg=(0, 0, 150))
    console.print(6, 0, "pick", fg=(0, 0, 0), bg=(200, 200, 200))
    renderer = AnsiRenderer(io.StringIO(), depth=colour_depth(256, {"NO_COLOR": "yes"}))
    renderer.render(console)
    out = renderer.stream.getvalue()
    assert not any(code in out for code in ("38;", "48;", "[3", "[4", "[9", "[10"))
    screen = pyte.Screen(12, 1)
    pyte.Stream(screen).feed(out)
    assert screen.display[0].startswith("Hello pick")
    assert not screen.buffer[0][0].reverse and screen.buffer[0][6].reverse


def test_the_game_under_no_color_writes_no_colour(tmp_path):
    env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1",
           "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "game", "play", "--seed", "1", "--char",
                                           "elf ranger"], env=env, cwd=str(tmp_path),
                          encoding="utf-8", dimensions=(24, 80))
    child.logfile_read = everything = io.StringIO()
    child.expect("HP ", timeout=60)
    child.send("S")
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 0
    drawn = everything.getvalue()
    assert "HP " in drawn and not any(code in drawn for code in ("38;2;", "48;2;", "38;5;"))
