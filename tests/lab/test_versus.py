"""A against B (--versus DIR on odds, fsim, curve and balance; tables --diff DIR): each side's
column is what the command prints under those tables alone, the difference is B less A, and
a simulated share's verdict is its interval's."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.editions import catalog_for
from game.content.overlay import read_overlay
from game.lab import versus
from game.wizard import scratch, shares
from game.wizard.inspect import inspect

TOUGH = "mods/tough-kobolds"
ROOT = Path(__file__).resolve().parents[2]


def _row(out: str, label: str) -> list[str]:
    line = next(line.strip() for line in out.splitlines() if line.strip().startswith(label))
    return line[len(label):].split()


@pytest.fixture
def tougher(tmp_path: Path) -> Path:
    folder = tmp_path / "tougher"
    folder.mkdir()
    (folder / "creatures.toml").write_text('[creature."kobold"]\nhit_points = 20\n')
    return folder


def test_tables_diff_lists_each_field_old_and_new(game_main, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    base = catalog_for().creatures["kobold"]
    out = game_main("tables", "--diff", TOUGH)
    assert out.returncode == 0, out.stderr
    lines = [line.strip() for line in out.stdout.splitlines()]
    assert lines[0].startswith("The overlay 'tough-kobolds' (mods/tough-kobolds) makes 3 ")
    assert f'creature "kobold" hit_points: {base.hit_points} -> 8' in lines
    assert f'creature "kobold" weapon: "{base.weapon.name}" -> "short sword"' in lines
    assert any(line.startswith('creature "kobold chief": new (glyph = "K",') for line in lines)
    empty = tmp_path / "same"
    empty.mkdir()
    (empty / "creatures.toml").write_text(f'[creature."kobold"]\nhit_points = '
                                          f'{base.hit_points}\n')
    out = game_main("tables", "--diff", str(empty))
    assert out.returncode == 0 and out.stdout.count("\n") == 1
    assert out.stdout.startswith("The overlay 'same' (") and \
        out.stdout.endswith(") changes nothing in the game's tables.\n")
    bad = game_main("tables", "--diff", str(tmp_path / "none"))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "no such folder" in bad.stderr


def test_odds_versus_gives_each_tables_exact_odds_and_their_difference(game_main, tougher):
    out = game_main("odds", "dwarf warrior", "kobold", "--versus", str(tougher))
    assert out.returncode == 0, out.stderr
    ins = {name: inspect(scratch.side("dwarf warrior", cat), scratch.side("kobold", cat))
           for name, cat in (("a", catalog_for()), ("b", catalog_for(read_overlay(tougher))))}
    a, b = ins["a"].duel.first_wins, ins["b"].duel.first_wins
    cells = _row(out.stdout, "you kill it first")
    assert cells[:2] == [shares.percent(a), shares.percent(b)]
    assert b < a and cells[2] == "-" + shares.rounded(a - b) and cells[4] == "exact"
    assert _row(out.stdout, "you hit")[2] == "±0.0"  # the kobold's hit points only
    assert out.stdout.splitlines()[1].split() == ["base", "tables", "tougher", "B", "-", "A",
                                                  "95%", "of", "B", "-", "A"]


def test_odds_versus_plot_draws_the_chart_and_prints_the_table(game_main, tougher, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "ab.png"
    out = game_main("odds", "player", "kobold", "--rules", "all", "--versus", str(tougher),
                    "--plot", str(png))
    assert out.returncode == 0, out.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _row(out.stdout, "tides: you kill it first")[-1] == "exact"


def test_versus_the_same_tables_as_content_is_refused(game_main, tougher):
    out = game_main("odds", "player", "kobold", "--content", str(tougher), "--versus",
                    str(tougher))
    assert out.returncode == 2 and "the same tables as --content's" in out.stderr
    bad = game_main("fsim", "player", "kobold", "--versus", "/no/such/folder")
    assert bad.returncode == 2 and "no such folder" in bad.stderr


def test_fsim_versus_fights_the_same_fights_as_each_alone(game_main, tougher):
    args = ("fsim", "player", "kobold", "--rounds", "150", "--seed", "2")
    both = game_main(*args, "--versus", str(tougher))
    alone = game_main(*args)
    under = game_main(*args, "--content", str(tougher))
    assert both.returncode == alone.returncode == under.returncode == 0, both.stderr
    wins = _row(both.stdout, "attacker wins")
    assert wins[0] == _row(alone.stdout, "attacker wins")[0]
    assert wins[1] == _row(under.stdout, "attacker wins")[0]
    length = _row(both.stdout, "fight length (game s)")
    a, b = float(_row(alone.stdout, "fight length")[-1]), float(_row(under.stdout,
                                                                     "fight length")[-1])
    assert b > a and float(length[2]) == pytest.approx(float(length[1]) - float(length[0]),
                                                       abs=0.011)
    assert wins[-2:] in (["within", "chance"], ["than", "chance"])


def test_a_simulated_rows_verdict_is_its_interval():
    more = versus.rate("x", 40, 100, 70, 100)
    assert more.verdict() == versus.MORE and more.difference() == "+30.0 pts"
    low, high = shares.difference(40, 100, 70, 100)
    assert more.interval() == f"{low * 100:+.1f}..{high * 100:+.1f} pts" and low > 0
    same = versus.rate("y", 40, 100, 45, 100)
    assert same.verdict() == versus.WITHIN and same.difference() == "+5.0 pts"
    assert versus.Row("z", 0.5, 0.25, share=False).difference() == "-0.25"


def test_curve_versus_is_the_two_curves(game_main, tougher):
    args = ("curve", "dwarf warrior", "kobold", "--vary", "defence=8..10")
    both = game_main(*args, "--versus", str(tougher))
    alone = game_main(*args)
    under = game_main(*args, "--content", str(tougher))
    assert both.returncode == 0, both.stderr

    def block(out: str, figure: str) -> list[list[str]]:
        text = out.split(f"{figure} (%)", 1)[1].strip().split("\n\n")[0]
        return [line.split() for line in text.splitlines() if line[:1].isdigit()]

    for n, (x, y, z) in enumerate(zip(block(both.stdout, "you kill it first"),
                                      block(alone.stdout, "you kill it first"),
                                      block(under.stdout, "you kill it first"), strict=True)):
        assert x[0] == y[0] == z[0] == str(8 + n)
        assert x[1:3] == [y[1], z[1]]
        assert float(x[3]) == pytest.approx(float(z[1]) - float(y[1]), abs=0.11)


def test_balance_versus_counts_each_tables_games(game_main, tougher):
    args = ("balance", "--seeds", "2", "--depth", "2", "--char", "dwarf warrior")
    both = game_main(*args, "--versus", str(tougher))
    alone = game_main(*args)
    assert both.returncode == alone.returncode == 0, both.stderr
    reached = _row(alone.stdout, "dwarf warrior")[2]  # (rules, games, share, ...)
    row = _row(both.stdout, "dwarf warrior (manual)")
    assert round(float(row[0][:-1])) == int(reached[:-1]) and row[-1] == "chance"
    assert both.stdout.splitlines()[0] == ("The share that reached depth 2, A against B "
                                           "(2 games each)")
