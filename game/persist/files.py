"""The file system side of saves: atomic writes, stale temporary files, safe names, and reading
only regular files.

A save is written to a temporary file beside it, ``.<name>.<pid>-<random>.tmp``, then renamed
over it. A game killed mid-save leaves that temporary file behind; it is stale once the process
that wrote it is gone, and the next save or start removes it (never the save itself: only
names of that exact shape are touched). An older version's temporary file, without a pid in
its name, is removed when the same save is written again: nothing here reads the clock.
Names derived from a seed or another file's name are shortened to fit the file system, a
short digest of the whole name keeping them distinct.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
from pathlib import Path

NAME_BYTES = 200  # a derived name's limit: 255 is usual, and the temporary file adds ~30
_TEMP = re.compile(r"\.(?P<name>.+)\.(?:(?P<pid>[0-9]{1,10})-)?[a-z0-9_]{8}\.tmp")


class NotRegular(OSError):
    """The path is a pipe, a device, a folder or a socket, not a regular file."""


def write_atomic(path: Path, data: bytes) -> None:
    """Temporary file in the same folder, flush, fsync, rename over, fsync the folder. A
    crash at any point leaves either the old file or the new one, never half of one."""
    folder = path.parent
    make_folder(folder)
    _refuse_odd_target(path)
    clean_stale_temps(folder, writing=path.name)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=_temp_prefix(path), suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_dir(folder)


def make_folder(folder: Path) -> None:
    """``folder`` and those above it, made where missing; a file in the way is one line."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise NotADirectoryError(0, f"{_file_in_the_way(folder)} is a file, not a folder") \
            from None


def _file_in_the_way(folder: Path) -> Path:
    """The part of ``folder`` that exists but is not a folder (``saves`` being a file)."""
    for part in (folder, *folder.parents):
        if os.path.lexists(part) and not part.is_dir():
            return part
    return folder


def _temp_prefix(path: Path) -> str:
    """``.<name>.<pid>-``, the name cut so that the whole temporary name fits in 255 bytes."""
    return f".{_temp_name(path.name)}.{os.getpid()}-"


def _temp_name(name: str) -> str:
    return name.encode()[:NAME_BYTES].decode("utf-8", "ignore")


def _refuse_odd_target(path: Path) -> None:
    """Renaming over a pipe or a device would quietly replace it: refuse instead."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotRegular(0, f"{_kind(mode)}, not a regular file")


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (not possible on every platform: then skip)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_stale_temps(folder: Path, writing: str | None = None) -> list[Path]:
    """Remove the temporary files of saves whose writer is gone, and, when the save called
    ``writing`` is about to be written, an older version's temporary files of it (their writer
    cannot be told from their name; one writing the same save now would lose its race anyway);
    return what was removed. Missing or unreadable folders, and files that vanish meanwhile,
    are left be."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        match = _TEMP.fullmatch(name)
        if match is None:
            continue
        path = Path(folder) / name
        with contextlib.suppress(OSError):
            info = os.lstat(path)
            legacy_mine = writing is not None and match["name"] == _temp_name(writing)
            if stat.S_ISREG(info.st_mode) and _stale(match["pid"], legacy_mine):
                os.unlink(path)
                removed.append(path)
    return removed


def _stale(pid: str | None, legacy_mine: bool) -> bool:
    if pid is None:
        return legacy_mine
    number = int(pid)
    if number == os.getpid():
        return True  # this process writes one save at a time: a leftover of its own
    try:
        os.kill(number, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, another user's
    return False


def read_regular(path: Path, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of a regular file. Opening never blocks (a named pipe with
    no writer would hang ``open``): anything but a regular file raises NotRegular."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(0, f"{_kind(info.st_mode)}, not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:  # (a buffer of the file's size, not
            return f.read(min(limit, info.st_size) + 1)  # of the limit: 64 MB for any save)
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
    return next((name for test, name in kinds if test(mode)), "not a plain file")


def short_name(stem: str, suffix: str = ".json") -> str:
    """``stem + suffix``, its stem cut to fit ``NAME_BYTES`` (whole characters, then ``~`` and
    8 hex digits of the whole stem's sha256, so two long names stay two names)."""
    if len((stem + suffix).encode()) <= NAME_BYTES:
        return stem + suffix
    digest = "~" + hashlib.sha256(stem.encode()).hexdigest()[:8]
    room = NAME_BYTES - len((digest + suffix).encode())
    cut = stem.encode()[:room].decode("utf-8", "ignore")
    return cut + digest + suffix

