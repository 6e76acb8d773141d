"""The headless commands: ``verify`` a save and let the ``bot`` play."""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

from game.content.catalog import load_catalog
from game.persist import scores
from game.persist.replay import verify
from game.persist.savefile import DEFAULT_DIR, SaveError, save
from game.rules import systems
from game.world.bot import Bot
from game.world.engine import Engine

from .common import EXIT_USAGE, fail, unknown


def run_verify(args: argparse.Namespace) -> int:
    code, message = verify(args.path)
    if code == 2:
        return fail(message, 2)
    print(message)
    return code


def run_bot(args: argparse.Namespace) -> int:
    characters = load_catalog().characters
    char = getattr(args, "char", None) or "dwarf warrior"
    if char not in characters:
        return fail(unknown("character", char, characters), EXIT_USAGE)
    rules = getattr(args, "rules", None) or systems.DEFAULT
    if rules not in systems.NAMES:
        return fail(systems.unknown_rules(rules), EXIT_USAGE)
    seed = args.seed if getattr(args, "seed", None) is not None else secrets.randbits(32)
    engine = Engine(seed, char, rules=rules)
    Bot(engine, seed, turns=args.turns).play(engine.submit, args.turns)
    try:
        path = save(engine, args.out or DEFAULT_DIR / f"bot-{seed}.json")
    except SaveError as err:
        return fail(str(err))
    outcome = engine.cause if engine.over else "alive"
    under = "" if rules == systems.DEFAULT else f" under {rules} rules"
    print(f"bot: seed {seed}, {char}{under}: {len(engine.actions)} actions, turn {engine.turn}, "
          f"depth {engine.depth}, {outcome}; saved to {path}")
    return 0


def run_scores(args: argparse.Namespace) -> int:
    """Print the high-score table; a bad score file is one line and exit 2."""
    path = Path(args.file) if args.file else scores.DEFAULT
    try:
        table = scores.read(path)
    except scores.ScoresError as err:
        return fail(str(err), 2)
    print("\n".join(scores.table(table)))
    return 0
