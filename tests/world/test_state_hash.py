"""The fast state hash (``game.world.hashing``) is always the hash of the whole state spelled
afresh: through a game, and after any change made in place."""

from __future__ import annotations

import pytest

from game.world import state
from game.world.bot import Bot
from game.world.components import Creature, Effects, Health, Inventory, Renderable, Training
from game.world.engine import Engine


def slow(engine: Engine) -> str:
    return state.state_hash(engine)


def test_it_is_the_slow_hash_all_through_a_game():
    engine = Engine(7)
    bot = Bot(engine, 7, turns=300)
    checked = 0
    for _ in range(300):
        if engine.over:
            break
        engine.submit(bot.next_action())
        assert engine.state_hash() == slow(engine)
        checked += 1
    assert checked > 100 and len(engine.checkpoints) >= 2
    engine.close()


def _creature(engine: Engine) -> int:
    return next(e for e, _ in engine.creatures_here())


CHANGES = {
    "hit points": lambda e: setattr(e.component(e.player, Health), "hp", 3),
    "a rank, in place": lambda e: e.component(e.player, Training).skills.update({"Sword": 4}),
    "a carried thing": lambda e: e.component(e.player, Inventory).items.append(999),
    "a colour": lambda e: setattr(e.component(e.player, Renderable), "colour", (1, 2, 3)),
    "an effect": lambda e: e.set_component(e.player, Effects({"haste": 3})),
    "a stream drawn from": lambda e: e.streams.loot.random(),
    "an entity gone": lambda e: e.delete(_creature(e)),
    "an entity made": lambda e: e.create_item("dagger"),
    "a cell explored, in place": lambda e: e.gamemap.explored.__setitem__(
        (0, 0), not e.gamemap.explored[0, 0]),
    "a level entered": lambda e: e.go_to_level(2),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_change_in_place_changes_it(what):
    engine = Engine(8)
    before = engine.state_hash()
    assert before == slow(engine)
    CHANGES[what](engine)
    after = engine.state_hash()
    assert after == slow(engine) and after != before
    engine.close()


def test_one_is_not_taken_for_true():
    engine = Engine(8)
    creature = engine.component(_creature(engine), Creature)
    creature.awake = True
    before = engine.state_hash()
    creature.awake = 1  # equal to True in Python, spelled differently in JSON
    assert engine.state_hash() == slow(engine) != before
    engine.close()
