"""Fixtures the world's scenario tests share."""

from __future__ import annotations

import pytest

from game.world.engine import Engine


@pytest.fixture
def engines():
    """Engines made by a test, closed afterwards so no esper world outlives its test."""
    made: list[Engine] = []
    yield made
    for engine in made:
        engine.close()
