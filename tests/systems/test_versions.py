"""A change of what a system does is a new version of its rules: games recorded under the
first version (before their systems spoke their own words and played their documents' own
reactions, bonuses and effects) still verify, by the rules they were played under."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.persist import savefile
from game.persist.replay import verify
from game.rules import systems
from game.world.core import actions as A
from game.world.game import Game

RECORDED = Path(__file__).parent / "v1"  # bot games recorded before version 2 (wizard, depth 3)


@pytest.mark.parametrize("rules", ["qud", "coc", "tides", "d20"])
def test_a_game_recorded_under_the_first_version_still_verifies(rules):
    path = RECORDED / f"{rules}-v1.json"
    save = savefile.load(path)
    assert save.rules == rules and save.rules_version == systems.FIRST_VERSION
    code, message = verify(path)
    assert code == 0, message
    game = savefile.continue_game(path)  # and goes on by its own version
    try:
        assert game.rules_version == systems.FIRST_VERSION
        assert "rules_version" not in game.state()
    finally:
        game.close()


@pytest.mark.parametrize("rules", systems.NAMES)
def test_a_new_game_plays_the_newest_version_and_records_it_unless_the_first(rules, tmp_path):
    game = Game(3, rules=rules)
    game.submit(A.Wait())
    newest = systems.get(rules).VERSION
    assert game.rules_version == newest
    state = game.state()
    path = savefile.save(game, tmp_path / "g.json")
    game.close()
    data = json.loads(path.read_text())
    if newest == systems.FIRST_VERSION:  # the manual's state is as it always was
        assert "rules_version" not in state and "rules_version" not in data
    else:
        assert state["rules_version"] == data["rules_version"] == newest
    assert savefile.load(path).rules_version == newest
    assert verify(path)[0] == 0


def test_the_manual_is_still_at_its_first_version():
    assert systems.version("manual") == systems.FIRST_VERSION
    assert systems.version("d20") == 2
    assert {systems.version(n) for n in ("coc", "qud")} == {3}
    assert systems.version("tides") == 4


def test_a_version_there_is_not_is_refused_in_one_line(tmp_path):
    game = Game(3, rules="qud")
    path = savefile.save(game, tmp_path / "g.json")
    game.close()
    data = json.loads(path.read_text())
    data["rules_version"] = data["snapshot"]["rules_version"] = 9
    data["final_hash"] = savefile.snapshot_hash(data["snapshot"])
    data["checkpoints"][str(len(data["actions"]))] = data["final_hash"]
    data["checksum"] = savefile.checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(savefile.SaveError, match="versions 1 to 3, not 9"):
        savefile.load(path)
    with pytest.raises(ValueError, match="versions 1 to 3"):
        Game(3, rules="qud", rules_version=4)


TIDES_V3 = Path(__file__).parent / "v3" / "tides-v3.json"
# a human mage's bot game (seed 3, 300 actions, ten casts) recorded under tides version 3,
# when its spells were cast by the manual's 2d12; version 4 casts by the document's d100


def test_a_tides_game_recorded_before_its_own_spells_still_verifies():
    save = savefile.load(TIDES_V3)
    assert save.rules == "tides" and save.rules_version == 3
    assert sum(isinstance(a, A.Cast) for a in save.actions) == 10
    code, message = verify(TIDES_V3)
    assert code == 0, message
    game = savefile.continue_game(TIDES_V3)
    try:
        assert game.rules_version == 3
        assert '"Casting"' not in json.dumps(game.state())  # no encounter kept: 2d12 casts
    finally:
        game.close()
