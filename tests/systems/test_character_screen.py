"""The @ screen under each combat system shows the numbers that system fights with, the same
ones the odds inspector shows, and not the manual's."""

from __future__ import annotations

import pytest
import tcod.console

from game.rules import charscreen, profiles, systems
from game.ui.app import GameApp
from game.wizard.inspect import Side, inspect, numbers_lines


def character_screen(rules: str, character: str = "human duelist") -> tuple[GameApp, str]:
    app = GameApp(3, character=character, rules=rules)
    app.handle_key("@")
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    rows = ["".join(chr(c or 32) for c in console.ch[:, y]).rstrip() for y in range(24)]
    return app, "\n".join(rows)


@pytest.mark.parametrize("rules", systems.NAMES[1:])
def test_the_screen_shows_the_chosen_systems_numbers_as_the_inspector_does(rules):
    app, screen = character_screen(rules)
    engine = app.engine
    me = engine.fighter(engine.player, known_only=True)  # nothing unknown is carried here
    kobold = engine.catalog.creatures["kobold"]
    ins = inspect(Side("you", me, 11, is_player=True),
                  Side("kobold", kobold.fighter(), kobold.hit_points), rules)
    yours = next(line for line in numbers_lines(ins) if line.startswith("  you: "))
    for pair in yours.removeprefix("  you: ").split(", "):  # "hit bonus +4", "DV 9", ...
        assert pair in screen, (pair, screen)
    assert f"Attacks ({rules} rules)" in screen
    blow = profiles.melee_attacks(me)[0]
    assert charscreen.attack_line(blow) not in screen  # the manual's "+4 to hit, 1d6+3 ..."
    assert "Dv " not in screen and "Pv " not in screen
    engine.close()


def test_under_the_manual_it_shows_the_manuals_numbers():
    app, screen = character_screen(systems.DEFAULT)
    assert "+4 to hit, 1d6+3 piercing" in screen and "Dv 13" in screen
    assert "Attacks\n" in screen + "\n" and "rules" not in screen
    app.engine.close()


def test_every_attack_gets_the_systems_line_a_shot_with_its_range():
    app, screen = character_screen("qud", "elf ranger")
    me = app.engine.fighter(app.engine.player, known_only=True)
    shot = profiles.shot(me)
    assert f"Shot (short bow)  {charscreen.system_attack_line('qud', me, shot)}" in screen
    assert charscreen.system_attack_line("qud", me, shot).endswith(", range 10")
    app.engine.close()
