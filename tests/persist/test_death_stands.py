"""Death is final and recorded whatever the disk does: the dead save first, then the score and
the morgue; a dead save that does not fit removes the living one; an end that a kill cut short
is recorded from the dead save at the next start or by ``scores``."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.play import hooks
from game.persist import files, savefile
from game.persist.slot import SaveSlot, own_name
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.world.core.components import Health
from game.world.game import Game
from game.world.play import death

ROOT = Path(__file__).resolve().parents[2]
PIT = "#######\n#.kkk.#\n#.k@k.#\n#.kkk.#\n#######"


def dying(folder: Path) -> tuple[GameApp, Game, Path]:
    """A game saved alive under its own name, on one hit point among kobolds."""
    engine = Game.scenario(PIT, {"k": "kobold"}, seed=11)
    engine.component(engine.player, Health).hp = 1
    path = folder / own_name(engine.character, engine.seed, engine.rules)
    app = GameApp.from_engine(engine, **hooks(path, SaveSlot(path)))
    assert app.session.save() == str(path) and not savefile.load(path).dead
    return app, engine, path


def wait_for_the_end(app: GameApp, engine: Game) -> None:
    for _ in range(30):
        if engine.over:
            break
        app.handle_key("s")
    while not isinstance(app.screen, EndScreen):
        app.handle_key(" ")


def disk_full_for(what):
    real = files.write_atomic

    def write(path, data):
        if what(path, data):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)
    return write


def test_a_dead_save_that_does_not_fit_removes_the_living_one(tmp_path, monkeypatch):
    app, engine, path = dying(tmp_path)
    monkeypatch.setattr(savefile, "write_atomic",
                        disk_full_for(lambda p, data: b'"dead":true' in data))
    wait_for_the_end(app, engine)
    assert not path.exists()  # nothing left to continue: the death stands
    said = " ".join(" ".join(app.session.ending).split())
    assert f"{path} was removed, so this death stands" in said
    assert (tmp_path / f"{path.stem}-morgue.txt").exists()
    rows = json.loads((tmp_path / "scores.json").read_text())["scores"]
    assert [r["outcome"] for r in rows] == ["dead"]


def test_quitting_a_finished_game_on_a_full_disk_writes_nothing_again(tmp_path, monkeypatch):
    app, engine, path = dying(tmp_path)
    wait_for_the_end(app, engine)
    assert savefile.load(path).dead
    monkeypatch.setattr(savefile, "write_atomic", disk_full_for(lambda p, data: True))
    assert app.handle_key("enter") is False  # quit: no "Not saved", the dead save stands
    assert app.session.save_error is None


@pytest.mark.parametrize("how", ["scores", "play"])
def test_an_end_cut_short_by_a_kill_is_recorded_from_the_dead_save(tmp_path, how):
    """kill -9 after the dead save and before the score and morgue: the next ``scores`` (or
    ``play``) writes both, and once only."""
    engine = Game(12)  # a real level: the snapshot restores (a hand-drawn one does not)
    death.damage(engine, engine.player, 999, cause="smitten")
    assert engine.outcome == "dead"
    saves = tmp_path / "saves"
    dead = saves / own_name(engine.character, engine.seed, engine.rules)
    savefile.save(engine, dead)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = (["scores", "--file", str(saves / "scores.json")] if how == "scores"
            else ["play", "--seed", "3", "--char", "dwarf warrior"])
    for _ in range(2):
        subprocess.run([sys.executable, "-m", "game", *args], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    morgue = (saves / f"{dead.stem}-morgue.txt").read_text()
    assert "smitten" in morgue
    rows = json.loads((saves / "scores.json").read_text())["scores"]
    assert [(r["seed"], r["outcome"]) for r in rows] == [(12, "dead")]
