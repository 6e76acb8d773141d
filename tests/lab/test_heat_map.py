"""curve over two stats at once (--vary2): every pair of values, each the figure the odds
inspector gives with both set, as a table and a heat map."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.content.overlay import read_overlay
from game.lab import curve
from game.wizard.shares import rounded


def _hp_overlay(tmp_path: Path, hp: int):
    folder = tmp_path / f"hp{hp}"
    folder.mkdir()
    (folder / "creatures.toml").write_text(f'[creature."kobold"]\nhit_points = {hp}\n')
    return read_overlay(folder)


def test_each_column_is_the_curve_with_the_second_stat_set(tmp_path):
    vary, vary2 = curve.parse("defence=9..11"), curve.parse("hit_points=5..7")
    points = curve.grid("dwarf warrior", "kobold", vary, vary2, ["manual", "d20"])
    assert [(p.value, p.value2) for p in points] == [(v, w) for v in range(9, 12)
                                                     for w in range(5, 8)]
    for j, hp in enumerate(range(5, 8)):
        column = curve.curve("dwarf warrior", "kobold", vary, ["manual", "d20"],
                             content=_hp_overlay(tmp_path, hp))
        assert [points[k * 3 + j].figures for k in range(3)] == [p.figures for p in column]


def test_the_table_is_a_grid_a_system_and_figure(game_main):
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", "defence=9..10", "--vary2",
                    "hit_points=5..6")
    assert out.returncode == 0, out.stderr
    points = curve.grid("dwarf warrior", "kobold", curve.parse("defence=9..10"),
                        curve.parse("hit_points=5..6"), ["manual"])
    lines = out.stdout.splitlines()
    at = lines.index("you kill it first (%), manual rules")
    assert lines[at + 1].split() == ["defence\\hit_points", "5", "6"]
    assert lines[at + 2].split() == ["9", *(rounded(p.figures["manual"][1], 0)
                                            for p in points[:2])]


@pytest.mark.parametrize("args, says", [
    (["--vary2", "defence=1..3"], "the same stat as --vary"),
    (["--vary2", "hit_points=0..3"], "--vary2 hit_points=0..3: the kobold's hit_points is at"),
    (["--vary2", "nonsense"], "--vary2 'nonsense': expected"),
    (["--vary2", "hit_points=1..3", "--versus", "mods/tough-kobolds"], "do not go together"),
])
def test_a_bad_second_stat_is_one_line(game_main, args, says):
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", "defence=9..10", *args)
    assert out.returncode == 2 and says in out.stderr and out.stderr.count("\n") == 1


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="no matplotlib")
def test_the_heat_map_draws_each_pair(tmp_path):
    from game.lab import charts

    vary, vary2 = curve.parse("defence=9..11"), curve.parse("hit_points=5..6")
    points = curve.grid("dwarf warrior", "kobold", vary, vary2, ["manual"])
    fig = charts.heat_chart("dwarf warrior", "kobold", vary, vary2, points)
    image = fig.axes[1].get_images()[0].get_array()
    assert image.shape == (3, 2)
    assert image[2][1] == pytest.approx(float(points[5].figures["manual"][1]) * 100)
    assert fig.axes[0].get_xlabel() == "the kobold's hit_points"
    assert fig.axes[0].get_ylabel() == "the kobold's defence"
