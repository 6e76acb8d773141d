"""Poison, disease, traps, stamina and attacks from the dark, in play."""

from __future__ import annotations

from test_scenarios import Rigged, creature, rig, set_hp, texts, tough

from game.rules import profiles
from game.world.core import actions as A
from game.world.core.components import Health, Stance, Vitals
from game.world.game import Game
from game.world.play import combat, traps

ROOM = """
#########
#.......#
#.@s....#
#.......#
#########
"""


def make(engines, picture, legend, **kw) -> Game:
    engine = Game.scenario(picture, legend, **kw)
    engines.append(engine)
    return engine


def bite_until_it_lands(engine: Game, attacker: int) -> None:
    """Natural 12 from the creature each time: a hit that does damage (no threat at 22+)."""
    for _ in range(20):
        rig(engine, 6, 6, 2, 1, 1, 1)
        events = combat.melee(engine, attacker, engine.player)[0]
        if any(e.outcome.damage > 0 for e in events if hasattr(e, "outcome")):
            return
    raise AssertionError("no damaging bite")


def test_poison_costs_a_hit_point_every_6_s_and_stops_regeneration(engines):
    engine = make(engines, ROOM, {"s": "giant spider"}, character="human warrior")  # not Hardy
    spider = creature(engine, "giant spider")
    tough(engine, engine.player, spider)
    set_hp(engine, engine.player, 500, 1000)
    bite_until_it_lands(engine, spider)
    vitals = engine.component(engine.player, Vitals)
    assert vitals.poison == 5
    engine.delete(spider)
    hp = engine.component(engine.player, Health).hp
    for _ in range(5):
        engine.submit(A.Wait())
    assert engine.component(engine.player, Health).hp == hp - 5  # and no regeneration
    assert vitals.poison == 0


def test_disease_halves_regeneration(engines):
    healthy = make(engines, ROOM.replace("s", "."), {}, character="human warrior")
    sick = make(engines, ROOM, {"s": "plague rat"}, character="human warrior")  # not Hardy
    rat = creature(sick, "plague rat")
    tough(sick, rat)
    set_hp(sick, sick.player, 200, 1000)
    bite_until_it_lands(sick, rat)
    assert sick.component(sick.player, Vitals).disease > 0
    sick.delete(rat)
    for engine in (healthy, sick):
        set_hp(engine, engine.player, 100, 1000)
        for _ in range(48):
            engine.submit(A.Wait())
    gained = [e.component(e.player, Health).hp - 100 for e in (healthy, sick)]
    assert gained == [8, 4]  # 1 hit point per 36 s, per 72 s diseased


def test_a_dart_trap_is_soaked_by_protection_but_a_pit_is_not(engines):
    engine = make(engines, ROOM.replace("s", "."), {})
    pos = engine.position(engine.player)
    traps.create(engine, "dart trap", pos.x + 1, pos.y, 1)
    traps.create(engine, "pit", pos.x + 2, pos.y, 1)
    dart = traps.TRAPS["dart trap"]
    protection = profiles.defence(engine.fighter(engine.player)).protection
    assert protection == 1  # the leather jerkin
    rig(engine, 6, 6, 1, 1)  # the dart hits for 1, the jerkin soaks 1: a glance
    engine.submit(A.Move(1, 0))
    assert "A dart shoots out of the wall!" in texts(engine)
    assert "The dart trap's dart glances off your leather jerkin." in texts(engine)
    assert dart.physical
    hp = engine.component(engine.player, Health).hp
    rig(engine, 3)  # a fall of 3 (a pit is 1d3 on depth 1 from 0.3.0): Protection does not count
    engine.submit(A.Move(1, 0))
    assert "You fall into a pit!" in texts(engine)
    assert engine.component(engine.player, Health).hp == hp - 3


def test_running_out_of_stamina_drops_to_normal_with_a_message(engines):
    engine = make(engines, ROOM.replace("s", "k"), {"k": "kobold"})
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    engine.submit(A.SetStance("Frenzy"))
    engine.component(engine.player, Stance).stamina = 2
    engine.submit(A.Attack(kobold))
    assert engine.component(engine.player, Stance).name == "Normal"
    assert "You are out of breath and fall back to a Normal stance." in texts(engine)


DARK = """
################
#@........a....#
################
"""


def test_an_archer_in_the_dark_does_not_shoot_it_comes_into_view_first(engines):
    engine = make(engines, DARK, {"a": "kobold archer"})
    archer = creature(engine, "kobold archer")
    assert not engine.sees(archer)  # 9 cells away: beyond the light, within its bow's range
    while not engine.sees(archer):
        engine.submit(A.Wait())
        assert not any("arrow" in t for t in texts(engine))
    assert texts(engine) == ["A kobold archer comes into view."]
    engine.streams.by_name["combat"] = Rigged(1, 1)  # a natural 2: a plain miss
    engine.submit(A.Wait())
    assert texts(engine)[-1] == "The kobold archer's arrow misses you."
