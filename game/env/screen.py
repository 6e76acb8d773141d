"""The screen a player at a terminal sees: 80 columns by 24 rows, drawn by the UI's own app.

``Screen`` holds the terminal's ``GameApp`` over the env's game and draws it into a console
exactly as the terminal front end does (the map, the status lines, the log, any menu open), so
``tty_chars`` and ``tty_colors`` are what a player would read, and the pixels of
``render_mode="rgb_array"`` are that console through the bundled font (the window front end's
tileset). ``Window`` shows it in an SDL window (``render_mode="human"``) where a display exists,
``Printed`` on the standard output as text where none does (nothing needs a display until a
frame is shown).
Made only when an observation key, a render mode or the full keyboard asks for it: an env that
observes the level alone never draws a screen.
"""

from __future__ import annotations

import functools
import sys
import time

import numpy as np
import tcod.console
import tcod.context
import tcod.event
import tcod.tileset

from game.frontends import window
from game.ui.app import GameApp, paged_mark
from game.ui.screen import Session
from game.world.core import actions as A
from game.world.game import Game

from .copies import UiState

COLUMNS, ROWS = window.COLUMNS, window.ROWS


class Screen:
    """The terminal's app over ``engine``, and the console it is drawn into."""

    def __init__(self, engine: Game, ui: UiState | None = None) -> None:
        """A new episode's screen (its opening lines new, as a new game's are), or, with
        ``ui``, the screen of a copy as it stood."""
        self.app = GameApp.from_engine(engine)
        self.session.marker = None
        if ui is not None and ui.put(self.session):
            self.app.paged = paged_mark(self.session)
        self.console = tcod.console.Console(COLUMNS, ROWS, order="F")
        self._drawn: object = None  # the frame last drawn (see ``draw``)

    def ui_state(self) -> UiState:
        return UiState.of(self.session, self.app.paged)

    @property
    def session(self) -> Session:
        assert self.app.session is not None, "the app shows a game from the start"
        return self.app.session

    def act(self, action: A.Action) -> A.Result:
        """Submit as the UI does: the messages after its marker are the new ones (no look
        for explore's memory: the simple actions have no explore or look key)."""
        return self.session.act(action, look=False)

    def refuse(self, text: str) -> None:
        """A refusal the env made (not the engine): shown as the UI shows its own."""
        self.session.notice = text

    def draw(self, frame: object) -> tcod.console.Console:
        """The console as it stands at ``frame`` (drawn again only for another frame)."""
        if frame != self._drawn:
            self.console.clear()
            self.app.draw(self.console)
            self._drawn = frame
        return self.console

    def tty(self, frame: object) -> tuple[np.ndarray, np.ndarray]:
        """The characters (int32 code points) and their RGB colours, [row, column]."""
        console = self.draw(frame)
        return (np.ascontiguousarray(console.ch.T, dtype=np.int32),
                np.ascontiguousarray(console.fg.transpose(1, 0, 2)))


@functools.cache
def tileset() -> tcod.tileset.Tileset:
    """The bundled font, loaded once (a ValueError, in one line, where there is none)."""
    try:
        return window.tileset()
    except window.NoWindow as err:
        raise ValueError(str(err)) from None


def pixels(console: tcod.console.Console) -> np.ndarray:
    """The console through the font: (24 x 24, 80 x 14, 3) uint8 RGB."""
    return np.ascontiguousarray(tileset().render(console)[..., :3])


def shown(fps: int) -> Window | Printed:
    """Where ``render_mode="human"`` shows its frames: a window where a display exists, else
    the standard output, as text (as NLE's "human" prints the terminal's screen)."""
    return Window(fps) if window.has_display() else Printed()


class Printed:
    """The console's characters printed on the standard output, a frame at a time (the
    screen cleared first on a terminal)."""

    def show(self, console: tcod.console.Console) -> None:
        rows = ["".join(map(chr, console.ch[:, y])).rstrip() for y in range(console.height)]
        clear = "\x1b[H\x1b[2J" if sys.stdout.isatty() else ""
        sys.stdout.write(clear + "\n".join(rows) + "\n")
        sys.stdout.flush()

    def close(self) -> None:
        pass


class Window:
    """An SDL window showing the console, at most ``fps`` frames a second."""

    def __init__(self, fps: int) -> None:
        tileset()
        try:
            self.context = tcod.context.new(columns=COLUMNS, rows=ROWS, tileset=tileset(),
                                            title="game env", vsync=False)
        except RuntimeError as err:
            raise ValueError("cannot open a window: " + " ".join(str(err).split())) from None
        self.interval, self.shown = 1 / fps, 0.0

    def show(self, console: tcod.console.Console) -> None:
        for _ in tcod.event.get():  # kept answering; closing it is the env's close()
            pass
        wait = self.shown + self.interval - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        self.context.present(console)
        self.shown = time.perf_counter()

    def close(self) -> None:
        self.context.close()
