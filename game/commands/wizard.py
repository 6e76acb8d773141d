"""``python -m game odds A B`` and ``python -m game fsim A B``: the wizard's tools on the command
line. A side is a creature kind ("kobold"), a starting character ("dwarf warrior"), or
``player`` (the starting build chosen with --char)."""

from __future__ import annotations

import argparse
import csv
import textwrap
from dataclasses import dataclass

from game.content.catalog import Catalog
from game.content.overlay import Overlay
from game.lab import fights
from game.lab import sweep as lab_sweep
from game.lab import versus as versus_table
from game.lab.sweep import SweepError
from game.rules import systems
from game.wizard import scratch
from game.wizard.fsim import PLAYER, comparison, mode_words
from game.wizard.inspect import LEFT_OUT, Side, inspect, table
from game.wizard.side_by_side import side_by_side

from . import plots, sweeps
from .common import EXIT_USAGE, fail, output_refused, tables, under, unknown, versus

ALL = "all"  # --rules all: every combat system side by side


class BadName(ValueError):
    pass


def fighter_name(catalog: Catalog, name: str, character: str) -> str:
    """The table entry a side names: a creature or a starting character (``player``: the
    build chosen with --char)."""
    if name == PLAYER:
        name = character
    if name in catalog.characters or name in catalog.creatures:
        return name
    raise BadName(unknown("fighter", name, [PLAYER, *catalog.characters, *catalog.creatures]))


def side(catalog: Catalog, name: str, character: str, shoot: bool = False) -> Side:
    """A side of ``odds``; ``shoot``: the player's shooting mode (a creature has its own)."""
    return scratch.side(fighter_name(catalog, name, character), catalog, shoot=shoot)


def run_odds(args: argparse.Namespace) -> int:
    given = asked(args, sweep=False, plot=True)
    if isinstance(given, int):
        return given
    names, content, catalog = given.names, given.content, given.catalog
    plot = getattr(args, "plot", None)
    shoot = getattr(args, "shoot", 0)
    try:
        you, it = (side(catalog, n, args.char, shoot=bool(shoot) and first)
                   for n, first in ((args.attacker, True), (args.defender, False)))
    except BadName as err:
        return fail(str(err), EXIT_USAGE)
    if shoot and not you.is_player:
        return fail("only the player shoots on command (--shoot): a creature shoots as it "
                    "chooses", EXIT_USAGE)
    if content is not None:
        print(f"The game's tables under the overlay {content.name!r} ({content.where})")
    if shoot:
        print(f"Shooting from {shoot} steps, {len(you.shots)} shots, then blows up close; "
              "your figures are your first shot's." if you.shots else
              f"Nothing to shoot: from {shoot} steps the two close in, then blows up close.")
    inspections = {name: inspect(you, it, name, apart=max(1, shoot)) for name in names}
    if given.other is not None:
        return _odds_versus(args, given, inspections)
    if plot is not None:
        from game.lab import charts

        try:
            charts.save(charts.odds_chart(inspections, under(content)), plot)
        except OSError as err:
            return fail(f"{plot}: the chart could not be written: {err.strerror or err}")
    if len(names) == 1:
        print("\n".join([*table(inspections[names[0]]), LEFT_OUT]))
    else:
        print("\n".join(side_by_side(inspections)))
    if plot is not None:
        print(f"{you.name} against {it.name}: the exact odds drawn in {plot}")
    return 0


def _odds_versus(args: argparse.Namespace, given: Asked, inspections: dict) -> int:
    """``odds --versus DIR``: the exact odds under A and under B, a row a figure."""
    assert given.other is not None
    other, catalog = given.other
    shoot = getattr(args, "shoot", 0)
    try:
        you, it = (side(catalog, n, args.char, shoot=bool(shoot) and first)
                   for n, first in ((args.attacker, True), (args.defender, False)))
    except BadName as err:
        return fail(f"under --versus {other.name!r}: {err}", EXIT_USAGE)
    theirs = {name: inspect(you, it, name, apart=max(1, shoot)) for name in given.names}
    a_name, b_name = versus_table.name_of(given.content), versus_table.name_of(other)
    rows = versus_table.odds_rows(inspections, theirs)
    heading = f"{you.name} against {it.name}: the exact odds, A against B"
    print("\n".join([heading, *versus_table.table(a_name, b_name, rows), LEFT_OUT]))
    return _versus_plot(getattr(args, "plot", None), heading, a_name, b_name, rows)


def _versus_plot(plot: str | None, heading: str, a_name: str, b_name: str,
                 rows: list) -> int:
    """The A-against-B chart into ``plot`` (nothing without one)."""
    if plot is None:
        return 0
    from game.lab import charts

    try:
        charts.save(versus_table.chart(heading, a_name, b_name, rows), plot)
    except OSError as err:
        return fail(f"{plot}: the chart could not be written: {err.strerror or err}")
    print(f"Drawn in {plot}.")
    return 0


@dataclass(frozen=True, slots=True)
class Asked:
    """What a designer's command was asked for, once checked: the systems, where its sweep
    runs, and the tables (with any overlay)."""

    names: tuple[str, ...]
    where: lab_sweep.Where
    content: Overlay | None
    catalog: Catalog
    other: tuple[Overlay, Catalog] | None = None  # --versus DIR: B's overlay and tables


def asked(args: argparse.Namespace, *, sweep: bool, plot: bool) -> Asked | int:
    """What odds, fsim and curve check first, in one order: the rules, where the sweep runs
    (``sweep``), the chart's file (``plot``), then the tables. Or the exit code, once the
    one line refusing it is written."""
    names = rules_asked(args)
    if isinstance(names, str):
        return fail(names, EXIT_USAGE)
    where = sweeps.where(args) if sweep else lab_sweep.HERE
    if isinstance(where, str):
        return fail(where, EXIT_USAGE)
    if plot and (problem := plots.refused(getattr(args, "plot", None))):
        return fail(problem, EXIT_USAGE)
    found = tables(args)
    if isinstance(found, int):
        return found
    other = versus(args, found[0])
    if isinstance(other, int):
        return other
    return Asked(names, where, *found, other)


def rules_asked(args: argparse.Namespace) -> tuple[str, ...] | str:
    """The systems asked for (one name, or all five), or the line refusing an unknown one."""
    rules = getattr(args, "rules", None) or systems.DEFAULT
    if rules == ALL:
        return systems.NAMES
    if rules in systems.NAMES:
        return (rules,)
    return systems.unknown_rules(rules) + " (or all)"


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
    if character not in catalog.characters:  # --char names the player's build
        raise BadName(unknown("character", character, catalog.characters))
    return attacker, args.defender, character


def run_fsim(args: argparse.Namespace) -> int:
    given = asked(args, sweep=True, plot=False)  # (its chart's file checked after the sides)
    if isinstance(given, int):
        return given
    names, where, content, catalog = given.names, given.where, given.content, given.catalog
    try:
        attacker, defender, character = _fsim_sides(catalog, args)
    except BadName as err:
        return fail(str(err), EXIT_USAGE)
    as_play = bool(getattr(args, "as_play", False))
    shoot = getattr(args, "shoot", 0)
    if shoot and attacker != PLAYER:
        return fail("only the player shoots on command (--shoot): a creature shoots as it "
                    "chooses", EXIT_USAGE)
    plot = getattr(args, "plot", None)
    for problem in (args.csv and output_refused(args.csv), plots.refused(plot)):
        if problem:
            return fail(problem, EXIT_USAGE)
    if given.other is not None:
        try:
            _fsim_sides(given.other[1], args)
        except BadName as err:
            return fail(f"under --versus {given.other[0].name!r}: {err}", EXIT_USAGE)
    contents = [content] + ([given.other[0]] if given.other is not None else [])
    try:
        runs = fights.run_each(contents, attacker, defender, character, names,
                               seed=args.seed, rounds=args.rounds, as_play=as_play,
                               where=where, shoot=shoot)
    except SweepError as err:
        return fail(str(err), EXIT_USAGE)
    if given.other is not None:
        return _fsim_versus(args, given, runs, character if attacker == PLAYER else attacker,
                            defender)
    done = runs[0]
    reports = done.reports
    fought = min(r.tally.fights for r in reports.values())
    title = (f"{character if attacker == PLAYER else attacker} against {defender}, "
             f"seed {args.seed}{under(content)}"
             + (f", shooting from {shoot} steps" if shoot else ""))
    if len(names) == 1:
        print(title + ("" if names[0] == systems.DEFAULT else f", {names[0]} rules"))
        print("\n".join(reports[names[0]].lines()))
    else:
        print(f"{title}, {fought} fights under each rules")
        print("\n".join(comparison(reports)))
    words = mode_words(as_play) + ("" if as_play else " --as-play fights as play does.")
    print("\n".join(textwrap.wrap(words, 80)))
    if done.stopped:  # (exit 128 + the signal, as a shell reports it; 1 for a cluster gone)
        print(f"Stopped by {done.why} after {fought} of {args.rounds} fights"
              + (" under each rules." if len(names) > 1 else "."))
    if args.csv:
        try:
            _write_csv(args.csv, reports)
        except OSError as err:
            return fail(f"{args.csv}: the fights could not be written: {err.strerror or err}")
    if plot is not None:
        from game.lab import charts

        heading = f"{title}, {fought} fights" + (" under each rules" if len(names) > 1 else
                                                 f", {names[0]} rules")
        try:
            charts.save(charts.fsim_chart(heading, reports), plot)
        except OSError as err:
            return fail(f"{plot}: the chart could not be written: {err.strerror or err}")
        print(f"Drawn in {plot}.")
    return done.code


def _fsim_versus(args: argparse.Namespace, given: Asked, runs: list[fights.Run],
                 attacker: str, defender: str) -> int:
    """``fsim --versus DIR``: the same fights (the same seeds) under A and under B."""
    assert given.other is not None
    a, b = runs
    a_name, b_name = versus_table.name_of(given.content), versus_table.name_of(given.other[0])
    fought = min(r.tally.fights for run in runs for r in run.reports.values())
    heading = (f"{attacker} against {defender}, seed {args.seed}, {fought} fights"
               + (" under each rules" if len(given.names) > 1 else
                  f", {given.names[0]} rules") + ", A against B")
    rows = versus_table.fsim_rows(a.reports, b.reports)
    print("\n".join([heading, *versus_table.table(a_name, b_name, rows)]))
    as_play = bool(getattr(args, "as_play", False))
    print("\n".join(textwrap.wrap(mode_words(as_play), 80)))
    if a.stopped:
        print(f"Stopped by {a.why} after {fought} of {args.rounds} fights.")
    if args.csv:
        try:
            _write_csv(args.csv, {a_name: a.reports, b_name: b.reports})
        except OSError as err:
            return fail(f"{args.csv}: the fights could not be written: {err.strerror or err}")
    code = _versus_plot(getattr(args, "plot", None), heading, a_name, b_name, rows)
    return code or a.code


def _write_csv(path: str, reports: dict) -> None:
    """Every fight of every system asked for, one row each, its system named; with
    ``--versus`` (``reports`` by the tables' name, then by system) a first column names the
    tables it was fought under."""
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        nested = all(isinstance(v, dict) for v in reports.values())
        writer.writerow([*(["tables"] if nested else []), "rules", "fight", "winner",
                         "seconds"])
        for lead, by_rules in (reports.items() if nested else [(None, reports)]):
            for rules, report in by_rules.items():
                for n, (winner, ticks) in enumerate(report.tally.results, 1):
                    writer.writerow([*([lead] if nested else []), rules, n, winner,
                                     f"{ticks / 10:.1f}"])
