"""An overlay's text is checked as a save's is (``game.rules.bounds.shows``, the lengths and
nesting of ``game.rules.bounds``): each bad overlay below is one line of stderr naming its file
and exit 2, from every command that takes ``--content``. (Escape sequences and a
100,000-character description were taken, a 5,000-deep value was a 2,992-line RecursionError,
a 100k-digit integer a ValueError, a symlink loop a RuntimeError.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from overlay_helpers import write_overlay

from game.rules import bounds

KOBOLD = '[creature."kobold"]\n'


def _file(text: str):
    return lambda folder: write_overlay(folder, {"c.toml": text}) / "c.toml"


def _loop_file(folder: Path) -> Path:
    folder.mkdir()
    os.symlink("c.toml", folder / "c.toml")
    return folder / "c.toml"


def _loop_folder(folder: Path) -> Path:
    os.symlink(folder, folder)
    return folder


BAD = {
    "escape sequence": (_file(KOBOLD + 'description = "\\u001b[2J\\u001b[31mred"\n'),
                        "cannot be shown"),
    "control character in a name": (_file('[creature."kob\\u0007old"]\nhit_points = 3\n'),
                                    "cannot be shown"),
    "line break in a list": (_file(KOBOLD + 'tags = ["orc\\n"]\n'), "cannot be shown"),
    "100,000 characters": (_file(KOBOLD + f'description = "{"a" * 100_000}"\n'),
                           f"longer than {bounds.TEXT_LENGTH} characters"),
    "5,000 deep": (_file("x = " + "[" * 5000 + "]" * 5000 + "\n"), "nested too deeply"),
    "20 deep": (_file("x = " + "[" * 20 + "]" * 20 + "\n"), "nested too deeply"),
    "100k digits": (_file(KOBOLD + "hit_points = " + "9" * 100_000 + "\n"),
                    "a number too long"),
    "50 digits": (_file(KOBOLD + "hit_points = " + "9" * 50 + "\n"), "a number too long"),
    "20 digits": (_file(KOBOLD + "hit_points = 99999999999999999999\n"), "is above"),
    "symlink loop": (_loop_file, "cannot read"),
    "folder a symlink loop": (_loop_folder, "cannot read"),
}
COMMANDS = {
    "play": ["play"],
    "odds": ["odds", "player", "kobold"],
    "fsim": ["fsim", "player", "kobold", "--rounds", "1"],
    "curve": ["curve", "player", "kobold", "--vary", "defence=10..11"],
    "bot": ["bot", "--turns", "1"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("bad", BAD)
def test_a_bad_overlay_text_is_one_line_naming_its_file_and_exit_2(game_main, tmp_path, bad,
                                                                   command):
    make, says = BAD[bad]
    named = make(tmp_path / "mod")
    out = game_main(*COMMANDS[command], "--content", str(tmp_path / "mod"))
    assert out.returncode == 2, out.stderr[-500:]
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr[-500:]
    assert says in out.stderr and str(named) in out.stderr, out.stderr
    assert len(out.stderr) < 400
