"""Content overlays (mods): a folder of TOML tables laid over the game's ``assets/``.

An overlay is its name (the folder's), and its files: each ``*.toml`` file's name and text, as
they were read. That is all a game needs of it, so a game played under an overlay carries it
in its save (``game.persist.savefile``) and replays without the folder. How the tables are
laid over the assets is ``game.content.layers``; the catalog they make, ``catalog``.

A folder holds ``.toml`` files and may hold notes beside them (``.md``, ``.txt``; hidden files
are passed over); anything else in it (another kind of file, a folder) is refused, so a file
misnamed ``creatures.tml`` is not silently left out. Every problem is one ``ContentError``
line naming the folder or the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .loader import ContentError, file_label

SUFFIX = ".toml"
NOTES = (".md", ".txt")  # files an overlay may hold beside its tables, never read
MAX_BYTES = 1024 * 1024  # an overlay's tables in all: far beyond any real mod
MAX_NAME = 60  # characters of an overlay's name (its folder's)


@dataclass(frozen=True, slots=True)
class Overlay:
    """An overlay: its ``name`` and its ``files``, (file name, TOML text) sorted by name.
    ``where`` is how messages name its folder (not part of what it is: the same files read
    from elsewhere are the same overlay); ``digest`` is the sha256 of its files, which the
    state of a game played under it holds."""

    name: str
    files: tuple[tuple[str, str], ...]
    where: str = field(default="", compare=False)
    digest: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        spelled = json.dumps(dict(self.files), sort_keys=True, ensure_ascii=False,
                             separators=(",", ":"))
        object.__setattr__(self, "digest", hashlib.sha256(spelled.encode()).hexdigest())

    def label(self, name: str) -> str:
        """How messages name one of its files: ``mods/tough/creatures.toml``."""
        return f"{self.where}/{name}" if self.where else name


def read_overlay(folder: str | os.PathLike) -> Overlay:
    """The overlay in ``folder``; a ContentError line if it is not one."""
    path = Path(folder)
    label = file_label(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise ContentError(f"{label}: no such folder (an overlay is a folder of "
                           f"{SUFFIX} files)") from None
    except OSError as err:
        raise ContentError(f"{label}: cannot read: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise ContentError(f"{label}: not a folder (an overlay is a folder of {SUFFIX} files)")
    try:
        names = sorted(os.listdir(path))
    except OSError as err:
        raise ContentError(f"{label}: cannot read: {err.strerror or err}") from None
    files, total = [], 0
    for name in names:
        if name.startswith("."):
            continue
        text = _table_text(path / name)
        if text is None:
            continue
        total += len(text.encode())
        if total > MAX_BYTES:
            raise ContentError(f"{label}: too large for an overlay ({MAX_BYTES} bytes of "
                               f"tables at most)")
        files.append((name, text))
    if not files:
        raise ContentError(f"{label}: no {SUFFIX} files (an overlay is a folder of "
                           f"{SUFFIX} files)")
    return Overlay(_name(path.resolve().name, label), tuple(files), where=label)


def _table_text(path: Path) -> str | None:
    """A table file's text, or None for a note; a ContentError for anything else."""
    label = file_label(path)
    try:
        info = path.stat()
    except OSError as err:
        raise ContentError(f"{label}: cannot read: {err.strerror or err}") from None
    if stat.S_ISDIR(info.st_mode):
        raise ContentError(f"{label}: a folder inside an overlay (its tables are {SUFFIX} "
                           "files in the overlay's own folder)")
    if path.suffix in NOTES:
        return None
    if path.suffix != SUFFIX:
        raise ContentError(f"{label}: not a {SUFFIX} file (an overlay holds {SUFFIX} tables, "
                           f"and notes as {' or '.join(NOTES)})")
    if not stat.S_ISREG(info.st_mode):
        raise ContentError(f"{label}: not a regular file")
    if info.st_size > MAX_BYTES:
        raise ContentError(f"{label}: too large for an overlay ({MAX_BYTES} bytes at most)")
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise ContentError(f"{label}: cannot read: {err.strerror or err}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ContentError(f"{label}: not UTF-8 text (not a TOML file?)") from None


def _name(name: str, label: str) -> str:
    if not name.isprintable() or not name.strip() or len(name) > MAX_NAME:
        raise ContentError(f"{label}: an overlay's name (its folder's) must be printable, "
                           f"1 to {MAX_NAME} characters")
    return name


def overlay_from(name: object, files: object) -> Overlay:
    """An overlay as a save holds it (its name, and its files by name); any problem is a
    ContentError line (the caller says which save)."""
    if not isinstance(name, str):
        raise ContentError("the overlay's name should be text")
    _name(name, "the overlay")
    if not isinstance(files, dict) or not files:
        raise ContentError("the overlay should hold its files by name")
    total = 0
    for file, text in files.items():
        if not (isinstance(file, str) and file.endswith(SUFFIX) and len(file) > len(SUFFIX)
                and not file.startswith(".") and "/" not in file and "\\" not in file
                and file.isprintable() and len(file) <= 200):
            raise ContentError(f"the overlay's file {file!r:.60} is not the name of a "
                               f"{SUFFIX} file")
        try:
            total += len(text.encode()) if isinstance(text, str) else -1
        except UnicodeEncodeError:
            total = -1
        if total < 0:
            raise ContentError(f"the overlay's file {file} should be text")
    if total > MAX_BYTES:
        raise ContentError(f"the overlay is too large ({MAX_BYTES} bytes of tables at most)")
    return Overlay(name, tuple(sorted(files.items())), where=name)
