"""Fixtures the world's scenario tests share."""

from __future__ import annotations

import pytest

from game.world.game import Game


@pytest.fixture
def engines():
    """Engines made by a test, closed afterwards so no esper world outlives its test."""
    made: list[Game] = []
    yield made
    for engine in made:
        engine.close()
