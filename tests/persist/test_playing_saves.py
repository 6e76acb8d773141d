"""Saving from play, the replay viewer, taking over, and crash reports."""

from __future__ import annotations

import json
import shutil

import pytest

from game.commands.play import save_path, saver_to
from game.commands.replay import taken_over_path
from game.persist import savefile
from game.persist.replay import Seeker, replay, verify
from game.ui.app import GameApp
from game.ui.replay import ReplayApp
from game.world.core import actions as A
from game.world.game import Game
from game.world.play import handlers
from game.world.play.wizard_actions import Teleport


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_jumping_to_an_action_lands_on_what_verify_computes(sample):
    save = savefile.load(sample)
    with Seeker(save) as seeker:
        app = ReplayApp(seeker)
        for key in ("g", "2", "0", "0", "enter"):
            app.handle_key(key)
        assert seeker.index == 200
        with replay(save, upto=200) as fresh:
            assert seeker.engine.state_hash() == fresh.engine.state_hash()
        for key in ("g", "4", "0", "enter"):  # back again, from a keyframe
            app.handle_key(key)
        assert seeker.index == 40 and seeker.restores >= 1
        with replay(save, upto=40) as fresh:
            assert seeker.engine.state_hash() == fresh.engine.state_hash()


def test_playback_keys_step_pause_and_speed(sample):
    clock = Clock()
    with Seeker(savefile.load(sample)) as seeker:
        app = ReplayApp(seeker, clock=clock)
        app.handle_key(".")
        app.handle_key("right")
        assert seeker.index == 2
        app.handle_key("+")
        app.handle_key(" ")  # play at 10 actions a second (from 5, one step faster)
        clock.now += 2.0
        assert app.tick() and seeker.index == 2 + 20
        app.handle_key(" ")  # pause
        clock.now += 5.0
        assert not app.tick() and seeker.index == 22
        assert app.handle_key("q") is False


def test_taking_over_saves_a_new_game_under_a_new_name(sample, tmp_path):
    path = tmp_path / "hero.json"
    shutil.copy(sample, path)
    save = savefile.load(path)
    with Seeker(save) as seeker:
        def take_over(engine: Game) -> GameApp:
            engine.checkpoints = {k: v for k, v in save.checkpoints.items()
                                  if k <= seeker.index}
            app = GameApp.from_engine(engine, saver=saver_to(taken_over_path(path, seeker.index)))
            app.session.save()
            return app

        app = ReplayApp(seeker, take_over)
        for key in ("g", "1", "2", "0", "enter", "t"):
            app.handle_key(key)
        taken = tmp_path / "hero-from-120.json"
        assert taken.exists() and verify(taken)[0] == 0
        app.handle_key("s")  # now playing: a wait is a new action of the new game
        app.handle_key("escape")
        assert app.handle_key("y") is False  # quitting saves
        assert len(savefile.load(taken).actions) == 121
        assert verify(taken)[0] == 0
    assert verify(path)[0] == 0  # the recording itself is untouched


def test_a_level_change_saves_the_game_and_the_save_verifies(tmp_path):
    engine = Game(6, wizard=True)
    path = tmp_path / "game.json"
    app = GameApp.from_engine(engine, saver=saver_to(path))
    app.handle_key("s")
    assert not path.exists()  # a wait does not save
    app.session.act(Teleport(*engine.gamemap.stairs_down))  # a recorded shortcut
    app.handle_key(">")
    assert engine.depth == 2 and path.exists()
    assert savefile.load(path).snapshot["depth"] == 2
    assert verify(path)[0] == 0


def test_the_default_save_name_holds_character_and_seed():
    engine = Game(77, "elf ranger")
    assert save_path(engine).name == "elf-ranger-77.json"
    engine.close()


def test_a_crash_writes_a_report_whose_replay_crashes_again(tmp_path, monkeypatch):
    engine = Game(9)
    app = GameApp.from_engine(
        engine, on_crash=lambda e, err: savefile.crash_report(e, err, tmp_path))
    for key in "ssss":
        app.handle_key(key)

    def broken(engine, action):
        raise RuntimeError("a bug in rest")

    monkeypatch.setitem(handlers.HANDLERS, "rest", broken)
    with pytest.raises(RuntimeError, match="a bug in rest"):
        app.handle_key("z")
    report = app.crash_report
    assert report.name == f"crash-9-{engine.turn}.json"
    data = json.loads(report.read_text())
    assert data["crash"]["action"] == A.Rest().to_json()
    assert "RuntimeError: a bug in rest" in data["crash"]["error"]
    assert verify(report)[0] == 0  # the game up to the crash is a sound recording
    with Seeker(savefile.load(report)) as seeker:
        seeker.seek(seeker.length)
        with pytest.raises(RuntimeError, match="a bug in rest"):
            seeker.crash_again()
    monkeypatch.undo()
    with Seeker(savefile.load(report)) as seeker:  # fixed: the crashing action now plays
        seeker.seek(seeker.length)
        assert isinstance(seeker.crash_again(), A.Done)


def test_play_load_refuses_bad_and_dead_saves(tmp_path, game_main):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    run = game_main("play", "--load", str(bad))
    assert run.returncode == 2 and "not valid JSON" in run.stderr
    assert "Traceback" not in run.stderr
    missing = game_main("play", "--load", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "no such save file" in missing.stderr


def test_replay_command_refuses_a_bad_file(tmp_path, game_main):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"")
    run = game_main("replay", str(bad))
    assert run.returncode == 2 and "empty" in run.stderr and "Traceback" not in run.stderr
