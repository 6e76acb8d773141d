"""The fast state hash (``game.world.core.hashing``) is always the hash of the whole state spelled
afresh: through a game, and after any change made in place."""

from __future__ import annotations

import json
import random

import pytest

from game.world.core import state
from game.world.core.components import Creature, Effects, Health, Inventory, Renderable, Training
from game.world.core.rng import Stream
from game.world.game import Game
from game.world.play.bot import Bot


def slow(engine: Game) -> str:
    return state.state_hash(engine)


def bot_turns(engine: Game, seed: int, turns: int):
    """The bot plays up to ``turns`` actions; yields the number of each after it is done."""
    bot = Bot(engine, seed, turns=turns)
    for turn in range(turns):
        if engine.over:
            return
        engine.submit(bot.next_action())
        yield turn


def _creature(engine: Game) -> int:
    return next(e for e, _ in engine.creatures_here())


CHANGES = {
    "hit points": lambda e: setattr(e.component(e.player, Health), "hp", 3),
    # in place, as the rule forbids (dict's and list's own methods, past the tests' guard,
    # game.world.core.changes.forbid_in_place): the hash sees it all the same
    "a rank, in place": lambda e: dict.update(e.component(e.player, Training).skills,
                                              {"Sword": 4}),
    "a carried thing": lambda e: list.append(e.component(e.player, Inventory).items, 999),
    "a colour": lambda e: setattr(e.component(e.player, Renderable), "colour", (1, 2, 3)),
    "an effect": lambda e: e.set_component(e.player, Effects({"haste": 3})),
    "a stream drawn from": lambda e: e.streams.loot.random(),
    "a stream drawn from by randint": lambda e: e.streams.combat.randint(1, 6),
    "a stream set": lambda e: e.streams.ai.setstate(e.streams.loot.getstate()),
    "a stream seeded": lambda e: e.streams.display.seed(5),
    "a gauss kept and then taken": lambda e: (e.streams.loot.gauss(), e.state_hash(),
                                              e.streams.loot.gauss()),
    "an entity gone": lambda e: e.delete(_creature(e)),
    "an entity made": lambda e: e.create_item("dagger"),
    "a cell explored, in place": lambda e: e.gamemap.explored.__setitem__(
        (0, 0), not e.gamemap.explored[0, 0]),
    "a level entered": lambda e: e.go_to_level(2),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_change_in_place_changes_it(what):
    engine = Game(8)
    before = engine.state_hash()
    assert before == slow(engine)
    CHANGES[what](engine)
    after = engine.state_hash()
    assert after == slow(engine) and after != before
    engine.close()


def test_one_is_not_taken_for_true():
    engine = Game(8)
    creature = engine.component(_creature(engine), Creature)
    creature.awake = True
    before = engine.state_hash()
    creature.awake = 1  # equal to True in Python, spelled differently in JSON
    assert engine.state_hash() == slow(engine) != before
    engine.close()


FLIPS = {  # a value inside a container turned to an equal one of another class, in place
    # (past the tests' guard, as in CHANGES)
    "a list": lambda e: list.__setitem__(e.component(e.player, Inventory).items, 0, True),
    "a dict": lambda e: dict.__setitem__(e.component(e.player, Training).skills, "Sword", True),
    "a tuple": lambda e: setattr(e.component(e.player, Renderable), "colour", (True, 2, 3)),
}


@pytest.mark.parametrize("what", sorted(FLIPS))
def test_one_is_not_taken_for_true_inside_a_container(what):
    engine = Game(8)
    inventory, training = engine.component(engine.player, Inventory), \
        engine.component(engine.player, Training)
    inventory.items = [1, *inventory.items[1:]]
    training.skills = {**training.skills, "Sword": 1}
    engine.component(engine.player, Renderable).colour = (1, 2, 3)
    before = engine.state_hash()
    FLIPS[what](engine)
    assert engine.state_hash() == slow(engine) != before
    engine.close()


DRAWS = {  # every way random.Random has of drawing, with arguments it takes
    "random": (), "getrandbits": (40,), "randbytes": (5,), "randint": (1, 6),
    "randrange": (10,), "choice": ([1, 2, 3],), "choices": ([1, 2, 3],), "sample": ([1, 2, 3], 2),
    "shuffle": ([1, 2, 3],), "uniform": (0, 1), "triangular": (), "gauss": (),
    "normalvariate": (), "lognormvariate": (0, 1), "expovariate": (1,), "vonmisesvariate": (0, 1),
    "gammavariate": (2, 1), "betavariate": (2, 3), "paretovariate": (2,),
    "weibullvariate": (1, 2), "binomialvariate": (5,),
}


def test_every_draw_of_a_stream_is_seen_by_the_hash():
    """The hash spells a stream again only when its count of changes or its kept gauss value
    moved: no way of drawing may change its state without moving one of them."""
    public = {n for n in dir(random.Random) if not n.startswith("_")
              and n not in {"getstate", "setstate", "seed", "VERSION"}}
    assert public <= set(DRAWS)  # a new way of drawing gets a case here
    for name, args in DRAWS.items():
        if not hasattr(random.Random, name):
            continue  # binomialvariate: Python 3.12 on
        stream = Stream(3)
        for _ in range(3):  # the second gauss takes the kept value without a draw
            before = (stream.getstate(), stream.changes, stream.gauss_next)
            getattr(stream, name)(*[list(a) if isinstance(a, list) else a for a in args])
            moved = (stream.changes, stream.gauss_next) != before[1:] \
                or stream.gauss_next is not before[2]
            assert moved or stream.getstate() == before[0], name


def test_a_stream_draws_as_random_random_does():
    ours, theirs = Stream(11), random.Random(11)
    assert [ours.randint(1, 100) for _ in range(50)] == [theirs.randint(1, 100) for _ in range(50)]
    assert (ours.random(), ours.gauss(), ours.randbytes(4), ours.getstate()) == \
        (theirs.random(), theirs.gauss(), theirs.randbytes(4), theirs.getstate())


SPELLED = [
    {"b": [1, True, None, "x"], "a": {"z": 1.5, "é": "☃"}}, "top \"level\"", 7, -0.0,
    [[], {}, [1e300, -2, 10**30]], {"3": 1, "10": 2, "k": (1, 2)}, False, None,
]


@pytest.mark.parametrize("data", SPELLED)
def test_canonical_is_json_dumps_sorted_and_tight(data):
    assert state.canonical(data) == json.dumps(data, sort_keys=True, separators=(",", ":"))


ODD = [  # components holding what their fields do not promise, and what JSON escapes
    Renderable("\u00e9\"\\\n", (1, 2, 3), True), Creature("kobold", awake=1, foe=None),
    Creature("kobold", awake=True, foe=0), Health(True, False),
    Training({"Sword": 2, "\u00c5xe": 1}, {}, {"b": 1, "a": 2}), Effects({"haste": 3}),
    Inventory([3, 1, True]),
]


def test_each_component_is_spelled_as_canonical_spells_it():
    """Every kind a game makes, then each odd component in the player's place: the kept
    and written-out spelling of the state is the slow one, and so is the hash."""
    engine = Game(9)
    for _ in bot_turns(engine, 9, 150):
        pass
    assert len({type(c) for _, comps in engine.entities() for c in comps}) >= 12
    assert engine.state_text() == state.canonical(engine.state())
    for component in ODD:
        engine.set_component(engine.player, component)
        assert engine.state_hash() == slow(engine)
        assert engine.state_text() == state.canonical(engine.state())
    engine.close()


def test_the_whole_state_with_its_log_is_spelled_as_canonical_spells_it():
    engine = Game(5)
    for turn in bot_turns(engine, 5, 120):
        if turn % 7 == 0:
            engine.state_hash()  # the parts as last spelled are kept, and mostly still right
        assert engine.state_text() == state.canonical(engine.state())
    engine.say("A line holding \x00entities\x00, as no line should.")
    assert engine.state_text() == state.canonical(engine.state())
    engine.close()
