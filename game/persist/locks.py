"""Locks beside files: one process plays a save at a time, one writes the score table.

A lock is ``fcntl.flock`` on ``.<name>.lock`` beside the file, which holds the locking
process's id (only to name it to the next one). The kernel lets go of a flock when its process
ends however it ends, kill -9 included, so a lock left by a crash is stale by construction: its
file may stay, but nobody holds it and the next process takes it. The holder removes the file
as it lets go; a process that opened it meanwhile finds, once it holds its lock, that the name
is no longer that file, and opens it afresh. Within one process a lock is shared: a game
continued in the process that saved it (a test, the replay viewer's take-over) holds the same
lock again, and the file is let go when the last holder releases it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
import time
from pathlib import Path

SUFFIX = ".lock"
_POLL = 0.005
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a link planted as the lock file is not followed
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_HELD: dict[str, list[int]] = {}  # this process's locks: the lock file -> [fd, holders]


class Busy(OSError):
    """Another process holds the lock; ``pid`` is that process (0: not known)."""

    def __init__(self, target: Path, pid: int) -> None:
        who = f"process {pid}" if pid else "another process"
        super().__init__(0, f"{target} is in use by {who}")
        self.target, self.pid = target, pid


class Unlockable(OSError):
    """The lock file cannot be made or held (a folder, a pipe or a link planted in its place,
    a folder that cannot be written): the caller refuses rather than go on unlocked."""

    def __init__(self, lock: Path, why: str) -> None:
        super().__init__(0, f"{lock} cannot be held as a lock: {why}")
        self.lock = lock


def planted(lock: Path) -> str | None:
    """What stands at ``lock`` in place of a lock file (a folder, a pipe, a link), or None."""
    try:
        mode = os.lstat(lock).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"),
             (stat.S_ISFIFO, "a pipe"), (stat.S_ISSOCK, "a socket"))
    kind = next((name for test, name in kinds if test(mode)), "a device")
    return f"it is {kind}, not a lock file (remove it)"


def lock_path(target: Path) -> Path:
    """``saves/.dwarf-warrior-3.json.lock`` for ``saves/dwarf-warrior-3.json``."""
    return target.with_name(f".{target.name}{SUFFIX}")


class Lock:
    """The lock beside ``target``: :meth:`take` it (at once or within a wait), :meth:`release`
    it. ``held`` says whether this process holds it now."""

    def __init__(self, target: Path) -> None:
        self.target = Path(target)
        self.path = lock_path(self.target)
        self._key = os.path.join(os.path.realpath(self.path.parent), self.path.name)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def take(self, wait: float = 0.0) -> None:
        """Hold the lock; raises Busy when another process holds it (for ``wait`` seconds),
        Unlockable when the lock file cannot be made or held (a folder that cannot be
        written, a folder, pipe or link in its place)."""
        if self._fd is not None:
            return
        shared = _HELD.get(self._key)
        if shared is not None:
            shared[1] += 1
            self._fd = shared[0]
            return
        deadline = time.monotonic() + wait
        while True:
            fd = self._open()
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):  # a pipe or a device planted there
                    raise Unlockable(self.path, planted(self.path) or "not a regular file")
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _holder(fd)
                os.close(fd)
                if time.monotonic() >= deadline:
                    raise Busy(self.target, pid) from None
                time.sleep(_POLL)
                continue
            except OSError as err:
                os.close(fd)
                if isinstance(err, Unlockable):
                    raise
                raise Unlockable(self.path, err.strerror or str(err)) from None
            except BaseException:
                os.close(fd)
                raise
            if _same_file(fd, self.path):
                break
            os.close(fd)  # the holder removed it as it let go: lock the name's new file
        with contextlib.suppress(OSError):  # the id is only a courtesy (a full disk)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        _HELD[self._key] = [fd, 1]

    def _open(self) -> int:
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK, 0o644)
        except OSError as err:
            raise Unlockable(self.path, planted(self.path) or err.strerror or str(err)) \
                from None

    def release(self) -> None:
        """Let go, removing the lock file while it is still ours."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        shared = _HELD.get(self._key)
        if shared is not None and shared[0] == fd:
            shared[1] -= 1
            if shared[1] > 0:
                return
            del _HELD[self._key]
        with contextlib.suppress(OSError):
            if _same_file(fd, self.path):
                os.unlink(self.path)
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(path))
    except OSError:
        return False


def _holder(fd: int) -> int:
    """The id the holder wrote, 0 when there is none (yet) or it is not a number."""
    try:
        text = os.pread(fd, 24, 0).decode("ascii", "replace").strip()
    except OSError:
        return 0
    return int(text) if text.isdigit() and len(text) < 12 else 0
