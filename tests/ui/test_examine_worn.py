"""Examining a worn thing shows the defence the status line and the @ screen show: one
Fighter for all three, and under every combat system that system's own numbers."""

from __future__ import annotations

import pytest
import tcod.console

from game.rules import systems
from game.ui import describe
from game.ui.app import GameApp
from game.ui.inventory import examine
from game.ui.status import defence_group
from game.world.core import actions as A
from game.world.core.components import Powers
from game.world.game import Game
from game.world.play import stacks

ROOM = """
######
#@...#
######
"""


def status_defence(engine) -> str:
    return "".join(text for text, _ in defence_group(engine)).strip().replace("  ", " ")


@pytest.mark.parametrize("rules", systems.NAMES)
def test_a_worn_things_defence_is_the_status_lines(rules):
    engine = Game.scenario(ROOM, rules=rules)
    try:
        cloak = stacks.take(engine, engine.player, engine.create_item(
            "fur cloak", 1, None, Powers(enchant=-1, ego="of clumsiness", cursed=True)))
        assert isinstance(engine.submit(A.Wear(cloak)), A.Done)
        app = GameApp.from_engine(engine)
        app.draw(tcod.console.Console(80, 24, order="F"))
        shown = status_defence(engine)
        for item in engine.inventory():
            if engine.equipped_slot(item) in ("body", "cloak"):
                worn = [e.label for e in examine(app.session, item).entries][0]
                assert worn.replace("  ", " ") == f"Worn: {shown}", (rules, item)
        if rules == systems.DEFAULT:
            assert f"Dv {describe.defence(engine).total()} " in f"{shown} "
    finally:
        engine.close()
