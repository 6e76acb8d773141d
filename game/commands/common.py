"""What every command shares: one-line failures and the names a player may type."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Iterable

EXIT_USAGE = 2


def fail(message: str, code: int = 1) -> int:
    """One clear line on stderr and the exit code; never a traceback for bad input."""
    print(f"python -m game: {message}", file=sys.stderr)
    return code


def character_name(text: str) -> str:
    """ "dwarf-warrior", "Dwarf Warrior" and "dwarf warrior" all name the same build."""
    return " ".join(text.replace("-", " ").replace("_", " ").lower().split())


def count(text: str) -> int:
    """A whole number, 0 or more (argparse reports anything else)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number, 0 or more, not {text!r}")
    return value


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """ "unknown creature 'kobol'; did you mean: kobold, kobold archer?" """
    known = sorted(known)
    close = difflib.get_close_matches(name, known, n=4, cutoff=0.5)
    close += [k for k in known if name and name in k and k not in close][:4 - len(close)]
    hint = f"did you mean: {', '.join(close)}?" if close else f"choose one of: {', '.join(known)}"
    return f"unknown {kind} {name!r}; {hint}"
