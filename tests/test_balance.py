"""The balance measurement (python -m game balance): a tiny run, not the measurement itself."""

from __future__ import annotations

from game.__main__ import main
from game.commands.balance import Ended, killer, play_one, report


def test_a_game_ends_when_it_reaches_the_depth():
    game = play_one("dwarf warrior", 1, target=2, actions=400)
    assert game == Ended(1, 2, "")  # seed 1 reaches depth 2 alive, and stops there
    again = play_one("dwarf warrior", 1, target=2, actions=400)
    assert again == game  # the same seed, the same game


def test_the_report_counts_reached_dead_and_short():
    games = [Ended(0, 3, ""), Ended(1, 2, "killed by a kobold on depth 2"),
             Ended(2, 1, "killed by a kobold on depth 1"), Ended(3, 1, "bled to death on depth 1"),
             Ended(4, 2, "killed by a kobold on depth 2"), Ended(5, 2, ""),
             Ended(6, 4, "killed by an ogre on depth 4")]  # died after reaching it: reached
    assert report("dwarf warrior", games, 3) == [
        "dwarf warrior: 2/7 reached depth 3 (28%), 4 died before it, 1 alive but short of it",
        "    2  a kobold (depth 2)",
        "    1  a kobold (depth 1)",
        "    1  bled to death (depth 1)",
    ]
    assert killer("smitten by a wizard") == "smitten by a wizard"


def test_the_command_runs_and_refuses_an_unknown_character(capsys):
    assert main(["balance", "--seeds", "2", "--depth", "2", "--actions", "60",
                 "--char", "dwarf warrior"]) == 0
    assert capsys.readouterr().out.startswith("dwarf warrior: ")
    assert main(["balance", "--char", "dwarf wariors"]) == 2
    assert "did you mean" in capsys.readouterr().err
