"""A terminal roguelike whose combat follows the combat manual to the letter."""

RELEASES = ("0.1.0", "0.2.0", "0.3.0", "0.4.0")
"""Every version of the game, oldest first; the last is this one. A change of play or of the
tables is a new version: one more name at the end (docs/architecture.md, "Versions")."""

__version__ = RELEASES[-1]


def version_number(version: str) -> tuple[int, ...]:
    """A released version as numbers to compare ("0.10.0" comes after "0.9.0")."""
    return tuple(int(part) for part in version.split("."))


def plays_as(made_by: str, version: str) -> bool:
    """Whether a game begun by game version ``made_by`` plays as game ``version`` or a later
    one does: a change of play asks this (``Engine.since``), so the recordings of the versions
    before it replay as they were played."""
    return version_number(made_by) >= version_number(version)
