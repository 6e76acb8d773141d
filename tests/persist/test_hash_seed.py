"""The game must not depend on Python's string hashing: recordings made and verified under
different PYTHONHASHSEED values (in fresh interpreters) agree exactly."""

from __future__ import annotations

import json

from persist_helpers import run_game

SEEDS = ("0", "12345")


def test_bot_recordings_agree_across_hash_seeds(tmp_path):
    finals, files = set(), set()
    for hash_seed in SEEDS:
        path = tmp_path / f"bot-{hash_seed}.json"
        result = run_game("bot", "--seed", "21", "--turns", "250", "--char", "elf ranger",
                          "--out", str(path), hash_seed=hash_seed)
        assert result.returncode == 0, result.stderr
        assert result.stdout.count("\n") == 1 and str(path) in result.stdout
        finals.add(json.loads(path.read_text())["final_hash"])
        files.add(path.read_bytes())
    assert len(finals) == 1
    assert len(files) == 1  # the whole save, message log included


def test_a_recording_verifies_identically_across_hash_seeds(sample):
    results = {(r.returncode, r.stdout, r.stderr)
               for r in (run_game("verify", str(sample), hash_seed=s) for s in SEEDS)}
    assert len(results) == 1
    code, out, err = results.pop()
    assert code == 0 and "in sync" in out and err == ""
