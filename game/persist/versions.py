"""Which game versions' recordings this version reads.

A recording means what the version that made it made of its actions, so this version replays
its own and those of the earlier versions in ``EARLIER``, whose play is kept for them. Any
other version's (a newer game's, or a version never released) is refused in one line naming
both versions: replayed here it would go out of sync and blame the recording for a change of
rules. A change of play that an earlier version's recordings cannot be kept through takes
that version out of the table, so its recordings are refused, not found out of sync.
"""

from __future__ import annotations

from game import RELEASES, __version__
from game.rules.quoting import quoted

UNREAD: tuple[str, ...] = ()
"""Earlier versions whose recordings this one no longer keeps (refused in one line, never
replayed out of sync): none so far."""

EARLIER = tuple(version for version in RELEASES[:-1] if version not in UNREAD)
"""Earlier versions whose recordings this one replays as they were played (so they verify,
and a game of theirs in progress goes on from its snapshot): every release before this one
but those in ``UNREAD``."""


def refusal(version: str) -> str | None:
    """Why a recording made by game ``version`` is not read here, or None when it is."""
    if version == __version__ or version in EARLIER:
        return None
    *earlier, last = (*EARLIER, __version__)
    known = f"{', '.join(earlier)} and {last}" if earlier else last
    return (f"made by game version {quoted(version, 20)}; this is game version {__version__}, "
            f"which reads only the recordings of versions {known}")

