"""One way to build a fighter: play, the @ screen, examine, odds, fsim, the wizard's inspector,
the env's stats and docs/rules.md's tables show every starting character with the same
Defence, Protection and blows, under every combat system."""

from __future__ import annotations

import pytest

from game.commands.wizard import side as odds_side
from game.content.catalog import load_catalog
from game.rules import charscreen, profiles, systems
from game.ui.character import CharacterScreen
from game.ui.inventory import examine
from game.ui.screen import Session
from game.ui.wizard_odds import sides as inspector_sides
from game.wizard import rules_tables
from game.wizard.fsim import Arena
from game.world.core.components import Equipment
from game.world.game import Game

CATALOG = load_catalog()
CHARACTERS = list(CATALOG.characters)


def figures(f: profiles.Fighter, rules: str) -> tuple:
    """What must agree: Dv, Pv, the blow lines and the system's own numbers."""
    d = profiles.defence(f)
    blows = [line for label, line in charscreen.attack_lines(f, rules=rules)
             if label in ("Blow", "Main hand", "Off hand")]
    return d.total(), d.protection, blows, systems.get(rules).numbers(f).row()


def screen_figures(engine: Game) -> tuple:
    """Dv and Pv as the @ screen and the status line read them, and the @ screen's blows."""
    d = profiles.defence(engine.fighter(engine.player, known_only=True))
    blows = [line for label, line in CharacterScreen(engine).attack_lines()
             if label in ("Blow", "Main hand", "Off hand")]
    return d.total(), d.protection, blows


@pytest.mark.parametrize("name", CHARACTERS)
def test_every_tool_builds_the_starting_character_as_play_does(name):
    env = pytest.importorskip("game.env")
    tables = dict(rules_tables.rows(CATALOG))
    odds = odds_side(CATALOG, name, name).fighter
    rules = systems.NAMES[CHARACTERS.index(name) % len(systems.NAMES)]
    arena = Arena("player", "kobold", character=name, rules=rules)
    fsim = arena.sides()[0].fighter
    kobold = next(eid for eid, _ in arena.engine.creatures_here())
    inspector = inspector_sides(arena.engine, kobold)[0].fighter
    made = env.DungeonEnv()
    obs, _ = made.reset(seed=3, options={"character": name, "rules": rules})
    stat = dict(zip(env.STATS, obs["stats"], strict=True))
    made.close()
    for under in systems.NAMES:
        play = Game(3, name, rules=under)
        expected = figures(play.fighter(play.player), under)
        assert screen_figures(play) == expected[:3], (name, under, "@ screen")
        for tool, f in (("odds", odds), ("fsim", fsim), ("inspector", inspector),
                        ("rules_tables", tables[name])):
            assert figures(f, under) == expected, (name, under, tool)
        assert (stat["defence"], stat["protection"]) == expected[:2], (name, "env")
        if under == systems.DEFAULT:
            main = play.store.get(play.player, Equipment).main
            if main is not None:
                shown = [e.label for e in examine(Session(play), main).entries]
                assert shown[0] == f"Blow: {expected[2][0]}", (name, "examine")
        play.close()
    arena.engine.close()


def test_the_guardians_bulwark_and_the_lizardfolks_scales_reach_the_odds():
    guardian = odds_side(CATALOG, "human guardian", "").fighter
    assert profiles.defence(guardian).protection == 1 + 2  # studded leather and Bulwark
    assert profiles.defence(
        odds_side(CATALOG, "lizardfolk berserker", "").fighter).protection == 4
