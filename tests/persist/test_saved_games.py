"""The start screen offers the games under way in saves/ to continue, as DCSS lists its saved
characters: only living games S saved under their own names, newest first."""

from __future__ import annotations

import os

from game.commands.play import save_path, saved_games
from game.persist import savefile
from game.ui.app import GameApp
from game.ui.start import SavedGame, StartScreen
from game.world.core import actions as A
from game.world.game import Game


def played(seed: int, character: str = "dwarf warrior", steps: int = 3, **kw) -> Game:
    engine = Game(seed, character, **kw)
    for _ in range(steps):
        engine.submit(A.Wait())
    return engine


def test_living_games_saved_under_their_own_names_are_offered_newest_first(tmp_path):
    old, new = played(1), played(2, "elf ranger", rules="qud")
    savefile.save(old, save_path(old, tmp_path))
    savefile.save(new, save_path(new, tmp_path))
    os.utime(save_path(old, tmp_path), (1, 1))  # the older file
    renamed = played(3)
    savefile.save(renamed, tmp_path / "my-copy.json")  # S would not write back here
    dead = played(4)
    dead.outcome = "dead"
    savefile.save(dead, save_path(dead, tmp_path))
    (tmp_path / "broken.json").write_text("{not json")
    games = saved_games(tmp_path)
    assert [g.label for g in games] == [
        f"continue the elf ranger: depth 1, turn {new.turn}, qud rules",
        f"continue the dwarf warrior: depth 1, turn {old.turn}"]
    opened = games[1].open()
    assert isinstance(opened, Game) and opened.state_hash() == old.state_hash()
    assert opened.actions == old.actions
    for engine in (old, new, renamed, dead, opened):
        engine.close()


def test_a_file_spoiled_after_the_list_was_made_is_one_line_not_a_crash(tmp_path):
    engine = played(5)
    path = save_path(engine, tmp_path)
    savefile.save(engine, path)
    engine.close()
    [game] = saved_games(tmp_path)
    path.write_text("{}")
    app = GameApp(7, saved=[game])
    app.handle_key("a")
    assert isinstance(app.screen, StartScreen) and app.engine is None
    assert str(path) in app.screen.notice


def test_choosing_a_saved_game_continues_it_and_the_characters_follow():
    engine = played(6)
    shown = SavedGame("continue the dwarf warrior: depth 1, turn 3", "saves/x.json",
                      lambda: engine)
    app = GameApp(9, saved=[shown])
    assert app.screen.names[0] == shown.label and app.screen.names[1] == "dwarf warrior"
    app.handle_key("a")
    assert app.engine is engine
    app.engine.close()
    fresh = GameApp(9, saved=[shown])
    fresh.handle_key("b")  # the first ready character, below the saved game
    assert fresh.engine.character == "dwarf warrior" and fresh.engine is not engine
    fresh.engine.close()


def test_a_continued_game_does_not_page_its_old_log_with_more(tmp_path):
    engine = Game(8, "dwarf warrior")
    for _ in range(40):  # enough messages to overflow the log area many times
        engine.say("An old message from before the save.")
        engine.submit(A.Wait())
    path = save_path(engine, tmp_path)
    savefile.save(engine, path)
    engine.close()
    [game] = saved_games(tmp_path)
    app = GameApp(1, saved=[game])
    app.handle_key("a")  # continue it from the start screen
    assert type(app.screen).__name__ == "MainScreen"
    assert app.session.new_messages() == 0
    app.engine.close()


def test_every_game_under_way_is_listed_whatever_else_the_folder_holds(tmp_path):
    """A link to nowhere, a link loop, a pipe, a folder and ten newer JSON files beside it
    (recordings, copies) hide nothing; a new game's free name (``-2``) is listed too."""
    engine = played(21)
    savefile.save(engine, save_path(engine, tmp_path))
    savefile.save(engine, tmp_path / "dwarf-warrior-21-2.json")
    os.utime(save_path(engine, tmp_path), (1, 1))
    os.utime(tmp_path / "dwarf-warrior-21-2.json", (2, 2))
    engine.close()
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "folder.json").mkdir()
    for n in range(10):
        (tmp_path / f"note-{n}.json").write_text("{}")
    assert sorted(g.where for g in saved_games(tmp_path)) == [
        str(tmp_path / "dwarf-warrior-21-2.json"), str(save_path(engine, tmp_path))]
