"""``python -m game curve``: the inspector's own exact figures against one varied stat, a
table without --plot, and bad input in one line (exit 2)."""

from __future__ import annotations

import pytest

from game.content.catalog import load_catalog
from game.lab import curve
from game.lab.sweep import Where
from game.wizard import scratch
from game.wizard.inspect import inspect


def test_a_vary_is_a_side_a_name_and_a_range():
    assert curve.parse("defence=8..24") == curve.Vary("defender", "defence", 8, 24)
    assert curve.parse(" attacker.strength = 12 .. 16 ").values == range(12, 17)
    assert curve.parse("hit_points=5..5").values == range(5, 6)  # one point is a curve too


@pytest.mark.parametrize("text, says", [
    ("defence=24..8", "the range is empty"),
    ("defence=8-24", "expected [attacker.|defender.]NAME=LOW..HIGH"),
    ("defence", "expected [attacker.|defender.]NAME=LOW..HIGH"),
    ("wizard.defence=1..2", "expected [attacker.|defender.]NAME=LOW..HIGH"),
    ("defence=0..1000", "1001 values; at most 201"),
])
def test_a_bad_vary_is_refused(text, says):
    with pytest.raises(curve.BadVary, match=r".*") as refused:
        curve.parse(text)
    assert says in str(refused.value)


def test_the_names_are_the_tables_own_and_their_limits_hold():
    catalog = load_catalog()
    kobold = curve.stat_names("kobold", catalog)
    assert {"hit_points", "strength", "natural_defence", "defence", "protection"} <= set(kobold)
    assert "glyph" not in kobold and "base_hp" not in kobold
    assert "base_hp" in curve.stat_names("dwarf warrior", catalog)
    with pytest.raises(curve.BadVary, match="no stat 'defense'; did you mean: defence"):
        curve.check(curve.parse("defense=8..9"), "kobold", catalog)
    with pytest.raises(curve.BadVary, match="hit_points is at least 1"):
        curve.check(curve.parse("hit_points=0..3"), "kobold", catalog)
    curve.check(curve.parse("attacker.base_hp=5..9"), "dwarf warrior", catalog)


def test_a_varied_side_is_built_by_plays_builder_from_the_changed_table():
    catalog = load_catalog()
    tough = curve.varied("kobold", "hit_points", 11, catalog)
    assert (tough.hp, tough.fighter.max_hp) == (11, 11)
    strong = curve.varied("dwarf warrior", "constitution", 16, catalog)
    assert strong.hp == 10 + 2 * 3  # base_hp + 2 x the Constitution modifier, as play has it
    assert load_catalog().creatures["kobold"].hit_points == 6  # the game's tables untouched
    for value in (8, 11, 24):
        side = curve.varied("kobold", "defence", value, catalog)
        assert curve.total(side.fighter, "defence") == value
    assert curve.total(curve.varied("kobold", "protection", 3, catalog).fighter,
                       "protection") == 3


def test_each_point_is_the_inspectors_own_figures():
    vary = curve.parse("natural_defence=0..2")
    points = curve.curve("dwarf warrior", "kobold", vary, ["manual", "coc"])
    plain = {r: inspect(scratch.side("dwarf warrior"), scratch.side("kobold"), r)
             for r in ("manual", "coc")}
    assert [p.value for p in points] == [0, 1, 2]
    assert points[0].figures == {r: (i.your_hit, i.duel.first_wins) for r, i in plain.items()}
    hits = [p.figures["manual"][0] for p in points]
    assert hits[0] > hits[1] > hits[2]  # the kobold harder to hit as its hide thickens
    assert curve.curve("dwarf warrior", "kobold", vary, ["manual", "coc"],
                       Where(jobs=2)) == points


def test_the_command_prints_a_table_a_row_a_value_a_column_a_system(game_main):
    out = game_main("curve", "dwarf warrior", "kobold", "--vary", "defence=10..12",
                    "--rules", "all")
    assert out.returncode == 0 and out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[0] == ("dwarf warrior against kobold: the kobold's defence from 10 to 12, "
                        "exact odds")
    hit = lines.index("you hit it (%)")
    assert lines[hit + 1].split() == ["defence", "manual", "qud", "d20", "coc", "tides"]
    assert lines[hit + 3].split()[:2] == ["11", "85.4"]  # Thora's 123 in 144 at Defence 11
    first = lines.index("you kill it first (%)")
    assert [row.split()[0] for row in lines[first + 2:]] == ["10", "11", "12"]
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("args, says", [
    (["player", "kobold", "--vary", "defense=8..24"], "did you mean: defence"),
    (["player", "kobold", "--vary", "defence=24..8"], "the range is empty"),
    (["player", "kobold", "--vary", "attacker.hit_points=1..3"], "no stat 'hit_points'"),
    (["player", "kobol", "--vary", "defence=8..9"], "did you mean: kobold"),
    (["player", "kobold", "--vary", "defence=8..9", "--rules", "gurps"], "unknown"),
    (["player", "kobold"], "the following arguments are required: --vary"),
    (["player", "kobold", "--vary", ""], "expected a value, not an empty one"),
])
def test_bad_input_is_one_line_and_exit_2(game_main, args, says):
    out = game_main("curve", *args)
    assert out.returncode == 2 and says in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and not out.stdout
