"""``python -m game curve A B --vary defence=8..24``: the exact odds (hit, kill first) against
one varied stat of the defender or the attacker, under one combat system or all of them: a
table, or a chart with ``--plot FILE.png`` (``game.lab.curve``)."""

from __future__ import annotations

import argparse

from game.lab import curve
from game.lab.sweep import Cut, SweepError
from game.lab.versus import name_of

from .common import EXIT_USAGE, fail, under
from .wizard import BadName, asked, fighter_name


def run(args: argparse.Namespace) -> int:
    given = asked(args, sweep=True, plot=True)
    if isinstance(given, int):
        return given
    names, where, content, catalog = given.names, given.where, given.content, given.catalog
    try:
        attacker, defender = (fighter_name(catalog, n, args.char)
                              for n in (args.attacker, args.defender))
        vary = curve.parse(args.vary)
        curve.check(vary, attacker if vary.side == curve.ATTACKER else defender, catalog)
    except (BadName, curve.BadVary) as err:
        return fail(str(err), EXIT_USAGE)
    if getattr(args, "vary2", None) is not None:
        return _heat(args, given, attacker, defender, vary)
    other = given.other
    if other is not None:
        try:
            for n in (args.attacker, args.defender):
                fighter_name(other[1], n, args.char)
            curve.check(vary, attacker if vary.side == curve.ATTACKER else defender, other[1])
        except (BadName, curve.BadVary) as err:
            return fail(f"under --versus {other[0].name!r}: {err}", EXIT_USAGE)
    contents = [content] + ([other[0]] if other is not None else [])
    try:
        each = curve.curve_each(contents, attacker, defender, vary, names, where)
    except Cut as err:  # the cluster went away mid-sweep: not the command line's fault
        return fail(str(err))
    except SweepError as err:
        return fail(str(err), EXIT_USAGE)
    if other is not None:
        return _versus(args, attacker, defender, vary, each, (name_of(content),
                                                              name_of(other[0])))
    points = each[0]
    heading = under(content)
    if args.plot is None:
        print("\n".join(curve.table(attacker, defender, vary, points, heading)))
        return 0
    from game.lab import charts

    try:
        charts.save(charts.curve_chart(attacker, defender, vary, points, heading), args.plot)
    except OSError as err:
        return fail(f"{args.plot}: the chart could not be written: {err.strerror or err}")
    print(f"{curve.title(attacker, defender, vary, heading)}: drawn in {args.plot}")
    return 0


def _versus(args: argparse.Namespace, attacker: str, defender: str, vary: curve.Vary,
            each: list[list[curve.Point]], names: tuple[str, str]) -> int:
    """``curve --versus DIR``: the table of A, B and B less A; the chart of both."""
    print("\n".join(curve.versus_table(attacker, defender, vary, each[0], each[1], names)))
    if args.plot is None:
        return 0
    from game.lab import charts

    heading = f", A ({names[0]}, solid) against B ({names[1]}, dashed)"
    try:
        charts.save(charts.curve_chart(attacker, defender, vary, each[0], heading,
                                       versus=each[1]), args.plot)
    except OSError as err:
        return fail(f"{args.plot}: the chart could not be written: {err.strerror or err}")
    print(f"Drawn in {args.plot}.")
    return 0


def _heat(args: argparse.Namespace, given, attacker: str, defender: str,
          vary: curve.Vary) -> int:
    """``curve --vary A --vary2 B``: the odds at every pair of values, a heat map."""
    if given.other is not None:
        return fail("--vary2 and --versus do not go together: one heat map at a time",
                    EXIT_USAGE)
    try:
        vary2 = curve.parse(args.vary2)
        curve.check(vary2, attacker if vary2.side == curve.ATTACKER else defender,
                    given.catalog)
        points = curve.grid(attacker, defender, vary, vary2, given.names, given.where,
                            given.content)
    except curve.BadVary as err:
        return fail(str(err).replace("--vary ", "--vary2 ", 1)
                    if str(err).startswith("--vary ") else str(err), EXIT_USAGE)
    except Cut as err:
        return fail(str(err))
    except SweepError as err:
        return fail(str(err), EXIT_USAGE)
    heading = under(given.content)
    print("\n".join(curve.grid_table(attacker, defender, vary, vary2, points, heading)))
    if args.plot is None:
        return 0
    from game.lab import charts

    try:
        charts.save(charts.heat_chart(attacker, defender, vary, vary2, points, heading),
                    args.plot)
    except OSError as err:
        return fail(f"{args.plot}: the chart could not be written: {err.strerror or err}")
    print(f"Drawn in {args.plot}.")
    return 0
