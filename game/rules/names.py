"""Finding the names a player meant: one matcher for every prompt and command line.

``closest("gobln", names)`` finds "goblin"; ``closest("longsw", names)`` finds "long sword";
``closest("kob", names)`` lists "kobold" before "kobold archer". The wizard's name prompt lists
``closest`` as the player types, and the command line's "did you mean" names its first few.
Pure and deterministic (difflib, no hashing), so any layer may call it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

FUZZY_CUTOFF = 0.75  # difflib ratio below which a misspelling is not taken for the name


def fold(text: str) -> str:
    """Case, spaces, hyphens and underscores do not matter: "Long-Sword" is "longsword"."""
    return "".join(ch for ch in text.lower() if ch not in " -_")


def _in_order(typed: str, name: str) -> bool:
    """Every letter typed appears in the name in order ("gobln" in "goblin")."""
    letters = iter(name)
    return all(ch in letters for ch in typed)


def _rank(typed: str, name: str) -> tuple[int, float] | None:
    """How well ``name`` answers ``typed``: (tier, -similarity), lower is better; None for no."""
    want, have = fold(typed), fold(name)
    words = name.lower().replace("-", " ").replace("_", " ").split()
    ratio = difflib.SequenceMatcher(None, want, have).ratio()
    if want == have:
        return 0, -1.0
    if have.startswith(want):
        return 1, -ratio
    if any(w.startswith(typed.lower().strip()) for w in words) or want in have:
        return 2, -ratio
    if want and have[:1] == want[:1] and _in_order(want, have):
        return 3, -ratio
    best = max(ratio, difflib.SequenceMatcher(None, want, have[:len(want)]).ratio())
    if best >= FUZZY_CUTOFF:
        return 4, -best
    return None


def closest(typed: str, names: Iterable[str], limit: int | None = None) -> list[str]:
    """The names that ``typed`` may mean, best first: the exact name, names it begins,
    names with a word it begins or that contain it, names holding its letters in order,
    then near misspellings. Empty when nothing is close; every name when nothing is typed."""
    names = sorted(set(names))
    if not fold(typed):
        return names[:limit]
    ranked = []
    for name in names:
        rank = _rank(typed, name)
        if rank is not None:
            ranked.append((rank, name))
    ranked.sort()
    return [name for _, name in ranked][:limit]


def did_you_mean(kind: str, typed: str, known: Iterable[str], limit: int = 4) -> str:
    """ "unknown creature 'kobol'; did you mean: kobold, kobold archer?" """
    known = sorted(set(known))
    close = closest(typed, known, limit)
    hint = f"did you mean: {', '.join(close)}?" if close else f"choose one of: {', '.join(known)}"
    return f"unknown {kind} {typed!r}; {hint}"
