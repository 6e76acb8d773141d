"""Charts of the odds, the fight simulator and the curve, drawn with matplotlib (an optional
extra: ``pip install -e '.[plots]'``), which is imported only when a chart is drawn.

Every number drawn is one the text output prints, from the same code: the inspector's exact
distributions and ``odds.kill_chances``, the simulator's tallies, the curve's points. A figure
is made without pyplot (no window, no global state) and written to the file named; its format
follows the file's suffix.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.rules import odds
from game.wizard import shares
from game.wizard.fsim import Report
from game.wizard.inspect import KILL_BLOWS, Inspection, all_miss

from .curve import ATTACKER, Point, Vary, title

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS = {"manual": "#1f77b4", "qud": "#ff7f0e", "d20": "#2ca02c", "coc": "#d62728",
           "tides": "#9467bd"}  # one colour a system, the same in every chart
MARKERS = {"manual": "o", "qud": "s", "d20": "^", "coc": "D", "tides": "v"}
SHOWN = Fraction(999, 1000)  # a damage axis ends where this much of the chance lies
MOST_BLOWS = 20  # the kill-within curves stop here, or once both sides are near sure
SURE = Fraction(99, 100)
DPI = 110


def blank_figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=DPI, layout="constrained")


def _colour(rules: str) -> str:
    return COLOURS.get(rules, "#555555")


def _line(rules: str, order: int, many: bool = True) -> dict[str, Any]:
    """How a system's line is drawn: its colour and marker; among several, the first drawn
    widest and lowest, so a line lying on another shows as a core inside a band."""
    return {"color": _colour(rules), "marker": MARKERS.get(rules, "o"), "ms": 4,
            "lw": 3.2 - 0.45 * order if many else 2.0, "zorder": 2 + order}


def _whole_ticks(ax: Axes) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _percent_axis(ax: Axes, label: str = "chance (%)", top: float | None = 100) -> None:
    ax.set_ylabel(label)
    if top is not None:
        ax.set_ylim(0, top)
    ax.grid(True, axis="y", alpha=0.3)


def _systems_legend(fig: Figure, names: Sequence[str], lines: bool = True) -> None:
    """One legend for the whole figure: a system's colour (and marker) in every panel."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Line2D([], [], **_line(name, 0) | {"lw": 2}) if lines
                          else Patch(color=_colour(name)) for name in names]
    fig.legend(handles, list(names), title="rules", loc="outside right center", fontsize=9)


def save(fig: Figure, path: str) -> None:
    """Write the figure; its format follows the file's suffix."""
    fig.savefig(path)


# --- odds: damage distributions and kill-within curves ---------------------------------------


def kill_curves(ins: Inspection) -> tuple[list[Fraction], list[Fraction]]:
    """You kill it within 1, 2, ... attacks, and it kills you, exact (``odds.kill_chances``),
    as far as both are near sure (at least ``KILL_BLOWS``, at most ``MOST_BLOWS``)."""
    yours = odds.kill_chances(ins.your_damage, ins.it.hp, MOST_BLOWS)
    its = odds.kill_chances(ins.its_damage, ins.you.hp, MOST_BLOWS)
    blows = next((n + 1 for n in range(KILL_BLOWS - 1, MOST_BLOWS)
                  if yours[n] >= SURE and its[n] >= SURE), MOST_BLOWS)
    return yours[:blows], its[:blows]


def _shown_up_to(dist: dict[int, Fraction]) -> int:
    """The damage below which ``SHOWN`` of the chance lies: the long thin tail is cut."""
    seen = Fraction(0)
    for value in sorted(dist):
        seen += dist[value]
        if seen >= SHOWN:
            return value
    return max(dist)


MISS_AT = -2.0  # where the "every blow missed" bar stands, apart from the damage axis


def damage_shares(ins: Inspection, mine: bool) -> tuple[float, list[float]]:
    """(the share, in %, of an attack whose every blow missed; the share of a hit doing
    0, 1, 2, ... damage): the miss is its own bar, never part of "hit for 0"."""
    dist = ins.your_damage if mine else ins.its_damage
    hitter, target = (ins.you, ins.it) if mine else (ins.it, ins.you)
    miss = all_miss(hitter, target, ins.rules)
    shares = [float(dist.get(v, 0) - (miss if v == 0 else 0)) * 100
              for v in range(0, max(dist) + 1)]
    return float(miss) * 100, shares


def _damage_panel(ax: Axes, inspections: dict[str, Inspection], mine: bool) -> None:
    first = next(iter(inspections.values()))
    hitter, target = (first.you, first.it) if mine else (first.it, first.you)
    ax.set_title(f"{hitter.name}'s damage an attack on the {target.name}", fontsize=10)
    ax.set_xlabel("damage of one attack (hit points, after armour)")
    _percent_axis(ax, "chance of an attack (%)", top=None)
    top, right = 0.0, 1
    many = len(inspections) > 1
    for order, (rules, ins) in enumerate(inspections.items()):
        right = max(right, _shown_up_to(ins.your_damage if mine else ins.its_damage))
        miss, shares = damage_shares(ins, mine)
        top = max(top, miss, *shares)
        if many:
            ax.plot(range(len(shares)), shares, **_line(rules, order))
            ax.plot([MISS_AT], [miss], **_line(rules, order) | {"ms": 9 - order, "lw": 0})
            continue
        ax.bar(range(len(shares)), shares, color=_colour(rules),
               label="a hit: the damage done")
        ax.bar([MISS_AT], [miss], color="#bbbbbb", label="every blow missed")
        ax.legend(fontsize=8, loc="upper right")
    ax.axvline((MISS_AT + 0) / 2 - 0.1, color="#999999", lw=0.8, ls=":")
    ticks = [t for t in range(0, right + 1, max(1, (right + 9) // 10))]
    ax.set_xticks([MISS_AT, *ticks], ["miss", *map(str, ticks)])
    ax.set_ylim(0, min(100, top * 1.12 + 1))
    ax.set_xlim(MISS_AT - 0.8, right + 0.8)


def _kill_panel(ax: Axes, inspections: dict[str, Inspection]) -> None:
    first = next(iter(inspections.values()))
    you, it = first.you.name, first.it.name
    ax.set_title(f"dead within N attacks\nsolid: the {it}; dashed: the {you}", fontsize=10)
    ax.set_xlabel("attacks (N)")
    _percent_axis(ax)
    longest = 1
    for order, (rules, ins) in enumerate(inspections.items()):
        yours, its = kill_curves(ins)
        n = range(1, len(yours) + 1)
        longest = max(longest, len(yours))
        many = len(inspections) > 1
        ax.plot(n, [float(p) * 100 for p in yours], **_line(rules, order, many),
                label=f"{you} kills the {it}")
        ax.plot(n, [float(p) * 100 for p in its], **_line(rules, order, many) | {"ls": "--"},
                alpha=0.7, label=f"{it} kills the {you}")
    ax.set_xticks(range(1, longest + 1, 1 if longest <= 12 else 2))
    if len(inspections) == 1:
        ax.legend(fontsize=8, loc="lower right")


def odds_chart(inspections: dict[str, Inspection], under: str = "") -> Figure:
    """The damage of one attack each way, and the chance each side is dead within N attacks,
    under one system or several (a line each); ``under`` names an overlay."""
    first = next(iter(inspections.values()))
    fig = blank_figure(15, 4.8)
    names = list(inspections)
    rules = f"{names[0]} rules" if len(names) == 1 else "every combat system"
    fig.suptitle(f"{first.you.name} ({first.you.health}) against {first.it.name} "
                 f"({first.it.health}), {rules}: exact odds{under}", fontsize=12)
    left, middle, right = fig.subplots(1, 3)
    _damage_panel(left, inspections, mine=True)
    _damage_panel(middle, inspections, mine=False)
    _kill_panel(right, inspections)
    if len(names) > 1:
        _systems_legend(fig, names)
    return fig


# --- fsim: simulated beside exact, a system a group -------------------------------------------


def fsim_figures(report: Report) -> list[tuple[str, float, float, tuple[float, float]]]:
    """(figure, simulated, exact, simulated's 95% interval) as the text table has them (the
    interval Wilson's, shares.wilson); shares in %, damage per attack as it is (no interval:
    (nan, nan))."""
    t = report.tally
    n, blows = max(1, t.fights), max(1, t.attacks)
    rows = []
    wins = "attacker wins" + ("" if report.win_exact else " (exact ~ approximate)")
    for label, done, out_of, exact in ((wins, t.wins, n, report.exact_win),
                                       ("hit rate", t.hits, blows, report.exact_hit),
                                       ("critical rate", t.crits, blows, report.exact_crit)):
        low, high = shares.wilson(done, out_of)
        rows.append((label, 100 * done / out_of, exact * 100, (low * 100, high * 100)))
    nan = float("nan")
    rows.append(("damage per attack", t.damage / max(1, t.actions), report.exact_damage,
                 (nan, nan)))
    return rows


def wins_range(values: Sequence[float]) -> tuple[float, float]:
    """The wins axis (in %): from a little below the lowest share or interval's end to a
    little above the highest, on a whole 5%, so the systems' differences show."""
    low, high = min(values, default=0.0), max(values, default=100.0)
    pad = max(2.0, (high - low) * 0.2)
    return (max(0.0, 5 * math.floor((low - pad) / 5)), min(100.0, 5 * math.ceil((high + pad) / 5)))


def fsim_chart(heading: str, reports: dict[str, Report]) -> Figure:
    """Each figure a panel; in each, a pair of bars a system: simulated (with its 95%
    interval) beside exact."""
    from matplotlib.patches import Patch

    fig = blank_figure(15, 4.8)
    fig.suptitle(f"{heading}: simulated (solid, with its 95% interval) beside exact "
                 "(hatched)", fontsize=12)
    names = list(reports)
    table = {name: fsim_figures(r) for name, r in reports.items()}
    width = 0.38
    for k, ax in enumerate(fig.subplots(1, 4)):
        label = table[names[0]][k][0]
        sims = [table[name][k][1] for name in names]
        exacts = [table[name][k][2] for name in names]
        spans = [table[name][k][3] for name in names]
        errors = ([[max(0.0, sim - low) for sim, (low, _) in zip(sims, spans, strict=True)],
                   [max(0.0, high - sim) for sim, (_, high) in zip(sims, spans, strict=True)]]
                  if k < 3 else None)
        x = list(range(len(names)))
        colours = [_colour(name) for name in names]
        ax.bar([i - width / 2 for i in x], sims, width, color=colours, yerr=errors,
               capsize=3)
        ax.bar([i + width / 2 for i in x], exacts, width, color="white", edgecolor=colours,
               hatch="///")
        ax.set_xticks(x, names)
        finite = [v for v in (*sims, *exacts) if v == v]  # NaN: not known exactly
        high = max(finite, default=1.0)
        if k == 0:  # the wins: zoomed to where the systems differ
            low, top = wins_range([*finite, *(e for sp in spans for e in sp)])
            ax.set_title(f"{label} (%)" + (f", axis from {low:g}%" if low > 0 else ""),
                         fontsize=10)
            _percent_axis(ax, "fights won (%)", top=None)
            ax.set_ylim(low, top)
            continue
        ax.set_title(label + (" (%)" if k < 3 else " (hit points)"), fontsize=10)
        _percent_axis(ax, "share of blows (%)" if k < 3 else "damage (hit points)",
                      top=min(100, high * 1.15 + 1) if k < 3 else high * 1.15 + 0.1)
    fig.legend([Patch(color="#777777"), Patch(facecolor="white", edgecolor="#777777",
                                              hatch="///")],
               ["simulated", "exact"], loc="outside right center", fontsize=9)
    return fig


# --- curve: hit and kill first against one varied stat ---------------------------------------


def curve_chart(attacker: str, defender: str, vary: Vary, points: Sequence[Point],
                under: str = "", versus: Sequence[Point] = ()) -> Figure:
    """A panel a figure, a line a system, against the varied stat; ``versus`` (B's points
    of ``--versus``) dashed beside them."""
    fig = blank_figure(13, 4.8)
    fig.suptitle(title(attacker, defender, vary, under), fontsize=12)
    whose = attacker if vary.side == ATTACKER else defender
    values = [p.value for p in points]
    names = list(points[0].figures)
    headings = (f"the {attacker}'s blow hits the {defender}",
                f"the {attacker} kills the {defender} first")
    panels: list[Any] = list(fig.subplots(1, 2))
    for n, (ax, heading) in enumerate(zip(panels, headings, strict=True)):
        for order, rules in enumerate(names):
            shares = [float(p.figures[rules][n]) * 100 for p in points]
            ax.plot(values, shares, **_line(rules, order, len(names) > 1))
            if versus:
                theirs = [float(p.figures[rules][n]) * 100 for p in versus]
                ax.plot(values, theirs, **_line(rules, order, len(names) > 1)
                        | {"ls": "--", "lw": 1.4, "marker": None})
        ax.set_title(heading, fontsize=10)
        ax.set_xlabel(f"the {whose}'s {vary.name}")
        _percent_axis(ax)
        if len(values) <= 25:
            ax.set_xticks(values)
        else:
            _whole_ticks(ax)
    _systems_legend(fig, names)
    return fig


# --- balance: the share that reached the depth, a row a character and system ----------------


def balance_chart(heading: str, rows: Sequence[tuple[str, int, int]]) -> Figure:
    """A bar a (label, reached, games): the share, with its 95% (Wilson) interval."""
    fig = blank_figure(9, max(2.5, 0.32 * len(rows) + 1.4))
    fig.suptitle(heading, fontsize=11)
    ax = fig.subplots()
    y = list(range(len(rows)))[::-1]
    values = [100 * k / max(1, n) for _, k, n in rows]
    spans = [shares.wilson(k, n) for _, k, n in rows]
    errors = [[max(0.0, v - 100 * low) for v, (low, _) in zip(values, spans, strict=True)],
              [max(0.0, 100 * high - v) for v, (_, high) in zip(values, spans, strict=True)]]
    colours = [_colour(label.rsplit("(", 1)[-1].rstrip(")")) for label, _, _ in rows]
    ax.barh(y, values, 0.6, xerr=errors, capsize=3, color=colours)
    ax.set_yticks(y, [label for label, _, _ in rows], fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_xlabel("games (%), with the 95% interval")
    ax.grid(True, axis="x", alpha=0.3)
    return fig


# --- curve over two stats: a heat map a system and figure ------------------------------------


def heat_chart(attacker: str, defender: str, vary: Vary, vary2: Vary,
               points: Sequence[Point], under: str = "") -> Figure:
    """For each system (a row of panels) and figure (a column), the share at every pair of
    values as a colour: ``vary`` up the side, ``vary2`` along the bottom."""
    from .curve import FIGURES, grid_title

    names = list(points[0].figures)
    columns = len(vary2.values)
    fig = blank_figure(11, 1.2 + 3.6 * len(names))
    fig.suptitle(grid_title(attacker, defender, vary, vary2, under), fontsize=11)
    panels: Any = fig.subplots(len(names), 2, squeeze=False)
    whose = {v: attacker if v.side == ATTACKER else defender for v in (vary, vary2)}
    extent = (vary2.low - 0.5, vary2.high + 0.5, vary.low - 0.5, vary.high + 0.5)
    image = None
    for row, rules in enumerate(names):
        for n, figure in enumerate(FIGURES):
            ax = panels[row][n]
            grid = [[float(points[k * columns + j].figures[rules][n]) * 100
                     for j in range(columns)] for k in range(len(vary.values))]
            image = ax.imshow(grid, origin="lower", extent=extent, aspect="auto",
                              vmin=0, vmax=100, cmap="viridis")
            ax.set_title(f"{figure} (%), {rules} rules", fontsize=10)
            ax.set_xlabel(f"the {whose[vary2]}'s {vary2.name}")
            ax.set_ylabel(f"the {whose[vary]}'s {vary.name}")
            _whole_ticks(ax)
            ax.yaxis.set_major_locator(ax.xaxis.get_major_locator().__class__(integer=True))
    if image is not None:
        fig.colorbar(image, ax=panels, label="chance (%)", shrink=0.8)
    return fig
