"""Shots and bolts that reach nobody say where they stopped, and land there; a shot or a bolt
at a creature in view needs a clear line to it, and aiming starts on one that has one; from
game 0.4.0 one aimed at a spot behind a wall the player has seen is refused, taking no time.
Games made before 0.3.0 play as they did (no word, no refusal)."""

from __future__ import annotations

from dataclasses import replace

from test_scenarios import rig, scenario

from game.world.core import actions as A
from game.world.core.components import Item, Spells
from game.world.game import Game
from game.world.play import choices, stacks

HALL = """
########
#@...#..
########
"""
CORNER = """
#########
#@#.....#
#..k....#
#g......#
#########
"""  # the kobold is in view round the corner, but a line to it crosses the wall at (2, 1)


def javelin(engine) -> int:
    return stacks.take(engine, engine.player, engine.create_item("javelin", 1))


def test_a_javelin_that_reaches_nobody_says_it_hit_the_wall_and_lies_before_it(engines):
    engine = scenario(engines, HALL)
    spear = javelin(engine)
    assert isinstance(engine.submit(A.Throw(spear, 5, 1)), A.Done)  # at the wall itself
    assert engine.log[-1].line == "The javelin hits the wall."
    assert [engine.component(i, Item).name for i in engine.items_at(4, 1)] == ["javelin"]


def test_a_javelin_thrown_at_the_floor_says_it_fell(engines):
    engine = scenario(engines, HALL)
    assert isinstance(engine.submit(A.Throw(javelin(engine), 3, 1)), A.Done)
    assert engine.log[-1].line == "The javelin falls to the floor."
    assert engine.items_at(3, 1)


def test_a_frost_bolt_into_a_wall_says_so(engines):
    engine = scenario(engines, HALL, character="human mage")
    assert "frost bolt" in engine.component(engine.player, Spells).known
    rig(engine, 12, 12)  # the casting roll: double twelve
    engine.submit(A.Cast("frost bolt", 5, 1))
    assert [m.line for m in engine.log[-2:]] == ["You cast frost bolt.",
                                                 "The frost bolt hits the wall."]


def test_no_shot_or_bolt_at_a_creature_without_a_clear_line(engines):
    engine = scenario(engines, CORNER, {"k": "kobold", "g": "goblin"}, character="human mage")
    kobold, goblin = (e for e, _ in engine.creatures_here())
    assert engine.sees(kobold) and engine.sees(goblin)
    spear = javelin(engine)
    result = engine.submit(A.Throw(spear, 3, 2))
    assert result == A.Impossible("You have no clear line of fire to the kobold.")
    assert engine.equipped_slot(spear) is None and spear in engine.inventory()  # kept
    points = engine.component(engine.player, Spells).points
    assert isinstance(engine.submit(A.Cast("frost bolt", 3, 2)), A.Impossible)
    assert engine.component(engine.player, Spells).points == points  # nothing spent
    assert choices.shot_targets(engine, 8) == [goblin]  # aiming starts on the goblin


def test_games_made_before_0_3_0_throw_as_they_did(engines):
    engine = Game.scenario(CORNER, {"k": "kobold", "g": "goblin"})
    engines.append(engine)
    engine.setup = replace(engine.setup, made_by="0.2.0")
    spear = javelin(engine)
    assert isinstance(engine.submit(A.Throw(spear, 3, 2)), A.Done)  # into the wall, unsaid
    assert not any("hits the wall" in m.line for m in engine.log)


def test_a_spot_behind_a_wall_seen_is_refused_in_one_line_and_takes_no_time(engines):
    engine = scenario(engines, HALL, character="human mage")
    engine.gamemap.explored[6, 1] = True  # remembered: seen from elsewhere once
    spear = javelin(engine)
    why = "There is a wall in the way: that spot cannot be reached from here."
    for action in (A.Throw(spear, 6, 1), A.Throw(spear, 7, 1), A.Cast("frost bolt", 6, 1)):
        assert engine.submit(action) == A.Impossible(why)
    assert engine.turn == 0 and not engine.actions and spear in engine.inventory()
    assert choices.shot_refused(engine, 6, 1, 8) == why
    assert choices.shot_refused(engine, 5, 1, 8) is None  # the wall itself is reached
    assert choices.shot_refused(engine, 7, 1, 3) is None  # it falls short before the wall


def test_a_wall_never_seen_is_not_told_by_a_refusal(engines):
    engine = scenario(engines, HALL)
    engine.gamemap.explored[5, 1] = False  # as if the player had not seen the wall yet
    assert choices.shot_refused(engine, 7, 1, 8) is None  # the javelin finds it out


def test_games_made_before_0_4_0_throw_at_a_spot_behind_a_wall(engines):
    engine = Game.scenario(HALL)
    engines.append(engine)
    engine.setup = replace(engine.setup, made_by="0.3.0")
    assert isinstance(engine.submit(A.Throw(javelin(engine), 7, 1)), A.Done)
    assert engine.log[-1].line == "The javelin hits the wall."
