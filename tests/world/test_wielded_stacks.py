"""A weapon in hand is one thing, never a stack (game/world/stacks.py): wielding from a stack
of daggers takes one into the hand and leaves the rest to throw."""

from __future__ import annotations

from test_scenarios import scenario

from game.world.core import actions as A
from game.world.core.components import Equipment, Item
from game.world.play import stacks, start

ROOM = """
#####
#@..#
#####
"""


def carried(engine) -> dict[str, tuple[int, bool]]:
    """Each carried thing by its letter: (count, in hand)."""
    eq = engine.component(engine.player, Equipment)
    return {engine.component(i, Item).letter: (engine.item_count(i), i in (eq.main, eq.off))
            for i in engine.inventory() if engine.item_name_only(i) == "dagger"}


def daggers(engine) -> list[int]:
    return [i for i in engine.inventory() if engine.item_name_only(i) == "dagger"]


def test_the_rogue_starts_with_one_dagger_in_hand_and_two_to_throw(engines):
    engine = scenario(engines, ROOM, character="human rogue")
    main = engine.component(engine.player, Equipment).main
    assert engine.item_name(main) == "dagger"
    assert sorted(carried(engine).values()) == [(1, True), (2, False)]


def test_wielding_from_a_stack_takes_one_and_taking_it_off_puts_it_back(engines):
    engine = scenario(engines, ROOM)  # a dwarf warrior with a long sword
    stack = start.give(engine, engine.player, "dagger", 3)
    letter = engine.component(stack, Item).letter
    result = engine.submit(A.Wield(stack))
    assert result.events[0].text == "You wield the dagger."
    main = engine.component(engine.player, Equipment).off  # beside the sword
    assert main != stack and engine.item_count(main) == 1
    assert engine.item_count(stack) == 2 and engine.component(stack, Item).letter == letter
    assert engine.component(main, Item).letter not in ("", letter)
    picked = engine.create_item("dagger")  # what is picked up joins the pack's stack
    assert stacks.take(engine, engine.player, picked) == stack
    assert engine.item_count(stack) == 3 and engine.item_count(main) == 1
    engine.submit(A.TakeOff(main))
    assert not engine.exists(main) and daggers(engine) == [stack]
    assert engine.item_count(stack) == 4


def test_wielding_something_else_returns_the_dagger_to_its_stack(engines):
    engine = scenario(engines, ROOM, character="human rogue")
    main = engine.component(engine.player, Equipment).main
    stack = next(i for i in daggers(engine) if i != main)
    mace = start.give(engine, engine.player, "mace")
    engine.submit(A.TakeOff(main))  # the hand is empty: the dagger rejoined the stack
    assert daggers(engine) == [stack] and engine.item_count(stack) == 3
    engine.submit(A.Wield(stack))
    assert len(daggers(engine)) == 2 and engine.item_count(stack) == 2
    engine.submit(A.Wield(mace))  # a mace takes the main hand from the dagger
    assert engine.component(engine.player, Equipment).main == mace
    assert daggers(engine) == [stack] and engine.item_count(stack) == 3


def test_a_lone_dagger_is_wielded_as_it_is(engines):
    engine = scenario(engines, ROOM)
    dagger = start.give(engine, engine.player, "dagger")
    engine.submit(A.Wield(dagger))
    assert engine.component(engine.player, Equipment).off == dagger
