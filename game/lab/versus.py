"""A against B: one command's figures under two sets of tables, side by side (``--versus``).

A is the game's tables (or ``--content A``), B the overlay ``--versus DIR`` lays over the
game's tables. Each figure is a row: A, B and B less A; a simulated share (fsim, balance)
also gives the 95% interval of that difference (Newcombe's, ``shares.difference``) and says
whether it is more than chance would make (the interval misses 0). An exact figure (odds,
curve) has no chance in it: its difference is the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.wizard import shares

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from game.content.overlay import Overlay
    from game.wizard.fsim import Report
    from game.wizard.inspect import Inspection

BASE = "base tables"  # how A is named without --content
EXACT = "exact"  # the interval column of an exact figure
MORE = "more than chance"
WITHIN = "within chance"


def name_of(content: Overlay | None) -> str:
    """How a side's column is headed: the overlay's name, or the base tables."""
    return BASE if content is None else content.name


@dataclass(frozen=True, slots=True)
class Row:
    """One row: ``a`` and ``b`` (shares 0-1 where ``share``, else plain numbers);
    ``counts`` (k_a, n_a, k_b, n_b) where the shares were simulated."""

    label: str
    a: Fraction | float
    b: Fraction | float
    share: bool = True
    counts: tuple[int, int, int, int] | None = None

    def difference(self) -> str:
        """ "+3.1 pts" (a share's difference in percentage points) or "+0.25"."""
        d = Fraction(self.b) - Fraction(self.a)
        if self.share:
            sign = "+" if d > 0 else "-" if d < 0 else "±"
            return f"{sign}{shares.rounded(abs(d))} pts"
        return f"{float(d):+.2f}"

    def interval(self) -> str:
        """ "-2.0..+8.1 pts" for a simulated share, "exact" for an exact one, else blank."""
        if self.counts is None:
            return EXACT if self.share else ""
        low, high = shares.difference(*self.counts)
        return f"{low * 100:+.1f}..{high * 100:+.1f} pts"

    def verdict(self) -> str:
        if self.counts is None:
            return ""
        return MORE if shares.beyond_chance(*self.counts) else WITHIN

    def cell(self, value: Fraction | float) -> str:
        return shares.percent(value) if self.share else f"{float(value):.2f}"


def rate(label: str, k_a: int, n_a: int, k_b: int, n_b: int) -> Row:
    """A simulated share: ``k_a`` of ``n_a`` under A, ``k_b`` of ``n_b`` under B."""
    return Row(label, Fraction(k_a, max(1, n_a)), Fraction(k_b, max(1, n_b)),
                   counts=(k_a, n_a, k_b, n_b))


def table(a_name: str, b_name: str, figures: Sequence[Row]) -> list[str]:
    """The rows as text: figure, A, B, B - A, the difference's 95% interval, the verdict."""
    label = max([24, *(len(f.label) + 1 for f in figures)])
    width = max(10, len(a_name) + 1, len(b_name) + 1)
    lines = [f"{'':{label}}{a_name:>{width}}{b_name:>{width}}{'B - A':>11}"
             f"{'95% of B - A':>20}  "]
    for f in figures:
        lines.append(f"{f.label:{label}}{f.cell(f.a):>{width}}{f.cell(f.b):>{width}}"
                     f"{f.difference():>11}{f.interval():>20}  {f.verdict()}".rstrip())
    return lines


def chart(heading: str, a_name: str, b_name: str, figures: Sequence[Row]) -> Figure:
    """The shares as a pair of bars a figure (A solid, B hatched; a simulated share with its
    95% interval), the plain numbers in a panel of their own."""
    from game.lab.charts import blank_figure

    rates = [f for f in figures if f.share]
    numbers = [f for f in figures if not f.share]
    fig = blank_figure(12, max(3.0, 0.34 * len(figures) + 1.6))
    fig.suptitle(f"{heading}\nA: {a_name} (solid) against B: {b_name} (hatched)", fontsize=11)
    panels = fig.subplots(1, 2 if numbers else 1, squeeze=False,
                          width_ratios=[3, 1] if numbers else [1])[0]
    for ax, group, unit in ((panels[0], rates, "chance (%)"),
                            *(((panels[1], numbers, "value"),) if numbers else ())):
        scale = 100 if group is rates else 1
        y = list(range(len(group)))[::-1]
        for offset, side, style in ((0.2, "a", {"color": "#1f77b4"}),
                                    (-0.2, "b", {"color": "white", "edgecolor": "#d62728",
                                                 "hatch": "///"})):
            values = [float(getattr(f, side)) * scale for f in group]
            errors = _errors(group, side, values) if group is rates else None
            ax.barh([v + offset for v in y], values, 0.38, xerr=errors, capsize=2, **style)
        ax.set_yticks(y, [f.label for f in group], fontsize=8)
        ax.set_xlabel(unit)
        ax.grid(axis="x", alpha=0.3)
        if group is rates:
            ax.set_xlim(0, 100)
    return fig


def _errors(group: Sequence[Row], side: str, values: list[float]) -> list[list[float]]:
    """Each bar's 95% interval as matplotlib's (below, above) offsets: 0 for exact ones."""
    below, above = [], []
    for f, v in zip(group, values, strict=True):
        if f.counts is None:
            below.append(0.0)
            above.append(0.0)
            continue
        k, n = f.counts[:2] if side == "a" else f.counts[2:]
        low, high = shares.wilson(k, n)
        below.append(max(0.0, v - low * 100))
        above.append(max(0.0, high * 100 - v))
    return [below, above]


def odds_rows(a: dict[str, Inspection], b: dict[str, Inspection]) -> list[Row]:
    """The exact odds' figures under A and B, system by system (named where several)."""
    from game.rules import odds

    out = []
    for rules, x in a.items():
        y = b[rules]
        lead = f"{rules}: " if len(a) > 1 else ""
        pairs: list[tuple[str, Fraction, Fraction, bool]] = [
            ("you hit", x.your_hit, y.your_hit, True),
            ("it hits", x.its_hit, y.its_hit, True),
            ("your critical", x.your_crit, y.your_crit, True),
            ("its critical", x.its_crit, y.its_crit, True),
            ("your damage an attack", odds.mean(x.your_damage), odds.mean(y.your_damage), False),
            ("its damage an attack", odds.mean(x.its_damage), odds.mean(y.its_damage), False),
            *((f"you kill it within {n + 1}", p, q, True)
              for n, (p, q) in enumerate(zip(x.kills, y.kills, strict=False))),
            ("you kill it first", x.duel.first_wins, y.duel.first_wins, True),
            ("it kills you first", x.duel.second_wins, y.duel.second_wins, True)]
        out += [Row(lead + label, p, q, share) for label, p, q, share in pairs]
    return out


def fsim_rows(a: dict[str, Report], b: dict[str, Report]) -> list[Row]:
    """The simulated figures under A and B, system by system: the shares with their
    chance, the damage and the fights' length as numbers."""
    out = []
    for rules, x in a.items():
        s, t = x.tally, b[rules].tally
        lead = f"{rules}: " if len(a) > 1 else ""
        out += [rate(lead + "attacker wins", s.wins, s.fights, t.wins, t.fights),
                rate(lead + "hit rate", s.hits, s.attacks, t.hits, t.attacks),
                rate(lead + "critical rate", s.crits, s.attacks, t.crits, t.attacks),
                Row(lead + "damage per attack", s.damage / max(1, s.actions),
                    t.damage / max(1, t.actions), share=False),
                Row(lead + "fight length (game s)", s.ticks / 10 / max(1, s.fights),
                    t.ticks / 10 / max(1, t.fights), share=False)]
    return out
