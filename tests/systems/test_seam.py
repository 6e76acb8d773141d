"""The seam: a combat system chosen per game, recorded in the save, used for every attack."""

from __future__ import annotations

import json

import pytest

from game.persist import savefile
from game.persist.replay import verify
from game.rules import systems
from game.world.core import actions as A
from game.world.core.components import Player
from game.world.core.events import AttackEvent
from game.world.game import Game
from game.world.play.bot import Bot


def bot_engine(rules: str, seed: int = 3, actions: int = 150) -> Game:
    engine = Game(seed, rules=rules)
    Bot(engine, seed, turns=actions).play(engine.submit, actions)
    return engine


@pytest.mark.parametrize("rules", systems.NAMES)
def test_a_bot_game_under_each_system_verifies(rules, tmp_path):
    engine = bot_engine(rules)
    path = savefile.save(engine, tmp_path / "game.json")
    engine.close()
    data = json.loads(path.read_text())
    assert data.get("rules", "manual") == rules
    assert data["snapshot"].get("rules", "manual") == rules
    assert savefile.load(path).rules == rules
    code, message = verify(path)
    assert code == 0, message


def test_every_attack_is_decided_by_the_chosen_system():
    engine = Game(3, rules="d20")
    seen = []
    original = engine._log

    def spy(events):
        seen.extend(e.outcome.system for e in events if isinstance(e, AttackEvent))
        original(events)

    engine._log = spy
    Bot(engine, 3, turns=300).play(engine.submit, 300)
    engine.close()
    assert seen and set(seen) == {"d20"}


def test_the_same_seed_plays_differently_under_other_rules():
    manual, other = bot_engine("manual"), bot_engine("d20")
    try:
        assert manual.state_hash() != other.state_hash()
        assert manual.levels[1].walkable.tolist() == other.levels[1].walkable.tolist()
    finally:
        manual.close()
        other.close()


def test_a_save_without_rules_loads_as_manual(tmp_path):
    engine = bot_engine("manual", actions=20)
    path = savefile.save(engine, tmp_path / "old.json")
    engine.close()
    data = json.loads(path.read_text())
    assert "rules" not in data and "rules" not in data["snapshot"]
    loaded = savefile.continue_game(path)
    assert loaded.rules == "manual"
    loaded.close()


def test_a_continued_game_keeps_its_rules(tmp_path):
    engine = bot_engine("d20", actions=20)
    path = savefile.save(engine, tmp_path / "g.json")
    engine.close()
    loaded = savefile.continue_game(path)
    assert loaded.rules == "d20" and loaded.system is systems.get("d20")
    loaded.close()


def test_a_save_naming_unknown_rules_is_refused_in_one_line(tmp_path):
    engine = bot_engine("d20", actions=5)
    path = savefile.save(engine, tmp_path / "g.json")
    engine.close()
    data = json.loads(path.read_text())
    data["rules"] = "qud"  # known, but not what the snapshot was played under
    data["checksum"] = savefile.checksum(data)
    path.write_text(savefile.canonical(data))
    with pytest.raises(savefile.SaveError, match="the snapshot was played under other"):
        savefile.load(path)
    data["rules"] = "gurps"
    data["checksum"] = savefile.checksum(data)
    path.write_text(savefile.canonical(data))
    with pytest.raises(savefile.SaveError, match="unknown rules 'gurps'"):
        savefile.load(path)
    data["snapshot"]["rules"] = "gurps"
    data["final_hash"] = savefile.snapshot_hash(data["snapshot"])
    data["checkpoints"][str(len(data["actions"]))] = data["final_hash"]
    data["checksum"] = savefile.checksum(data)
    path.write_text(savefile.canonical(data))
    with pytest.raises(savefile.SaveError, match="unknown rules 'gurps'"):
        savefile.load(path)


@pytest.mark.parametrize("command", [["bot", "--turns", "1"], ["play", "--seed", "1"]])
def test_unknown_rules_is_one_line_naming_the_five(command, game_main):
    result = game_main(*command, "--rules", "gurps")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    for name in systems.NAMES:
        assert name in lines[0]


def test_the_wizard_roll_display_shows_the_systems_own_rolls():
    engine = Game.scenario("#####\n#@k.#\n#####", {"k": "kobold"}, rules="d20")
    engine.component(engine.player, Player).show_rolls = True
    kobold = engine.blocker_at(2, 1)
    engine.submit(A.Attack(kobold))
    wizard = [m.text for m in engine.log if m.tone == "wizard"]
    engine.close()
    assert wizard and wizard[0].lstrip().split(": ", 1)[1].startswith("d20 ")


def test_odds_answer_under_each_system(game_main):
    result = game_main("odds", "--rules", "all", "dwarf warrior", "kobold")
    assert result.returncode == 0, result.stderr
    for name in systems.NAMES[1:]:
        assert f"Under the {name} rules" in result.stdout
    header = result.stdout.splitlines()[1].split()
    assert header == list(systems.NAMES)  # one table, a column a system
    qud = game_main("odds", "--rules", "qud", "dwarf warrior", "kobold")
    assert "hit bonus +1, PV 2, damage 1d9+1, DV 7, AV 1" in qud.stdout
    assert "chance to hit                  70.0%       70.0%" in qud.stdout


def test_fsim_runs_the_same_fight_under_all_five_side_by_side(game_main):
    result = game_main("fsim", "player", "kobold", "--rules", "all", "--rounds", "40")
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line for line in result.stdout.splitlines()[2:7]}
    assert set(rows) == set(systems.NAMES)
    assert rows["coc"].split()[2].endswith("%")  # exact, counterattacks and all
    assert rows["d20"].split()[5:7] == ["0.0%", "0.0%"]  # no criticals


@pytest.mark.parametrize("command", [["odds", "kobold", "kobold"],
                                     ["fsim", "kobold", "kobold"]])
def test_tools_refuse_unknown_rules_in_one_line(command, game_main):
    result = game_main(*command, "--rules", "gurps")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert all(name in result.stderr for name in systems.NAMES)
