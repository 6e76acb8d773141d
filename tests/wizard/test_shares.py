"""Shares are rounded half up, never floored, wherever a table prints one; intervals are
Wilson's (checked against figures worked by hand and against their defining property)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from game.commands import balance
from game.wizard import shares
from game.wizard.inspect import pct
from game.wizard.side_by_side import _short


def test_seven_eighths_is_88_not_87() -> None:
    assert shares.of(7, 8) == "88%"
    assert shares.percent(Fraction(7, 8), 0) == "88%"
    assert shares.percent(Fraction(1, 8), 0) == "13%"  # half up, not half to even (12)
    assert shares.percent(Fraction(2, 3)) == "66.7%"  # not 66.6
    assert shares.percent(Fraction(1, 800)) == "0.1%"  # 0.125 up, not to even
    assert shares.percent(0.0) == "0.0%" and shares.percent(1) == "100.0%"
    assert shares.percent(float("nan")) == "-"


@pytest.mark.parametrize("k,n", [(7, 8), (1, 8), (2, 3), (1, 800), (5, 16)])
def test_every_formatter_rounds(k: int, n: int) -> None:
    """The class: each table's formatter prints what shares.percent does."""
    p = Fraction(k, n)
    whole = shares.percent(p, 0)
    one = shares.percent(p, 1)
    assert balance._share(k, n) == whole
    assert pct(p).strip() == one
    assert _short(p) == one.replace(".0%", "%")


def test_wilson_matches_hand_figures() -> None:
    """Wilson's 95% interval of 7 in 8 is 52.9%-97.8%; of 0 in 10, 0%-27.8%;
    of 50 in 100, 40.4%-59.6%."""
    low, high = shares.wilson(7, 8)
    assert (round(low, 3), round(high, 3)) == (0.529, 0.978)
    assert shares.wilson(0, 10)[0] == 0.0 and round(shares.wilson(0, 10)[1], 3) == 0.278
    assert shares.span(50, 100) == "40.4-59.6%"


def test_wilson_is_the_score_interval() -> None:
    """Its ends are exactly where the score statistic |p - p0| / se(p0) is 1.96."""
    for k, n in ((3, 40), (17, 23), (500, 1000)):
        for end in shares.wilson(k, n):
            se = math.sqrt(end * (1 - end) / n)
            assert abs(k / n - end) / se == pytest.approx(shares.Z95, rel=1e-9)


def test_difference_beyond_chance() -> None:
    """Newcombe's interval: 50/100 against 70/100 is beyond chance, 50/100 against 55/100
    is not; the interval holds the difference of the two shares."""
    low, high = shares.difference(50, 100, 70, 100)
    assert low < 0.2 < high and low > 0
    assert shares.beyond_chance(50, 100, 70, 100)
    assert not shares.beyond_chance(50, 100, 55, 100)
    assert (round(low, 3), round(high, 3)) == (0.064, 0.326)  # Wilson ends 40.4-59.6%, 60.4-78.1%


def test_fsim_and_balance_tables_print_the_interval() -> None:
    from game.wizard.fsim import Report, Tally, comparison

    tally = Tally(fights=8, wins=7, attacks=100, hits=50, crits=0, actions=100, damage=90,
                  ticks=800)
    report = Report(tally, 0.5, 0.0, 1.0, 0.875, 10)
    lines = report.lines()
    wins = next(line for line in lines if "attacker wins" in line).split()
    assert wins[-3:] == ["87.5%", "87.5%", "52.9-97.8%"]
    hit = next(line for line in lines if "hit rate" in line).split()
    assert hit[-1] == "40.4-59.6%"
    assert comparison({"manual": report})[1].split()[-1] == "52.9-97.8%"
    games = [balance.Ended(s, 3 if s < 7 else 1, "" if s < 7 else "x", died_on=int(s >= 7),
                           character="human warrior", rules="manual") for s in range(8)]
    row = balance.row(games, 3, False)[0].split()
    assert row[4:6] == ["88%", "53-98%"]
    assert balance.report([games], 3, False)[-1].endswith("(88%, 95% interval 53-98%)")
