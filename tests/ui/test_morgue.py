"""The end of a game: the morgue beside the save, the high-score table, a bad score file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import tcod.console

from game.commands.play import hooks
from game.persist import scores
from game.persist.savefile import continue_game
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.keys import DIRECTIONS
from game.world.core.components import Health, Player
from game.world.game import Game
from game.world.play import death

ROOT = Path(__file__).resolve().parents[2]
PIT = "#######\n#.kkk.#\n#.k@k.#\n#.kkk.#\n#######"


def die(tmp_path: Path, wizard: bool = False) -> GameApp:
    engine = Game.scenario(PIT, {"k": "kobold"})
    engine.component(engine.player, Player).wizard = wizard
    engine.component(engine.player, Health).hp = 1
    app = GameApp.from_engine(engine, **hooks(tmp_path / "hero.json"))
    for _ in range(30):
        if engine.over:
            break
        app.handle_key("s")
    while not isinstance(app.screen, EndScreen):
        app.handle_key(" ")  # --more-- pages
    return app


def screen(app) -> str:
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))


def test_death_writes_a_morgue_beside_the_save_and_a_score(tmp_path):
    app = die(tmp_path)
    morgue = (tmp_path / "hero-morgue.txt").read_text()
    for part in ("dwarf warrior", "Died: killed by a kobold", "Stats", "Strength", "Equipment",
                 "long sword", "Skills and styles", "rank", "Creatures that died",
                 "Last messages", "You die...", "The map around you", "@"):
        assert part in morgue, part
    table = json.loads((tmp_path / "scores.json").read_text())
    assert [r["character"] for r in table["scores"]] == ["dwarf warrior"]
    shown = screen(app)
    assert "Character dump:" in shown and "score" in shown
    row = next(line for line in shown.splitlines() if "dwarf warrior " in line and "1 " in line
               and "killed" in line)
    assert row.rstrip().endswith(" 1      1 killed by a kobold")  # whole (its depth in its
    # own column), not wrapped at 80


def test_the_table_marks_wizard_games_and_the_command_prints_it(tmp_path):
    die(tmp_path)
    die(tmp_path, wizard=True)
    lines = scores.table(scores.read(tmp_path / "scores.json"))
    assert sum(1 for line in lines if "W dwarf warrior" in line) == 1
    assert lines[-1] == "  W: a wizard game"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "game", "scores", "--file",
                          str(tmp_path / "scores.json")], capture_output=True, text=True,
                         env=env, timeout=60)
    assert out.returncode == 0 and "W dwarf warrior" in out.stdout


def test_a_bad_score_file_is_one_line_and_is_not_overwritten(tmp_path):
    bad = tmp_path / "scores.json"
    bad.write_text("{not json")
    app = die(tmp_path)
    assert bad.read_text() == "{not json"
    assert "the score file cannot be read" in " ".join(screen(app).split())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "game", "scores", "--file", str(bad)],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "left as it is" in out.stderr
    bad.write_text(json.dumps({"format": 1, "scores": [{"score": "lots"}]}))
    out = subprocess.run([sys.executable, "-m", "game", "scores", "--file", str(bad)],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2 and "not a score table" in out.stderr


def kobold_beside(engine: Game) -> tuple[int, str]:
    """A kobold on 1 hit point beside the player (the level emptied first) and the key that
    attacks it."""
    for eid, _ in engine.creatures_here():
        engine.delete(eid)
    me = engine.position(engine.player)
    for key, (dx, dy) in DIRECTIONS.items():
        if len(key) == 1 and key.isalpha() and engine.gamemap.walkable[me.x + dx, me.y + dy]:
            kobold = engine.create_creature("kobold", me.x + dx, me.y + dy, engine.depth)
            engine.component(kobold, Health).hp = 1
            return kobold, key
    raise AssertionError("no open cell beside the player")


def test_a_continued_games_morgue_counts_the_kills_of_every_session(tmp_path):
    """The kills are kept in the game, not counted by the screen: a kobold killed before the
    save and one after both reach the morgue of the continued game."""
    engine = Game(3)
    app = GameApp.from_engine(engine, **hooks(tmp_path / "hero.json"))
    kobold, key = kobold_beside(engine)
    for _ in range(40):
        if not engine.exists(kobold):
            break
        app.handle_key(key)
    assert not engine.exists(kobold) and not engine.over
    saved = app.session.save()
    engine.close()
    engine = continue_game(saved)
    app = GameApp.from_engine(engine, **hooks(Path(saved)))
    kobold, key = kobold_beside(engine)
    engine.component(engine.player, Health).hp = 1
    for _ in range(60):
        if engine.over:
            break
        app.handle_key(key if engine.exists(kobold) else "s")
        if not engine.exists(kobold) and not engine.over:
            death.damage(engine, engine.player, 5, cause="smitten")  # the game ends: the morgue
    while not isinstance(app.screen, EndScreen):
        app.handle_key(" ")
    morgue = (tmp_path / "hero-morgue.txt").read_text()
    dead = morgue.split("Creatures that died\n")[1].split("\n\n")[0]
    assert dead == "    2 kobold"
