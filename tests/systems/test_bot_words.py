"""A bot game under each combat system: its log has none of the words of events the system
does not have (no "parry" where nothing parries, no "penetrating" outside qud, ...)."""

from __future__ import annotations

import pytest

from game.world.game import Game
from game.world.play import wizard_actions as W
from game.world.play.bot import Bot

ACTIONS = 700
# Words of events that only some systems have: which systems lack each.
LACKING = {
    "manual": ("penetrat", "fails to wound", "fights back", "fight back", "fails to hurt",
               "takes some of the blow", "fends off"),
    "qud": ("parr", "block", "glances off", "is turned aside", "fails to wound",
            "fights back", "fight back", "takes some of the blow", "fends off"),
    "d20": ("parr", "block", "dodge", "glances off", "is turned aside", "penetrat",
            "fails to wound", "fights back", "fight back", "fends off"),
    "coc": ("parr", "block", "is turned aside", "penetrat", "fails to wound",
            "takes some of the blow", "fends off", "strikes the wall"),
    "tides": ("is turned aside", "penetrat", "fights back", "fight back",
              "takes some of the blow", "strikes the wall"),
}
FIGHTS = {"qud": "penetrat", "d20": "misses", "coc": "fight",
          "tides": "fails to wound"}  # each game shows at least one of its own events


@pytest.mark.parametrize("rules", sorted(LACKING))
def test_a_bot_game_speaks_only_of_what_its_system_has(rules):
    engine = Game(5, "dwarf warrior", rules=rules)
    try:
        for action in (W.Enable(), W.Invulnerable(), W.GoToDepth(3)):
            engine.submit(action)
        Bot(engine, 5, turns=ACTIONS).play(engine.submit, ACTIONS)
        log = [m.text for m in engine.log]
    finally:
        engine.close()
    wrong = [line for line in log for word in LACKING[rules] if word in line.lower()]
    assert wrong == [], f"{rules}: {wrong[:5]}"
    if rules in FIGHTS:
        assert any(FIGHTS[rules] in line for line in log), f"{rules}: no fight of its own"
