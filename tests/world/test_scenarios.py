"""Scenarios on small hand-drawn levels: actions in, events, messages and clock out.

Each test builds a level with ``Game.scenario`` (``@`` the player, ``#`` wall, legend letters
for creatures and items) and checks what the combat manual and the rules decisions say should
happen. Where the dice matter, the combat stream is replaced by ``Rigged``: the numbers a test
names come first, in order, then an ordinary seeded generator takes over for whatever the
creatures roll afterwards. The test then checks the outcome's own record of its rolls, so a
script that was not used as intended fails rather than passes by luck.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.content.catalog import GOAL_ITEM
from game.rules import profiles, stats
from game.world.core import actions as A
from game.world.core.components import (
    Actor,
    Attributes,
    Creature,
    Health,
    Item,
    Position,
    Training,
    Vitals,
)
from game.world.core.events import AttackEvent, Died, LevelChanged, Message, Won
from game.world.game import Game

# --- helpers ---------------------------------------------------------------------------------


class Rigged:
    """A combat stream: the scripted numbers first (each checked against its range), then a
    seeded ``random.Random`` for everything after."""

    def __init__(self, *values: int, seed: int = 0) -> None:
        self.values = list(values)
        self.fallback = random.Random(seed)

    def randint(self, a: int, b: int) -> int:
        if not self.values:
            return self.fallback.randint(a, b)
        value = self.values.pop(0)
        assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
        return value


def rig(engine: Game, *values: int) -> Rigged:
    rigged = Rigged(*values)
    engine.streams.by_name["combat"] = rigged
    return rigged


def creature(engine: Game, kind: str) -> int:
    """The one creature of this kind on the level."""
    found = [e for e, (c, _) in engine.creatures_here() if c.kind == kind]
    assert len(found) == 1, f"expected one {kind}, found {found}"
    return found[0]


def set_hp(engine: Game, eid: int, hp: int, max_hp: int | None = None) -> None:
    health = engine.component(eid, Health)
    health.hp = hp
    if max_hp is not None:
        health.max_hp = max_hp


def tough(engine: Game, *eids: int) -> None:
    """Enough hit points that nobody dies by accident while a test counts ticks."""
    for eid in eids:
        set_hp(engine, eid, 1000, 1000)


def next_tick(engine: Game) -> int:
    return engine.component(engine.player, Actor).next_tick


def attacks(result: A.Result, attacker: int | None = None) -> list[AttackEvent]:
    assert isinstance(result, A.Done), result
    return [e for e in result.events
            if isinstance(e, AttackEvent) and (attacker is None or e.attacker == attacker)]


def texts(engine: Game) -> list[str]:
    return [m.text for m in engine.log]


def item_here(engine: Game) -> int:
    pos = engine.position(engine.player)
    items = engine.items_at(pos.x, pos.y)
    assert len(items) == 1, items
    return items[0]


def scenario(engines: list[Game], picture: str, legend: dict[str, str] | None = None,
             **kwargs) -> Game:
    engine = Game.scenario(picture, legend, **kwargs)
    engines.append(engine)
    return engine


# --- 1. bump to attack, walls --------------------------------------------------------------

DUEL = """
#####
#@k.#
#...#
#####
"""


def test_moving_into_a_kobold_attacks_it(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    # Thora: +3 to hit against the kobold's Defence 11. A natural 10 hits (not a threat for
    # a long sword, 20-24); natural 10 is even, so the first of "slashing or piercing".
    # 1d9 rolls 1: 1 + 3 = 4 damage, a big hit on a 6 hit point kobold.
    rig(engine, 5, 5, 1)
    result = engine.submit(A.Move(1, 0))
    mine = attacks(result, engine.player)
    assert len(mine) == 1
    event = mine[0]
    assert event.target == kobold
    assert event.outcome.natural == (5, 5)
    assert event.outcome.hit and event.outcome.damage == 4
    assert event.lines == ("You cleave the kobold.",)
    assert engine.log[0] == Message("You cleave the kobold.", "combat")
    assert engine.component(kobold, Health).hp == 2
    assert engine.actions == [A.Move(1, 0)]  # the player's own action is what is recorded
    assert result.ticks == 60


@pytest.mark.parametrize(("dice", "line"), [
    ((1, 1), "You miss the kobold."),  # two ones: a plain miss, no reason rolled
    ((2, 2), "You miss the kobold."),  # 4 + 3 = 7 would miss Defence 10: plain
    ((3, 4, 1), "The kobold dodges your sword."),  # 7 + 3 = 10: its Dexterity turned it
])
def test_a_missed_bump_says_why(engines, dice, line):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    rig(engine, *dice)
    result = engine.submit(A.Move(1, 0))
    (event,) = attacks(result, engine.player)
    assert not event.outcome.hit
    assert event.lines == (line,)
    assert engine.log[0].text == line
    assert engine.component(kobold, Health).hp == 6


def test_moving_into_a_wall_is_impossible_and_takes_no_time(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    before = (engine.now, next_tick(engine), engine.turn,
              engine.component(kobold, Actor).next_tick)
    result = engine.submit(A.Move(0, -1))
    assert result == A.Impossible("There is a wall in the way.")
    assert (engine.now, next_tick(engine), engine.turn,
            engine.component(kobold, Actor).next_tick) == before
    assert engine.position(engine.player) == Position(1, 1, 1)
    assert texts(engine) == ["There is a wall in the way."]
    assert engine.actions == []  # an impossible action is not part of the game


def test_a_step_that_is_too_long_is_impossible(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    result = engine.submit(A.Move(2, 0))
    assert isinstance(result, A.Impossible)
    assert engine.now == 0 and next_tick(engine) == 0


# --- 2. how long a blow takes ----------------------------------------------------------------

ARMOURY = """
#####
#@w.#
#.k.#
#####
"""


@pytest.mark.parametrize(("weapon", "ticks"), [
    ("long sword", 60),
    ("great sword", 72),
    ("rapier", 54),
])
def test_a_blow_takes_the_weapons_time_and_a_step_takes_60(engines, weapon, ticks):
    engine = scenario(engines, ARMOURY, {"w": weapon, "k": "kobold"})
    kobold = creature(engine, "kobold")
    tough(engine, engine.player, kobold)

    start = next_tick(engine)
    step = engine.submit(A.Move(1, 0))
    assert isinstance(step, A.Done) and step.ticks == 60
    assert next_tick(engine) == start + 60 == engine.now

    item = item_here(engine)
    assert isinstance(engine.submit(A.PickUp(item)), A.Done)
    assert isinstance(engine.submit(A.Wield(item)), A.Done)
    assert engine.equipped_slot(item) == "main"

    before = next_tick(engine)
    result = engine.submit(A.Move(0, 1))  # the kobold stands below
    (event,) = attacks(result, engine.player)
    assert event.outcome.attack.weapon == weapon
    assert event.outcome.attack.ticks == ticks
    assert result.ticks == ticks
    assert next_tick(engine) == before + ticks
    assert engine.now == next_tick(engine)  # the clock stops where the player acts next


# --- 3. a ghost inside a wall ----------------------------------------------------------------

HAUNT = """
######
#@#..#
#..G.#
######
"""


def ghost_in_wall(engines) -> tuple[Game, int]:
    engine = scenario(engines, HAUNT, {"G": "ghost"})
    ghost = creature(engine, "ghost")
    # Creatures are placed on floor; move it into the wall at (2, 1), beside the player.
    engine.move_entity(ghost, 2, 1)
    assert engine.gamemap.wall[2, 1]
    return engine, ghost


def test_a_ghost_in_a_wall_has_wall_defence(engines):
    engine, ghost = ghost_in_wall(engines)
    defence = profiles.defence(engine.fighter(ghost))
    walls = [p for p in defence.parts if p.kind == profiles.WALL]
    assert [p.amount for p in walls] == [4]  # the ghost's wall_defence
    assert defence.total() == 10 + 2 + 4  # Dexterity 14 and the wall
    assert defence.crit_immune  # incorporeal

    engine.move_entity(ghost, 3, 2)  # back out on the floor
    defence = profiles.defence(engine.fighter(ghost))
    assert profiles.WALL not in {p.kind for p in defence.parts}
    assert defence.total() == 12


@pytest.mark.parametrize(("pick", "line"), [
    # 5 + 5 + 3 = 13 misses Defence 16 but would hit Defence 10: a kind is picked from
    # Dexterity 2 and Wall 4, so 1-2 is Dexterity and 3-6 the wall.
    (3, "Your sword strikes the wall around the ghost."),
    (6, "Your sword strikes the wall around the ghost."),
    (2, "The ghost dodges your sword."),
])
def test_a_miss_on_a_ghost_in_a_wall(engines, pick, line):
    engine, ghost = ghost_in_wall(engines)
    rig(engine, 5, 5, pick)
    result = engine.submit(A.Move(1, 0))  # into the wall cell: an attack on the ghost
    (event,) = attacks(result, engine.player)
    assert event.target == ghost
    assert not event.outcome.hit and event.outcome.defence == 16
    assert event.lines == (line,)
    assert engine.position(engine.player) == Position(1, 1, 1)


def test_the_player_cannot_walk_into_the_wall_the_ghost_left(engines):
    engine, ghost = ghost_in_wall(engines)
    engine.move_entity(ghost, 3, 2)
    assert engine.submit(A.Move(1, 0)) == A.Impossible("There is a wall in the way.")


# --- 4. criticals: bleeding, and things with no vitals ------------------------------------------

CRYPT = """
#####
#@z.#
#...#
#####
"""


def test_a_skeleton_takes_a_confirmed_threat_as_a_plain_hit(engines):
    engine = scenario(engines, CRYPT, {"z": "skeleton"})
    skeleton = creature(engine, "skeleton")
    set_hp(engine, skeleton, 40, 40)  # so 4 damage is not a big hit either
    # Natural 20 threatens with a long sword; 5 + 5 + 3 = 13 would confirm against the
    # skeleton's Defence 11. The damage is rolled once: 1 + 3 = 4.
    rig(engine, 10, 10, 5, 5, 1)
    result = engine.submit(A.Move(1, 0))
    (event,) = attacks(result, engine.player)
    outcome = event.outcome
    assert outcome.threat and outcome.confirm == (5, 5)
    assert not outcome.confirmed and outcome.no_vital_spot
    assert outcome.damage_rolls == ((1,),) and outcome.damage == 4
    assert event.lines == ("You slash the skeleton.",)  # no vital spot was sought (0.3.0)
    assert not any(t.endswith("hard!") for t in texts(engine)[:2])
    assert engine.component(skeleton, Vitals).bleeding == 0
    assert engine.component(skeleton, Health).hp == 36


def test_a_skeletons_threat_that_would_not_confirm_says_nothing(engines):
    engine = scenario(engines, CRYPT, {"z": "skeleton"})
    skeleton = creature(engine, "skeleton")
    set_hp(engine, skeleton, 40, 40)
    rig(engine, 10, 10, 1, 1, 1)  # the confirmation roll is two ones
    (event,) = attacks(engine.submit(A.Move(1, 0)), engine.player)
    assert event.outcome.threat and not event.outcome.no_vital_spot
    assert event.lines == ("You slash the skeleton.",)


def test_a_confirmed_critical_on_a_kobold_opens_a_bleeding_wound(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    set_hp(engine, kobold, 40, 40)  # 8 damage of 40 is not a big hit: the critical bleeds
    tough(engine, engine.player)
    # Natural 20 threatens, 5 + 5 confirms; 1d9 is rolled twice (1 and 1) and the +3
    # bonus twice: 2d9+6 = 8. The kobold has no Protection.
    rig(engine, 10, 10, 5, 5, 1, 1)
    result = engine.submit(A.Move(1, 0))
    (event,) = attacks(result, engine.player)
    outcome = event.outcome
    assert outcome.confirmed and not outcome.big_hit
    assert outcome.damage_rolls == ((1,), (1,)) and outcome.damage == 8
    assert event.lines == ("You slash the kobold hard!",)
    assert engine.log[0].text == "You slash the kobold hard!"
    vitals = engine.component(kobold, Vitals)
    assert vitals.bleeding == 5
    assert engine.component(kobold, Health).hp == 32

    # One hit point every 6 s (60 ticks of the wound's own clock), for the wound's 5 ticks;
    # each Wait is 60 ticks, so each costs the kobold exactly one hit point. Then it stops.
    first = vitals.next_tick
    seen = []
    for _ in range(5):
        engine.submit(A.Wait())
        seen.append((engine.component(kobold, Health).hp, vitals.bleeding))
    assert seen == [(31, 4), (30, 3), (29, 2), (28, 1), (27, 0)]
    assert vitals.next_tick == first + 5 * 60
    engine.submit(A.Wait())
    assert engine.component(kobold, Health).hp >= 27  # no more blood lost


# --- 5. a glance ----------------------------------------------------------------------------

BEETLE = """
#####
#@b.#
#...#
#####
"""


def test_a_blow_soaked_whole_by_a_shell_glances(engines):
    engine = scenario(engines, BEETLE, {"b": "cave beetle"})
    beetle = creature(engine, "cave beetle")
    # Strength 10: +1 to hit and +1 damage, both from rank 2 in Long blades.
    engine.component(engine.player, Attributes).strength = 10
    training = engine.component(engine.player, Training)
    points_before = training.points.get("Long blades", 0)
    # The beetle: Defence 10 - 1 (Dexterity 8) + 3 (shell) = 12; 6 + 6 + 1 = 13 hits.
    # 1d9 rolls 1: 1 + 1 = 2; the shell's Protection 3 takes 2 to 3, and takes 2.
    rig(engine, 6, 6, 1, 2)
    result = engine.submit(A.Move(1, 0))
    (event,) = attacks(result, engine.player)
    outcome = event.outcome
    assert outcome.hit and outcome.raw_damage == 2 and outcome.soak == 2
    assert outcome.glanced and outcome.damage == 0 and not outcome.bleeding
    assert event.lines == ("Your sword glances off the cave beetle's shell.",)
    assert engine.log[0].text == "Your sword glances off the cave beetle's shell."
    assert engine.component(beetle, Health).hp == 10
    assert engine.component(beetle, Vitals).bleeding == 0
    # It still landed, so it trains as a hit does (2 points, not a miss's 1).
    assert training.points.get("Long blades", 0) == points_before + stats.TRAIN_HIT


def test_a_miss_turned_by_the_shell_reads_the_same_but_is_a_miss(engines):
    engine = scenario(engines, BEETLE, {"b": "cave beetle"})
    engine.component(engine.player, Attributes).strength = 10
    # 4 + 5 + 1 = 10 misses Defence 12; only the shell adds (Dexterity -1 never counts).
    rig(engine, 4, 5, 1)
    (event,) = attacks(engine.submit(A.Move(1, 0)), engine.player)
    assert not event.outcome.hit and event.outcome.miss_kind == profiles.NATURAL
    assert event.lines == ("Your sword glances off the cave beetle's shell.",)


# --- 6. burden --------------------------------------------------------------------------------

PACKHORSE = """
########
#@PBST.#
########
"""
PACK = {"P": "suit of plate armour", "B": "suit of banded mail", "S": "suit of scale mail",
        "T": "tower shield"}


def test_burden_thresholds_for_strength_15():
    # Weights are in tenths of a pound: 5 x 15 = 75 lb, 7.5 x 15 = 112.5 lb, 10 x 15 = 150 lb.
    assert stats.burden(750, 15) == stats.UNBURDENED
    assert stats.burden(751, 15) == stats.BURDENED
    assert stats.burden(1125, 15) == stats.BURDENED
    assert stats.burden(1126, 15) == stats.STRAINED
    assert stats.burden(1500, 15) == stats.STRAINED
    assert stats.burden(1501, 15) == stats.OVERLOADED


def test_a_heavy_load_slows_steps_and_then_stops_them(engines):
    engine = scenario(engines, PACKHORSE, PACK)
    engine.component(engine.player, Attributes).dexterity = 18  # +4, to see the limits
    player = engine.player

    def weight() -> int:  # tenths of a pound, everything carried (worn and held too)
        items = [engine.component(i, Item) for i in engine.inventory()]
        return sum(engine.catalog.weight(i.name) * i.count for i in items)

    def dex_part() -> int:
        parts = profiles.defence(engine.fighter(player)).parts
        return next(p.amount for p in parts if p.kind == profiles.DEXTERITY)

    # The dwarf starts with a long sword, a leather jerkin and two potions: 15 lb.
    assert weight() == 150
    assert engine.fighter(player).burden == stats.UNBURDENED and dex_part() == 4

    expected = [
        # (step ticks onto the item, weight after picking it up, burden, Dexterity part)
        (60, 650, stats.UNBURDENED, 4),
        (60, 1100, stats.BURDENED, 3),
        (66, 1500, stats.STRAINED, 1),  # exactly 10 x Strength is still strained
        (75, 1650, stats.OVERLOADED, 0),
    ]
    for step_ticks, total, burden, dex in expected:
        before = next_tick(engine)
        result = engine.submit(A.Move(1, 0))
        assert isinstance(result, A.Done) and result.ticks == step_ticks
        assert next_tick(engine) - before == step_ticks
        assert isinstance(engine.submit(A.PickUp(item_here(engine))), A.Done)
        assert weight() == total
        assert engine.fighter(player).burden == burden
        assert dex_part() == dex

    before = (engine.now, next_tick(engine))
    assert engine.submit(A.Move(1, 0)) == A.Impossible("You carry too much to move.")
    assert (engine.now, next_tick(engine)) == before
    assert engine.log[-1].text == "You carry too much to move."
    assert engine.position(player).x == 5

    # Put the shield down and the dwarf can walk again, strained.
    shield = next(i for i in engine.inventory()
                  if engine.component(i, Item).name == "tower shield")
    assert isinstance(engine.submit(A.Drop(shield)), A.Done)
    result = engine.submit(A.Move(1, 0))
    assert isinstance(result, A.Done) and result.ticks == 75


# --- 7. death ---------------------------------------------------------------------------------

LAIR = """
#####
#T@T#
#...#
#####
"""


def play_until_dead(engine: Game, limit: int = 200) -> A.Done:
    for _ in range(limit):
        result = engine.submit(A.Wait())
        assert isinstance(result, A.Done)
        if engine.over:
            return result
    raise AssertionError("the player survived")


def test_the_player_dies_and_the_game_is_over(engines):
    engine = scenario(engines, LAIR, {"T": "troll"})
    set_hp(engine, engine.player, 1)
    result = play_until_dead(engine)
    assert engine.outcome == "dead"
    assert engine.cause == "killed by a troll on depth 1"
    deaths = [e for e in result.events if isinstance(e, Died)]
    assert [(d.entity, d.cause) for d in deaths] == [(engine.player, engine.cause)]
    assert engine.component(engine.player, Health).hp <= 0
    assert "You die..." in texts(engine)
    # The killing blow is the last attack, by a troll on the player, and it did damage.
    killing = [e for e in attacks(result) if e.target == engine.player][-1]
    assert engine.component(killing.attacker, Creature).kind == "troll"
    assert killing.outcome.damage > 0

    frozen = (engine.now, next_tick(engine), len(engine.actions))
    for action in (A.Wait(), A.Move(0, 1), A.Rest(), A.Move(1, 0)):
        assert engine.submit(action) == A.Impossible("The game is over.")
    assert (engine.now, next_tick(engine), len(engine.actions)) == frozen


def test_the_cause_of_death_uses_the_right_article(engines):
    engine = scenario(engines, LAIR.replace("T", "O"), {"O": "ogre"})
    set_hp(engine, engine.player, 1)
    play_until_dead(engine)
    assert engine.cause == "killed by an ogre on depth 1"


def test_killing_a_creature_removes_it_and_says_so(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    # Natural 10 hits; 1d9 rolls 9: 12 damage, far more than its 6 hit points.
    rig(engine, 5, 5, 9)
    result = engine.submit(A.Move(1, 0))
    assert [e.entity for e in result.events if isinstance(e, Died)] == [kobold]
    assert texts(engine)[:2] == ["You cleave the kobold.", "The kobold dies."]
    assert engine.creatures_here() == []
    assert not engine.over


# --- 8. creatures fight each other by the same rules ------------------------------------------

ALLEY = """
#####
#@rk#
#####
"""

ROUND_THE_CORNER = """
##########
#@.......#
########.#
########.#
#....kr..#
##########
"""


def test_a_fleeing_rat_blocked_by_a_kobold_bites_it(engines):
    engine = scenario(engines, ALLEY, {"r": "giant rat", "k": "kobold"})
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    set_hp(engine, rat, 1)  # below a third of its 4: it flees, and the kobold is in the way
    # The rat: no bonus to hit against the kobold's Defence 11; 5 + 6 = 11 hits.
    # 1d4 rolls 1: 1 damage, not a big hit on 6 hit points: "bites".
    rig(engine, 5, 6, 1)
    result = engine.submit(A.Wait())
    bites = attacks(result, rat)
    assert bites and all(e.target == kobold for e in bites)
    first = bites[0]
    assert first.outcome.natural == (5, 6) and first.outcome.damage == 1
    assert first.outcome.attack.weapon == "bite"
    assert first.lines == ("The giant rat bites the kobold.",)
    assert "The giant rat bites the kobold." in texts(engine)
    assert engine.component(kobold, Health).hp == 6 - sum(e.outcome.damage for e in bites)
    # it struck instead of stepping, and the kobold, struck (and a rat's rival), strikes back
    back = attacks(result, kobold)
    assert back and all(e.target == rat for e in back)
    assert not engine.exists(rat) or engine.position(rat) == Position(2, 1, 1)


def test_a_fight_out_of_sight_is_not_in_the_log(engines):
    engine = scenario(engines, ROUND_THE_CORNER, {"r": "giant rat", "k": "kobold"})
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    assert not engine.sees(rat) and not engine.sees(kobold)
    result = engine.submit(A.Wait())  # rivals side by side: they fight
    fights = [e for e in attacks(result) if {e.attacker, e.target} == {rat, kobold}]
    assert fights and all(e.lines == () for e in fights)
    assert texts(engine) == []


# --- 9. determinism ----------------------------------------------------------------------------

MELEE = """
#######
#@.k..#
#..r..#
#...k.#
#######
"""
MELEE_LEGEND = {"k": "kobold", "r": "giant rat"}
SCRIPT = [A.Move(1, 0), A.Move(1, 0), A.Move(1, 0), A.Wait(), A.Move(1, 1), A.Move(1, 1),
          A.Move(0, 1), A.Wait(), A.Move(-1, 0), A.Move(1, 0)]


def state(engine: Game) -> list[str]:
    return [repr(entry) for entry in engine.entities()]


def run(engines, seed: int, actions=SCRIPT) -> Game:
    engine = scenario(engines, MELEE, MELEE_LEGEND, seed=seed)
    for action in actions:
        engine.submit(action)
    return engine


def test_the_same_seed_and_actions_give_the_same_game(engines):
    one, two = run(engines, 7), run(engines, 7)
    assert any(m.tone == "combat" for m in one.log)  # dice were rolled
    assert one.log == two.log
    assert state(one) == state(two)
    assert (one.now, one.turn, one.outcome) == (two.now, two.turn, two.outcome)
    assert one.streams.state() == two.streams.state()


def test_a_different_seed_gives_a_different_game(engines):
    one, other = run(engines, 7), run(engines, 8)
    assert (one.log, state(one)) != (other.log, state(other))


def test_a_generated_game_is_determined_by_seed_and_actions(engines):
    def play(seed: int) -> Game:
        engine = Game(seed)
        engines.append(engine)
        for action in [A.Wait(), A.Wait(), A.Move(1, 0), A.Move(0, 1), A.Wait()]:
            engine.submit(action)
        return engine

    one, two, other = play(3), play(3), play(4)
    assert one.log == two.log and state(one) == state(two)
    assert one.gamemap.stairs_down == two.gamemap.stairs_down
    assert (state(one), one.gamemap.stairs_down) != (state(other), other.gamemap.stairs_down)


# --- 10. actions as values --------------------------------------------------------------------

SAMPLES = {"int": 7, "str": "north", "bool": True}
WRONG = {"int": ["7", 7.0, True, None, [7]], "str": [7, None, ["north"]],
         "bool": [1, "true", None]}


def sample(cls: type[A.Action]) -> A.Action:
    args = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        assert kind in SAMPLES, f"{cls.__name__}.{f.name}: no sample for {kind}"
        args[f.name] = SAMPLES[kind]
    return cls(**args)


def test_the_registry_holds_every_action_under_its_own_tag():
    assert {"move", "attack", "wait", "rest", "pickup", "drop", "wield", "wear", "takeoff",
            "quaff", "descend", "ascend"} <= set(A.REGISTRY)
    for tag, cls in A.REGISTRY.items():
        assert cls.tag == tag and issubclass(cls, A.Action)


@pytest.mark.parametrize("tag", sorted(A.REGISTRY))
def test_every_action_round_trips_through_json(tag):
    action = sample(A.REGISTRY[tag])
    data = action.to_json()
    assert data["t"] == tag
    again = A.Action.from_json(json.loads(json.dumps(data)))
    assert again == action and type(again) is type(action)
    assert A.Action.from_json(data) == action


@pytest.mark.parametrize("tag", sorted(A.REGISTRY))
def test_from_json_rejects_wrong_fields(tag):
    data = sample(A.REGISTRY[tag]).to_json()
    with pytest.raises(ValueError):
        A.Action.from_json({**data, "extra": 1})
    for f in dataclasses.fields(A.REGISTRY[tag]):
        missing = {k: v for k, v in data.items() if k != f.name}
        with pytest.raises(ValueError):
            A.Action.from_json(missing)
        for bad in WRONG[str(f.type)]:
            with pytest.raises(ValueError):
                A.Action.from_json({**data, f.name: bad})


@pytest.mark.parametrize("data", [
    {"t": "teleport"}, {"t": ""}, {"t": None}, {}, {"dx": 1, "dy": 0}, {"t": 3},
    [], ["move", 1, 0], "move", None, 7,
])
def test_from_json_rejects_what_is_not_an_action(data):
    with pytest.raises(ValueError):
        A.Action.from_json(data)


@pytest.mark.parametrize("tag", [[], {}, ["move"]])
def test_from_json_rejects_an_unhashable_tag_with_value_error(tag):
    with pytest.raises(ValueError):
        A.Action.from_json({"t": tag})


# --- 11. stairs ----------------------------------------------------------------------------------


def test_descending_and_climbing_back(engines):
    engine = Game(11)
    engines.append(engine)
    player = engine.player
    level1 = engine.gamemap
    assert engine.submit(A.Descend()) == A.Impossible("There is no staircase down here.")

    engine.move_entity(player, *level1.stairs_down)
    pos = engine.position(player)
    result = engine.submit(A.Descend())
    assert isinstance(result, A.Done)
    assert LevelChanged(2) in result.events
    assert engine.depth == 2 and engine.gamemap is engine.levels[2]
    pos = engine.position(player)
    assert (pos.x, pos.y, pos.depth) == (*engine.levels[2].stairs_up, 2)
    assert "You descend to depth 2." in texts(engine)

    result = engine.submit(A.Ascend())
    assert isinstance(result, A.Done) and LevelChanged(1) in result.events
    assert engine.depth == 1 and engine.levels[1] is level1  # the same level, not a new one
    pos = engine.position(player)
    assert (pos.x, pos.y, pos.depth) == (*level1.stairs_down, 1)

    engine.move_entity(player, *level1.stairs_up)
    before = (engine.now, next_tick(engine))
    assert engine.submit(A.Ascend()) == A.Impossible(
        f"You will not leave without the {GOAL_ITEM}.")
    assert (engine.now, next_tick(engine)) == before and not engine.over


def test_ascend_away_from_the_stairs_is_impossible(engines):
    engine = scenario(engines, "#####\n#@.<#\n#####")
    assert engine.submit(A.Ascend()) == A.Impossible("There is no staircase up here.")


def test_climbing_out_with_the_amulet_wins(engines):
    engine = scenario(engines, "#####\n#@a<#\n#####", {"a": GOAL_ITEM})
    engine.submit(A.Move(1, 0))
    engine.submit(A.PickUp(item_here(engine)))
    engine.submit(A.Move(1, 0))
    result = engine.submit(A.Ascend())
    assert isinstance(result, A.Done) and Won() in result.events
    assert engine.outcome == "won" and engine.over
    assert engine.submit(A.Wait()) == A.Impossible("The game is over.")


# --- 12. rest -------------------------------------------------------------------------------------

CELL = """
######
#@...#
#....#
######
"""

TWO_ROOMS = """
##############
#@...#########
#....#########
##.###########
##.###########
##..........k#
##############
"""

def test_rest_heals_when_nothing_is_in_view(engines):
    engine = scenario(engines, CELL)
    health = engine.component(engine.player, Health)
    health.hp = 5
    start = engine.now
    result = engine.submit(A.Rest())
    assert isinstance(result, A.Done)
    assert health.hp == health.max_hp
    assert engine.now > start and (engine.now - start) % 60 == 0
    assert engine.now == next_tick(engine)
    assert texts(engine)[-1] == "You rest."


def test_rest_is_impossible_with_a_creature_in_view(engines):
    engine = scenario(engines, DUEL, {"k": "kobold"})
    set_hp(engine, engine.player, 5)
    before = (engine.now, next_tick(engine))
    assert engine.submit(A.Rest()) == A.Impossible("You cannot rest with enemies in view.")
    assert (engine.now, next_tick(engine)) == before
    assert engine.component(engine.player, Health).hp == 5


def test_rest_stops_when_a_creature_comes_into_view(engines):
    engine = scenario(engines, TWO_ROOMS, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    assert not engine.sees(kobold)
    set_hp(engine, engine.player, 2)
    result = engine.submit(A.Rest())
    assert isinstance(result, A.Done)
    assert engine.sees(kobold)
    assert texts(engine)[-1] == "Your rest is interrupted."
    assert engine.component(engine.player, Health).hp < engine.component(
        engine.player, Health).max_hp
