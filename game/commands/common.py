"""What every command shares: one-line failures and the names a player may type."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from game.rules.names import did_you_mean

EXIT_USAGE = 2
EXIT_INTERRUPTED = 128 + 2  # Ctrl-C (SIGINT), as a shell reports it


def fail(message: str, code: int = 1) -> int:
    """One clear line on stderr and the exit code; never a traceback for bad input."""
    print(f"python -m game: {message}", file=sys.stderr)
    return code


def character_name(text: str) -> str:
    """ "dwarf-warrior", "Dwarf Warrior" and "dwarf warrior" all name the same build."""
    return " ".join(text.replace("-", " ").replace("_", " ").lower().split())


def count(text: str) -> int:
    """A whole number, 1 or more: 0 rounds or turns is refused like -5 is (argparse reports
    either in one line)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number, 1 or more, not {text!r}")
    return value


def seed(text: str) -> int:
    """A game seed, a whole number in ``SEEDS``, refused up front with its range otherwise."""
    from game.world.core.rng import SEEDS  # imported late: --help should not load the world

    try:
        value = int(text) if len(text) <= 40 else -1
    except ValueError:
        value = -1
    if value not in SEEDS:
        raise argparse.ArgumentTypeError(
            f"a seed is a whole number from {SEEDS.start} to {SEEDS.stop - 1}, "
            f"not {text[:40]!r}{'...' if len(text) > 40 else ''}")
    return value


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """ "unknown creature 'kobol'; did you mean: kobold, kobold archer?" (the same matcher
    as the wizard's name prompt)."""
    return did_you_mean(kind, name, known)
