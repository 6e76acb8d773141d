"""What the log says about deaths, rests and the player's own end."""

from __future__ import annotations

import pytest
from test_scenarios import creature, set_hp, texts, tough

from game.world.core import actions as A
from game.world.core.components import Creature, Hero, Vitals
from game.world.game import Game
from game.world.play import progress

CELL = """
#######
#.....#
#.@...#
#.....#
#######
"""


def make(engines, picture, legend=None) -> Game:
    engine = Game.scenario(picture, legend)
    engines.append(engine)
    return engine


def test_a_creature_that_bleeds_to_death_says_so(engines):
    engine = make(engines, CELL.replace("@...", "@.b."), {"b": "cave beetle"})
    beetle = creature(engine, "cave beetle")
    tough(engine, engine.player)
    set_hp(engine, beetle, 1)
    engine.component(beetle, Vitals).bleeding = 5
    engine.component(beetle, Vitals).next_tick = engine.now
    engine.submit(A.Wait())
    assert "The cave beetle bleeds to death." in texts(engine)
    assert "The cave beetle dies." not in texts(engine)


@pytest.mark.parametrize("whose", ["player", "rival", "nobody"])
def test_a_kill_by_bleeding_earns_its_foe_the_experience(engines, whose):
    """The wound's maker (the creature's foe, who struck it last) gets the kill's experience,
    as a blow would have; bleeding from a rival's blow, or from nobody's, earns the player
    nothing."""
    engine = make(engines, CELL.replace("@...", "@.bk"), {"b": "cave beetle", "k": "kobold"})
    beetle, kobold = creature(engine, "cave beetle"), creature(engine, "kobold")
    tough(engine, engine.player)
    set_hp(engine, beetle, 1)
    engine.component(beetle, Creature).foe = {"player": engine.player, "rival": kobold,
                                              "nobody": None}[whose]
    engine.component(beetle, Vitals).bleeding = 5
    engine.component(beetle, Vitals).next_tick = engine.now
    reward = progress.kill_reward(engine, beetle)
    assert reward > 0
    before = engine.component(engine.player, Hero).xp
    engine.submit(A.Wait())
    assert "The cave beetle bleeds to death." in texts(engine)
    gained = engine.component(engine.player, Hero).xp - before
    assert gained == (reward if whose == "player" else 0)


def test_nothing_is_logged_after_the_player_s_death(engines):
    engine = make(engines, CELL)
    set_hp(engine, engine.player, 1)
    vitals = engine.component(engine.player, Vitals)
    vitals.bleeding = vitals.poison = 5  # both would strike in the same tick
    vitals.next_tick = engine.now
    engine.submit(A.Rest())
    assert engine.over and engine.cause.startswith("bled to death")
    assert texts(engine)[-1] == "You die..." and texts(engine).count("You die...") == 1


def test_rest_says_it_stopped_for_bleeding_and_for_poison(engines):
    engine = make(engines, CELL)
    tough(engine, engine.player)
    set_hp(engine, engine.player, 500)
    vitals = engine.component(engine.player, Vitals)
    vitals.bleeding = 3
    engine.submit(A.Rest())
    assert texts(engine)[-1] == "You are bleeding."
    vitals.bleeding, vitals.poison = 0, 3
    engine.submit(A.Rest())
    assert texts(engine)[-1] == "You are poisoned."


def test_one_rule_for_repeats_every_line_but_a_blow_counts_again(engines):
    """A rest stopped by poison, again and again, is one line that counts ("You are poisoned.
    (x3)"), as "You rest. (x6)" is: every tone the log says once counts, only blows (each a
    roll of its own) are logged one by one. Games made before 0.4.0 counted "info" lines
    only, and keep doing so."""
    engine = make(engines, CELL)
    tough(engine, engine.player)
    set_hp(engine, engine.player, 500)
    vitals = engine.component(engine.player, Vitals)
    for _ in range(3):
        vitals.poison = 3
        engine.submit(A.Rest())
    assert engine.log[-1].line == "You are poisoned. (x3)"
    assert texts(engine).count("You are poisoned.") == 1
    for tone in ("info", "good", "bad", "wizard"):
        before = len(engine.log)
        engine.say(f"Said in {tone}.", tone)
        engine.say(f"Said in {tone}.", tone)
        assert len(engine.log) == before + 1 and engine.log[-1].count == 2, tone
    before = len(engine.log)
    engine.say("A blow.", "combat")
    engine.say("A blow.", "combat")
    assert len(engine.log) == before + 2
    older = Game.scenario(CELL, made_by="0.3.0")
    engines.append(older)
    older.say("You are poisoned.", "bad")
    older.say("You are poisoned.", "bad")
    assert [m.count for m in older.log[-2:]] == [1, 1]
