"""Every lock holds: a lock file whose place a folder, a pipe or a link holds cannot be taken,
and then the save or the score is refused in one line, never written unlocked (two
``play --load`` of one save overwrote each other's progress; 30 scores written together kept
2 rows). Every writer of a save takes its lock and a free name (``bot --out`` replaced the
file a game was playing), and "Saved" is said only after a write or after the file on disk is
found to be the one this game wrote."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.commands.play import claim_and_continue, save_path
from game.persist import savefile, scores
from game.persist.locks import lock_path
from game.persist.slot import SaveSlot, Unlocked
from game.ui.screen import Session
from game.world.core import actions as A
from game.world.game import Game

ROW = {"score": 1, "character": "dwarf warrior", "seed": 1, "outcome": "dead",
       "cause": "killed", "depth": 1, "turns": 1, "wizard": False}
KINDS = {"folder": "a folder", "pipe": "a pipe", "link": "a symbolic link"}


def plant(lock: Path, kind: str) -> None:
    if kind == "folder":
        lock.mkdir()
    elif kind == "pipe":
        os.mkfifo(lock)
    else:
        lock.symlink_to(lock.with_name("elsewhere"))


def saved_game(folder: Path, seed: int = 5) -> tuple[Game, Path]:
    engine = Game(seed, "dwarf warrior")
    engine.submit(A.Wait())
    path = savefile.save(engine, save_path(engine, folder))
    return engine, path


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_whose_lock_cannot_be_taken_is_not_played(tmp_path, kind, game_main):
    engine, path = saved_game(tmp_path)
    before = path.read_bytes()
    plant(lock_path(path), kind)
    with pytest.raises(Unlocked, match=f"{KINDS[kind]}, not a lock file"):
        claim_and_continue(SaveSlot(path), path)
    out = game_main("play", "--load", str(path))
    assert out.returncode == 1 and out.stderr.count("\n") == 1, out.stderr
    assert f"{path}: refused: {lock_path(path)} cannot be held as a lock" in out.stderr
    slot = SaveSlot(path)  # a game already under way when the lock's place was taken:
    with pytest.raises(Unlocked):  # its next save is refused, not written unlocked
        slot.save(engine)
    assert path.read_bytes() == before
    engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_new_game_passes_over_a_name_whose_lock_cannot_be_taken(tmp_path, kind):
    engine = Game(6, "dwarf warrior")
    own = save_path(engine, tmp_path)
    plant(lock_path(own), kind)
    slot = SaveSlot(folder=tmp_path)
    where = slot.save(engine)
    assert where == str(own.with_name(own.stem + "-2.json"))
    slot.release()
    engine.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_score_whose_lock_cannot_be_taken_is_refused(tmp_path, kind):
    table = tmp_path / "scores.json"
    scores.record(ROW, table)
    plant(tmp_path / ".scores.json.lock", kind)
    with pytest.raises(scores.ScoresError, match=f"could not be recorded: .*{KINDS[kind]}"):
        scores.record({**ROW, "seed": 2}, table)
    assert [r["seed"] for r in scores.read(table)] == [1]


def test_bot_out_never_replaces_a_save(tmp_path, game_main, monkeypatch):
    """A game plays saves/dwarf-warrior-5.json; ``bot --out`` that very file saves beside it,
    and ``bot --seed 7`` twice keeps both games."""
    monkeypatch.chdir(tmp_path)
    engine, path = saved_game(tmp_path / "saves")
    playing = SaveSlot(path)
    playing.claim(path)
    before = path.read_bytes()
    out = game_main("bot", "--seed", "1", "--turns", "5", "--out", str(path))
    beside = path.with_name(f"{path.stem}-2.json")
    assert out.returncode == 0 and out.stdout.endswith(f"saved to {beside}\n"), out.stdout
    assert path.read_bytes() == before
    for expected in ("bot-7.json", "bot-7-2.json"):
        out = game_main("bot", "--seed", "7", "--turns", "5")
        assert out.stdout.endswith(f"saved to saves/{expected}\n"), out.stdout
    assert savefile.load(tmp_path / "saves" / "bot-7.json").seed == 7
    playing.release()
    engine.close()


def test_saved_is_said_only_when_the_file_on_disk_is_this_games(tmp_path):
    """Nothing new since the last save, but another writer replaced the file: the next S
    writes again (it said "Saved" and wrote nothing: the game was gone)."""
    engine, path = saved_game(tmp_path, 8)
    session = Session(engine, saver=lambda game: str(savefile.save(game, path)))
    assert session.save() == str(path)
    other = Game(9, "elf ranger")
    savefile.save(other, path)  # what a writer without the lock did
    other.close()
    assert session.save() == str(path) and session.note == f"Saved to {path}."
    assert savefile.load(path).seed == 8
    engine.close()


def test_a_crash_report_never_replaces_another(tmp_path):
    engine = Game(10, "dwarf warrior")
    engine.submit(A.Wait())
    first = savefile.crash_report(engine, RuntimeError("boom"), tmp_path)
    second = savefile.crash_report(engine, RuntimeError("boom again"), tmp_path)
    assert first != second and first.exists() and second.name == f"{first.stem}-2.json"
    engine.close()
