"""``record_dir=DIR``: every episode saved there as a recording, as NLE saves its ttyrecs, but
exact: a recording is the game's seed and every action, so ``python -m game verify`` replays
it to the same state and ``python -m game replay`` shows it.

An episode is saved when it ends (terminated or truncated by the env's own step limit), or,
unfinished, when the env leaves it (the next reset, close): a game in progress is a recording
too. Each takes the save's own name (``dwarf-warrior-42.json``, its rules' name after it for
other rules than the manual's) or the first free ``-2``, ``-3``, ... beside it, claimed by
creating the file (``O_EXCL``), so envs in several processes writing to one folder never take
one name. An episode left by ``restore_state`` is not saved (a search leaves thousands).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from game.persist import savefile
from game.persist.slot import MAX_NUMBER, numbered, own_name
from game.world.game import Game


class Recorder:
    """Saves recordings into ``folder`` (made if it is not there)."""

    def __init__(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ValueError(f"record_dir {folder}: cannot make it a folder: "
                             f"{err.strerror or err}") from None
        self.folder = folder

    def save(self, engine: Game) -> Path:
        """Save ``engine``'s recording under a name of its own; the path."""
        path = self._claim(self.folder / own_name(engine.character, engine.seed, engine.rules))
        try:
            return savefile.save(engine, path)
        except BaseException:
            with contextlib.suppress(OSError):
                path.unlink()  # the claim, left empty
            raise

    def _claim(self, wanted: Path) -> Path:
        for n in range(1, MAX_NUMBER + 1):
            candidate = numbered(wanted, n)
            try:
                os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            except FileExistsError:
                continue
            except OSError as err:
                raise savefile.SaveError(f"{candidate}: cannot save: "
                                         f"{err.strerror or err}") from None
            return candidate
        raise savefile.SaveError(f"{wanted}: no free name beside it")
