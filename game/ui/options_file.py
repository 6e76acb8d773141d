"""The options file: TOML, read once at start, every value checked.

``python -m game play --options FILE`` reads FILE; without it, ``options.toml`` in the working
directory is read if there is one. Every problem (bad TOML however deep or odd, an unknown
option, a wrong kind of value, an unknown key or colour name, a key bound twice) is one
:class:`OptionsError` line naming the file; the command line prints it and exits 2. A key
taken from a binding that is then left with none is allowed, but warned of (``warnings``:
printed before the game starts and shown on its first screen). It is
read as a save is: a regular file only (a named pipe would hang, ``/dev/zero`` never end),
and no more than ``MAX_BYTES`` of it. The file is only ever read. Example::

    auto_pickup = true     # a new game picks up potions, scrolls, your own missiles
    more_prompt = true     # --more-- when a turn's messages do not fit the log
    roll_display = false   # wizard games start with the roll display on

    [keys]                 # a binding's keys ("?" lists the bindings)
    explore = ["o", "X"]
    rest = ["z", "5", "f5"]

    [colours]              # "#rrggbb" or [r, g, b]
    wall = "#c8b496"
    wall_remembered = [70, 64, 80]
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from game.rules.names import did_you_mean

from . import palette
from .keys import NAMES, keymap, left_keyless, rebound
from .options import Options

DEFAULT_PATH = Path("options.toml")  # in the working directory
MAX_BYTES = 1024 * 1024
FLAGS = ("auto_pickup", "more_prompt", "roll_display")
TABLES = ("keys", "colours")

KEY_NAMES = frozenset({
    "up", "down", "left", "right", "upleft", "upright", "downleft", "downright",
    "enter", "escape", "tab", "btab", "backspace", "delete",
    *(f"ctrl-{chr(c)}" for c in range(ord("a"), ord("z") + 1)),
    *(f"f{n}" for n in range(1, 13)),
})  # fmt: skip
KEY_ALIASES = {"home": "upleft", "end": "downleft", "pgup": "upright", "pageup": "upright",
               "pgdn": "downright", "pagedown": "downright", "esc": "escape",
               "return": "enter", "space": " "}
_HEX = re.compile(r"#([0-9a-fA-F]{6})")


class OptionsError(ValueError):
    """One line: what is wrong with the options file, and where."""


def default_path() -> Path | None:
    """``options.toml`` in the working directory, if there is one (whatever it is: a pipe or
    a link to nowhere there is read, and refused in one line, rather than passed over)."""
    return DEFAULT_PATH if os.path.lexists(DEFAULT_PATH) else None


def load(path: str | Path) -> Options:
    """Read and check the options file at ``path``."""
    path = Path(path)
    try:
        raw = _read_regular(path, MAX_BYTES)
    except OSError as err:
        raise OptionsError(f"{path}: cannot read the options file: {err.strerror or err}") from None
    if len(raw) > MAX_BYTES:
        raise OptionsError(f"{path}: the options file is too large (over {MAX_BYTES} bytes)")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise OptionsError(f"{path}: the options file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        raise OptionsError(f"{path}: not valid TOML: {err}") from None
    except RecursionError:
        raise OptionsError(f"{path}: not valid TOML: nested too deep") from None
    except ValueError as err:  # tomllib's own checks beyond its grammar (a date out of range)
        raise OptionsError(f"{path}: not valid TOML: {' '.join(str(err).split())[:80]}") \
            from None
    try:
        return parse(data)
    except OptionsError as err:
        raise OptionsError(f"{path}: {err}") from None


def _read_regular(path: Path, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of a regular file; opening never blocks, and anything else
    (a pipe, a device, a folder) is an OSError saying what it is."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a folder" if stat.S_ISDIR(mode) else "a named pipe" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "not a plain file")
            raise OSError(0, f"it is {kind}, not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(limit + 1)
    finally:
        os.close(fd)


def parse(data: dict[str, Any]) -> Options:
    """The options from parsed TOML; anything unknown or of the wrong kind is refused."""
    for name in data:
        if name not in FLAGS + TABLES:
            raise OptionsError(did_you_mean("option", name, FLAGS + TABLES))
    flags = {}
    for name in FLAGS:
        if name in data:
            if not isinstance(data[name], bool):
                raise OptionsError(f"{name} must be true or false, not {_shown(data[name])}")
            flags[name] = data[name]
    keys = _keys(_table(data, "keys"))
    colours = _colours(_table(data, "colours"))
    return Options(**flags, keys=keys, colours=colours, warnings=keyless(keys))


def keyless(keys: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """A warning for each binding whose every key the file gave to another, leaving it none:
    "[keys]: takeoff (take off or unwield) has no key left: 'R' went to rest"."""
    warnings = []
    for name, lost in left_keyless(keys):
        takers = sorted({taker for taker, given in keys.items() if set(given) & set(lost)})
        words = ", ".join(repr(k) for k in lost)
        warnings.append(f"[keys]: {name} ({NAMES[name].help}) has no key left: {words} "
                        f"went to {' and '.join(takers)}; give it one in [keys]")
    return tuple(warnings)


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    table = data.get(name, {})
    if not isinstance(table, dict):
        raise OptionsError(f"{name} must be a table ([{name}]), not {_shown(table)}")
    return table


def _keys(table: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    keys = {}
    for name, value in table.items():
        if name not in NAMES:
            raise OptionsError(did_you_mean("binding in [keys]", name, NAMES))
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list) or not values:
            raise OptionsError(f"keys.{name} must be a key or a list of keys, not "
                               f"{_shown(value)}")
        keys[name] = tuple(_key(name, v) for v in values)
        if len(set(keys[name])) < len(keys[name]):
            twice = next(k for k in keys[name] if keys[name].count(k) > 1)
            raise OptionsError(f"keys.{name}: key {twice!r} is listed twice")
    try:
        keymap(rebound(keys))
    except ValueError as err:
        raise OptionsError(f"[keys]: {err}") from None
    return keys


def _key(binding: str, value: Any) -> str:
    """ "x", "ctrl-x", "up", "Home", "space": the names the front ends give keys."""
    if not isinstance(value, str):
        raise OptionsError(f"keys.{binding}: a key is a string, not {_shown(value)}")
    if len(value) == 1 and value.isprintable():
        return value
    name = KEY_ALIASES.get(value.lower(), value.lower())
    if name in KEY_NAMES or name == " ":
        return name
    raise OptionsError(f"keys.{binding}: unknown key {value!r} (a character, ctrl-a to ctrl-z, "
                       "up, down, left, right, home, end, pgup, pgdn, enter, escape, tab, "
                       "f1 to f12)")


def _colours(table: dict[str, Any]) -> dict[str, palette.Colour]:
    known = palette.colour_names()
    colours = {}
    for name, value in table.items():
        if name not in known:
            raise OptionsError(did_you_mean("colour", name, known))
        colours[name] = _rgb(name, value)
    return colours


def _rgb(name: str, value: Any) -> palette.Colour:
    if isinstance(value, str) and _HEX.fullmatch(value):
        n = int(value[1:], 16)
        return (n >> 16, (n >> 8) & 255, n & 255)
    if (isinstance(value, list) and len(value) == 3
            and all(type(v) is int and 0 <= v <= 255 for v in value)):
        return (value[0], value[1], value[2])
    raise OptionsError(f"colours.{name} must be \"#rrggbb\" or [r, g, b] (0-255), not "
                       f"{_shown(value)}")


def _shown(value: Any) -> str:
    return repr(value)[:40]
