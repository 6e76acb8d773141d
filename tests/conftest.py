"""Shared test helpers."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import pytest
from hypothesis import settings

from game.world.core import changes
from game.world.core.fighter_cache import FighterCache

# A component's list or dict is never changed in place (nothing would tell of it: the fighter
# cache would hand out a Fighter gone stale): in the tests each one is held fixed, and a
# change in place raises there and then, naming the component and the field
# (game.world.core.changes.forbid_in_place). Play holds plain ones and pays nothing.
changes.forbid_in_place()

# Every Fighter the cache hands out unstamped (nothing told since: game.world.core.changes) is
# stamped after all in the tests, and a stamp that differs fails there and then.
FighterCache.VERIFY = True

# The property tests draw the same examples on every run (a run of the suite passes or fails
# the same way anywhere); HYPOTHESIS_PROFILE=explore searches afresh, for whoever hunts bugs.
settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))

_BYTECODE: list[str] = []


def pytest_configure(config) -> None:
    """Many tests run ``python -m game`` in a child process. Where the environment forbids
    writing bytecode (PYTHONDONTWRITEBYTECODE), every child would compile the game's modules
    afresh (a third of a second each); instead the children share a bytecode cache of this
    session's own, in a temporary folder (PYTHONPYCACHEPREFIX), so only the first one compiles.
    The repository is never written to, and what the children run is the same source."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    folder = tempfile.mkdtemp(prefix="game-tests-pycache-")
    _BYTECODE.append(folder)
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    del os.environ["PYTHONDONTWRITEBYTECODE"]


def pytest_unconfigure(config) -> None:
    for folder in _BYTECODE:
        shutil.rmtree(folder, ignore_errors=True)


class Scripted:
    """An Rng that returns the given numbers in order and checks each is in range, so a test
    can say exactly which dice fell."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert self.values, f"rng asked for randint({a}, {b}) after the script ran out"
        value = self.values.pop(0)
        assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
        return value


@pytest.fixture
def scripted():
    return Scripted


@pytest.fixture
def game_main(capsys):
    """``python -m game ARGS`` run in this process: the command line's own ``main``, which the
    interpreter calls in the same way, its exit code and both outputs, without a second of a
    fresh interpreter's start. (Tests of what only a fresh process shows — hash seeds, a
    terminal, signals — still start one.)"""

    def run(*args: str) -> subprocess.CompletedProcess:
        from game.__main__ import main

        capsys.readouterr()
        try:
            code = main(list(args))
        except SystemExit as stop:  # argparse's refusals end this way
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["python -m game", *args], code, out, err)

    return run
