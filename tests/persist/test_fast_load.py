"""Loading parses a save once when it is sealed (byte for byte what ``save`` wrote) and checks
each distinct action once; a file that is not sealed is parsed again strictly. Neither shortcut
lets through anything the full checks refuse."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest
from persist_helpers import rewrite

from game.persist import savefile
from game.persist.savefile import SaveError, canonical, checksum, load


@pytest.fixture
def copy(sample, tmp_path):
    path = tmp_path / "copy.json"
    shutil.copy(sample, path)
    return path


def test_a_sealed_save_loads_without_writing_its_data_out_again(sample, monkeypatch):
    monkeypatch.setattr(savefile, "checksum", lambda data: pytest.fail("checksum recomputed"))
    assert len(load(sample).actions) == 300


def test_a_reformatted_save_still_loads_the_same(sample, copy):
    copy.write_text(json.dumps(json.loads(sample.read_text()), indent=1))
    assert dataclasses.replace(load(copy), path=sample) == load(sample)


def test_a_key_twice_is_refused_even_when_the_checksum_fits_the_last_one(copy):
    data = json.loads(copy.read_text())
    text = canonical(data)
    turn = f'"turn":{data["snapshot"]["turn"]}'
    assert text.count(turn) == 1
    copy.write_text(text.replace(turn, f'"turn":0,{turn}') + "\n")  # last one wins: same data
    with pytest.raises(SaveError, match="a key appears twice"):
        load(copy)


def test_a_second_checksum_key_is_refused(copy):
    data = json.loads(copy.read_text())
    mark = data.pop("checksum")
    text = canonical(data)
    forged = text[:-1] + f',"checksum":"{"0" * 64}","checksum":"{mark}"}}'
    copy.write_text(forged + "\n")
    with pytest.raises(SaveError, match="a key appears twice"):
        load(copy)


@pytest.mark.parametrize("value", [True, 1.0, [1]])
def test_an_action_spelled_wrongly_is_refused_after_many_good_ones(copy, value):
    data = json.loads(copy.read_text())
    late = next(i for i, a in enumerate(data["actions"]) if i > 100 and a.get("dx") == 1)
    data["actions"][late]["dx"] = value
    data["checksum"] = checksum(data)
    copy.write_text(canonical(data) + "\n")
    with pytest.raises(SaveError, match=f"action {late}: action 'move' field 'dx'"):
        load(copy)


def test_the_actions_loaded_are_the_actions_recorded(sample):
    raw = json.loads(sample.read_text())["actions"]
    assert [a.to_json() for a in load(sample).actions] == raw


def test_a_bit_flipped_in_the_checksum_itself_is_refused(copy):
    raw = bytearray(copy.read_bytes())
    spot = raw.index(b'"checksum":"') + 12
    raw[spot] = ord("0") if raw[spot] != ord("0") else ord("1")
    copy.write_bytes(bytes(raw))
    with pytest.raises(SaveError, match="checksum mismatch"):
        load(copy)


def test_a_resealed_edit_is_still_checked_in_full(copy):
    rewrite(copy, lambda d: d["snapshot"].__setitem__("turn", d["snapshot"]["turn"] + 1))
    with pytest.raises(SaveError, match="does not match its final hash"):
        load(copy)
