"""The bot's games of a balance run as one sweep: every game (its ``Setup``: the character, the
seed, the rules, the version it plays as, the overlay) a job of its own, so ``--jobs N`` and
Ray spread the characters as well as the seeds, and the games come back grouped by character,
in the order of their seeds, whichever way they ran."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import sweep

if TYPE_CHECKING:
    from game.world.core.setup import Setup


@dataclass(frozen=True, slots=True)
class GameJob:
    """One bot game: ``play(setup, **options)`` (the target, the actions...). The setup
    travels whole (its overlay as its files' text), so a cluster's machines need no copy of
    it."""

    play: Callable[..., Any]  # a module-level function: other processes import it by name
    setup: Setup
    options: tuple[tuple[str, Any], ...] = ()


def play_job(job: GameJob) -> Any:
    """One game (what ``sweep.run`` sends out)."""
    return job.play(job.setup, **dict(job.options))


def play(play_one: Callable[..., Any], games: Sequence[Setup], where: sweep.Where,
         each: Callable[[Any], None] | None = None,
         key: Callable[[Setup], Hashable] = lambda setup: setup.character,
         label: Callable[[Setup], str] | None = None, **options: Any) -> dict[Hashable, list]:
    """Every game (its setup) by ``play_one`` with these keyword ``options``, in one sweep
    (one pool, one Ray session, one bar, which ``label`` names by the game it is on),
    grouped by ``key`` (the character by default; in the order first met), each group in
    the order given; ``each`` is handed every game as it (and all before it) ends."""
    jobs = [GameJob(play_one, setup, tuple(sorted(options.items()))) for setup in games]
    named = None if label is None else (lambda job: label(job.setup))
    ended = sweep.run(play_job, jobs, where, unit="game", desc="balance", each=each,
                      label=named)
    out: dict[Hashable, list] = {}
    for job, result in zip(jobs, ended, strict=True):
        out.setdefault(key(job.setup), []).append(result)
    return out
