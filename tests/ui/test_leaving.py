"""Quitting when the save fails: the game says why and waits for the player's choice; Ctrl-C
asks as Esc does; a hang-up saves without asking (to the rescue file if it must)."""

from __future__ import annotations

from pathlib import Path

import tcod.console

from game.commands.play import saver_for, saver_to
from game.persist.replay import verify
from game.ui.app import GameApp
from game.ui.confirm import ConfirmScreen
from game.ui.leaving import PathPrompt, SaveFailedScreen
from game.world.game import Game


def blocked(tmp_path: Path) -> Path:
    """A save path that cannot be written: its folder ``saves`` is a file (as root, a
    read-only folder would still be written)."""
    (tmp_path / "saves").write_text("not a folder")
    return tmp_path / "saves" / "game.json"


def app_saving_to(path: Path, **kw) -> GameApp:
    return GameApp.from_engine(Game(4), saver=saver_to(path), saver_for=saver_for, **kw)


def screen_text(app: GameApp) -> str:
    """The 80x24 frame's text, the lines of a box run together (as a player reads them)."""
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    rows = ("".join(chr(c) for c in row).replace("│", " ") for row in console.ch.T)
    return " ".join(" ".join(rows).split())


def test_a_quit_whose_save_fails_stays_open_and_says_why(tmp_path):
    app = app_saving_to(blocked(tmp_path))
    app.handle_key("s")
    assert app.handle_key("S") is True  # not quit
    assert isinstance(app.screen, SaveFailedScreen)
    text = screen_text(app)
    assert "The game could not be saved:" in text and "saves is a file, not a folder" in text
    for choice in ("r) try again", "a) save to another file", "q) quit without saving",
                   "Esc) go back to the game"):
        assert choice in text
    assert app.handle_key("y") is True and isinstance(app.screen, SaveFailedScreen)
    assert app.handle_key("escape") is True  # back to the game, the question gone too
    assert app.stack[-1] is app.stack[0]
    app.handle_key("escape")
    app.handle_key("y")
    assert isinstance(app.screen, SaveFailedScreen) and len(app.stack) == 2


def test_retry_saves_once_the_folder_is_fixed(tmp_path):
    path = blocked(tmp_path)
    app = app_saving_to(path)
    app.handle_key("s")
    app.handle_key("S")
    assert app.handle_key("r") is True  # still broken: asked again, not stacked twice
    assert len(app.stack) == 2 and isinstance(app.screen, SaveFailedScreen)
    (tmp_path / "saves").unlink()
    assert app.handle_key("r") is False
    assert verify(path)[0] == 0 and app.session.saved_to == str(path)


def test_another_file_takes_the_save(tmp_path):
    app = app_saving_to(blocked(tmp_path))
    app.handle_key("s")
    app.handle_key("S")
    app.handle_key("a")
    assert isinstance(app.screen, PathPrompt)
    assert app.handle_key("enter") is True and "Type a file name" in app.screen.warning
    for key in str(tmp_path / "saves" / "under-a-file.json"):
        app.handle_key(key)
    assert app.handle_key("enter") is True  # that one fails too: the choice again
    assert isinstance(app.screen, SaveFailedScreen) and len(app.stack) == 2
    app.handle_key("a")
    app.handle_key("escape")
    assert isinstance(app.screen, SaveFailedScreen)  # Esc goes back to the choice
    app.handle_key("a")
    for key in str(tmp_path / "elsewhere.json"):
        app.handle_key(key)
    assert app.handle_key("enter") is False
    assert verify(tmp_path / "elsewhere.json")[0] == 0


def test_quit_without_saving_is_a_choice_the_farewell_reports(tmp_path, capsys):
    from game.commands.play import _farewell

    app = app_saving_to(blocked(tmp_path))
    app.handle_key("S")
    assert app.handle_key("q") is False
    assert app.session.abandoned
    assert _farewell(app) == 0
    assert capsys.readouterr().out == "Quit without saving.\n"


def test_ctrl_c_asks_as_escape_does_and_a_second_one_is_yes(tmp_path):
    path = tmp_path / "game.json"
    app = app_saving_to(path)
    assert app.interrupt() is True
    assert isinstance(app.screen, ConfirmScreen) and "Really quit?" in screen_text(app)
    assert app.handle_key("n") is True and not path.exists()
    app.interrupt()
    assert app.interrupt() is False and verify(path)[0] == 0


def test_ctrl_c_while_choosing_after_a_failed_save_does_not_quit(tmp_path):
    app = app_saving_to(blocked(tmp_path))
    app.handle_key("S")
    assert app.interrupt() is True and isinstance(app.screen, SaveFailedScreen)


def test_ctrl_c_on_the_start_screen_quits_with_nothing_to_save():
    assert GameApp(3).interrupt() is False


def test_a_hang_up_saves_and_falls_back_to_the_rescue_file(tmp_path):
    path = tmp_path / "game.json"
    app = app_saving_to(path)
    app.handle_key("s")
    app.hang_up()
    assert verify(path)[0] == 0
    rescued = tmp_path / "rescued.json"
    app = app_saving_to(blocked(tmp_path), rescue=saver_to(rescued))
    app.handle_key("s")
    app.hang_up()
    assert verify(rescued)[0] == 0 and app.session.save_error is None
    app = app_saving_to(blocked(tmp_path), rescue=saver_to(tmp_path / "saves" / "r.json"))
    app.hang_up()
    assert "the rescue save failed too" in app.session.save_error


def test_another_file_that_exists_is_replaced_only_when_the_player_says_yes(tmp_path):
    other = tmp_path / "other-game.json"
    other.write_text("another game's save")
    app = app_saving_to(blocked(tmp_path))
    app.handle_key("S")
    app.handle_key("a")
    for key in str(other):
        app.handle_key(key)
    assert app.handle_key("enter") is True
    assert "exists. Replace it? (y/n)" in screen_text(app)
    assert app.handle_key("n") is True  # back to the prompt, the name still typed
    assert isinstance(app.screen, PathPrompt) and app.screen.text == str(other)
    assert other.read_text() == "another game's save"
    app.handle_key("enter")
    assert app.handle_key("y") is False  # replaced: saved and quit
    assert verify(other)[0] == 0
