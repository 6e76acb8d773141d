"""The wizard's inspector and simulator screens switch combat system with r."""

from __future__ import annotations

from game.ui.screen import Replace
from game.ui.wizard_fsim import FsimScreen
from game.ui.wizard_odds import odds_screen
from game.world.game import Game

ROOM = "#####\n#@k.#\n#####"


def test_the_inspector_starts_under_the_games_rules_and_r_moves_on():
    engine = Game.scenario(ROOM, {"k": "kobold"}, rules="d20")
    kobold = engine.blocker_at(2, 1)
    screen = odds_screen(engine, kobold, engine.rules)
    assert "d20 rules" in screen.title
    assert any(line.startswith("Under the d20 rules") for line in screen.lines)
    step = screen.handle_key("r")
    assert isinstance(step, Replace) and "coc rules" in step.screen.title
    assert any(line.startswith("You kill it first: ") for line in step.screen.lines)  # exact
    engine.close()


def test_the_simulator_runs_again_under_the_next_rules():
    engine = Game.scenario(ROOM, {"k": "kobold"})
    kobold = engine.blocker_at(2, 1)
    screen = FsimScreen(engine, kobold, rounds=20)
    assert screen.done is not None and "manual rules" in screen.done.title
    step = screen.handle_key("r")
    assert isinstance(step, Replace) and step.screen.rules == "qud"
    assert step.screen.report.tally.fights == 20
    engine.close()
