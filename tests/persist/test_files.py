"""The file system side of saves: stale temporary files, odd paths, long names, free names,
seeds out of range."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.play import save_path
from game.commands.replay import taken_over_path
from game.persist import files
from game.persist.replay import verify
from game.persist.savefile import SaveError, continue_game, load, save
from game.persist.slot import SaveSlot
from game.world.game import Game


def dead_pid() -> int:
    """The id of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stale_temporary_files_go_and_the_save_and_live_ones_stay(tmp_path, sample):
    real = tmp_path / "game.json"
    shutil.copy(sample, real)
    stale = tmp_path / f".game.json.{dead_pid()}-abcd1234.tmp"
    mine = tmp_path / f".game.json.{os.getpid()}-efgh5678.tmp"  # this process: a leftover
    live = tmp_path / ".game.json.1-ijkl9012.tmp"  # pid 1 is always alive
    old = tmp_path / ".game.json.mnop3456.tmp"  # an older version's, of the save written
    young = tmp_path / ".other.json.qrst7890.tmp"  # an older version's, of another save
    lookalike = tmp_path / "game.json.tmp"  # not our shape: never touched
    for path in (stale, mine, live, old, young, lookalike):
        path.write_bytes(real.read_bytes())
    past = 1_000_000_000  # 2001: the clock plays no part
    os.utime(young, (past, past))
    engine = continue_game(real)
    save(engine, real)
    engine.close()
    assert not stale.exists() and not mine.exists() and not old.exists()
    assert live.exists() and young.exists() and lookalike.exists()
    assert verify(real)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == sorted(
        [live.name, young.name, lookalike.name])


def test_starting_a_game_cleans_the_saves_folder(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    stale = saves / f".dwarf-warrior-1.json.{dead_pid()}-abcd1234.tmp"
    stale.write_text("half a save")
    run = subprocess.run([sys.executable, "-m", "game", "play", "--seed", "1", "--char",
                          "dwarf warrior"], cwd=tmp_path, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert run.returncode == 1 and "no terminal" in run.stderr
    assert not stale.exists()


def test_a_named_pipe_is_refused_in_one_line(tmp_path, game_main):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="is a named pipe, not a regular file"):
        load(fifo)
    for command in (("verify",), ("replay",), ("play", "--load")):
        run = game_main(*command, str(fifo))
        assert run.returncode == 2, (command, run.stderr)
        assert run.stderr.strip().splitlines() == [
            f"python -m game: {fifo}: is a named pipe, not a regular file"]


def test_saving_over_a_named_pipe_is_refused(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    engine = Game(2)
    with pytest.raises(SaveError, match="a named pipe, not a regular file"):
        save(engine, fifo)
    engine.close()
    assert fifo.is_fifo()


def test_long_derived_names_are_shortened_and_stay_distinct():
    a, b = "x" * 300 + "a", "x" * 300 + "b"
    short_a, short_b = files.short_name(a), files.short_name(b)
    assert short_a != short_b and short_a.endswith(".json")
    assert len(short_a.encode()) == files.NAME_BYTES
    assert files.short_name("knight-7") == "knight-7.json"
    accented = files.short_name("é" * 200)  # cut on a whole character
    assert len(accented.encode()) <= files.NAME_BYTES and accented.startswith("é")


def test_taking_over_a_long_named_recording_saves(tmp_path, sample):
    long = tmp_path / ("hero" * 60 + ".json")  # 244 characters, a legal name
    shutil.copy(sample, long)
    slot = SaveSlot()
    taken = slot.take_free(taken_over_path(long, 120))
    assert taken.parent == tmp_path and len(taken.name.encode()) <= files.NAME_BYTES
    engine = continue_game(long)
    save(engine, taken)
    engine.close()
    slot.release()
    assert verify(taken)[0] == 0


def test_taking_over_never_overwrites(tmp_path, sample):
    path = tmp_path / "hero.json"
    shutil.copy(sample, path)
    wanted = taken_over_path(path, 120)
    taken = []
    for text in ("an earlier take-over", "and another", ""):
        slot = SaveSlot()
        taken.append(slot.take_free(wanted))
        slot.release()
        if text:
            taken[-1].write_text(text)
    assert [p.name for p in taken] == ["hero-from-120.json", "hero-from-120-2.json",
                                       "hero-from-120-3.json"]


def test_a_huge_seed_is_refused_up_front_with_its_range(game_main):
    for seed in ("9" * 300, "-1", str(2**64), "seven"):
        run = game_main("play", "--seed", seed)
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and "a seed is a whole number from 0 to " \
            f"{2**64 - 1}" in lines[0], run.stderr
    engine = Game(2**64 - 1)
    assert len(save_path(engine).name) < files.NAME_BYTES
    engine.close()
