"""Helpers for the save, replay and verify tests: bot recordings and the command line.

(A module of its own, not conftest.py: the tests import these functions.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.persist.savefile import Recording, canonical, checksum
from game.world.game import Game
from game.world.play.bot import Bot

ROOT = Path(__file__).resolve().parents[2]


def bot_game(seed: int, actions: int, character: str = "dwarf warrior",
             turns: int | None = None, made_by: str | None = None) -> Recording:
    """A recording of the bot playing ``actions`` actions (fewer if it dies), as game
    version ``made_by`` plays (this one unless given)."""
    recording = Recording(Game(seed, character, made_by=made_by))
    Bot(recording.engine, seed, turns=turns or actions).play(recording.submit, actions)
    return recording


def bot_save(path: Path, seed: int, actions: int, **kwargs) -> Path:
    recording = bot_game(seed, actions, **kwargs)
    try:
        return recording.save(path)
    finally:
        recording.engine.close()


def run_game(*args: str, hash_seed: str | None = None) -> subprocess.CompletedProcess:
    """``python -m game ARGS`` in a fresh interpreter, from the repository root."""
    env = dict(os.environ)
    if hash_seed is not None:
        env["PYTHONHASHSEED"] = hash_seed
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def rewrite(path: Path, change, *, reseal: bool = True) -> None:
    """Edit a save's data by hand; ``reseal`` recomputes the checksum (a deliberate forgery)."""
    data = json.loads(path.read_text())
    change(data)
    if reseal:
        data["checksum"] = checksum(data)
    path.write_text(canonical(data) + "\n")
