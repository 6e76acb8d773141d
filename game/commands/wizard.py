"""``python -m game odds A B`` and ``python -m game fsim A B``: the wizard's tools on the command
line. A side is a creature kind ("kobold"), a starting character ("dwarf warrior"), or
``player`` (the starting build chosen with --char)."""

from __future__ import annotations

import argparse
import csv
import os
import stat
import sys
import textwrap
import time

from game.content.catalog import Catalog
from game.rules import systems
from game.wizard import scratch
from game.wizard.fsim import PLAYER, Arena, comparison, mode_words, simulate
from game.wizard.inspect import Side, inspect, table
from game.wizard.side_by_side import side_by_side

from .common import EXIT_USAGE, fail, tables, under, unknown

BAR = 30
ALL = "all"  # --rules all: every combat system side by side


class BadName(ValueError):
    pass


def side(catalog: Catalog, name: str, character: str) -> Side:
    if name == PLAYER:
        name = character
    if name in catalog.characters or name in catalog.creatures:
        return scratch.side(name, catalog)
    raise BadName(unknown("fighter", name, [PLAYER, *catalog.characters, *catalog.creatures]))


def run_odds(args: argparse.Namespace) -> int:
    names = _rules(args)
    if names is None:
        return fail(systems.unknown_rules(args.rules) + " (or all)", EXIT_USAGE)
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    try:
        you, it = (side(catalog, n, args.char) for n in (args.attacker, args.defender))
    except BadName as err:
        return fail(str(err), EXIT_USAGE)
    if content is not None:
        print(f"The game's tables under the overlay {content.name!r} ({content.where})")
    if len(names) == 1:
        print("\n".join(table(inspect(you, it, names[0]))))
    else:
        print("\n".join(side_by_side({name: inspect(you, it, name) for name in names})))
    return 0


def _rules(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The systems asked for: one name, or all five; None for an unknown name."""
    rules = getattr(args, "rules", None) or systems.DEFAULT
    if rules == ALL:
        return systems.NAMES
    return (rules,) if rules in systems.NAMES else None


def _fsim_sides(catalog: Catalog, args: argparse.Namespace) -> tuple[str, str, str]:
    """(attacker for the arena, defender kind, character build)."""
    attacker, character = args.attacker, args.char
    if attacker in catalog.characters:
        attacker, character = PLAYER, attacker
    elif attacker != PLAYER and attacker not in catalog.creatures:
        raise BadName(unknown("attacker", attacker,
                              [PLAYER, *catalog.characters, *catalog.creatures]))
    if args.defender == PLAYER or args.defender in catalog.characters:
        raise BadName("the player fights as the attacker: "
                      f"python -m game fsim player {args.attacker!r}")
    if args.defender not in catalog.creatures:
        raise BadName(unknown("defender (a creature)", args.defender, catalog.creatures))
    return attacker, args.defender, character


def run_fsim(args: argparse.Namespace) -> int:
    names = _rules(args)
    if names is None:
        return fail(systems.unknown_rules(args.rules) + " (or all)", EXIT_USAGE)
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    try:
        attacker, defender, character = _fsim_sides(catalog, args)
    except BadName as err:
        return fail(str(err), EXIT_USAGE)
    as_play = bool(getattr(args, "as_play", False))
    if args.csv and (problem := _csv_refused(args.csv)):
        return fail(problem, EXIT_USAGE)
    reports = {}
    for name in names:
        arena = Arena(attacker, defender, seed=args.seed, character=character, rules=name,
                      as_play=as_play, catalog=catalog)
        started = time.monotonic()
        reports[name] = simulate(arena, args.rounds, progress=_progress(args.rounds, started))
        arena.engine.close()
        if sys.stderr.isatty() and time.monotonic() - started > 1:
            print(file=sys.stderr)
    title = (f"{character if attacker == PLAYER else attacker} against {defender}, "
             f"seed {args.seed}{under(content)}")
    if len(names) == 1:
        print(title + ("" if names[0] == systems.DEFAULT else f", {names[0]} rules"))
        print("\n".join(reports[names[0]].lines()))
    else:
        print(f"{title}, {args.rounds} fights under each rules")
        print("\n".join(comparison(reports)))
    words = mode_words(as_play) + ("" if as_play else " --as-play fights as play does.")
    print("\n".join(textwrap.wrap(words, 80)))
    if args.csv:
        try:
            _write_csv(args.csv, reports)
        except OSError as err:
            return fail(f"{args.csv}: the fights could not be written: {err.strerror or err}")
    return 0


def _csv_refused(path: str) -> str | None:
    """Why the --csv file cannot be written, checked before the fights: not a folder, a pipe
    (which would block) or a device, and in a folder that exists."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        folder = os.path.dirname(path) or "."
        return None if os.path.isdir(folder) else f"{path}: there is no folder {folder}"
    except OSError as err:
        return f"{path}: {err.strerror or err}"
    if not stat.S_ISREG(mode):
        return f"{path}: not a regular file (a folder, a pipe or a device); name a file"
    return None


def _progress(total: int, started: float):
    """A bar on a terminal's stderr, once the run has taken more than a second; redrawn
    only when it grows."""
    shown = [-1]

    def show(done: int) -> None:
        if not sys.stderr.isatty() or time.monotonic() - started < 1:
            return
        percent = 100 * done // max(1, total)
        if percent == shown[0]:
            return
        shown[0] = percent
        filled = BAR * done // max(1, total)
        print(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} fights "
              "(Ctrl-C stops with what is done)", end="", file=sys.stderr, flush=True)
    return show


def _write_csv(path: str, reports: dict) -> None:
    """Every fight of every system asked for, one row each, its system named."""
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["rules", "fight", "winner", "seconds"])
        for rules, report in reports.items():
            for n, (winner, ticks) in enumerate(report.tally.results, 1):
                writer.writerow([rules, n, winner, f"{ticks / 10:.1f}"])
