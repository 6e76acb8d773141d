"""The creature-turn loop's fast paths give exactly what the full work gives: a steady vitals
tick skipped (``vitals._steady``) and a sleeper out of earshot answered at once
(``ai.sleeps_through``)."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules import stats
from game.world.core.actions import Wait
from game.world.core.components import (
    Actor,
    Creature,
    Effects,
    Health,
    Hero,
    Position,
    Spells,
    Stance,
    Vitals,
)
from game.world.game import Game
from game.world.play import ai, feuds, stealth, vitals

ROOM = """
##############
#............#
#.@..........#
#............#
#...........k#
##############
"""


def _tired(e, p):
    e.component(p, Stance).stamina -= 3


def _over_full(e, p):
    e.component(p, Stance).stamina = e.component(p, Stance).max_stamina + 2


def _tired_frenzied(e, p):  # Frenzy spends stamina: the vitals give none back
    stance = e.component(p, Stance)
    stance.name, stance.stamina = "Frenzy", stance.stamina - 3


def _hurt(e, p):
    e.component(p, Health).hp -= 2


def _spell_points(e, p):
    e.set_component(p, Spells(["shield"], 0, 3))


def _full_spell_points(e, p):
    e.set_component(p, Spells(["shield"], 3, 3))


def _effect(e, p):
    e.set_component(p, Effects({"haste": 2, "dazzled": 1}))


def _no_effect(e, p):
    e.set_component(p, Effects({}))


def _rage(e, p):
    e.component(p, Hero).rage = 2


def _bleeding(e, p):
    e.component(p, Vitals).bleeding = 2


def _poison(e, p):
    e.component(p, Vitals).poison = 1


def _disease(e, p):
    e.component(p, Vitals).disease = 3


def _dead(e, p):  # a creature's hit points at 0: nothing comes back
    e.component(p, Health).hp = 0
    e.component(p, Stance).stamina = 0


CHANGING = [_tired, _over_full, _hurt, _spell_points, _effect, _rage, _bleeding, _poison,
            _disease]
STEADY = [_tired_frenzied, _full_spell_points, _no_effect, _dead]


def _engine(engines, change) -> Game:
    engine = Game.scenario(ROOM, {"k": "kobold"})
    engines.append(engine)
    me = engine.player
    engine.component(me, Health).hp = engine.component(me, Health).max_hp = 40
    if change is not None:
        change(engine, me)
    engine.now = engine.component(me, Vitals).next_tick + 3 * stats.VITALS_TICKS + 7
    return engine


def _slow(engine: Game, eid: int) -> list:
    """The ticks one by one, with no fast path."""
    comps = engine.store.table[eid]
    kept = comps[Vitals]
    events = []
    while kept.next_tick <= engine.now and not engine.over:
        kept.next_tick += stats.VITALS_TICKS
        events += vitals._tick(engine, eid, kept, comps)
        if not engine.store.exists(eid):
            break
    return events


@pytest.mark.parametrize("change", [None, *CHANGING, *STEADY], ids=lambda c: getattr(
    c, "__name__", "calm"))
def test_metabolise_is_the_ticks_one_by_one(engines, change):
    fast, slow = _engine(engines, change), _engine(engines, change)
    fast.use()
    comps = fast.store.table[fast.player]
    assert vitals._steady(comps[Vitals], comps) == (change not in CHANGING)
    fast_events = vitals.metabolise(fast, fast.player)
    slow.use()
    slow_events = _slow(slow, slow.player)
    assert [repr(e) for e in fast_events] == [repr(e) for e in slow_events]
    assert fast.state_hash() == slow.state_hash()
    assert fast.component(fast.player, Vitals).next_tick > fast.now


def test_a_sleeper_out_of_earshot_does_nothing_and_rolls_nothing(engines):
    engine = Game.scenario(ROOM, {"k": "kobold"})
    engines.append(engine)
    kobold = next(e for e, _ in engine.creatures_here())
    creature = engine.component(kobold, Creature)
    creature.awake = False
    pos = engine.component(kobold, Position)
    kind = engine.catalog.creatures[creature.kind]
    me = engine.position(engine.player)
    assert stealth.asleep(engine, kobold) and not stealth.heard(me, pos)
    assert ai.sleeps_through(engine, engine.store.table[kobold], me) == kind.speed
    rolls = engine.streams.ai.getstate()
    before = engine.state_hash()
    assert engine.streams.ai.getstate() == rolls and engine.state_hash() == before
    # the full work agrees: it notices nothing, without a roll, and fights nobody
    assert not stealth.notices(engine, kobold) and feuds.opponent(engine, kobold) is None
    assert engine.streams.ai.getstate() == rolls and engine.state_hash() == before
    # and the turn loop takes that answer: its turns pass asleep, never the full work
    engine.play = dataclasses.replace(engine.play, awake_turn=_never)
    tick = engine.component(kobold, Actor).next_tick
    for _ in range(3):
        engine.submit(Wait())
    assert engine.component(kobold, Actor).next_tick >= tick + 3 * kind.speed
    assert not creature.awake and engine.streams.ai.getstate() == rolls


def _never(engine, eid, comps):
    raise AssertionError("a sleeper out of earshot was given the full work")


@pytest.mark.parametrize("why", ["heard", "foe", "awake"])
def test_a_sleeper_that_may_wake_or_fight_takes_its_full_turn(engines, why):
    engine = Game.scenario(ROOM, {"k": "kobold"})
    engines.append(engine)
    kobold = next(e for e, _ in engine.creatures_here())
    creature = engine.component(kobold, Creature)
    creature.awake = why == "awake"
    if why == "heard":
        engine.move_entity(kobold, 4, 3)
    if why == "foe":
        creature.foe = engine.player
    assert ai.sleeps_through(engine, engine.store.table[kobold],
                             engine.position(engine.player)) is None


def test_the_noise_carries_four_kings_moves_on_the_same_level(engines):
    """``stealth.heard``: within ``NOISE_RADIUS`` steps (the larger of the two distances),
    through walls, and never to another level."""
    engine = Game.scenario(ROOM, {})
    engines.append(engine)
    me = engine.position(engine.player)
    for dx in range(-7, 8):
        for dy in range(-7, 8):
            cell = Position(me.x + dx, me.y + dy, me.depth)
            assert stealth.heard(me, cell) == (max(abs(dx), abs(dy)) <= 4)
            assert not stealth.heard(me, Position(cell.x, cell.y, me.depth + 1))


CROWD = """
########
#k.k...#
#k@k...#
#..k.k.#
########
"""


def test_around_finds_what_at_finds_cell_by_cell(engines):
    """``Store.around`` (free blows' neighbours) is ``at`` on each of the eight cells, also
    after one of them has gone."""
    engine = Game.scenario(CROWD, {"k": "kobold"})
    engines.append(engine)
    schedule, me = engine.store, engine.position(engine.player)

    def one_by_one():
        return [e for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
                for e in [schedule.at(1, me.x + dx, me.y + dy)] if e is not None]

    expected = one_by_one()
    assert len(expected) == 5 and schedule.around(1, me.x, me.y) == expected
    gone = expected[1]
    engine.delete(gone)
    assert schedule.around(1, me.x, me.y) == [e for e in expected if e != gone] == one_by_one()


RIVALS = """
#########
#@......#
#.......#
#....kr.#
#########
"""


def test_the_kinds_with_rivals_follow_the_catalog_in_play(engines):
    """``feuds._with_rivals`` is kept by the pairs' value: another catalog's rivals are its own."""
    from dataclasses import replace

    engine = Game.scenario(RIVALS, {"k": "kobold", "r": "giant rat"})
    engines.append(engine)
    kobold = next(e for e, (c, _) in engine.creatures_here() if c.kind == "kobold")
    rat = next(e for e, (c, _) in engine.creatures_here() if c.kind == "giant rat")
    real = engine.catalog
    assert ("kobold", "giant rat") in real.rivals
    engine.catalog = replace(real, rivals=frozenset({("giant rat", "kobold")}))
    assert feuds.opponent(engine, kobold) == engine.player  # no rival of its own here
    engine.catalog = real
    assert feuds.opponent(engine, kobold) == rat
    engine.component(kobold, Creature).foe = None
    engine.catalog = replace(real, rivals=frozenset())
    assert feuds.opponent(engine, kobold) == engine.player


def test_the_schedule_gives_the_earliest_actor_turn_after_turn(engines):
    """``Schedule.next_turn`` queueing an actor again when its entry comes first with an old
    tick: always the actor with the least (next tick, id), also when a turn took no time,
    the player acted out of turn, or an actor has gone."""
    import random

    from game.world.core.components import Actor

    engine = Game.scenario(CROWD, {"k": "kobold"})
    engines.append(engine)
    rng = random.Random(5)
    schedule = engine.schedule
    for turn in range(300):
        eid, comps = schedule.next_turn(1)
        actors = [(a.next_tick, e) for e, (a, p) in engine.store.query(Actor, Position)
                  if p.depth == 1]
        assert (comps[Actor].next_tick, eid) == min(actors)
        mover = eid if rng.random() < 0.9 else engine.player
        engine.component(mover, Actor).next_tick += rng.choice((0, 30, 40, 60, 60, 90))
        if turn in (100, 200) and eid != engine.player:
            engine.delete(eid)
    living = sorted(e for _, e in schedule.heap if engine.store.exists(e))
    assert living == sorted(e for _, e in actors)  # one entry each: none queued twice


HALL = """
##########################
#@.......................#
##########################
"""


def _look_after(engine: Game, change) -> tuple[list[str], bool]:
    """A look at who is in view (as the turn loop's start has it), then ``change``, then a
    kobold's look after its turn: its arrival words and whether it is in view now."""
    from game.world.core import sight

    engine.use()
    sight.comes_into_view(engine)
    kobold = change(engine)
    events = sight.came_into_view(engine, kobold, engine.store.table[kobold])
    assert engine.component(kobold, Creature).in_view == engine.sees(kobold)
    return [repr(e) for e in events], engine.sees(kobold)


def _far_kobold(engine: Game) -> int:
    return next(e for e, _ in engine.creatures_here())


def _walks_in(engine: Game) -> int:
    kobold = _far_kobold(engine)
    engine.move_entity(kobold, 5, 1)
    return kobold


def _light_reaches(engine: Game) -> int:
    engine.gamemap.update_fov(15, 1, 8)  # the sight cast again from further down the hall
    return _far_kobold(engine)


def _appears(engine: Game) -> int:
    return engine.create_creature("kobold", 4, 1, 1)


@pytest.mark.parametrize("change", [_walks_in, _light_reaches, _appears])
def test_a_creature_that_comes_into_view_between_looks_is_announced(engines, change):
    """``came_into_view`` skips its look only while nobody has moved, come or gone and the
    sight is the same since the last look (``Store.looked``): each of these changes it."""
    engine = Game.scenario(HALL, {})
    engines.append(engine)
    engine.create_creature("kobold", 20, 1, 1)
    words, seen = _look_after(engine, change)
    assert seen and len(words) == 2 and "comes into view" in words[1]


def test_nothing_changed_since_the_look_nothing_to_announce(engines):
    engine = Game.scenario(HALL, {})
    engines.append(engine)
    engine.create_creature("kobold", 20, 1, 1)
    engine.create_creature("kobold", 5, 1, 1)
    assert _look_after(engine, _far_kobold) == ([], False)
    near = next(e for e, _ in engine.creatures_here() if e != _far_kobold(engine))
    assert engine.store.looked is engine.gamemap.sight
    assert _look_after(engine, lambda e: near) == ([], True)


@pytest.mark.parametrize("change", [_walks_in, _light_reaches, _appears])
def test_the_look_at_the_level_sees_what_changed_since_the_last(engines, change):
    """``comes_into_view`` skips its walk over the level on the same terms (nobody moved,
    came or went, the same sight): after each of these changes it looks again."""
    from game.world.core import sight

    engine = Game.scenario(HALL, {})
    engines.append(engine)
    engine.create_creature("kobold", 20, 1, 1)
    engine.use()
    assert sight.comes_into_view(engine) == []
    assert sight.comes_into_view(engine) == []  # nothing changed: nothing to announce
    kobold = change(engine)
    words = [repr(e) for e in sight.comes_into_view(engine)]
    assert len(words) == 2 and "comes into view" in words[1]
    assert engine.component(kobold, Creature).in_view and engine.sees(kobold)
