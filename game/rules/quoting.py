"""How an error line quotes a value it was given: whole when short, shortened when long, and a
number never cut into another number.

A seed of 25 digits cut to 20 characters reads as a different seed; so a whole number too long
to show is named by its length ("a 41-digit number"), and a long text is cut before any number
it would cut through, the cut marked "...". Pure (the stdlib only), so any layer may quote.
"""

from __future__ import annotations

from typing import Any

DEFAULT_LIMIT = 40
_DIGITS_PER_BIT = 0.30103  # log10(2): how many decimal digits a bit is worth


def quoted(value: Any, limit: int = DEFAULT_LIMIT) -> str:
    """``repr(value)`` if it is at most ``limit`` characters; else a shortened form."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value, limit)
    text = repr(value)
    if len(text) <= limit:
        return text
    cut = max(0, limit - 3)
    while 0 < cut < len(text) and text[cut - 1].isdigit() and text[cut].isdigit():
        cut -= 1  # back out of the number the cut falls in
    return text[:cut] + "..."


def _number(value: int, limit: int) -> str:
    try:
        text = str(value)
    except ValueError:  # past Python's limit on the digits it spells out
        digits = int(abs(value).bit_length() * _DIGITS_PER_BIT) + 1
        return f"a number of about {digits:,} digits"
    if len(text) <= limit:
        return text
    digits = len(text.lstrip("-"))
    return f"a {'negative ' if value < 0 else ''}{digits:,}-digit number"
