"""Wizard games are recordings too: their commands replay and verify like any other action."""

from __future__ import annotations

from persist_helpers import bot_game, run_game

from game.persist.replay import verify
from game.persist.savefile import Recording, load
from game.wizard import actions as W
from game.world.core import actions as A
from game.world.game import Game
from game.world.play.bot import Bot

COMMANDS = (W.MapLevel(), W.CreateItem("long sword"), W.Heal(), W.SetStat("strength", 18),
            W.ShowRolls(), W.Invulnerable(), W.GoToDepth(3), W.Regenerate(), W.KillAll(),
            W.GainLevel(), W.WakeAll())


def play_with_wizardry(recording: Recording) -> None:
    bot = Bot(recording.engine, 8, turns=200)
    for command in COMMANDS:
        assert not isinstance(recording.submit(command), A.Impossible), command
        bot.play(recording.submit, len(recording.engine.actions) + 15)


def test_a_wizard_game_verifies(tmp_path):
    recording = Recording(Game(8, wizard=True))
    play_with_wizardry(recording)
    path = recording.save(tmp_path / "wizard.json")
    data = load(path)
    assert data.wizard and data.wizard_game
    assert {a.tag for a in data.actions} >= {c.tag for c in COMMANDS}
    assert verify(path)[0] == 0
    result = run_game("verify", str(path))  # a fresh process must know the wizard's actions
    assert result.returncode == 0, result.stdout + result.stderr
    recording.engine.close()


def test_a_game_turned_wizard_replays_from_its_start(tmp_path):
    recording = bot_game(8, 30)
    recording.submit(W.Enable())
    play_with_wizardry(recording)
    path = recording.save(tmp_path / "turned.json")
    data = load(path)
    assert not data.wizard and data.wizard_game  # began plain; marked for good
    assert verify(path)[0] == 0
    recording.engine.close()
