"""Fixtures the world's scenario tests share."""

from __future__ import annotations

import pytest

from game.world.core.engine import Engine
from game.world.game import Game


@pytest.fixture
def engines():
    """Engines made by a test, closed afterwards so no esper world outlives its test."""
    made: list[Game] = []
    yield made
    for engine in made:
        engine.close()


@pytest.fixture(autouse=True)
def checked(monkeypatch):
    """Every step of every world test is followed by ``Engine.check``: each cache and shortcut
    worked out afresh agrees with what is kept. The steps are counted (``checked.steps``)."""
    real = Engine.submit

    def submit(self: Engine, action):
        result = real(self, action)
        wrong = self.check()
        assert wrong == [], f"after {action!r}: {wrong}"
        submit.steps += 1
        return result

    submit.steps = 0
    monkeypatch.setattr(Engine, "submit", submit)
    return submit
