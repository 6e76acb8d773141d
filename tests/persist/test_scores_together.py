"""Games that end at the same moment keep every score: the table is read, changed and written
under a lock beside it, tested with processes released together."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = 8
ONE_END = """
import sys
from game.persist import scores
seed = int(sys.argv[1])
row = {"score": 100 + seed, "character": "dwarf warrior", "seed": seed, "outcome": "dead",
       "cause": "killed by a kobold on depth 1", "depth": 1, "turns": 10, "wizard": False}
print("ready", flush=True)
sys.stdin.read(1)  # every process waits here until all are released at once
for n in range(5):
    scores.record({**row, "turns": n}, sys.argv[2])
"""


def test_scores_recorded_at_the_same_moment_are_all_kept(tmp_path):
    table = tmp_path / "scores.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    games = [subprocess.Popen([sys.executable, "-c", ONE_END, str(seed), str(table)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
             for seed in range(GAMES)]
    for game in games:
        assert game.stdout.readline() == b"ready\n"
    for game in games:  # all started and waiting: released together
        game.stdin.write(b"go")
    for game in games:
        game.stdin.close()
    assert all(game.wait(timeout=120) == 0 for game in games)
    rows = json.loads(table.read_text())["scores"]
    assert sorted((r["seed"], r["turns"]) for r in rows) == \
        [(seed, n) for seed in range(GAMES) for n in range(5)]
    assert not (tmp_path / ".scores.json.lock").exists()


def test_a_link_planted_as_a_lock_file_is_not_followed(tmp_path):
    """The lock file is opened without following links: a link to another file never has
    that file truncated or written, and the score is refused in one line, not written
    unlocked."""
    from game.persist import scores

    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    (tmp_path / ".scores.json.lock").symlink_to(precious)
    row = {"score": 1, "character": "dwarf warrior", "seed": 1, "outcome": "dead",
           "cause": "killed", "depth": 1, "turns": 1, "wizard": False}
    with pytest.raises(scores.ScoresError, match="a symbolic link, not a lock file"):
        scores.record(row, tmp_path / "scores.json")
    assert precious.read_text() == "keep me"
    assert scores.read(tmp_path / "scores.json") == []
