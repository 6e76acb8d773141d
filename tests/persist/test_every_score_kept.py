"""Every score kept: a score row belongs to its game (the id of the game's playing, which its
saves hold), not to what it says, so two games that end alike are two rows; the end is caught
up by what was written (a score a full disk refused is recorded once there is room, though
the morgue was written); and the wizard's go-to-depth saves as every change of level does."""

from __future__ import annotations

import errno
import os

import pytest

from game.commands import endings
from game.commands.endings import catch_up, morgue_path, record_end
from game.commands.play import save_path, saver_to
from game.persist import savefile, scores
from game.persist.slot import SaveSlot, unscored_of
from game.ui.app import GameApp
from game.world.core import actions as A
from game.world.game import Game
from game.world.play.wizard_actions import GoToDepth


def dying(seed: int = 11) -> Game:
    """A game that has just ended, the same every time for one seed."""
    engine = Game(seed, "dwarf warrior")
    for _ in range(3):
        engine.submit(A.Wait())
    engine.outcome, engine.cause = "dead", "killed by a test on depth 1"
    return engine


def dead_save(folder, seed: int = 11) -> tuple[Game, SaveSlot]:
    """The game's dead save, written as the app writes it (its slot: a free name under its
    lock, the playing's id); then the process is killed: no score, no morgue."""
    engine = dying(seed)
    slot = SaveSlot(folder=folder)
    slot.save(engine)
    slot.release()
    return engine, slot


def full_disk(monkeypatch) -> None:
    def refuse(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(scores, "write_atomic", refuse)


def test_two_games_that_end_alike_keep_two_rows(tmp_path):
    first, slot = dead_save(tmp_path)
    record_end(first, slot.path, game_id=slot.game_id)  # it ended whole
    second, other = dead_save(tmp_path)  # the same game again, killed before its score
    assert other.path != slot.path and other.game_id != slot.game_id
    caught = catch_up(tmp_path)
    assert [line.split(":")[0] for line in caught.done] == [str(other.path)]
    rows = scores.read(tmp_path / "scores.json")
    assert sorted(r["game_id"] for r in rows) == sorted([slot.game_id, other.game_id])
    assert catch_up(tmp_path).done == []  # and once only
    for engine in (first, second):
        engine.close()


def test_copies_of_one_game_dying_together_keep_a_row_each(tmp_path):
    games = [dead_save(tmp_path) for _ in range(5)]
    for engine, slot in games[:2]:  # two ended whole; three were killed before their scores
        record_end(engine, slot.path, game_id=slot.game_id)
    assert len(catch_up(tmp_path).done) == 3
    assert len(scores.read(tmp_path / "scores.json")) == 5
    for engine, _ in games:
        engine.close()


def test_a_score_a_full_disk_refused_is_recorded_once_there_is_room(tmp_path, monkeypatch):
    engine, slot = dead_save(tmp_path)
    with monkeypatch.context() as disk:
        full_disk(disk)
        end = record_end(engine, slot.path, game_id=slot.game_id)
        assert not end.scored and end.morgue and os.path.exists(morgue_path(slot.path))
        assert "the score could not be written: No space left on device" in end.problem
        assert any("recorded when the game next starts" in line for line in end.lines)
        still = catch_up(tmp_path)  # still full: said, not "now recorded"
        assert still.done == [] and still.failed == [
            f"{slot.path}: the end of this game could not be recorded yet ({end.problem}); "
            "it will be tried again"]
    caught = catch_up(tmp_path)
    assert [line.split(":")[0] for line in caught.done] == [str(slot.path)]
    assert [r["game_id"] for r in scores.read(tmp_path / "scores.json")] == [slot.game_id]
    assert not os.path.exists(unscored_of(slot.path))
    assert catch_up(tmp_path).done == []
    engine.close()


def test_where_not_even_the_mark_can_be_made_the_morgue_waits_too(tmp_path, monkeypatch):
    engine, slot = dead_save(tmp_path)
    with monkeypatch.context() as disk:
        full_disk(disk)
        disk.setattr(endings, "_mark_unscored", lambda save: False)
        end = record_end(engine, slot.path, game_id=slot.game_id)
    assert not end.scored and not end.morgue and not os.path.exists(morgue_path(slot.path))
    assert len(catch_up(tmp_path).done) == 1 and os.path.exists(morgue_path(slot.path))
    assert len(scores.read(tmp_path / "scores.json")) == 1
    engine.close()


def test_scores_on_a_full_disk_says_the_end_is_not_recorded(game_main, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    engine, slot = dead_save(tmp_path / "saves")
    full_disk(monkeypatch)
    out = game_main("scores")
    assert out.returncode == 1 and "now recorded" not in out.stdout
    assert "could not be recorded yet" in out.stderr and out.stderr.count("\n") == 1
    engine.close()


@pytest.mark.parametrize("name, says", [("missing.json", "no such score file"),
                                        ("x" * 300, "the score file cannot be read")])
def test_scores_file_that_names_no_table_is_refused(game_main, tmp_path, name, says):
    out = game_main("scores", "--file", str(tmp_path / name))
    assert out.returncode == 2 and says in out.stderr and out.stderr.count("\n") == 1
    assert "No scores yet" not in out.stdout


def test_the_wizards_go_to_depth_saves_as_every_change_of_level(tmp_path):
    engine = Game(6, wizard=True)
    path = tmp_path / "game.json"
    app = GameApp.from_engine(engine, saver=saver_to(path))
    assert app.session is not None
    app.session.act(GoToDepth(3))
    assert savefile.load(path).snapshot["depth"] == 3
    engine.close()


def test_a_save_made_before_rows_had_ids_is_caught_up_as_before(tmp_path):
    """A dead save without an id (an older version's): its end is recorded once, by what
    the row says, as it was."""
    engine = dying(12)
    path = savefile.save(engine, save_path(engine, tmp_path))
    assert savefile.load(path).game_id is None
    assert len(catch_up(tmp_path).done) == 1
    os.unlink(morgue_path(path))
    assert len(catch_up(tmp_path).done) == 1 and len(scores.read(tmp_path / "scores.json")) == 1
    engine.close()
