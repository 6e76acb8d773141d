"""Drawing a thing found lying about by its tables' frequencies.

Each table entry says how often it is found (``frequency``, 10 unless it says otherwise; 0 is
never at random). A draw is one ``rng.choice`` from a pool that holds each name as often as
its frequency over all the frequencies' greatest common divisor: a draw by frequency, and one
among entries of the same frequency is the plain choice among them that the levels of the
versions before frequencies were made by (their recordings replay so).

What a level may hold also comes deeper by its entry: a weapon or a piece of armour is found
only from its ``depth`` on (1 unless it says: the heavy armour and the best weapons lie deeper,
from game 0.4.0). The heavy pieces (armour over 20 lb, weapons held in both hands) never lie
above depth 3, as every version had it: the tables of the versions before 0.4.0 give no depth
(``assets/past/0.4.0/`` takes it away), so their levels are drawn as they were.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd

from game.content.catalog import Catalog
from game.rules.items import HEAVY_WEIGHT, Armour, Weapon

HEAVY_FROM = 3  # the shallowest depth a heavy piece lies on, in every version


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


def gear(catalog: Catalog, depth: int) -> tuple[str, ...]:
    """The weapons, armour (the plain wearables are found as magic) and ammunition (0 unless a
    table gives a frequency) a level of ``depth`` may hold lying about, by frequency: each
    only from its depth on."""
    armoury = catalog.armoury
    return pool([*((n, w.frequency) for n, w in armoury.weapons.items() if fits(w, depth)),
                 *((n, a.frequency) for n, a in armoury.armour.items()
                   if fits(a, depth) and (a.defence or a.protection)),
                 *((n, a.frequency) for n, a in armoury.ammo.items())])


def fits(data: Weapon | Armour, depth: int) -> bool:
    """Whether a weapon or a piece of armour may lie about on ``depth``: from its own depth on,
    and a heavy one never above depth 3."""
    return depth >= shallowest(data)


def shallowest(data: Weapon | Armour) -> int:
    """The shallowest depth ``data`` lies about on."""
    heavy = data.weight > HEAVY_WEIGHT or (isinstance(data, Weapon) and data.two_handed)
    return max(data.depth, HEAVY_FROM if heavy else 1)
