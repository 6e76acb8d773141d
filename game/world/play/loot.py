"""Drawing a thing found lying about by its tables' frequencies.

Each table entry says how often it is found (``frequency``, 10 unless it says otherwise; 0 is
never at random). A draw is one ``rng.choice`` from a pool that holds each name as often as
its frequency over all the frequencies' greatest common divisor: a draw by frequency, and one
among entries of the same frequency is the plain choice among them that the levels of the
versions before frequencies were made by (their recordings replay so).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd

from game.content.catalog import Catalog


def pool(entries: Iterable[tuple[str, int]]) -> tuple[str, ...]:
    """Each name as often as its frequency over the frequencies' gcd, in the tables' order."""
    found = [(name, frequency) for name, frequency in entries if frequency > 0]
    step = gcd(*(frequency for _, frequency in found)) or 1
    return tuple(name for name, frequency in found for _ in range(frequency // step))


def wearables(catalog: Catalog) -> tuple[str, ...]:
    """The plain wearables (no Defence or Protection of their own), which are found only as
    magic things: by level, and carried by creatures."""
    return pool((name, piece.frequency) for name, piece in catalog.armoury.armour.items()
                if not (piece.defence or piece.protection))
