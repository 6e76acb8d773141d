"""``python -m game curve A B --vary defence=8..24``: the exact odds (hit, kill first) against
one varied stat of the defender or the attacker, under one combat system or all of them: a
table, or a chart with ``--plot FILE.png`` (``game.lab.curve``)."""

from __future__ import annotations

import argparse

from game.lab import curve
from game.lab.sweep import Cut, SweepError

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
    try:
        points = curve.curve(attacker, defender, vary, names, where, content)
    except Cut as err:  # the cluster went away mid-sweep: not the command line's fault
        return fail(str(err))
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
