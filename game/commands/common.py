"""What every command shares: one-line failures and the names a player may type."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import stat
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.rules.bounds import DIGITS, RANGE, RUNS
from game.rules.names import did_you_mean

if TYPE_CHECKING:
    from game.content.catalog import Catalog
    from game.content.overlay import Overlay

EXIT_USAGE = 2
EXIT_INTERRUPTED = 128 + 2  # Ctrl-C (SIGINT), as a shell reports it
EXIT_PIPE = 128 + 13  # SIGPIPE: the reader of the output went away (``... | head -1``)


def signal_name(signum: int) -> str:
    """ "Ctrl-C" for SIGINT, else the signal's name ("SIGTERM")."""
    import signal

    if signum == signal.SIGINT:
        return "Ctrl-C"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def fail(message: str, code: int = 1) -> int:
    """One clear line on stderr and the exit code; never a traceback for bad input."""
    print(f"python -m game: {message}", file=sys.stderr)
    return code


def character_name(text: str) -> str:
    """ "dwarf-warrior", "Dwarf Warrior" and "dwarf warrior" all name the same build; an
    empty name is refused."""
    return " ".join(given(text).replace("-", " ").replace("_", " ").lower().split())


MOST = RUNS.high  # turns, actions, rounds: beyond it a run would not end today


def count(text: str) -> int:
    """A whole number from 1 to ``MOST``: 0 rounds or turns is refused like -5 and 10^30 are
    (argparse reports any in one line)."""
    return whole(1, MOST)(text)


def whole(least: int, most: int):
    """The argparse type of a whole number from ``least`` to ``most``."""
    def parse(text: str) -> int:
        value = plain_number(text)
        if value is None or not least <= value <= most:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {least:,} to {most:,}{_how(text)}, not "
                f"{text[:40]!r}")
        return value
    parse.__name__ = "whole number"
    return parse


def steps(text: str) -> int:
    """How many steps off the player shoots from (``--shoot``): 1 to the farthest reach."""
    return whole(1, RANGE.high)(text)


def depth(text: str) -> int:
    """A depth of the dungeon, 1 to its last."""
    from game.world.core.mapgen import MAX_DEPTH  # imported late: --help should not load it

    return whole(1, MAX_DEPTH)(text)


def given(text: str) -> str:
    """A name or a path that must not be empty: ``--out ''`` is refused rather than taken for
    the default."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a value, not an empty one")
    return text


def seed(text: str) -> int:
    """A game seed, a whole number in ``SEEDS``, refused up front with its range otherwise."""
    from game.world.core.rng import SEEDS  # imported late: --help should not load the world

    value = plain_number(text)
    if value is None or value not in SEEDS:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from {SEEDS.start} to {SEEDS.stop - 1}{_how(text)}, "
            f"not {text[:40]!r}{'...' if len(text) > 40 else ''}")
    return value


_PLAIN = re.compile(r"-?[0-9]+")


def plain_number(text: str) -> int | None:
    """The whole number ``text`` spells in plain digits 0-9 (a sign allowed, spaces around
    it), or None: Python's ``int`` also takes ``1_000`` and other scripts' digits (full-width
    ``１２３``), which the command line does not (``--help`` says so)."""
    text = text.strip()
    if len(text) > DIGITS or not _PLAIN.fullmatch(text):
        return None
    return int(text)


def _how(text: str) -> str:
    """ " in plain digits 0-9" where ``int`` would have taken ``text`` (1_000, １２)."""
    try:
        int(text) if len(text) <= DIGITS else None
    except ValueError:
        return ""
    return "" if plain_number(text) is not None or len(text) > DIGITS else \
        " in plain digits 0-9"


def tables(args: argparse.Namespace) -> tuple[Overlay | None, Catalog] | int:
    """The ``--content`` overlay (None without one) and the tables under it, each entry
    checked as the assets are; or, having said in one line what is wrong, the exit code: 2
    for a bad overlay (bad input), 1 when the game's own tables are broken."""
    from game.content import ContentError  # imported late: --help should not load them
    from game.content.editions import catalog_for
    from game.content.overlay import read_overlay

    folder = getattr(args, "content", None)
    try:
        content = None if folder is None else read_overlay(folder)
        return content, catalog_for(content)
    except ContentError as err:
        return fail(str(err), EXIT_USAGE if folder is not None else 1)


def versus(args: argparse.Namespace, content: Overlay | None
           ) -> tuple[Overlay, Catalog] | int | None:
    """The ``--versus DIR`` overlay and the tables under it (None without one); or, having
    said in one line what is wrong (a bad folder; the same tables as A's), exit 2."""
    from game.content import ContentError
    from game.content.editions import catalog_for
    from game.content.overlay import read_overlay

    folder = getattr(args, "versus", None)
    if folder is None:
        return None
    try:
        other = read_overlay(folder)
        found = other, catalog_for(other)
    except ContentError as err:
        return fail(str(err), EXIT_USAGE)
    if content is not None and content.digest == other.digest:
        return fail(f"--versus {folder}: the same tables as --content's; name another "
                    "overlay", EXIT_USAGE)
    return found


def under(content: Overlay | None) -> str:
    """ ", under the overlay 'tough-kobolds'", or nothing: how a command's report names it."""
    return "" if content is None else f", under the overlay {content.name!r}"


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """ "unknown creature 'kobol'; did you mean: kobold, kobold archer?" (the same matcher
    as the wizard's name prompt)."""
    return did_you_mean(kind, name, known)


def output_refused(path: str) -> str | None:
    """Why a file the command is to write (``--csv``, ``--plot``) cannot be, checked before
    the work: not a folder, a pipe (which would block) or a device, in a folder that exists,
    and one this process may write (tried: opened for writing without truncating it, and
    removed again if the trial made it)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            return f"{path}: there is no folder {folder}"
        mode = None
    except (OSError, ValueError) as err:
        return f"{path}: {getattr(err, 'strerror', None) or err}"
    if mode is not None and not stat.S_ISREG(mode):
        return f"{path}: not a regular file (a folder, a pipe or a device); name a file"
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644))
    except OSError as err:
        return f"{path}: cannot be written ({err.strerror or err})"
    if mode is None:
        with contextlib.suppress(OSError):
            os.unlink(path)
    return None
