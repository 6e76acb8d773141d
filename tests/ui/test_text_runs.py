"""``put_runs`` writes a line of coloured runs at once: the same cells as a ``put`` of each
run, in either console order, clipped the same way (issue 36: the status lines are drawn so
for every observation of the env's screen)."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.console

from game.ui import text

RUNS = [("Dwarf warrior", (200, 180, 90)), ("  ", None), ("HP 12/15", (90, 200, 90)),
        ("", (1, 2, 3)), (" é ─ ", (10, 20, 30)), ("T:1234", (250, 250, 250))]


def one_by_one(console, x, y, runs, width=None):
    end = console.width if width is None else min(console.width, x + width)
    for piece, fg in runs:
        x = text.put(console, x, y, piece, fg, width=end - x)
    return x


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("x, y, width", [(1, 0, None), (3, 5, 12), (70, 23, None),
                                         (0, 30, None), (79, 2, 5)])
def test_put_runs_draws_what_a_put_of_each_run_draws(order, x, y, width):
    fast, slow = (tcod.console.Console(80, 24, order=order) for _ in range(2))
    for console in (fast, slow):
        console.bg[...] = (5, 6, 7)  # kept: neither way paints the background
    ends = (text.put_runs(fast, x, y, RUNS, width=width), one_by_one(slow, x, y, RUNS, width))
    assert ends[0] == ends[1]
    for part in ("ch", "fg", "bg"):
        np.testing.assert_array_equal(fast.rgb[part], slow.rgb[part])
