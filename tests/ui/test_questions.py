"""Every yes/no question of the UI (each "(y/n)" box, a ``ConfirmScreen``) is answered by its
yes keys, n and Esc only: any other key leaves it up, changes nothing, and the box says which
keys answer it. A key meant for the game (``o`` again, a direction) is never a "no"."""

from __future__ import annotations

import string
from pathlib import Path

from test_leaving import app_saving_to, blocked, screen_text

from game.ui import confirm
from game.ui.app import GameApp
from game.ui.confirm import ConfirmScreen
from game.ui.explore import StairsOffer
from game.ui.leaving import PathPrompt, ReplaceQuestion
from game.ui.options_file import KEY_NAMES
from game.world.game import Game

HALL = """
##############
#@..........>#
##############
"""


def _quit_question(tmp_path: Path) -> GameApp:
    app = GameApp.from_engine(Game.scenario(HALL, {}, seed=1))
    app.handle_key("escape")
    return app


def _stairs_offer(tmp_path: Path) -> GameApp:
    app = GameApp.from_engine(Game.scenario(HALL, {}, seed=1, auto_pickup=True))
    app.handle_key("o")
    return app


def _replace_question(tmp_path: Path) -> GameApp:
    tmp_path.mkdir(parents=True, exist_ok=True)
    other = tmp_path / "other-game.json"
    other.write_text("another game's save")
    app = app_saving_to(blocked(tmp_path))
    for key in ("S", "a", *str(other), "enter"):
        app.handle_key(key)
    return app


QUESTIONS = {  # each question the UI asks, as a player comes to it
    "Really quit? (y/n)": (_quit_question, ConfirmScreen),
    "Done exploring. Travel to the stairs down (>)? (y/n)": (_stairs_offer, StairsOffer),
    "exists. Replace it? (y/n)": (_replace_question, ReplaceQuestion),
}
OTHER_KEYS = sorted({*string.printable.strip(), " ", *KEY_NAMES} - {"ctrl-c"})


def _subclasses(kind: type) -> set[type]:
    return {kind} | {k for sub in kind.__subclasses__() for k in _subclasses(sub)}


def test_every_yes_no_question_is_listed_here():
    assert {kind for _, kind in QUESTIONS.values()} == _subclasses(ConfirmScreen)
    assert confirm.really_quit().question in QUESTIONS


def test_every_question_takes_its_yes_keys_n_and_esc_and_no_other_key(tmp_path):
    for question, (come_to, kind) in QUESTIONS.items():
        app = come_to(tmp_path / kind.__name__)
        box = app.screen
        assert type(box) is kind and question in box.question, question
        engine = app.engine
        recorded, stack, log = len(engine.actions), list(app.stack), list(engine.log)
        hint = " ".join(confirm.HINT.split())  # as screen_text runs a box's words together
        assert hint not in screen_text(app)
        for key in OTHER_KEYS:
            if key in box.YES_KEYS or key in confirm.NO_KEYS:
                continue
            assert app.handle_key(key) is True, (question, key)
            assert app.stack == stack and len(engine.actions) == recorded, (question, key)
            assert engine.log == log, (question, key)
        assert hint in screen_text(app)  # it says which keys answer it
        for no in confirm.NO_KEYS:
            app.stack, box.hinted = list(stack), False
            assert app.handle_key(no) is True and app.screen is not box, (question, no)
            assert len(engine.actions) == recorded and engine.log == log
        app.stack = list(stack)
        assert app.handle_key("y") is False or app.screen is not box, question  # (quit)


def test_the_answers_do_what_they_say(tmp_path):
    app = _stairs_offer(tmp_path)
    engine = app.engine
    app.handle_key("o")  # o again is not a "no" ...
    assert isinstance(app.screen, StairsOffer)
    app.handle_key("y")  # ... so y is still a yes: no step north-west
    pos = engine.position(engine.player)
    assert (pos.x, pos.y) == engine.gamemap.stairs_down
    app = _replace_question(tmp_path / "replace")
    app.handle_key("l")
    assert isinstance(app.screen, ReplaceQuestion)
    app.handle_key("escape")  # back to the prompt, the name still typed
    assert isinstance(app.screen, PathPrompt) and app.screen.text.endswith("other-game.json")
    app = _quit_question(tmp_path)
    app.handle_key("k")
    assert isinstance(app.screen, ConfirmScreen)
    assert app.handle_key("y") is False  # saved (nowhere: no saver) and quit
