"""Saving, loading and continuing: round trips, atomic writes, death is final."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from persist_helpers import bot_game

from game import __version__
from game.persist import savefile
from game.persist.replay import replay, verify
from game.persist.savefile import (
    FORMAT,
    GameOver,
    Recording,
    SaveError,
    continue_game,
    load,
    save,
)
from game.world.core import actions as A
from game.world.core.engine import CHECKPOINT_EVERY
from game.world.core.setup import Setup
from game.world.game import Game
from game.world.play.wizard_actions import CreateCreature, Enable


def test_round_trip(tmp_path):
    recording = bot_game(5, 120)
    engine = recording.engine
    path = recording.save(tmp_path / "game.json")
    data = load(path)
    assert (data.seed, data.character, data.wizard, data.dead) == (5, "dwarf warrior", False,
                                                                    False)
    assert data.game_version == __version__
    assert list(data.actions) == engine.actions
    assert data.final_hash == engine.state_hash()
    assert sorted(data.checkpoints) == [50, 100, 120]
    assert data.checkpoints[120] == engine.state_hash()
    raw = json.loads(path.read_text())
    assert raw["format"] == FORMAT and set(raw) == set(savefile._FIELDS)
    engine.close()


def test_checkpoints_are_taken_during_play():
    recording = bot_game(2, 2 * CHECKPOINT_EVERY + 10)
    assert sorted(recording.checkpoints) == [CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY]
    with replay(savefile_data(recording), upto=CHECKPOINT_EVERY) as seeker:
        assert seeker.engine.state_hash() == recording.checkpoints[CHECKPOINT_EVERY]
    recording.engine.close()


def savefile_data(recording: Recording) -> savefile.SaveData:
    """A SaveData for a recording without touching the disk."""
    data = savefile.save_data(recording.engine, checkpoints=recording.checkpoints)
    return savefile.SaveData(Path("memory"), Setup.from_json(data),
                             tuple(recording.engine.actions),
                             {int(k): v for k, v in data["checkpoints"].items()},
                             data["snapshot"], data["final_hash"], data["dead"])


def test_save_creates_the_folder(tmp_path):
    engine = Game(1)
    path = save(engine, tmp_path / "a" / "b" / "new.json", checkpoints={})
    assert load(path).checkpoints == {0: engine.state_hash()}
    engine.close()


def test_wizard_flag_is_recorded(tmp_path):
    engine = Game(1, wizard=True)
    assert load(save(engine, tmp_path / "w.json", checkpoints={})).wizard is True
    engine.close()


@pytest.fixture(scope="module")
def played_on() -> list:
    """400 actions of the bot on the sample's seed: what it does after the sample's 300."""
    recording = bot_game(3, 400)
    recording.engine.close()
    return recording.engine.actions


def test_snapshot_and_replay_give_the_same_game(sample, played_on):
    data = load(sample)
    continued = continue_game(sample)
    with replay(data) as seeker:
        assert continued.state_hash() == seeker.engine.state_hash() == data.final_hash
        assert continued.actions == list(data.actions)
        # and they stay the same game as play goes on
        for action in played_on[300:]:
            continued.submit(action)
            seeker.engine.submit(action)
        assert continued.state_hash() == seeker.engine.state_hash()
    continued.close()


def test_continued_game_saves_the_whole_recording(sample, tmp_path, played_on):
    recording = Recording.resume(sample)
    played = played_on[:350]
    assert len(played) > 300  # the bot lives past the sample's end (it may die before 350)
    for action in played[300:]:
        recording.submit(action)
    path = recording.save(tmp_path / "more.json")
    data = load(path)
    assert len(data.actions) == len(played)
    assert set(load(sample).checkpoints.items()) <= set(data.checkpoints.items())
    assert verify(path)[0] == 0
    recording.engine.close()


def test_interrupted_save_keeps_the_old_one(sample, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    shutil.copy(sample, path)
    before = path.read_bytes()
    recording = bot_game(9, 60)

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveError, match="game.json: cannot save"):
        recording.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load(path).seed == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left
    recording.engine.close()


def test_interrupted_by_a_kill_keeps_the_old_one(sample, tmp_path, monkeypatch):
    """Not an OSError: the temporary file is still cleaned up and the error passes on."""
    path = tmp_path / "game.json"
    shutil.copy(sample, path)
    before = path.read_bytes()

    def killed(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    engine = Game(4)
    with pytest.raises(KeyboardInterrupt):
        save(engine, path, checkpoints={})
    monkeypatch.undo()
    assert path.read_bytes() == before and len(list(tmp_path.iterdir())) == 1
    engine.close()


def dead_save(folder: Path) -> Path:
    """A recording that ends in death, cheaply: a wizard rings the player with trolls, whose
    ordinary blows (the same path as any death in play) kill it within a few waits."""
    recording = Recording(Game(1))
    engine = recording.engine
    recording.submit(Enable())
    me = engine.position(engine.player)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        recording.submit(CreateCreature("troll", me.x + dx, me.y + dy))  # where there is room
    for _ in range(200):
        if engine.over:
            break
        recording.submit(A.Wait())
    assert engine.outcome == "dead" and engine.cause.startswith("killed by a troll")
    try:
        return recording.save(folder / "dead.json")
    finally:
        engine.close()


def test_a_dead_character_cannot_be_continued(tmp_path):
    path = dead_save(tmp_path)
    before = path.read_bytes()
    with pytest.raises(GameOver) as caught:
        continue_game(path)
    message = str(caught.value)
    assert "this character is dead" in message and "python -m game replay" in message
    assert str(path) in message and "\n" not in message
    with pytest.raises(GameOver):
        Recording.resume(path)
    assert path.read_bytes() == before
    assert verify(path)[0] == 0  # still a recording


def test_a_won_game_cannot_be_continued(tmp_path):
    engine = Game(6)
    engine.outcome, engine.cause = "won", "escaped"
    path = save(engine, tmp_path / "won.json", checkpoints={})
    with pytest.raises(GameOver, match="over"):
        continue_game(path)
    engine.close()


def test_checkpoints_beyond_the_recording_are_refused(tmp_path):
    engine = Game(1)
    with pytest.raises(ValueError):
        save(engine, tmp_path / "x.json", checkpoints={5: "0" * 64})
    assert not (tmp_path / "x.json").exists()
    engine.close()
