"""``python -m game curve A B --vary defence=8..24``: the exact odds (hit, kill first) against
one varied stat of the defender or the attacker, under one combat system or all of them: a
table, or a chart with ``--plot FILE.png`` (``game.lab.curve``)."""

from __future__ import annotations

import argparse

from game.lab import curve
from game.lab.sweep import SweepError

from . import plots, sweeps
from .common import EXIT_USAGE, fail, tables, under
from .wizard import BadName, fighter_name, rules_asked


def run(args: argparse.Namespace) -> int:
    names = rules_asked(args)
    if isinstance(names, str):
        return fail(names, EXIT_USAGE)
    where = sweeps.where(args)
    if isinstance(where, str):
        return fail(where, EXIT_USAGE)
    if problem := plots.refused(args.plot):
        return fail(problem, EXIT_USAGE)
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    try:
        attacker, defender = (fighter_name(catalog, n, args.char)
                              for n in (args.attacker, args.defender))
        vary = curve.parse(args.vary)
        curve.check(vary, attacker if vary.side == curve.ATTACKER else defender, catalog)
    except (BadName, curve.BadVary) as err:
        return fail(str(err), EXIT_USAGE)
    try:
        points = curve.curve(attacker, defender, vary, names, where, content)
    except SweepError as err:
        return fail(str(err), EXIT_USAGE)
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
