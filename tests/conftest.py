"""Shared test helpers."""

from __future__ import annotations

import pytest


class Scripted:
    """An Rng that returns the given numbers in order and checks each is in range, so a test
    can say exactly which dice fell."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert self.values, f"rng asked for randint({a}, {b}) after the script ran out"
        value = self.values.pop(0)
        assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
        return value


@pytest.fixture
def scripted():
    return Scripted
