"""Bad input to ``replay --cast`` and ``--html`` is answered in one line with a non-zero exit,
and nothing is written: a size, speed or idle limit out of range, a file that cannot be
written, a save that cannot be read, a recording the replay leaves."""

from __future__ import annotations

import json

import pytest
from share_helpers import EARLIER, share

from game.persist.savefile import canonical, checksum

SAVE = str(EARLIER["0.1.0"])


@pytest.mark.parametrize("flags", [
    ("--size", "79x24"), ("--size", "80x23"), ("--size", "401x30"), ("--size", "80x201"),
    ("--size", "80"), ("--size", "axb"), ("--size", "80x24x2"), ("--size", "9" * 40 + "x24"),
    ("--speed", "0"), ("--speed", "-1"), ("--speed", "nan"), ("--speed", "inf"),
    ("--speed", "101"), ("--speed", "fast"), ("--speed", "1" * 5000),
    ("--idle", "0"), ("--idle", "61"), ("--idle", "nan"), ("--cast", ""),
    ("--speed", "1_0"), ("--speed", "1e1"), ("--speed", "\uff12"), ("--size", "\uff18\uff10x24"),
    ("--speed", "-0"), ("--size", "80x24 x"),
], ids=lambda f: " ".join(f)[:30])
def test_a_value_out_of_range_is_one_line(flags, tmp_path, capsys):
    cast = tmp_path / "game.cast"
    with pytest.raises(SystemExit) as stop:
        share(SAVE, "--cast", str(cast), *flags)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not cast.exists()


@pytest.mark.parametrize("where", ["folder", "no folder", "same"])
def test_a_file_that_cannot_be_written_is_one_line(where, tmp_path, capsys):
    target = {"folder": tmp_path, "no folder": tmp_path / "none" / "g.cast",
              "same": tmp_path / "g.out"}[where]
    html = ["--html", str(target)] if where == "same" else []
    assert share(SAVE, "--cast", str(target), *html) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(target) in err
    assert where == "folder" or not target.exists()


def test_a_save_that_cannot_be_read_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert share(str(bad), "--cast", str(tmp_path / "g.cast")) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not (tmp_path / "g.cast").exists()


def test_a_recording_out_of_sync_writes_nothing(tmp_path, capsys):
    data = json.loads(EARLIER["0.3.0"].read_text())
    first = data["actions"][0]
    data["actions"][0] = {**first, "dx": -first["dx"]}  # another first step: another game
    data["checksum"] = checksum(data)
    edited = tmp_path / "edited.json"
    edited.write_text(canonical(data) + "\n")
    cast, page = tmp_path / "g.cast", tmp_path / "g.html"
    assert share(str(edited), "--cast", str(cast), "--html", str(page)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "out of sync at action" in err and "nothing written" in err
    assert not cast.exists() and not page.exists()


@pytest.mark.parametrize("flags", [("--speed", "4"), ("--size", "100x30"), ("--idle", "1")])
def test_a_sharing_flag_without_a_file_to_share_to_is_one_line(flags, capsys):
    """The viewer has keys for its speed: ``replay SAVE --speed 4`` would be ignored."""
    assert share(SAVE, *flags) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--cast FILE or --html FILE" in err
