"""The balance measurement (python -m game balance): tiny runs, not the measurement itself."""

from __future__ import annotations

import csv

import pytest

import game.world.game
from game.__main__ import main
from game.commands.balance import Ended, by_class, csv_header, killer, play_one, report, row
from game.content.catalog import GOAL_ITEM
from game.world.core.components import Position
from game.world.core.setup import Setup


def test_a_game_ends_when_it_reaches_the_depth():
    game = play_one(Setup(1), target=2, actions=600)
    assert (game.depth, game.cause, game.won, game.died_on) == (2, "", False, 0)
    assert game.levels[0] == 1 and len(game.levels) == 2  # its level on depths 1 and 2
    assert (game.character, game.rules) == ("dwarf warrior", "manual")
    again = play_one(Setup(1), target=2, actions=600)
    assert again == game  # the same seed, the same game


def test_the_report_counts_reached_dead_and_short():
    games = [Ended(0, 3, ""), Ended(1, 2, "killed by a kobold on depth 2", died_on=2),
             Ended(2, 1, "killed by a kobold on depth 1", died_on=1),
             Ended(3, 1, "bled to death on depth 1", died_on=1),
             Ended(4, 2, "killed by a kobold on depth 2", died_on=2), Ended(5, 2, ""),
             Ended(6, 4, "killed by an ogre on depth 4", died_on=4)]  # after reaching it
    games = [Ended(**{**g.__dict__, "character": "dwarf warrior", "rules": "manual"})
             for g in games]
    line, causes = row(games, 3, win=False)
    assert line.split() == ["dwarf", "warrior", "manual", "7", "29%",  # 2 of 7 reached d3
                            "8-64%",  # its 95% interval
                            "2", "2", "0", "0", "0", "0",  # died on depths 1 and 2
                            "1", "-", "-"]  # alive but short; no level on depth 4 or 6 known
    assert causes.strip() == "a kobold (depth 2) x2, a kobold (depth 1) x1, " \
                             "bled to death (depth 1) x1"
    assert killer("smitten by a wizard") == "smitten by a wizard"


def test_the_win_report_counts_a_win_and_where_the_rest_died():
    games = [Ended(0, 6, "", won=True, levels=(1, 2, 4, 6, 8, 9)),
             Ended(1, 6, "killed by a troll on depth 6", died_on=6, levels=(1, 2, 4, 5, 7, 9)),
             Ended(2, 4, "killed by an ogre on depth 3", died_on=3, levels=(1, 2, 4, 5)),
             Ended(3, 6, "", levels=(1, 2, 3, 5, 7, 10))]  # alive, its actions played
    games = [Ended(**{**g.__dict__, "character": "elf ranger", "rules": "qud"}) for g in games]
    lines = report([games], 6, win=True)
    assert lines[1].split()[3] == "won"
    assert lines[2].split() == ["elf", "ranger", "qud", "4", "25%", "5-70%", "0", "0", "1", "0",
                                "0", "1", "1", "5.2", "9.3"]  # mean levels on reaching 4 and 6
    assert lines[3].strip() == "a troll (depth 6) x1, an ogre (depth 3) x1"
    assert lines[-1] == ("all: 1/4 won (the amulet brought up and out) (25%, "
                         "95% interval 5-70%)")


def test_a_game_won_is_counted_as_won(monkeypatch):
    """The bot finding the amulet at its feet on depth 1 picks it up and climbs out:
    play_one reads the engine's win."""
    class Carrying(game.world.game.Game):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            here = self.position(self.player)  # on the stairs up of depth 1
            self.create_item(GOAL_ITEM, 1, Position(here.x, here.y, here.depth))

    monkeypatch.setattr(game.world.game, "Game", Carrying)
    won = play_one(Setup(3), target=6, actions=200, win=True)
    assert won.won and won.outcome == "won" and won.cause == "" and won.died_on == 0
    line = row([won], 6, win=True)[0]
    assert line.split()[4] == "100%"


def test_the_command_writes_every_game_to_csv(tmp_path, capsys):
    out = tmp_path / "games.csv"
    assert main(["balance", "--seeds", "2", "--depth", "2", "--actions", "60",
                 "--char", "dwarf warrior", "--csv", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[2].startswith("dwarf warrior ") and printed[-1].startswith("all: ")
    rows = list(csv.reader(out.open()))
    assert rows[0] == csv_header() and len(rows) == 3  # a header and two games
    first = dict(zip(rows[0], rows[1], strict=True))
    assert (first["character"], first["rules"], first["seed"]) == ("dwarf warrior", "manual",
                                                                   "0")
    assert first["outcome"] in ("alive", "dead") and first["level_on_depth_1"] == "1"


def test_rules_all_is_a_row_per_system(capsys):
    assert main(["balance", "--seeds", "1", "--actions", "5", "--rules", "all",
                 "--char", "human mage"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines[2:-1]] == ["manual", "qud", "d20", "coc", "tides"]


def test_char_all_is_a_row_per_race_and_class(capsys):
    from game.content.catalog import load_catalog

    catalog = load_catalog()
    assert main(["balance", "--seeds", "1", "--actions", "2", "--char", "all"]) == 0
    printed = capsys.readouterr().out.splitlines()
    classes = sorted({kind.class_ for kind in catalog.characters.values()})
    lines, summary = printed[2:-2 - len(classes)], printed[-2 - len(classes):-1]
    assert len(lines) == len(catalog.characters) == 28  # 4 races x 7 classes
    assert lines[0].startswith("dwarf warrior ") and lines[-1].startswith("lizardfolk mage ")
    assert summary[0].split() == ["class", "games", "d3", "died", "on", "depth", "1"]
    assert sorted(line.split()[0] for line in summary[1:]) == classes
    assert all(line.split()[1:] == ["4", "0%", "0", "(0%)"] for line in summary[1:])


def test_the_class_lines_count_each_class_over_its_races():
    games = [Ended(0, 6, "", won=True, character="elf mage"),
             Ended(0, 1, "killed by a kobold on depth 1", died_on=1, character="dwarf mage"),
             Ended(1, 5, "killed by an ogre on depth 5", died_on=5, character="dwarf mage"),
             Ended(0, 6, "", won=True, character="elf rogue")]
    classes = {"elf mage": "mage", "dwarf mage": "mage", "elf rogue": "rogue"}
    lines = by_class([games[:1], games[1:3], games[3:]], classes, 6, win=True)
    assert lines[0].split()[:3] == ["class", "games", "won"]
    assert lines[1].split() == ["mage", "3", "33%", "1", "(33%)"]
    assert lines[2].split() == ["rogue", "1", "100%", "0", "(0%)"]


@pytest.mark.parametrize("argv, says", [
    (["--char", "dwarf wariors"], "did you mean"),
    (["--rules", "gurps"], "gurps"),
    (["--as", "9.9.9"], "0.2.0"),
    (["--csv", "/nonexistent/folder/x.csv"], "there is no folder /nonexistent/folder"),
    (["--csv", "/proc/x.csv"], "cannot be written"),
    (["--csv", "/dev/full"], "not a regular file"),
])
def test_bad_options_are_one_line(argv, says, capsys):
    assert main(["balance", "--seeds", "1", "--actions", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_as_an_earlier_version_plays_by_its_numbers():
    """--as 0.2.0 plays as that version did: the same seed, the game of 0.2.0's numbers."""
    now = play_one(Setup(2, "human mage"), target=2, actions=300)
    then = play_one(Setup(2, "human mage", made_by="0.2.0"), target=2, actions=300)
    assert (now.turns, now.actions) != (then.turns, then.actions)
