"""Shares as the tables print them, and how sure a simulated share is.

One place for both: every percentage the odds, fsim, curve and balance print goes through
``percent`` (rounded half up, exactly: 7/8 is 88%, never floored to 87% nor turned by a
float's binary fraction), and every interval through ``wilson`` (the Wilson score interval,
which stays inside 0-100% and is fair at 0 and n, where the normal approximation is not) or
``difference`` (Newcombe's interval for the difference of two shares, built from theirs).
"""

from __future__ import annotations

import math
from fractions import Fraction

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


def rounded(p: Fraction | float | int, places: int = 1) -> str:
    """``p`` (a share, 0-1) in percent with ``places`` decimals, rounded half up."""
    scaled = Fraction(p) * 100 * 10**places
    n = math.floor(scaled + Fraction(1, 2))
    sign = "-" if n < 0 else ""
    whole, part = divmod(abs(n), 10**places)
    return sign + (f"{whole}.{part:0{places}d}" if places else f"{whole}")


def percent(p: Fraction | float | int, places: int = 1) -> str:
    """ "61.8%": a share as the tables print it (NaN, not known, as "-")."""
    if isinstance(p, float) and p != p:  # NaN is the only value unequal to itself
        return "-"
    return rounded(p, places) + "%"


def of(n: int, out_of: int, places: int = 0) -> str:
    """``n`` of ``out_of`` as a percentage ("-" of none)."""
    return percent(Fraction(n, out_of), places) if out_of else "-"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share seen ``k`` times in ``n`` trials (0-1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    middle = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if k <= 0 else max(0.0, (middle - spread) / scale)
    return (low, 1.0 if k >= n else min(1.0, (middle + spread) / scale))


def span(k: int, n: int, places: int = 1) -> str:
    """ "48.1-55.9%": the 95% interval of ``k`` in ``n`` as the tables print it."""
    low, high = wilson(k, n)
    return f"{rounded(low, places)}-{rounded(high, places)}%"


def difference(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Newcombe's 95% interval of the second share less the first (k2/n2 - k1/n1)."""
    p1, p2 = k1 / max(1, n1), k2 / max(1, n2)
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    return (d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2),
            d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def beyond_chance(k1: int, n1: int, k2: int, n2: int) -> bool:
    """Whether the two shares differ more than chance would (the interval misses 0)."""
    low, high = difference(k1, n1, k2, n2)
    return low > 0 or high < 0
