"""Nothing is cut at 80 columns: the status lines keep the character's name and every number
under each combat system (and show rage), and the @ screen's rows and equipment go on over
the next row rather than stop at the edge."""

from __future__ import annotations

import pytest
import tcod.console

from game.rules import systems
from game.ui.app import GameApp
from game.ui.character import CharacterScreen
from game.ui.status import status_lines
from game.world.core import actions as A
from game.world.core.components import Hero, Powers, Stance
from game.world.game import Game
from game.world.play import stacks

ROOM = """
######
#@...#
######
"""
WIDTH = 78  # the status lines' room at 80 columns


def shown(runs) -> str:
    return "".join(text for text, _ in runs)


@pytest.mark.parametrize("rules", systems.NAMES)
def test_the_status_keeps_the_name_and_every_number_at_80_columns(rules):
    engine = Game.scenario(ROOM, character="lizardfolk berserker", rules=rules)
    try:
        engine.component(engine.player, Hero).rage = 5
        engine.component(engine.player, Stance).name = "Aggressive"
        first, second = (shown(line) for line in status_lines(engine, WIDTH))
        assert len(first) <= WIDTH and len(second) <= WIDTH
        assert first.startswith("lizardfolk berserker") and "HP " in first
        assert "Stamina " in first and "Aggressive" in first
        assert "Depth 1" in second and "Raging" in second
    finally:
        engine.close()


def test_the_at_screen_wraps_a_long_name_and_a_long_burden_at_80_columns():
    engine = Game.scenario(ROOM, character="human rogue", rules="tides")
    try:
        cloak = stacks.take(engine, engine.player, engine.create_item(
            "fur cloak", 1, None, Powers(enchant=-1, ego="of clumsiness", cursed=True,
                                         known=True)))
        assert isinstance(engine.submit(A.Wear(cloak)), A.Done)
        for name in ("suit of banded mail", "tower shield", "great helm"):
            stacks.take(engine, engine.player, engine.create_item(name, 1))  # a heavy load
        console = tcod.console.Console(80, 24, order="F")
        CharacterScreen(engine).draw(console)
        rows = ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24)]
        screen = " ".join(" ".join(r[:40].split()) for r in rows)
        assert "-1 fur cloak of clumsiness (cursed)" in screen
        assert all(r[79] == " " for r in rows)  # nothing runs into the last column
        burden = next(r for r in rows if "Burden" in r)
        assert burden.rstrip().endswith(" lb)")
    finally:
        engine.close()


def test_a_status_too_wide_for_both_lines_gives_up_the_seed_before_the_name():
    engine = Game.scenario(ROOM, character="lizardfolk berserker", rules="tides",
                           seed=18446744073709551615)
    try:
        engine.turn = 123456
        first, second = (shown(line) for line in status_lines(engine, WIDTH))
        assert first.startswith("lizardfolk berserker") and len(second) <= WIDTH
        assert "Turn 123456" in second
    finally:
        engine.close()


def test_the_app_draws_the_status_lines_it_was_given():
    app = GameApp.from_engine(Game.scenario(ROOM, rules="tides"))
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    rows = ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24)]
    assert any(r.startswith(" dwarf warrior") for r in rows)
