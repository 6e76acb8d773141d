"""The one file a running game is saved to, held under its lock while the game runs.

One game per save file: a new game's first save takes its own name
(``saves/dwarf-warrior-42.json``) only when no file is there and no other process holds that
name; else the first free ``-2``, ``-3``, ... (as a take-over does), so a new game never writes
over another game, living or dead. A loaded game's slot is its own file, claimed before it is
read: a second process is told which process plays it. The lock is released when the game
ends or the process does, however it ends (:mod:`game.persist.locks`).
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from game.rules import systems
from game.world.game import Game

from . import savefile
from .files import make_folder, short_name
from .locks import Busy, Lock, Unlockable, lock_path, planted

_NUMBERED = re.compile(r"(?P<stem>.*)-(?P<n>[2-9]|[1-9][0-9]{1,3})(?P<suffix>\.json)")
MAX_NUMBER = 9999


def own_name(character: str, seed: int, rules: str) -> str:
    """``dwarf-warrior-3.json``; a game under other rules than the manual's says which:
    ``dwarf-warrior-3-qud.json``."""
    suffix = "" if rules == systems.DEFAULT else f"-{rules}"
    return short_name(f"{character.replace(' ', '-')}-{seed}{suffix}")


def numbered(path: Path, n: int) -> Path:
    """``path`` itself for 1, else ``<stem>-<n><suffix>`` (shortened to fit)."""
    return path if n == 1 else path.with_name(short_name(f"{path.stem}-{n}", path.suffix))


def is_named_for(name: str, own: str) -> bool:
    """Whether ``name`` is ``own`` or one of the free names a new game takes beside it."""
    if name == own:
        return True
    match = _NUMBERED.fullmatch(name)
    return match is not None and numbered(Path(own), int(match["n"])).name == name


def unscored_of(save: Path) -> Path:
    """``.dwarf-warrior-3.json.unscored`` beside the save: an empty file made when the end's
    score could not be written (a full disk), so the next start records it."""
    return save.with_name(f".{save.name}.unscored")


def morgue_of(save: Path) -> Path:
    """``dwarf-warrior-3-morgue.txt`` beside ``dwarf-warrior-3.json``: written when its game
    ends, so a name with a morgue is taken too."""
    return save.with_name(save.stem + "-morgue.txt")


class Unlocked(savefile.SaveError):
    """The save's lock cannot be taken (a folder, a pipe or a link in the lock file's place,
    a folder that cannot be written): the game is not played or saved there unlocked."""


class SaveSlot:
    """Where this process's game is saved (``path``, None until a new game first saves), and
    the lock on it."""

    def __init__(self, path: Path | None = None, folder: Path = savefile.DEFAULT_DIR) -> None:
        self.path = None if path is None else Path(path)
        self.folder = Path(folder)
        # this playing's own id, written in every save it makes and in its score row: two
        # games alike (one seed, one character, the same keys), or two copies of one save
        # played on, are each their own (random: it is never game state)
        self.game_id: str | None = secrets.token_hex(8)
        self._lock: Lock | None = None

    def claim(self, path: Path) -> None:
        """Hold ``path`` for this game from now on (letting go of the file held before).
        Raises Busy when another process plays it, Unlocked when its lock cannot be taken:
        never is a game played or saved unlocked (two processes would write over each
        other's progress)."""
        path = Path(path)
        if not path.name or path.name in (".", "..") or os.path.isdir(path):
            raise savefile.SaveError(f"{path}: is a folder, not a save file")
        lock = Lock(path)
        try:
            make_folder(path.parent)  # (the save makes it too: its lock must be there first)
        except OSError as err:
            raise savefile.SaveError(f"{path}: cannot save: {err.strerror or err}") from None
        try:
            lock.take()
        except Unlockable as err:
            raise Unlocked(f"{path}: refused: {err.strerror}") from None
        old, self._lock, self.path = self._lock, lock, path
        if old is not None:
            old.release()

    def take_free(self, wanted: Path) -> Path:
        """Claim ``wanted`` or the first free numbered name beside it: none that exists, none
        another process holds, none whose lock file's place something else holds."""
        for n in range(1, MAX_NUMBER + 1):
            candidate = numbered(wanted, n)
            if os.path.lexists(candidate) or os.path.lexists(morgue_of(candidate)) \
                    or planted(lock_path(candidate)) is not None:
                continue  # another game's, the morgue of one whose save was removed, or
                # a name whose lock cannot be held
            try:
                self.claim(candidate)
            except Busy:
                continue
            if os.path.lexists(candidate):  # written by another just before it was claimed
                continue
            return candidate
        raise FileExistsError(0, f"no free name beside {wanted}")

    def save(self, engine: Game) -> str:
        """Save the game to its slot, choosing a new game's name at its first save."""
        if self.path is None:
            self.take_free(self.folder / own_name(engine.character, engine.seed,
                                                  engine.rules))
        elif self._lock is None or not self._lock.held:
            self.claim(self.path)  # a folder made since, or a file chosen by the player
        assert self.path is not None
        return str(savefile.save(engine, self.path, game_id=self.game_id))

    def release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None
