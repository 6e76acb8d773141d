"""A rest that runs its whole length and leaves the player hurt says why it stopped, and how
hurt (0.3.0); a 0.2.0 game keeps its bare "You stop resting."."""

from __future__ import annotations

from dataclasses import replace

from test_scenarios import scenario, set_hp

from game.world.core import actions as A
from game.world.play.player_actions import REST_LIMIT

ROOM = """
#####
#@..#
#####
"""


def rest_hurt(engines, made_by: str | None = None) -> str:
    engine = scenario(engines, ROOM)
    if made_by:
        engine.setup = replace(engine.setup, made_by=made_by)
    set_hp(engine, engine.player, 1, 200)  # more than a whole rest heals
    assert isinstance(engine.submit(A.Rest()), A.Done)
    return engine.log[-1].line


def test_a_long_rest_that_leaves_you_hurt_says_why_it_stopped(engines):
    line = rest_hurt(engines)
    assert line.startswith(f"You stop resting after {REST_LIMIT} turns, at ")
    assert line.endswith(" of 200 hit points: rest again to go on.")


def test_a_0_2_0_game_stops_resting_as_it_did(engines):
    assert rest_hurt(engines, "0.2.0") == "You stop resting."
