"""Feuds from ``assets/feuds.toml``: which creature kinds fight each other on sight.

The result is a set of (kind, kind) pairs, both ways round, so the world asks one question:
``(a, b) in rivals``.
"""

from __future__ import annotations

from pathlib import Path

from .creatures import CreatureKind
from .loader import ASSETS_DIR, Source, Spec, entry_where, field_error, read_toml, suggestion

FEUDS_FILE = "feuds.toml"
FEUD_FIELDS = {"sides": Spec("tables", required=True, refers="creature kind or tag")}
"""A feud's one field, two arrays of names (checked here, not by ``check_fields``)."""


def load_feuds(creatures: dict[str, CreatureKind],
               path: Path | Source | None = None) -> frozenset[tuple[str, str]]:
    """Every pair of rival kinds; a bad entry is a one-line ``ContentError``."""
    label, data = read_toml(ASSETS_DIR / FEUDS_FILE if path is None else path,
                            allowed=("feud",), required=("feud",))
    pairs: set[tuple[str, str]] = set()
    for name, entry in data["feud"].items():
        where = entry_where(label, "feud", name)
        sides = entry.get("sides") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or set(entry) != {"sides"}:
            raise field_error(where, "sides", "a feud has 'sides' and nothing else")
        if not (isinstance(sides, list) and len(sides) == 2
                and all(isinstance(s, list) and s for s in sides)):
            raise field_error(where, "sides", "needs two lists of creature kinds or tags")
        a, b = (_kinds(creatures, where, side) for side in sides)
        pairs |= {(x, y) for x in a for y in b if x != y}
        pairs |= {(y, x) for x in a for y in b if x != y}
    return frozenset(pairs)


def _kinds(creatures: dict[str, CreatureKind], where: str, side: list) -> set[str]:
    kinds: set[str] = set()
    for word in side:
        matched = {k for k, c in creatures.items() if word == k or word in c.tags} \
            if isinstance(word, str) else set()
        if not matched:
            known = {*creatures, *(t for c in creatures.values() for t in c.tags)}
            hint = suggestion(word, known) if isinstance(word, str) else ""
            raise field_error(where, "sides", f"{word!r} is no creature kind or tag{hint}")
        kinds |= matched
    return kinds
