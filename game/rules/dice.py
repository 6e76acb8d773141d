"""Dice: parse "1d9" or "1d8+2", roll them with an injected generator, and count them exactly.

Every random number in the rules comes from an ``Rng``: anything with ``randint(lo, hi)``
(inclusive), such as ``random.Random``. The rules never create one themselves, so the game
decides which named stream a roll comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

_DICE = re.compile(r"^\s*(\d+)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class Rng(Protocol):
    """The one thing the rules ask of a random generator."""

    def randint(self, a: int, b: int) -> int: ...


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides plus a flat ``bonus`` (which may be negative)."""

    count: int
    sides: int
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 1:
            raise ValueError(f"dice need at least one die of at least one side, not {self}")

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read ``NdS`` or ``NdS+B`` / ``NdS-B``; anything else is a ValueError naming it."""
        match = _DICE.match(text) if isinstance(text, str) else None
        if not match:
            raise ValueError(f"not a dice expression: {text!r} (expected e.g. '1d9' or '1d8+2')")
        count, sides, sign, bonus = match.groups()
        flat = int(bonus or 0) * (-1 if sign == "-" else 1)
        if int(count) < 1 or int(sides) < 1:
            raise ValueError(f"not a dice expression: {text!r} (needs at least 1d1)")
        return cls(int(count), int(sides), flat)

    def plus(self, bonus: int) -> Dice:
        """The same dice with ``bonus`` more added flat."""
        return Dice(self.count, self.sides, self.bonus + bonus)

    def roll_dice(self, rng: Rng) -> tuple[int, ...]:
        """The individual dice, without the flat bonus."""
        return tuple(rng.randint(1, self.sides) for _ in range(self.count))

    def roll(self, rng: Rng) -> int:
        return sum(self.roll_dice(rng)) + self.bonus

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    def counts(self) -> dict[int, int]:
        """How many of the ``sides ** count`` equally likely falls give each total."""
        return shift(convolve_power({face: 1 for face in range(1, self.sides + 1)}, self.count),
                     self.bonus)

    def distribution(self) -> dict[int, Fraction]:
        return to_fractions(self.counts())

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{signed_suffix(self.bonus)}"


def signed_suffix(value: int) -> str:
    """"+3", "-1", or "" for zero: the tail of "1d9+3"."""
    return f"{value:+d}" if value else ""


def convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """Counts of the sum of two independent counted variables."""
    out: dict[int, int] = {}
    for x, cx in a.items():
        for y, cy in b.items():
            out[x + y] = out.get(x + y, 0) + cx * cy
    return out


def convolve_power(a: dict[int, int], times: int) -> dict[int, int]:
    """Counts of the sum of ``times`` independent copies of ``a``."""
    out = {0: 1}
    for _ in range(times):
        out = convolve(out, a)
    return out


def shift(counts: dict[int, int], by: int) -> dict[int, int]:
    return {value + by: count for value, count in counts.items()}


def to_fractions(counts: dict[int, int]) -> dict[int, Fraction]:
    total = sum(counts.values())
    return {value: Fraction(count, total) for value, count in sorted(counts.items())}


TWO_D12 = Dice(2, 12)
"""The attack roll: every attack and every confirmation."""

TWO_D12_COUNTS = TWO_D12.counts()
"""Ways (of 144) each natural attack roll can fall."""
