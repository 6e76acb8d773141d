"""One table of bounds (``game.rules.bounds``), used alike by the tables, overlays, the save
check and the tools: every integer field of every table takes its bound from it, a table at
each bound loads and the value one past is refused, a game under an overlay at the top bounds
saves and verifies, and the odds, a fight simulation and a curve there finish."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from overlay_helpers import write_overlay

from game.commands import common
from game.content import ContentError
from game.content.catalog import load_catalog
from game.content.creatures import MAX_DEPTH
from game.content.editions import catalog_for
from game.content.loader import COLOUR, Spec, _Bad, convert
from game.content.overlay import read_overlay
from game.content.references import tables
from game.persist import snapshot_check
from game.rules import bounds, levels, magic, stats
from game.wizard import scratch
from game.wizard.inspect import inspect
from game.world.play import wizard_actions

BASE = load_catalog()
INTEGERS = [(table, key, spec) for table in tables(BASE.armoury, tuple(BASE.magic.spells))
            for key, spec in table.specs.items() if spec.kind in ("int", "ranks")]
TOP = {  # every number of a game at the top of its bound: a creature, a character, weapons
    "top.toml": f"""\
[creature."kobold"]
hit_points = {bounds.HIT_POINTS.high}
strength = {bounds.STAT.high}
frequency = {bounds.FREQUENCY.high}
weapon = "spear"

[weapon."spear"]
damage = "{bounds.DICE_COUNT.high}d{bounds.DICE_SIDES.high}"

[character."dwarf warrior"]
base_hp = {bounds.BASE_HP.high}
constitution = {bounds.STAT.high}
"""}


def test_every_integer_of_every_table_has_its_bound_from_the_one_table():
    named = set(bounds.BOUNDS.values())
    for table, key, spec in [*INTEGERS, (None, "colour", COLOUR)]:
        assert spec.bound in named, f"{table and table.what}.{key}: no bound of game.rules.bounds"
        assert (spec.low, spec.high) == (spec.bound.low, spec.bound.high)


def test_the_rules_own_numbers_are_the_tables_bounds():
    pairs = [(stats.MAX_RANK, bounds.RANK.high), (levels.MAX_LEVEL, bounds.LEVEL.high),
             (stats.MIN_THREAT, bounds.THREAT.low), (stats.MAX_MULTIPLIER, bounds.MULTIPLIER.high),
             (magic.MAX_RESIST, bounds.RESIST.high), (MAX_DEPTH, bounds.DEPTH.high),
             (wizard_actions.MIN_STAT, bounds.STAT.low),
             (wizard_actions.MAX_STAT, bounds.STAT.high),
             (common.MOST, bounds.RUNS.high), (snapshot_check.MAX_COUNT, bounds.COUNT.high),
             *((bounds._modifier(s), stats.modifier(s)) for s in range(1, 31))]
    assert all(ours == theirs for ours, theirs in pairs), pairs


def test_the_save_check_accepts_whatever_the_tables_give():
    """The hit points a save may hold reach those of a creature at the top bound and of a
    character at the top level with every hit point the tables and a wizard give."""
    health = snapshot_check.FIELDS["Health.max_hp"]
    assert health.high == bounds.HEALTH.high >= bounds.HIT_POINTS.high
    top = bounds.BASE_HP.high + 2 * stats.modifier(bounds.STAT.high) + (
        bounds.LEVEL.high - 1) * levels.level_hp(bounds.HP_PER_LEVEL.high, bounds.STAT.high)
    assert health.high >= top


@pytest.mark.parametrize("table, key, spec", INTEGERS,
                         ids=[f"{t.what}.{t.within + '.' if t.within else ''}{k}"
                              for t, k, _ in INTEGERS])
def test_a_field_at_its_bound_is_taken_and_one_past_refused(table, key, spec):
    def wrap(number: int) -> object:  # a rank is a number by name
        return {(spec.choices or ("Any",))[0]: number} if spec.kind == "ranks" else number

    for value in (spec.low, spec.high):
        assert convert(wrap(value), spec) == wrap(value)
    for value in (spec.low - 1, spec.high + 1):
        with pytest.raises(_Bad, match=f"must be {spec.low} to {spec.high}"):
            convert(wrap(value), spec)


def test_dice_at_their_bounds_are_taken_and_one_past_refused():
    dice = f"{bounds.DICE_COUNT.high}d{bounds.DICE_SIDES.high}+{bounds.DICE_BONUS.high}"
    assert convert(dice, Spec("dice")).maximum == \
        bounds.DICE_COUNT.high * bounds.DICE_SIDES.high + bounds.DICE_BONUS.high
    for past in (f"{bounds.DICE_COUNT.high + 1}d6", f"1d{bounds.DICE_SIDES.high + 1}",
                 f"1d6+{bounds.DICE_BONUS.high + 1}"):
        with pytest.raises(_Bad, match="from"):
            convert(past, Spec("dice"))


@pytest.mark.parametrize("value, says", [
    (bounds.HIT_POINTS.high + 1, f"is above {bounds.HIT_POINTS.high}"),
    (99999999999999999999, f"is above {bounds.HIT_POINTS.high}"),  # once an OverflowError
    (int("9" * 100), f"a number too long (at most {bounds.DIGITS} digits)"),
])
def test_an_overlay_past_a_bound_is_one_line(tmp_path, value, says):
    folder = write_overlay(tmp_path / "huge", {
        "c.toml": f'[creature."kobold"]\nhit_points = {value}\n'})
    with pytest.raises(ContentError) as caught:
        catalog_for(read_overlay(folder))
    assert says in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith(f"{folder}/c.toml: ")


def test_tables_at_the_top_bounds_load_and_their_game_saves_and_verifies(tmp_path, game_main):
    """The save check accepts anything the tables accept: an overlay's 99999999999999999902
    hit-point kobold once played and saved a game its own verify refused."""
    folder = write_overlay(tmp_path / "top", TOP)
    catalog = catalog_for(read_overlay(folder))
    assert catalog.creatures["kobold"].hit_points == bounds.HIT_POINTS.high
    path = tmp_path / "top.json"
    out = game_main("bot", "--seed", "3", "--turns", "40", "--content", str(folder),
                    "--out", str(path))
    assert out.returncode == 0, out.stderr
    assert game_main("verify", str(path)).returncode == 0
    data = json.loads(path.read_text())
    assert data["content"]["name"] == "top"


def test_the_odds_and_a_curve_at_the_top_bounds_finish(tmp_path, game_main):
    """(Once a 100,000-hit-point kobold kept odds and fsim running past a minute, and a curve
    over hit_points=999990..1000000 never ended.)"""
    folder = write_overlay(tmp_path / "top", TOP)
    catalog = catalog_for(read_overlay(folder))
    you, it = scratch.side("dwarf warrior", catalog), scratch.side("kobold", catalog)
    assert it.hp == bounds.HIT_POINTS.high
    found = inspect(you, it)
    assert 0 < found.duel.first_wins + found.duel.second_wins <= 1
    assert found.kills[0] >= 0 and isinstance(found.kills[0], Fraction)
    top = bounds.HIT_POINTS.high
    out = game_main("curve", "player", "kobold", "--vary", f"hit_points={top - 2}..{top}",
                    "--content", str(folder))
    assert out.returncode == 0 and str(top) in out.stdout, out.stderr
    out = game_main("curve", "player", "kobold", "--vary", "hit_points=999990..1000000")
    assert out.returncode == 2 and f"at most {top}" in out.stderr
    out = game_main("fsim", "player", "kobold", "--rounds", "10", "--content", str(folder))
    assert out.returncode == 0 and "kobold" in out.stdout, out.stderr
