"""Terminal front end: blessed for input and screen modes, an ANSI diff renderer for output.

The game draws into a tcod Console; `AnsiRenderer` sends only the cells that changed since the
last frame, so a turn that moves one monster costs a few dozen bytes, which keeps slow links
(ssh, tmux over a network) responsive. `run` owns the terminal: it sets up the screen, resizes,
and restores the terminal however the game ends.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
import termios
from collections.abc import Iterable, Iterator, Mapping
from types import TracebackType
from typing import Protocol

import blessed
import numpy as np
import tcod.console
import tcod.constants
from numpy.typing import NDArray

from game.frontends.app import App
from game.frontends.keys import key_name
from game.frontends.stopping import Stop, answer, hang_up, stop_signals

POLL_SECONDS = 0.1  # inkey timeout: how often the loop notices a resize without a key press
ESC_DELAY = 0.05  # how long a lone ESC waits for the rest of an escape sequence
RESET = "\x1b[0m"


class NoTerminal(RuntimeError):
    """stdin or stdout is not a tty, so there is nothing to draw on or read keys from."""

    def __init__(self) -> None:
        super().__init__("no terminal: run the game in a terminal (stdin and stdout must be a tty)")


class TextStream(Protocol):
    """Where the renderer writes: sys.stdout, io.StringIO, ..."""

    def write(self, text: str, /) -> object: ...
    def flush(self) -> object: ...


# ---------------------------------------------------------------- colours

_CUBE = np.array([0, 95, 135, 175, 215, 255], dtype=np.int32)
_CUBE_EDGES = np.array([48, 115, 155, 195, 235], dtype=np.int32)  # nearest-level boundaries


def truecolor_supported(environ: Mapping[str, str] | None = None) -> bool:
    """Terminals announce 24-bit colour through COLORTERM; terminfo does not say."""
    value = (os.environ if environ is None else environ).get("COLORTERM", "")
    return value.lower() in ("truecolor", "24bit")


TRUECOLOR, COLOURS_256, COLOURS_16, NO_COLOUR = "truecolor", "256", "16", "none"


class DumbTerminal(NoTerminal):
    """TERM=dumb (or no TERM): the terminal cannot move the cursor, so it cannot draw a map."""

    def __init__(self, term: str) -> None:
        RuntimeError.__init__(
            self, f"this terminal (TERM={term or 'unset'}) cannot draw the game: run it in a "
            "terminal such as xterm (TERM=xterm-256color), or play with --window")


def colour_depth(colours: int, environ: Mapping[str, str] | None = None) -> str:
    """None where NO_COLOR is set to anything (no-color.org), else truecolour where the
    terminal says so (COLORTERM), else 256 colours where terminfo has them, else the 16 system
    colours (TERM=xterm, linux, vt100, ...)."""
    if (os.environ if environ is None else environ).get("NO_COLOR", ""):
        return NO_COLOUR
    if truecolor_supported(environ):
        return TRUECOLOR
    return COLOURS_256 if colours >= 256 else COLOURS_16


def system16(rgb: NDArray[np.integer]) -> NDArray[np.int32]:
    """(..., 3) RGB -> (...) one of the 16 system colours, 0-15, by what a colour means rather
    than by distance (themes redefine the 16, and the nearest in RGB turns every muted colour
    grey): greys by brightness (black, dark grey, grey, white), colours by which channels are
    strong, bright when the colour is; anything very dark is black."""
    rgb = np.asarray(rgb, dtype=np.int32)
    top, low = rgb.max(axis=-1), rgb.min(axis=-1)
    grey = np.select([top < 35, top < 100, top < 200], [0, 8, 7], 15)
    strong = rgb * 100 >= top[..., None] * 65
    hue = strong[..., 0] * 1 + strong[..., 1] * 2 + strong[..., 2] * 4
    coloured = hue + np.where(top >= 200, 8, 0)
    muted = (top - low) * 4 < top  # saturation under a quarter
    out = np.where(muted, grey, coloured)
    return np.where(top < 50, 0, out).astype(np.int32)


def xterm256(rgb: NDArray[np.integer]) -> NDArray[np.int32]:
    """Nearest xterm colour, (..., 3) RGB -> (...) index in the cube (16-231) or greys (232-255).

    The 16 system colours (0-15) are skipped because every terminal theme redefines them.
    """
    rgb = np.asarray(rgb, dtype=np.int32)
    level = np.searchsorted(_CUBE_EDGES, rgb, side="right")
    cube_index = 16 + 36 * level[..., 0] + 6 * level[..., 1] + level[..., 2]
    cube_dist = ((rgb - _CUBE[level]) ** 2).sum(axis=-1)
    step = np.clip(np.rint((rgb.mean(axis=-1) - 8) / 10), 0, 23).astype(np.int32)
    grey_dist = ((rgb - (8 + 10 * step)[..., None]) ** 2).sum(axis=-1)
    return np.where(grey_dist < cube_dist, 232 + step, cube_index).astype(np.int32)


def _pack(rgb: NDArray[np.uint8]) -> NDArray[np.int32]:
    """(..., 3) RGB -> one int per colour, so comparing colours is one array comparison."""
    rgb = rgb.astype(np.int32)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


# ---------------------------------------------------------------- renderer


class AnsiRenderer:
    """Writes the difference between successive console frames as ANSI escapes."""

    def __init__(self, stream: TextStream, *, truecolor: bool | None = None,
                 depth: str | None = None) -> None:
        self.stream = stream
        if depth is None:
            truecolor = truecolor_supported() if truecolor is None else truecolor
            depth = TRUECOLOR if truecolor else COLOURS_256
        self.depth = depth
        self.truecolor = depth == TRUECOLOR
        self._prev: tuple[NDArray[np.int32], ...] | None = None
        self._params: dict[tuple[int, int, str], str] = {}

    def invalidate(self) -> None:
        """Forget what the screen shows; the next render repaints every cell (e.g. after resize)."""
        self._prev = None

    def render(self, console: tcod.console.Console, *, full: bool = False) -> int:
        """Write the changed cells of `console` and return the number of bytes (UTF-8) written."""
        ch, fg, bg = cells = planes(console)
        prev = None if full else self._prev
        self._prev = cells
        if prev is None or prev[0].shape != ch.shape:
            text = RESET + self._encode(console, np.ones(ch.shape, dtype=bool), ch)
        else:
            text = self._encode(console, (ch != prev[0]) | (fg != prev[1]) | (bg != prev[2]), ch)
        if not text:
            return 0
        self.stream.write(text)
        self.stream.flush()
        return len(text.encode("utf-8"))

    def _encode(
        self, console: tcod.console.Console, changed: NDArray[np.bool_], ch: NDArray[np.int32]
    ) -> str:
        """Escapes for the changed cells: a cursor move per run, colours only when they change."""
        ys, xs = np.nonzero(changed)  # row-major, so runs on a row are consecutive
        if not len(ys):
            return ""
        starts = np.ones(len(ys), dtype=bool)
        starts[1:] = (ys[1:] != ys[:-1]) | (xs[1:] != xs[:-1] + 1)
        rgb = _rows(console)[ys, xs]
        if self.depth == NO_COLOUR:
            fgs, bgs = _no_colour_keys(rgb["fg"], rgb["bg"])
        else:
            fgs, bgs = self._colour_keys(rgb["fg"]), self._colour_keys(rgb["bg"])
        codepoints = ch[ys, xs]
        fgs[codepoints == 32] = -1  # a blank shows no foreground: keep whatever is set
        cells = zip(ys.tolist(), xs.tolist(), starts.tolist(), codepoints.tolist(),
                    fgs.tolist(), bgs.tolist(), strict=True)  # fmt: skip
        return self._emit(cells)

    def _emit(self, cells: Iterable[tuple[int, int, bool, int, int, int]]) -> str:
        """The one Python loop: over changed cells only, tracking the colours already set."""
        out: list[str] = []
        cur_fg = cur_bg = -2
        for y, x, start, cp, f, b in cells:
            if start:
                out.append(f"\x1b[{y + 1};{x + 1}H")
            new_fg = f if f not in (-1, cur_fg) else -1
            new_bg = b if b != cur_bg else -1
            if new_fg >= 0 or new_bg >= 0:
                out.append(self._sgr(new_fg, new_bg))
                cur_fg, cur_bg = (new_fg if new_fg >= 0 else cur_fg), b
            out.append(chr(cp))
        return "".join(out)

    def _colour_keys(self, rgb: NDArray[np.uint8]) -> NDArray[np.int32]:
        """One int per colour: packed RGB in truecolor mode, else the xterm-256 or 16 index."""
        if self.truecolor:
            return _pack(rgb)
        return xterm256(rgb) if self.depth == COLOURS_256 else system16(rgb)

    def _sgr(self, fg: int, bg: int) -> str:
        """The SGR escape setting fg and/or bg (-1 = leave alone); cached, colours repeat a lot."""
        key = (fg, bg, self.depth)
        if key not in self._params:
            if len(self._params) > 65536:
                self._params.clear()
            parts = [self._colour(layer, k) for layer, k in ((38, fg), (48, bg)) if k >= 0]
            self._params[key] = "\x1b[" + ";".join(parts) + "m"
        return self._params[key]

    def _colour(self, layer: int, key: int) -> str:
        if self.depth == NO_COLOUR:  # the background's only key: reverse video on or off
            return "7" if key else "27"
        if self.truecolor:
            return f"{layer};2;{key >> 16};{(key >> 8) & 255};{key & 255}"
        if self.depth == COLOURS_16:  # 30-37 / 90-97 for fg, 40-47 / 100-107 for bg
            base = (30 if layer == 38 else 40) if key < 8 else (90 if layer == 38 else 100)
            return str(base + key % 8)
        return f"{layer};5;{key}"


def _no_colour_keys(fg: NDArray[np.uint8],
                    bg: NDArray[np.uint8]) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """Without colour, a cell whose background is brighter than its text (a highlighted
    choice, the cursor's cell) is drawn in reverse video, and nothing else is set."""
    weights = np.array([299, 587, 114], dtype=np.int32)  # the usual luma, in thousandths
    light = (bg.astype(np.int32) @ weights) > (fg.astype(np.int32) @ weights)
    return np.full(len(fg), -1, dtype=np.int32), light.astype(np.int32)


def _rows(console: tcod.console.Console) -> NDArray[np.void]:
    """console.rgb indexed [y, x] whatever the console's order (terminals draw row by row):
    an order "F" console's is [x, y], the transpose of the [y, x] cells it keeps."""
    rgb = console.rgb
    rows = (console.height, console.width)
    kept = rgb.shape == rows and (rows[0] != rows[1] or rgb.flags.c_contiguous)
    return rgb if kept else rgb.T


def planes(console: tcod.console.Console) -> tuple[NDArray[np.int32], ...]:
    """Copies of (ch, fg, bg) as [y, x] int arrays, colours packed as 0xRRGGBB (a blank's fg
    -1); unprintable codepoints become spaces. What the renderer compares frame by frame, and
    what a shared game's page draws (``game.share.page``)."""
    rgb = _rows(console)
    ch = rgb["ch"].astype(np.int32)
    ch[(ch < 32) | ((ch >= 127) & (ch < 160))] = 32  # 0 means empty; controls would misdraw
    fg = _pack(rgb["fg"])
    fg[ch == 32] = -1  # the foreground of a blank is invisible: do not count it as a change
    return ch, fg, _pack(rgb["bg"])


# ---------------------------------------------------------------- main loop


def run(app: App, *, min_size: tuple[int, int] = (80, 24)) -> int | None:
    """Run `app` full screen until handle_key returns False or a signal ends it; always restore
    the terminal. Returns the signal (SIGTERM, SIGHUP) that ended the game, if one did.

    Ctrl-C goes to the app's ``interrupt()`` (see game.frontends.stopping). Raises NoTerminal
    (before touching the terminal) when stdin or stdout is not a tty, or DumbTerminal (a
    NoTerminal) when TERM is dumb or unset. Other exceptions propagate after the terminal is
    restored.
    """
    for stream in (sys.stdin, sys.stdout):
        if stream is None or not stream.isatty():
            raise NoTerminal()
    name = os.environ.get("TERM", "")
    if name in ("", "dumb"):
        raise DumbTerminal(name)
    term = blessed.Terminal()
    renderer = AnsiRenderer(term.stream, depth=colour_depth(term.number_of_colors))
    stop = Stop()
    try:
        with contextlib.suppress(KeyboardInterrupt), _Screen(term) as screen, \
                _signals() as flags, stop_signals() as stop:
            return _loop(app, term, screen, renderer, min_size, flags, stop)
    except (OSError, termios.error):  # the terminal went away (its reads and writes fail)
        hang_up(app, stop)  # saves, unless the loop already did
        if stop.signum is None:
            raise
        return stop.signum
    return None


class _Flags:
    """Set from signal handlers (an Event's lock is not safe to take there), read by the loop."""

    resized = False  # SIGWINCH or SIGCONT: rebuild the console and repaint everything
    suspend = False  # SIGTSTP (Ctrl-Z): give the terminal back to the shell, then stop


def _loop(
    app: App, term: blessed.Terminal, screen: _Screen, renderer: AnsiRenderer,
    min_size: tuple[int, int], flags: _Flags, stop: Stop,
) -> int | None:  # fmt: skip
    """Draw, wait for a key, repeat; the console is rebuilt whenever the terminal size changes.
    Returns the signal that ended the game, if one did."""
    console = _new_console(term, renderer)
    dirty = True
    while True:
        if stop.interrupted or stop.signum is not None:
            going, signum = answer(app, stop, can_ask=not _too_small(console, min_size))
            if not going:
                return signum
            dirty = True
        if flags.suspend:
            flags.suspend = False
            screen.suspend()
            flags.resized = True
        if flags.resized or _size(term) != (console.width, console.height):
            flags.resized = False
            console, dirty = _new_console(term, renderer), True
        if dirty:
            _draw(app, console, min_size)
            renderer.render(console)
            dirty = False
        key = key_name(term.inkey(timeout=POLL_SECONDS, esc_delay=ESC_DELAY))
        if key is None:
            dirty = _tick(app) or dirty  # a replay plays on while no key comes
            continue
        if _too_small(console, min_size):
            continue  # keys are ignored while the player cannot see the game
        if not app.handle_key(key):
            return None
        dirty = True


def _size(term: blessed.Terminal) -> tuple[int, int]:
    return max(1, term.width), max(1, term.height)


def _new_console(term: blessed.Terminal, renderer: AnsiRenderer) -> tcod.console.Console:
    """A console of the terminal's current size; the screen must then be repainted in full."""
    renderer.invalidate()
    return tcod.console.Console(*_size(term), order="F")


def _tick(app: App) -> bool:
    """Let an app that changes by itself (a replay) move on; True when it did."""
    tick = getattr(app, "tick", None)
    return bool(tick is not None and tick())


def _too_small(console: tcod.console.Console, min_size: tuple[int, int]) -> bool:
    return console.width < min_size[0] or console.height < min_size[1]


def _draw(app: App, console: tcod.console.Console, min_size: tuple[int, int]) -> None:
    """Let the app draw a frame, or ask for a bigger terminal when this one is too small."""
    console.clear()
    if not _too_small(console, min_size):
        app.draw(console)
        return
    w, h = console.width, console.height
    message = f"resize to at least {min_size[0]}x{min_size[1]}\n(now {w}x{h})"
    console.print(0, max(0, h // 2 - 1), message, width=w, height=h,
                  alignment=tcod.constants.CENTER)  # fmt: skip


class _Screen:
    """The game's terminal state: alternate screen, hidden cursor, cbreak, all control keys.

    Entering sets it up with blessed's context managers; leaving (normally or by an exception)
    undoes it in reverse order. `suspend` undoes it around a Ctrl-Z stop and redoes it on `fg`.
    """

    def __init__(self, term: blessed.Terminal) -> None:
        self.term = term
        self.fd = sys.stdin.fileno()
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> _Screen:
        self.shell_mode = termios.tcgetattr(self.fd)
        with contextlib.ExitStack() as stack:
            for manager in (self.term.fullscreen(), self.term.hidden_cursor(),
                            self.term.cbreak(), _all_control_keys(self.fd)):  # fmt: skip
                stack.enter_context(manager)
            self.game_mode = termios.tcgetattr(self.fd)
            stream = self.term.stream
            errors = getattr(stream, "errors", None)
            if errors is not None and isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors="replace")  # a non-UTF-8 locale shows '?', no crash
                stack.callback(stream.reconfigure, errors=errors)
            stack.callback(self._write, RESET)
            self._stack = stack.pop_all()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> bool:
        return bool(self._stack.__exit__(kind, error, trace))

    def suspend(self) -> None:
        """Hand the terminal back as the shell left it, stop, and take it again when resumed."""
        self._write(RESET + self.term.normal_cursor + self.term.exit_fullscreen)
        _set_mode(self.fd, self.shell_mode)
        handler = signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        try:
            os.kill(os.getpid(), signal.SIGTSTP)  # stops here until `fg` (ignored if orphaned)
        finally:
            signal.signal(signal.SIGTSTP, handler)
        _set_mode(self.fd, self.game_mode)  # continued in the background: stops until `fg`
        self._write(self.term.enter_fullscreen + self.term.hide_cursor)

    def _write(self, text: str) -> None:
        self.term.stream.write(text)
        self.term.stream.flush()


def _set_mode(fd: int, mode: list, when: int = termios.TCSADRAIN) -> None:
    """``tcsetattr``, tried again when a signal interrupts it: a game continued from outside
    (``kill -CONT``) while in the background is stopped by the kernel in this very call until
    ``fg``, whose SIGCONT then interrupts it (Python retries most calls, not termios's)."""
    while True:
        try:
            termios.tcsetattr(fd, when, mode)
            return
        except termios.error as err:
            if not err.args or err.args[0] != errno.EINTR:
                raise


@contextlib.contextmanager
def _all_control_keys(fd: int) -> Iterator[None]:
    """Turn off flow control (Ctrl-S/Ctrl-Q) and Ctrl-V/Ctrl-O so the game receives them.

    Signals stay on: Ctrl-C quits and Ctrl-Z suspends as the player expects.
    """
    saved = termios.tcgetattr(fd)
    mode = termios.tcgetattr(fd)
    mode[0] &= ~termios.IXON
    mode[3] &= ~termios.IEXTEN
    _set_mode(fd, mode, termios.TCSANOW)
    try:
        yield
    finally:
        _set_mode(fd, saved, termios.TCSAFLUSH)


@contextlib.contextmanager
def _signals() -> Iterator[_Flags]:
    """Catch SIGWINCH and SIGCONT (repaint) and SIGTSTP (suspend) as flags for the loop.

    Polling the size alone would miss a resize and back within one poll, after which the
    terminal may have reflowed or cleared the screen. Ctrl-Z is caught so the terminal is put
    back before stopping; if SIGTSTP was ignored when we started, it stays ignored.
    """
    flags = _Flags()

    def repaint(signum: int, frame: object) -> None:
        flags.resized = True

    def suspend(signum: int, frame: object) -> None:
        flags.suspend = True

    wanted = {signal.SIGWINCH: repaint, signal.SIGCONT: repaint}
    if signal.getsignal(signal.SIGTSTP) == signal.SIG_DFL:
        wanted[signal.SIGTSTP] = suspend
    saved = {}
    with contextlib.suppress(ValueError):  # not the main thread: polling still notices resizes
        for sig, handler in wanted.items():
            saved[sig] = signal.signal(sig, handler)
    try:
        yield flags
    finally:
        for sig, old in saved.items():
            signal.signal(sig, old)
