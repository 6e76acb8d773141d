"""The tables a game plays by: the assets as the version that made the game had them, and the
player's overlay over them.

``assets/`` holds the tables as this version plays them. When a version changes them (the
kobold's hit points in 0.4.0, say), the games made before it must replay with the old numbers,
so the old ones are kept as a built-in overlay: ``assets/past/<version>/`` holds, in the form
of any overlay, what the tables were before ``<version>`` changed them (``[creature."kobold"]``
with its old ``hit_points``). A game made by an earlier version plays under every such edition
newer than its own version, the newest first (each takes the tables one version further back),
and then under the player's overlay, if any. A game of this version plays under none, so today's
games read ``assets/`` as it is.

An edition can only change and add (as any overlay), never remove. An entry a version adds
says so itself (``since = "0.4.0"``, ``layers``): the tables as an older version played them
do not hold it, so nothing of the older games changes, and no edition or code is needed.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from game import __version__, version_number

from .catalog import Catalog, build_catalog
from .loader import ASSETS_DIR
from .overlay import Overlay, read_overlay

PAST = ASSETS_DIR / "past"


def catalog_for(overlay: Overlay | None = None, made_by: str = __version__) -> Catalog:
    """The catalog of a game made by game version ``made_by`` under ``overlay`` (or none): a
    ContentError line when the overlay's tables are wrong."""
    older = None if made_by == __version__ else made_by  # this version's: the assets' own
    return build_catalog(None, editions(made_by, PAST), overlay, older)


@lru_cache(maxsize=16)
def editions(made_by: str, folder: Path) -> tuple[Overlay, ...]:
    """The built-in overlays a game made by ``made_by`` plays under, the newest first: one for
    each version after ``made_by`` that changed the tables (``folder/<version>/``)."""
    made = version_number(made_by)
    return tuple(read_overlay(folder / version) for number, version in
                 sorted(_versions(folder), reverse=True) if number > made)


def _versions(folder: Path) -> list[tuple[tuple[int, ...], str]]:
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        try:
            found.append((version_number(name), name))
        except ValueError:
            continue  # not a version: a note beside them
    return found
