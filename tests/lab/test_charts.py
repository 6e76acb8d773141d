"""Charts (--plot): what they draw is the text's own numbers, each with a title, axis labels
and a legend; without matplotlib, --plot says in one line how to install it."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

import pytest

from game.lab import charts, curve, fights
from game.wizard import scratch, shares
from game.wizard.inspect import inspect

HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
needs_matplotlib = pytest.mark.skipif(
    not HAS_MATPLOTLIB, reason="matplotlib is not installed: pip install -e '.[plots]'")
PNG = b"\x89PNG\r\n\x1a\n"


def test_kill_curves_are_the_inspectors_table_then_go_on_until_both_are_near_sure():
    ins = inspect(scratch.side("dwarf warrior"), scratch.side("kobold"))
    yours, its = charts.kill_curves(ins)
    assert yours[:len(ins.kills)] == ins.kills
    assert len(yours) == len(its) >= len(ins.kills)
    assert (yours[-1] >= charts.SURE and its[-1] >= charts.SURE) or \
        len(yours) == charts.MOST_BLOWS


def test_fsim_chart_figures_are_the_tables_with_an_interval_for_each_share():
    report = fights.run("player", "kobold", "dwarf warrior", ["manual"], seed=3,
                        rounds=60).reports["manual"]
    rows = charts.fsim_figures(report)
    assert [r[0] for r in rows] == ["attacker wins", "hit rate", "critical rate",
                                    "damage per attack"]
    t = report.tally
    assert rows[1][1] == pytest.approx(100 * t.hits / t.attacks)
    assert rows[1][2] == pytest.approx(100 * report.exact_hit)
    low, high = shares.wilson(t.hits, t.attacks)
    assert rows[1][3] == pytest.approx((100 * low, 100 * high))
    assert rows[1][3][0] < rows[1][1] < rows[1][3][1] and rows[3][3][0] != rows[3][3][0]


def test_without_matplotlib_plot_says_how_to_install_it(game_main, monkeypatch, tmp_path):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    target = tmp_path / "x.png"
    for command in (["odds", "player", "kobold"], ["fsim", "player", "kobold", "--rounds", "5"],
                    ["curve", "player", "kobold", "--vary", "defence=9..10"]):
        out = game_main(*command, "--plot", str(target))
        assert out.returncode == 2 and not out.stdout and not target.exists()
        assert out.stderr == ("python -m game: --plot needs matplotlib: python -m pip "
                              "install -e '.[plots]'\n")


@pytest.mark.parametrize("target, says", [("chart.txt", "name a .png file"),
                                          ("nowhere/chart.png", "there is no folder")])
def test_a_plot_file_that_cannot_be_written_is_refused_first(game_main, tmp_path, target,
                                                             says):
    if not HAS_MATPLOTLIB:
        pytest.skip("matplotlib is not installed: pip install -e '.[plots]'")
    out = game_main("fsim", "player", "kobold", "--rounds", "5", "--plot",
                    str(tmp_path / target))
    assert out.returncode == 2 and says in out.stderr and not out.stdout


def _texts(fig) -> tuple[str, list[tuple[str, str, str]], list[str]]:
    """The figure's title, each panel's (title, x label, y label), and every legend's words."""
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]
    words = [t.get_text() for legend in legends for t in legend.get_texts()]
    return (fig._suptitle.get_text(),
            [(ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes], words)


@needs_matplotlib
def test_the_odds_chart_under_every_system(tmp_path, game_main):
    you, it = scratch.side("dwarf warrior"), scratch.side("kobold")
    fig = charts.odds_chart({r: inspect(you, it, r) for r in ("manual", "qud", "coc")})
    title, panels, legend = _texts(fig)
    assert title.startswith("dwarf warrior (14 hp) against kobold (6 hp)")
    assert len(panels) == 3 and all(t and x and y for t, x, y in panels)
    assert legend == ["manual", "qud", "coc"]
    kill = fig.axes[2].get_lines()
    assert [round(v, 6) for v in kill[0].get_ydata()[:6]] == \
        [round(float(p) * 100, 6) for p in inspect(you, it, "manual").kills]
    path = tmp_path / "odds.png"
    out = game_main("odds", "dwarf warrior", "kobold", "--plot", str(path))
    assert out.returncode == 0 and path.read_bytes().startswith(PNG)
    table = game_main("odds", "dwarf warrior", "kobold").stdout  # --plot prints it too
    assert out.stdout == table + f"dwarf warrior against kobold: the exact odds drawn in {path}\n"


@needs_matplotlib
def test_the_fsim_chart_puts_simulated_beside_exact(tmp_path, game_main):
    path = tmp_path / "fsim.png"
    out = game_main("fsim", "player", "kobold", "--rules", "all", "--rounds", "20",
                    "--plot", str(path))
    assert out.returncode == 0 and path.read_bytes().startswith(PNG)
    assert f"Drawn in {path}." in out.stdout and "20 fights under each rules" in out.stdout
    reports = fights.run("player", "kobold", "dwarf warrior", ["manual", "d20"], seed=0,
                         rounds=20).reports
    fig = charts.fsim_chart("a heading", reports)
    title, panels, legend = _texts(fig)
    assert "simulated" in title and "exact" in title
    assert panels[0][0].startswith("attacker wins (%)")
    assert [p[0] for p in panels[1:]] == ["hit rate (%)", "critical rate (%)",
                                          "damage per attack (hit points)"]
    assert [y for _, _, y in panels] == ["fights won (%)", "share of blows (%)",
                                         "share of blows (%)", "damage (hit points)"]
    assert legend == ["simulated", "exact"]
    # the wins axis holds every share and interval end, and no more than it needs
    ends = [v for r in reports.values() for row in charts.fsim_figures(r)[:1]
            for v in (row[1], row[2], *row[3])]
    low, high = fig.axes[0].get_ylim()
    assert low <= min(ends) and high >= max(ends)
    assert (low, high) == charts.wins_range(ends)


def test_the_wins_axis_zooms_to_where_the_systems_differ():
    assert charts.wins_range([93.0, 96.5, 99.2, 100.0]) == (90.0, 100.0)
    assert charts.wins_range([40.0, 60.0]) == (35.0, 65.0)  # pads a fifth of the spread
    assert charts.wins_range([1.0, 3.0]) == (0.0, 5.0)  # never below 0 nor above 100


def test_the_miss_is_a_bar_of_its_own_not_part_of_hit_for_0():
    """An attack whose every blow missed did 0 damage, and so did a hit that glanced: the
    chart's miss and its "hit for 0" are the two, apart, and all the bars add up to 100%."""
    you, it = scratch.side("dwarf warrior"), scratch.side("kobold")
    for rules in ("manual", "tides"):
        ins = inspect(you, it, rules)
        for mine in (True, False):
            miss, hits = charts.damage_shares(ins, mine)
            dist = ins.your_damage if mine else ins.its_damage
            hitter, target = (you, it) if mine else (it, you)
            assert miss == pytest.approx(float(charts.all_miss(hitter, target, rules)) * 100)
            assert hits[0] == pytest.approx(float(dist.get(0, 0)) * 100 - miss)
            assert miss + sum(hits) == pytest.approx(100)


@needs_matplotlib
def test_the_odds_chart_stands_the_miss_apart(tmp_path):
    you, it = scratch.side("dwarf warrior"), scratch.side("kobold")
    one = inspect(you, it, "manual")
    miss, hits = charts.damage_shares(one, True)
    fig = charts.odds_chart({"manual": one})
    bars = {round(b.get_x() + b.get_width() / 2, 3): b for b in fig.axes[0].patches}
    apart = bars[charts.MISS_AT]
    assert apart.get_y() == 0 and apart.get_height() == pytest.approx(miss)  # not stacked
    assert bars[0].get_height() == pytest.approx(hits[0])
    assert fig.axes[0].get_xticklabels()[0].get_text() == "miss"
    assert fig.axes[0].get_ylabel() == "chance of an attack (%)"
    every = {r: inspect(you, it, r) for r in ("manual", "qud", "coc")}
    fig = charts.odds_chart(every)
    points = [line for line in fig.axes[0].get_lines() if list(line.get_xdata()) ==
              [charts.MISS_AT]]
    assert [p.get_ydata()[0] for p in points] == pytest.approx(
        [charts.damage_shares(ins, True)[0] for ins in every.values()])


@needs_matplotlib
def test_the_curve_chart_draws_a_line_a_system(tmp_path, game_main):
    vary = curve.parse("defence=10..13")
    points = curve.curve("dwarf warrior", "kobold", vary, ["manual", "d20"])
    fig = charts.curve_chart("dwarf warrior", "kobold", vary, points)
    title, panels, legend = _texts(fig)
    assert title == curve.title("dwarf warrior", "kobold", vary)
    assert [x for _, x, _ in panels] == ["the kobold's defence"] * 2
    assert legend == ["manual", "d20"]
    hits = fig.axes[0].get_lines()[0]
    assert list(hits.get_xdata()) == [10, 11, 12, 13]
    assert hits.get_ydata()[1] == pytest.approx(float(Fraction(123, 144)) * 100)
    path = tmp_path / "curve.png"
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", "defence=10..13",
                    "--plot", str(path))
    assert out.returncode == 0 and path.read_bytes().startswith(PNG)
    assert out.stdout.endswith(f"drawn in {path}\n")


def test_every_chart_in_the_docs_is_shown_with_the_command_that_draws_it():
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    page = (docs / "balance.md").read_text()
    drawn = sorted(p.name for p in (docs / "charts").glob("*.png"))
    assert len(drawn) >= 7
    for name in drawn:
        assert f"](charts/{name})" in page and f"--plot docs/charts/{name}" in page, name
