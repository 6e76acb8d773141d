"""One bad file blocks nothing: a save holding an overlay whose table is 5,000 levels deep or
holds a 5,001-digit number, re-signed (every digest is a plain SHA-256), is one line and exit 2
from ``verify``, ``replay`` and ``play --load``; placed in saves/ under any name, it is named
in one line and passed over by the catch-up, the list of games to continue and ``scores``,
and every other game there is still listed and caught up. (Such a file was a traceback at the
start of every new game, the start screen and ``scores``; any failure of one file, of any
kind, is now named and passed over.)"""

from __future__ import annotations

import json
import os

import pytest

from game.commands import endings
from game.commands.endings import catch_up, morgue_path
from game.commands.play import save_path, saved_games
from game.content.overlay import overlay_from
from game.persist import savefile, scores
from game.persist.savefile import canonical, checksum, snapshot_hash
from game.world.core import actions as A
from game.world.core.setup import Setup
from game.world.game import Game

BAD_TABLES = {
    "5,000 deep": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "5,000 deep tables": "x = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n",
    "5,001 digits": '[creature."kobold"]\nhit_points = ' + "9" * 5001 + "\n",
}


def modded_save(path, table: str):
    """A game played under an overlay, its overlay's creatures.toml then replaced by
    ``table`` and every digest made to agree again (what a careful forger does)."""
    mod = overlay_from("mod", {"creatures.toml": '[creature."kobold"]\nhit_points = 9\n'})
    engine = Game(Setup(4, "dwarf warrior", content=mod))
    for _ in range(3):
        engine.submit(A.Wait())
    savefile.save(engine, path)
    engine.close()
    data = json.loads(path.read_text())
    data["content"]["files"]["creatures.toml"] = table
    data["snapshot"]["content"] = overlay_from("mod", data["content"]["files"]).digest
    final = snapshot_hash(data["snapshot"])
    data["final_hash"] = data["checkpoints"][str(len(data["actions"]))] = final
    data["checksum"] = checksum(data)
    path.write_text(canonical(data) + "\n")
    return path


def ended_game(folder, seed: int) -> Game:
    """A finished game saved under its own name with no morgue: a crash cut its end short."""
    engine = Game(seed, "dwarf warrior")
    engine.submit(A.Wait())
    engine.outcome, engine.cause = "dead", "killed by a test on depth 1"
    savefile.save(engine, save_path(engine, folder))
    return engine


@pytest.mark.parametrize("table", BAD_TABLES)
@pytest.mark.parametrize("command", [["verify"], ["replay"], ["play", "--load"]])
def test_a_re_signed_save_with_a_hostile_overlay_is_one_line_and_exit_2(game_main, tmp_path,
                                                                        table, command):
    path = modded_save(tmp_path / "x.json", BAD_TABLES[table])
    out = game_main(*command, str(path))
    assert out.returncode == 2, out.stderr[-300:]
    assert out.stderr.count("\n") == 1 and str(path) in out.stderr, out.stderr[-300:]
    assert "the overlay 'mod'" in out.stderr and len(out.stderr) < 300


@pytest.mark.parametrize("table", BAD_TABLES)
def test_a_hostile_save_in_saves_is_named_and_passed_over(tmp_path, table):
    living = Game(5, "elf ranger")
    living.submit(A.Wait())
    savefile.save(living, save_path(living, tmp_path))
    living.close()
    ended = ended_game(tmp_path, 6)
    bad = modded_save(tmp_path / save_path(Game(4, "dwarf warrior"), tmp_path).name,
                      BAD_TABLES[table])  # under the very name of its game
    assert [g.where for g in saved_games(tmp_path)] == [str(save_path(living, tmp_path))]
    caught = catch_up(tmp_path)
    assert [line.split(":")[0] for line in caught.done] == [str(save_path(ended, tmp_path))]
    [passed] = caught.passed
    assert passed.startswith(f"{bad}: ") and passed.endswith("; passed over")
    assert "\n" not in passed and "the overlay 'mod'" in passed
    assert scores.read(tmp_path / "scores.json")[0]["seed"] == 6
    assert os.path.exists(morgue_path(save_path(ended, tmp_path)))
    ended.close()


def test_scores_names_a_hostile_save_and_shows_the_table(game_main, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()
    bad = modded_save(tmp_path / "saves" / "anything.json", BAD_TABLES["5,000 deep"])
    ended_game(tmp_path / "saves", 7).close()
    out = game_main("scores")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and f"saves/{bad.name}: " in out.stderr
    assert "now recorded" in out.stdout and "dwarf warrior" in out.stdout


def test_any_failure_of_one_file_blocks_no_other(tmp_path, monkeypatch):
    """The class, not the case: whatever one file raises as it is read (here a RecursionError
    and a MemoryError-like failure the checks do not foresee), it is named and passed over."""
    ended = ended_game(tmp_path, 8)
    odd = tmp_path / "dwarf-warrior-9.json"
    odd.write_text("{}")
    loads = savefile.load

    def load(path):
        if os.path.basename(path) == odd.name:
            raise RecursionError("maximum recursion depth exceeded")
        return loads(path)

    monkeypatch.setattr(savefile, "load", load)
    monkeypatch.setattr(endings.savefile, "load", load)
    caught = catch_up(tmp_path)
    assert len(caught.done) == 1 and caught.passed == [
        f"{odd}: cannot be read (RecursionError: maximum recursion depth exceeded); "
        "passed over"]
    assert saved_games(tmp_path) == []
    ended.close()


@pytest.mark.parametrize("args", [["play"], ["play", "--seed", "3", "--char", "elf ranger"]])
def test_a_new_game_starts_past_a_hostile_save(game_main, tmp_path, monkeypatch, args):
    """The start screen (and a new game with its character chosen) starts; the start screen
    names the file at its foot, and stderr names it for after the game."""
    from game.commands import play

    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()
    bad = modded_save(tmp_path / "saves" / "dwarf-warrior-4.json", BAD_TABLES["5,001 digits"])
    shown = []
    monkeypatch.setattr(play, "run_frontend", lambda app, window: shown.append(app) or 0)
    out = game_main(*args)
    assert out.returncode == 0 and f"saves/{bad.name}: " in out.stderr
    [app] = shown
    if len(args) == 1:
        assert app.screen.notice.startswith(f"saves/{bad.name}: ")
        assert app.screen.notice.endswith("; passed over")
    else:
        assert app.engine is not None and app.engine.character == "elf ranger"
