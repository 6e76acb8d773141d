"""Bad save files: one clear line, exit 2 (or 1 for a well-formed forgery), file untouched.

The line between the two codes: a file that is not a complete, self-consistent save
(unreadable, wrong checksum, wrong types, unknown actions, a snapshot that disagrees with its
own hash) is unreadable: 2. A self-consistent file that its seed does not reproduce (a
forgery with every hash and the checksum recomputed) is a recording out of sync: 1.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from persist_helpers import rewrite, run_game

from game.persist.replay import verify
from game.persist.savefile import SaveError, continue_game, load


def truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def bit_flipped(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    spot = raw.index(b'"turn":') + 7  # a digit of the snapshot's turn
    raw[spot] ^= 0x01
    path.write_bytes(bytes(raw))


def hand_edited_action(path: Path) -> None:
    """The first move turned around, in a text editor (the checksum left as it was)."""
    text = path.read_text()
    edited = re.sub(r'\{"dx":(-?\d)', lambda m: f'{{"dx":{-int(m[1]) or 1}', text, count=1)
    assert edited != text
    path.write_text(edited)


def hand_edited_snapshot(path: Path) -> None:
    """Edited and the checksum recomputed, but not the final hash: inconsistent."""
    rewrite(path, lambda d: d["snapshot"].__setitem__("turn", d["snapshot"]["turn"] + 1))


def unknown_action(path: Path) -> None:
    rewrite(path, lambda d: d["actions"].__setitem__(3, {"t": "teleport", "x": 1}))


def wrong_field_type(path: Path) -> None:
    rewrite(path, lambda d: d.__setitem__("seed", "3"))


def wrong_version(path: Path) -> None:
    rewrite(path, lambda d: d.__setitem__("format", 99))


def missing(path: Path) -> None:
    path.unlink()


def empty(path: Path) -> None:
    path.write_bytes(b"")


def not_json(path: Path) -> None:
    path.write_text("this is not a save\n")


def not_an_object(path: Path) -> None:
    path.write_text("[1, 2, 3]\n")


def binary(path: Path) -> None:
    path.write_bytes(bytes(range(256)))


def no_checksum(path: Path) -> None:
    rewrite(path, lambda d: d.pop("checksum"), reseal=False)


BROKEN = {
    "missing": (missing, "no such save file"),
    "empty": (empty, "empty"),
    "truncated": (truncated, "not valid JSON"),
    "bit-flipped": (bit_flipped, "checksum mismatch"),
    "wrong version": (wrong_version, "save format 99 is not supported"),
    "not JSON": (not_json, "not valid JSON"),
    "not an object": (not_an_object, "not an object"),
    "binary": (binary, "not UTF-8"),
    "hand-edited action": (hand_edited_action, "checksum mismatch"),
    "hand-edited snapshot, resealed": (hand_edited_snapshot, "does not match its final hash"),
    "unknown action, resealed": (unknown_action, "action 3: not an action"),
    "wrong type, resealed": (wrong_field_type, "'seed' should be int"),
    "no checksum": (no_checksum, "no valid checksum"),
}


@pytest.fixture
def broken(sample, tmp_path, request):
    """A copy of the sample save, broken one way; yields (path, expected words)."""
    damage, words = BROKEN[request.param]
    path = tmp_path / "broken.json"
    shutil.copy(sample, path)
    damage(path)
    return path, words


def fingerprint(path: Path):
    if not path.exists():
        return None
    return path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent))


@pytest.mark.parametrize("broken", sorted(BROKEN), indirect=True)
def test_bad_files_are_unreadable_and_untouched(broken, game_main):
    path, words = broken
    before = fingerprint(path)
    result = game_main("verify", str(path))
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert output.count("\n") == 1 and "Traceback" not in output, output
    assert str(path) in output and words in output, output
    with pytest.raises(SaveError, match=words):
        continue_game(path)
    assert fingerprint(path) == before


def test_a_good_file_verifies_from_the_command_line(sample):
    before = fingerprint(sample)
    result = run_game("verify", str(sample))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"{sample}: in sync (300 actions, 6 checkpoints, " \
                            f"final hash {load(sample).final_hash[:12]})\n"
    assert fingerprint(sample) == before


def test_a_forgery_is_out_of_sync_from_the_command_line(sample, tmp_path):
    path = tmp_path / "forged.json"
    shutil.copy(sample, path)
    rewrite(path, lambda d: d["actions"].__setitem__(100, {"t": "wait"}))
    before = fingerprint(path)
    result = run_game("verify", str(path))
    assert result.returncode == 1, result.stderr
    assert result.stdout.count("\n") == 1 and result.stderr == ""
    found = re.search(r"out of sync at action (\d+)", result.stdout)
    assert found and 101 <= int(found[1]) <= 150  # found by action 150's checkpoint at last
    assert "in sync at checkpoint 100" in result.stdout
    assert fingerprint(path) == before


def test_a_folder_is_not_a_save(tmp_path):
    code, message = verify(tmp_path)
    assert code == 2 and str(tmp_path) in message


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_bit_flip_is_refused_or_harmless(sample, tmp_path, data):
    """Flip any bit: load refuses it with a SaveError, or the file still means the same."""
    raw = sample.read_bytes()
    spot = data.draw(st.integers(0, len(raw) - 1))
    bit = data.draw(st.integers(0, 7))
    path = tmp_path / "flipped.json"
    path.write_bytes(raw[:spot] + bytes([raw[spot] ^ (1 << bit)]) + raw[spot + 1:])
    try:
        loaded = load(path)
    except SaveError as err:
        assert "\n" not in str(err) and str(path) in str(err)
    else:
        assert json.loads(path.read_bytes()) == json.loads(raw)
        assert loaded.final_hash == load(sample).final_hash
