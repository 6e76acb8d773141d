"""The window front end: its key names, and one real frame on SDL's dummy video driver."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tcod.event

from game.frontends.window import key_name

ROOT = Path(__file__).resolve().parents[2]
K, M = tcod.event.KeySym, tcod.event.Modifier


def down(sym, mod=M.NONE):
    return tcod.event.KeyDown(scancode=tcod.event.Scancode.A, sym=sym, mod=mod)


def test_key_names_match_the_terminals():
    assert key_name(tcod.event.TextInput(text="k")) == "k"
    assert key_name(tcod.event.TextInput(text="@")) == "@"
    assert key_name(down(K.UP)) == "up"
    assert key_name(down(K.HOME)) == "upleft"
    assert key_name(down(K.KP_5)) == "5"
    assert key_name(down(K.ESCAPE)) == "escape"
    assert key_name(down(K.P, M.LCTRL)) == "ctrl-p"
    assert key_name(down(K.K)) is None  # the character comes as TextInput


def test_no_display_is_one_clear_line():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    run = subprocess.run([sys.executable, "-m", "game", "play", "--window", "--seed", "1",
                          "--char", "dwarf warrior"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    if not sys.platform.startswith("linux"):
        return
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "python -m game: no display for --window (DISPLAY is not set); play in the terminal"]


def test_a_frame_in_a_real_window_on_the_dummy_driver():
    script = (
        "import tcod.context\n"
        "from game.frontends import window\n"
        "from game.ui.app import GameApp\n"
        "app = GameApp(3, character='dwarf warrior')\n"
        "with tcod.context.new(columns=80, rows=24, tileset=window.tileset()) as ctx:\n"
        "    console = ctx.new_console(min_columns=80, min_rows=24, order='F')\n"
        "    app.draw(console)\n"
        "    ctx.present(console)\n"
        "    print(console.width, console.height, 'Seed 3' in str(console))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["80", "24", "True"]


def test_the_repositorys_font_fills_14_by_24_cells():
    from game.frontends import window

    assert window.FONT.is_file() and (window.FONT.parent / "LICENSE").is_file()
    tileset = window.tileset()
    assert (tileset.tile_width, tileset.tile_height) == (14, 24)
    block = tileset.get_tile(0x2588)[..., 3]
    assert block.shape == (24, 14) and block.all()  # the full block covers its whole cell
    at = tileset.get_tile(ord("@"))[..., 3]
    rows, columns = at.any(axis=1).sum(), at.any(axis=0).sum()
    assert rows >= 12 and columns >= 10  # a letter fills most of its cell, no gaps


def test_a_missing_or_unreadable_font_is_one_line(tmp_path):
    import pytest

    from game.frontends import window

    bad = tmp_path / "font.ttf"
    bad.write_text("not a font")
    for path in (bad, tmp_path / "missing.ttf"):
        with pytest.raises(window.NoWindow) as err:
            window.load_font(path)
        assert str(path) in str(err.value) and "\n" not in str(err.value)


def test_no_font_anywhere_is_one_line(tmp_path, monkeypatch):
    import pytest

    from game.frontends import window

    monkeypatch.setattr(window, "FONT", tmp_path / "gone.ttf")
    monkeypatch.setattr(window, "FONTS", ())
    with pytest.raises(window.NoWindow, match=r"^no monospace font for --window \(.*gone.ttf"):
        window.tileset()


def test_the_window_opens_at_the_readmes_size_and_sdl_says_nothing(tmp_path):
    """1120x576 for 80x24 cells of 14x24 pixels; SDL's own log lines ("SYSTEM:App name",
    "RENDER:Created renderer") reach neither stdout nor stderr: only the game's own line."""
    script = (
        "import signal, threading, os\n"
        "from game.frontends import window\n"
        "context = window.open_window(window.tileset())\n"
        "print('size', *context.sdl_window.size)\n"
        "context.close()\n"
        "threading.Timer(3, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()\n"
        "from game.__main__ import main\n"
        "main(['play', '--window', '--seed', '1', '--char', 'dwarf warrior'])\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    lines = run.stdout.splitlines()
    assert lines[0] == "size 1120 576"
    assert len(lines) == 2 and lines[1].startswith("Saved in "), run.stdout
    assert run.stderr == ""
    assert "1120x576 for 80x24" in " ".join((ROOT / "README.md").read_text().split())
