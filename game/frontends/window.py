"""The window front end: the same App drawn in a tcod SDL window, where a display exists."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import numpy as np
import tcod.console
import tcod.context
import tcod.event
import tcod.tileset

from . import fonts
from .app import App
from .stopping import answer, hang_up, stop_signals

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSansMono.ttf"
TILE_HEIGHT = 24  # DejaVu Sans Mono at 24 pixels: 14x24 cells, an 1120x576 window for 80x24
FONTS = (  # if the repository's font is gone: the system's, else one line and exit 1
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "C:/Windows/Fonts/consola.ttf",
)
COLUMNS, ROWS = 80, 24
K = tcod.event.KeySym
_NAMES = {
    K.UP: "up", K.DOWN: "down", K.LEFT: "left", K.RIGHT: "right",
    K.HOME: "upleft", K.END: "downleft", K.PAGEUP: "upright", K.PAGEDOWN: "downright",
    K.RETURN: "enter", K.KP_ENTER: "enter", K.ESCAPE: "escape", K.TAB: "tab",
    K.BACKSPACE: "backspace", K.DELETE: "delete",
    **{getattr(K, f"KP_{d}"): str(d) for d in range(10)},
}  # fmt: skip


class NoWindow(RuntimeError):
    """No display or no font: the caller prints one line and exits."""


# Glyphs kept from the font: Latin, the CP437 set (box drawing, blocks, shapes) and arrows.
_CODEPOINTS = sorted({*range(0x20, 0x180), *tcod.tileset.CHARMAP_CP437, *range(0x2190, 0x2600)})


def load_font(path: str | Path, height: int = TILE_HEIGHT) -> tcod.tileset.Tileset:
    """``path`` as a tileset whose glyphs fill their cells.

    tcod's TrueType loader sizes a given tile width by the font's widest glyph, which leaves
    ordinary letters small with gaps between them; so load at the full height with the width
    left to tcod, and crop every glyph to the columns the full block (U+2588) covers, which is
    the font's own advance width."""
    try:  # never a file libtcod's reader could run off the end of (game.frontends.fonts)
        wide = fonts.load(Path(path), height, bundled=Path(path) == FONT)
    except (OSError, RuntimeError, ValueError) as err:
        raise NoWindow(f"cannot read the font {path}: " + " ".join(str(err).split())) from err
    columns = np.flatnonzero(wide.get_tile(0x2588)[..., 3].any(axis=0))
    if not columns.size:
        raise NoWindow(f"cannot read the font {path}: it has no full block glyph")
    left, right = int(columns[0]), int(columns[-1]) + 1
    tileset = tcod.tileset.Tileset(right - left, height)
    for codepoint in _CODEPOINTS:
        tile = wide.get_tile(codepoint)
        if tile[..., 3].any():
            tileset[codepoint] = np.ascontiguousarray(tile[:, left:right])
    return tileset


def tileset() -> tcod.tileset.Tileset:
    """The bundled font as a tileset (else the system's copy); NoWindow if there is none."""
    for path in (FONT, *FONTS):
        if Path(path).is_file():
            return load_font(path)
    raise NoWindow(f"no monospace font for --window ({FONT} is missing); play in the terminal")


def key_name(event: tcod.event.Event) -> str | None:
    """Arrows, keypad and control keys from KeyDown; printable characters from TextInput."""
    if isinstance(event, tcod.event.TextInput):
        return event.text
    if not isinstance(event, tcod.event.KeyDown):
        return None
    if event.sym in _NAMES:
        return _NAMES[event.sym]
    if event.mod & tcod.event.Modifier.CTRL and K.A <= event.sym <= K.Z:
        return "ctrl-" + chr(event.sym)
    return None


def quiet_sdl() -> None:
    """SDL's own log lines (tcod hands them to Python's logging as "tcod.sdl": "SYSTEM:App
    name: python3", "RENDER:Created renderer: opengl") go nowhere: the window is the game's
    output, and stdout and stderr are its one-line messages. SDL's errors still come back as
    the exceptions tcod raises."""
    sdl = logging.getLogger("tcod.sdl")
    sdl.handlers[:] = [logging.NullHandler()]
    sdl.propagate = False


def open_window(tileset: tcod.tileset.Tileset) -> tcod.context.Context:
    """The window, asked for at its size in pixels (80x24 cells of the font's: 1120x576 for
    DejaVu Sans Mono at 24 pixels, as the README says), not left to SDL's guess; SDL's log
    lines silenced first."""
    quiet_sdl()
    try:
        return tcod.context.new(columns=COLUMNS, rows=ROWS, tileset=tileset,
                                width=COLUMNS * tileset.tile_width,
                                height=ROWS * tileset.tile_height, title="game", vsync=True)
    except RuntimeError as err:
        raise NoWindow("cannot open a window: " + " ".join(str(err).split())) from err


def has_display() -> bool:
    """On Linux a window needs X11 or Wayland (SDL's dummy driver counts, for tests)."""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def run(app: App) -> int | None:
    """Run ``app`` in a window until it quits, the window is closed or a signal ends it
    (closing the window saves, like a hang-up). Returns the signal that ended it, if any."""
    if not has_display():
        raise NoWindow("no display for --window (DISPLAY is not set); play in the terminal")
    context = open_window(tileset())
    with context, stop_signals() as stop:
        dirty = True
        while True:
            if stop.interrupted or stop.signum is not None:
                going, signum = answer(app, stop)
                if not going:
                    return signum
                dirty = True
            if dirty:
                console = context.new_console(min_columns=COLUMNS, min_rows=ROWS, order="F")
                app.draw(console)
                context.present(console)
            tick = getattr(app, "tick", None)
            dirty = bool(tick is not None and tick())
            for event in tcod.event.wait(timeout=0.1):  # signals are noticed between waits
                dirty = True
                if isinstance(event, tcod.event.Quit):  # the window closed: save and go
                    hang_up(app, stop)
                    return None
                key = key_name(event)
                if key is not None and not app.handle_key(key):
                    return None
