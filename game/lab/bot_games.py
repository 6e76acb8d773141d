"""The bot's games of a balance run as one sweep: every (character, seed) a job of its own, so
``--jobs N`` and Ray spread the characters as well as the seeds, and the games come back
grouped by character, in the order of their seeds, whichever way they ran."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import sweep


@dataclass(frozen=True, slots=True)
class GameJob:
    """One bot game: ``play(character, seed, **options)`` (the target, the actions, the rules,
    an overlay...). An overlay travels whole (its files' text), so a cluster's machines need
    no copy of it."""

    play: Callable[..., Any]  # a module-level function: other processes import it by name
    character: str
    seed: int
    options: tuple[tuple[str, Any], ...] = ()


def play_job(job: GameJob) -> Any:
    """One game (what ``sweep.run`` sends out)."""
    return job.play(job.character, job.seed, **dict(job.options))


def play(play_one: Callable[..., Any], games: Sequence[tuple[str, int]], where: sweep.Where,
         **options: Any) -> dict[str, list]:
    """Every (character, seed) game by ``play_one`` with these keyword ``options``, grouped
    by character (in the order first met), each group in seed order."""
    jobs = [GameJob(play_one, character, seed, tuple(sorted(options.items())))
            for character, seed in games]
    ended = sweep.run(play_job, jobs, where, unit="game", desc="balance")
    out: dict[str, list] = {}
    for job, result in zip(jobs, ended, strict=True):
        out.setdefault(job.character, []).append(result)
    return out
