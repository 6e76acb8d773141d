"""The terminal front end: ANSI diff renderer (checked via pyte), key names, `run` in a pty."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
import time
from pathlib import Path

import numpy as np
import pexpect
import pyte
import pytest
import tcod.console
from blessed.keyboard import Keystroke as K

from game.frontends import demo
from game.frontends.keys import key_name
from game.frontends.terminal import AnsiRenderer, NoTerminal, run, truecolor_supported, xterm256

ROOT = Path(__file__).resolve().parents[2]
CURSOR_MOVE = re.compile(r"\x1b\[\d+;\d+H")
DEMO = ["-m", "game.frontends.demo"]
SGR = re.compile(r"\x1b\[[\d;]*m")


def make_console(width: int = 30, height: int = 8) -> tcod.console.Console:
    """A console with text, glyphs outside ASCII and a few colours."""
    console = tcod.console.Console(width, height, order="F")
    console.print(0, 0, "Hello, @ world!", fg=(255, 0, 0), bg=(0, 0, 255))
    console.print(2, 3, "#..k..#  █▓░☺", fg=(200, 180, 50))
    console.print(width - 3, height - 1, "end")
    return console


def console_text(console: tcod.console.Console) -> list[str]:
    return ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(console.height)]


def pyte_screen(console: tcod.console.Console, *outputs: str) -> pyte.Screen:
    screen = pyte.Screen(console.width, console.height)
    stream = pyte.Stream(screen)
    for text in outputs:
        stream.feed(text)
    return screen


def render(renderer: AnsiRenderer, console: tcod.console.Console, **kw: bool) -> tuple[int, str]:
    """Render into a fresh StringIO; return (reported bytes, text written)."""
    renderer.stream = io.StringIO()
    n = renderer.render(console, **kw)
    return n, renderer.stream.getvalue()


# ---------------------------------------------------------------- renderer


def test_first_frame_reproduces_console_on_screen() -> None:
    console = make_console()
    n, out = render(AnsiRenderer(io.StringIO(), truecolor=True), console)
    assert n == len(out.encode("utf-8"))
    assert pyte_screen(console, out).display == console_text(console)


def test_second_frame_writes_only_the_changed_cell() -> None:
    console = make_console(80, 24)
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    n1, out1 = render(renderer, console)
    screen = pyte_screen(console, out1)
    before = [[screen.buffer[y][x] for x in range(console.width)] for y in range(console.height)]
    console.print(7, 5, "Z", fg=(0, 255, 0))
    n2, out2 = render(renderer, console)
    assert n2 * 20 < n1
    assert len(CURSOR_MOVE.findall(out2)) == 1
    pyte.Stream(screen).feed(out2)
    assert screen.display == console_text(console)
    diff = [
        (x, y)
        for y in range(console.height)
        for x in range(console.width)
        if screen.buffer[y][x] != before[y][x]
    ]
    assert diff == [(7, 5)]
    assert screen.buffer[5][7].fg == "00ff00"


def test_unchanged_frame_writes_nothing() -> None:
    console = make_console()
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    render(renderer, console)
    assert render(renderer, console) == (0, "")


def test_adjacent_changes_share_one_cursor_move() -> None:
    console = make_console()
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    render(renderer, console)
    console.print(4, 6, "abc")
    console.print(20, 6, "d")
    console.print(0, 7, "e")
    _, out = render(renderer, console)
    assert len(CURSOR_MOVE.findall(out)) == 3
    assert "abc" in out


def test_foreground_change_on_a_blank_is_not_redrawn() -> None:
    console = make_console()
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    render(renderer, console)
    console.fg[10, 6] = (1, 2, 3)  # the cell holds a space: nothing visible changes
    assert render(renderer, console) == (0, "")


def test_colour_codes_are_emitted_only_when_the_colour_changes() -> None:
    console = tcod.console.Console(12, 2, order="F")
    console.print(0, 0, "aaaaaaaaaaaa", fg=(10, 20, 30), bg=(40, 50, 60))
    console.print(0, 1, "bbbbbbbbbbbb", fg=(10, 20, 30), bg=(40, 50, 60))
    _, out = render(AnsiRenderer(io.StringIO(), truecolor=True), console)
    assert SGR.findall(out) == ["\x1b[0m", "\x1b[38;2;10;20;30;48;2;40;50;60m"]


def test_truecolor_escape_codes() -> None:
    console = make_console()
    _, out = render(AnsiRenderer(io.StringIO(), truecolor=True), console)
    assert "\x1b[38;2;255;0;0;48;2;0;0;255mHello" in out
    screen = pyte_screen(console, out)
    assert (screen.buffer[0][0].fg, screen.buffer[0][0].bg) == ("ff0000", "0000ff")


def test_256_colour_escape_codes() -> None:
    console = make_console()
    _, out = render(AnsiRenderer(io.StringIO(), truecolor=False), console)
    assert "\x1b[38;5;196;48;5;21mHello" in out
    assert "38;2;" not in out
    assert pyte_screen(console, out).display == console_text(console)


@pytest.mark.parametrize(
    ("rgb", "index"),
    [
        ((255, 0, 0), 196),
        ((255, 255, 255), 231),
        ((0, 0, 0), 16),
        ((128, 128, 128), 244),
        ((8, 8, 8), 232),
        ((238, 238, 238), 255),
        ((0, 0, 255), 21),
        ((95, 135, 175), 67),
    ],
)
def test_xterm256_nearest(rgb: tuple[int, int, int], index: int) -> None:
    assert int(xterm256(np.array(rgb, dtype=np.uint8))) == index


def test_xterm256_is_vectorised() -> None:
    colours = np.array([[[255, 0, 0], [0, 0, 0]], [[255, 255, 255], [128, 128, 128]]], np.uint8)
    assert xterm256(colours).tolist() == [[196, 16], [231, 244]]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("truecolor", True), ("24bit", True), ("TrueColor", True), ("", False), ("yes", False)],
)
def test_truecolor_follows_colorterm(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.setenv("COLORTERM", value)
    assert truecolor_supported() is expected
    assert AnsiRenderer(io.StringIO()).truecolor is expected


@pytest.mark.parametrize("how", ["invalidate", "full"])
def test_full_redraw_repaints_everything(how: str) -> None:
    console = make_console()
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    n1, _ = render(renderer, console)
    if how == "invalidate":
        renderer.invalidate()
        n2, out = render(renderer, console)
    else:
        n2, out = render(renderer, console, full=True)
    assert n2 == n1
    assert pyte_screen(console, out).display == console_text(console)  # on a blank screen


def test_new_size_forces_a_full_redraw() -> None:
    renderer = AnsiRenderer(io.StringIO(), truecolor=True)
    render(renderer, make_console(30, 8))
    bigger = make_console(40, 10)
    _, out = render(renderer, bigger)
    assert pyte_screen(bigger, out).display == console_text(bigger)


def test_empty_and_control_codepoints_draw_as_spaces() -> None:
    console = tcod.console.Console(4, 1, order="F")
    console.ch[:, 0] = [0, 7, 27, ord("x")]
    _, out = render(AnsiRenderer(io.StringIO(), truecolor=True), console)
    assert "\x07" not in out
    assert pyte_screen(console, out).display == ["   x"]


# ---------------------------------------------------------------- keys


@pytest.mark.parametrize(
    ("keystroke", "name"),
    [
        (K("\x1b[A", 259, "KEY_UP"), "up"),
        (K("\x1b[B", 258, "KEY_DOWN"), "down"),
        (K("\x1b[D", 260, "KEY_LEFT"), "left"),
        (K("\x1b[C", 261, "KEY_RIGHT"), "right"),
        (K("\x1b[A", 259), "up"),  # code only: name looked up from the code
        (K("\x1b[H", 262, "KEY_HOME"), "upleft"),
        (K("\x1b[F", 360, "KEY_END"), "downleft"),
        (K("\x1b[5~", 339, "KEY_PGUP"), "upright"),
        (K("\x1b[6~", 338, "KEY_PGDOWN"), "downright"),
        (K("\x1bOw", 527, "KEY_KP_7"), "7"),
        (K("\x1bOr", 522, "KEY_KP_2"), "2"),
        (K("\x1b[E", 350, "KEY_CENTER"), "5"),
        (K("4"), "4"),
        (K("\r", 343, "KEY_ENTER"), "enter"),
        (K("\n"), "enter"),
        (K("\x1b", 361, "KEY_ESCAPE"), "escape"),
        (K("\x1b"), "escape"),
        (K("\t", 512, "KEY_TAB"), "tab"),
        (K("\t"), "tab"),
        (K("\x1b[Z", 353, "KEY_BTAB"), "btab"),
        (K("\x7f", 263, "KEY_BACKSPACE"), "backspace"),
        (K("\x08"), "backspace"),
        (K("\x10"), "ctrl-p"),
        (K("\x01"), "ctrl-a"),
        (K("\x1a"), "ctrl-z"),
        (K("\x13"), "ctrl-s"),
        (K("k"), "k"),
        (K("K"), "K"),
        (K("@"), "@"),
        (K("?"), "?"),
        (K("<"), "<"),
        (K(">"), ">"),
        (K(" "), " "),
        (K("\x1bOP", 265, "KEY_F1"), "f1"),
        (K(""), None),
    ],
)
def test_key_names(keystroke: K, name: str | None) -> None:
    assert key_name(keystroke) == name


# ---------------------------------------------------------------- run


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("which", ["stdin", "stdout"])
def test_run_without_a_tty_raises_before_touching_the_terminal(
    monkeypatch: pytest.MonkeyPatch, which: str
) -> None:
    out = FakeTty() if which == "stdin" else io.StringIO()
    monkeypatch.setattr(sys, "stdin", FakeTty() if which == "stdout" else io.StringIO())
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(NoTerminal, match=r"^no terminal: run the game in a terminal \(stdin"):
        run(demo.DemoApp())
    assert out.getvalue() == ""


def test_demo_without_a_tty_prints_one_line_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    assert demo.main() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("no terminal:")


def default_sigint() -> None:
    """Let Ctrl-C interrupt the child, and a hang-up reach it, even when pytest runs as a
    background job (SIGINT ignored) or under nohup (SIGHUP ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


class AnsweringScreen(pyte.Screen):
    """A pyte screen that answers cursor-position queries, as a real terminal does.

    blessed's Terminal() probes the terminal at start-up and waits (seconds) for an answer;
    the answer to its closing position query tells it there is nothing more to wait for.
    """

    def __init__(self, columns: int, lines: int, child: pexpect.spawn) -> None:
        super().__init__(columns, lines)
        self.child = child

    def write_process_input(self, data: str) -> None:
        self.child.send(data)


class PtyDemo:
    """The demo app in a real pseudo-terminal, its output fed to a pyte screen."""

    def __init__(self, rows: int, cols: int, command: str | None = None) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor"}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        program, args = ("/bin/sh", ["-c", command]) if command else (sys.executable, DEMO)
        self.child = pexpect.spawn(program, args, dimensions=(rows, cols), env=env, cwd=str(ROOT),
                                   encoding="utf-8", codec_errors="replace",
                                   preexec_fn=default_sigint)  # fmt: skip
        self.screen = AnsweringScreen(cols, rows, self.child)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def _read(self) -> bool:
        """Feed whatever arrives within a short wait; False at end of output."""
        try:
            chunk = self.child.read_nonblocking(65536, timeout=0.2)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        self.raw += chunk
        self.stream.feed(chunk)
        return True

    def wait_for(self, text: str, *, raw_since: int | None = None, timeout: float = 60) -> None:
        """Read until `text` is on screen, or in the raw output after offset `raw_since`.

        The timeout only stops a hung test, so it is generous: a loaded machine starts slowly.
        """
        deadline = time.monotonic() + timeout
        while text not in (self.text() if raw_since is None else self.raw[raw_since:]):
            if time.monotonic() > deadline or not self._read():
                raise AssertionError(f"{text!r} never appeared; screen:\n{self.text()}")

    def send(self, keys: str, expect: str) -> None:
        self.child.send(keys)
        self.wait_for(expect)

    def resize(self, rows: int, cols: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def finish(self) -> int | None:
        """Read to end of output and return the exit status."""
        deadline = time.monotonic() + 60  # generous: a busy machine is slow, never a pass
        while self._read():
            if time.monotonic() > deadline:
                self.child.close(force=True)
                raise AssertionError(f"the program did not exit; screen:\n{self.text()}")
        self.child.wait()  # close() alone would kill a child still shutting down
        self.child.close()
        return self.child.exitstatus


def restored(raw: str) -> bool:
    """Normal screen and visible cursor were requested after the last frame."""
    tail = raw[raw.rindex("\x1b[0m") :]
    return "\x1b[?1049l" in tail and "\x1b[?25h" in tail


def test_demo_in_a_pty_draws_takes_keys_and_quits() -> None:
    pty = PtyDemo(24, 80, f"{sys.executable} -m game.frontends.demo; echo rc=$?; stty -a")
    pty.wait_for("terminal front end demo")
    assert "size 80x24" in pty.text()
    assert pty.screen.buffer[10][10].data == "@"
    pty.send("k", "last key: k ")
    pty.send("\x1b[A", "last key: up ")
    pty.send("\x1b[6~", "last key: downright ")
    pty.send("\x10", "last key: ctrl-p ")
    pty.send("\x13", "last key: ctrl-s ")
    pty.send("\x1b", "last key: escape ")
    pty.send("\x1b[Z", "last key: btab ")
    pty.send("@", "keys: 8 ")
    assert pty.screen.buffer[11][11].data == "@"  # k and up blocked at row 10, then downright
    pty.child.send("q")
    assert pty.finish() == 0
    assert "rc=0" in pty.raw
    assert restored(pty.raw)
    stty = pty.raw[pty.raw.rindex("rc=0") :].split()
    assert {"echo", "icanon", "ixon", "iexten"} <= set(stty)


def test_small_pty_asks_for_a_resize_and_recovers() -> None:
    pty = PtyDemo(20, 60)
    pty.wait_for("resize to at least 80x24")
    assert "(now 60x20)" in pty.text()
    assert "terminal front end demo" not in pty.text()
    pty.resize(24, 80)
    pty.wait_for("terminal front end demo")
    assert "resize to at least" not in pty.text()
    pty.resize(20, 60)
    pty.wait_for("resize to at least 80x24")
    pty.child.sendintr()  # Ctrl-C: restore and exit quietly
    assert pty.finish() == 0
    assert restored(pty.raw)
    assert "Traceback" not in pty.raw


def test_exception_in_app_restores_terminal_then_propagates() -> None:
    pty = PtyDemo(24, 80)
    pty.wait_for("terminal front end demo")
    pty.child.send("!")
    assert pty.finish() == 1
    assert "RuntimeError: demo error" in pty.raw
    assert restored(pty.raw[: pty.raw.index("Traceback")])


def test_ctrl_z_hands_the_terminal_back_and_takes_it_again() -> None:
    """Under pexpect the process group is orphaned, so the kernel skips the stop itself; the
    terminal is still handed back (normal screen, cursor) and taken again (cbreak: one key)."""
    pty = PtyDemo(24, 80)
    pty.wait_for("terminal front end demo")
    mark = len(pty.raw)
    pty.child.send("\x1a")
    pty.wait_for("\x1b[?1049h", raw_since=mark)
    pty.send("k", "last key: k ")
    after = pty.raw[mark:]
    assert after.index("\x1b[?1049l") < after.index("\x1b[?1049h")
    assert "\x1b[?25h" in after[: after.index("\x1b[?1049h")]
    pty.child.send("q")
    assert pty.finish() == 0
