"""The audit's small things: arrow and spear traps soaked by Protection, a rock that is only
thrown, the messages for aiming at yourself, and what a shield bash with a free hand trains."""

from __future__ import annotations

import pytest
from test_scenarios import creature, rig, texts, tough

from game.world.core import actions as A
from game.world.core.components import Equipment, Health, Training
from game.world.game import Game
from game.world.play import start, traps

ROOM = """
#########
#.......#
#.@.....#
#.......#
#########
"""


def make(engines, picture=ROOM, legend=None, **kw) -> Game:
    engine = Game.scenario(picture, legend or {}, **kw)
    engines.append(engine)
    return engine


@pytest.mark.parametrize("name, announce, noun", [
    ("arrow trap", "An arrow shoots out of the wall!", "arrow"),
    ("spear trap", "A spear thrusts up from the floor!", "spear"),
])
def test_arrow_and_spear_traps_are_soaked_by_protection(engines, name, announce, noun):
    engine = make(engines)
    pos = engine.position(engine.player)
    traps.create(engine, name, pos.x + 1, pos.y, 1)
    hp = engine.component(engine.player, Health).hp
    rig(engine, 6, 6, 1, 1)  # a hit for 1; the leather jerkin's 1 soaks it: a glance
    engine.submit(A.Move(1, 0))
    assert announce in texts(engine)
    assert f"The {name}'s {noun} glances off your leather jerkin." in texts(engine)
    assert engine.component(engine.player, Health).hp == hp
    assert traps.TRAPS[name].physical


def test_a_trap_arrow_that_beats_protection_hurts(engines):
    engine = make(engines)
    pos = engine.position(engine.player)
    traps.create(engine, "arrow trap", pos.x + 1, pos.y, 1)
    hp = engine.component(engine.player, Health).hp
    rig(engine, 6, 6, 3, 1)  # 3 damage (its 1d6 is 1d3 on depth 1 from 0.3.0), 1 soaked
    engine.submit(A.Move(1, 0))
    assert engine.component(engine.player, Health).hp == hp - 2


def test_a_rock_is_thrown_never_wielded(engines):
    engine = make(engines)
    rock = start.give(engine, engine.player, "rock")
    result = engine.submit(A.Wield(rock))
    assert isinstance(result, A.Impossible)
    assert result.reason == "The rock is for throwing, not for wielding (t or T throws it)."
    assert engine.component(engine.player, Equipment).main != rock


def test_aiming_at_yourself_says_yourself(engines):
    engine = make(engines, character="elf ranger")
    pos = engine.position(engine.player)
    shot = engine.submit(A.Fire(pos.x, pos.y))
    assert shot.reason == "You cannot shoot yourself."
    dagger = start.give(engine, engine.player, "dagger")
    thrown = engine.submit(A.Throw(dagger, pos.x, pos.y))
    assert thrown.reason == "You cannot throw at yourself."


def test_a_shield_bash_with_a_free_hand_trains_unarmed(engines):
    engine = make(engines, ROOM.replace("@.", "@k"), {"k": "kobold"})
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    eq = engine.component(engine.player, Equipment)
    eq.main = None
    eq.off = start.give(engine, engine.player, "small shield")
    rig(engine, 6, 6, 1)
    engine.submit(A.Bash(kobold))
    points = engine.component(engine.player, Training).points
    assert points.get("Unarmed") == 2 and points.get("Shields") == 2
