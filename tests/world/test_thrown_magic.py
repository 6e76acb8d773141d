"""A thrown magic weapon stays itself: it lands, and is picked up again, with its enchantment,
affix, curse and what is known of it; its own magic serves the throw."""

from __future__ import annotations

from dataclasses import astuple

from test_scenarios import attacks, rig, scenario

from game.world.core import actions as A
from game.world.core.components import Equipment, Inventory, Item, Powers
from game.world.play import stacks

HALL = """
#########
#@......#
#########
"""


def give(engine, name: str, powers: Powers, count: int = 1) -> int:
    return stacks.take(engine, engine.player, engine.create_item(name, count, None, powers))


def landed(engine, x: int, y: int) -> int:
    items = engine.items_at(x, y)
    assert len(items) == 1, items
    return items[0]


def test_a_thrown_magic_dagger_lands_and_comes_back_with_all_its_magic(engines):
    engine = scenario(engines, HALL)
    magic = Powers(enchant=2, ego="of slaying", cursed=True, known=False, uses=3)
    dagger = give(engine, "dagger", magic)
    letter = engine.component(dagger, Item).letter
    assert isinstance(engine.submit(A.Throw(dagger, 4, 1)), A.Done)
    lying = landed(engine, 4, 1)
    assert astuple(engine.component(lying, Powers)) == astuple(magic)
    assert engine.item_name(lying) == "dagger"  # not known: it still goes by its plain name
    for _ in range(3):
        engine.submit(A.Move(1, 0))
    assert isinstance(engine.submit(A.PickUp(lying)), A.Done)
    back, = [i for i in engine.inventory() if engine.item_name_only(i) == "dagger"]
    assert astuple(engine.component(back, Powers)) == astuple(magic)
    assert engine.component(back, Item).letter == letter


def test_one_of_a_magic_stack_thrown_keeps_the_stacks_magic(engines):
    engine = scenario(engines, HALL)
    magic = Powers(enchant=1, known=True)
    stack = give(engine, "javelin", magic, count=3)
    plain = give(engine, "javelin", None)  # a plain javelin is another stack
    assert plain != stack
    engine.submit(A.Throw(stack, 5, 1))
    lying = landed(engine, 5, 1)
    assert engine.item_count(stack) == 2 and engine.item_count(lying) == 1
    assert astuple(engine.component(lying, Powers)) == astuple(magic)
    assert engine.item_name(lying) == "+1 javelin"
    engine.submit(A.Throw(plain, 5, 1))  # lands on the same cell, but not on the magic one
    assert len(engine.items_at(5, 1)) == 2


def test_the_thrown_weapons_own_magic_serves_the_throw(engines):
    engine = scenario(engines, HALL.replace("......", ".k...."), {"k": "kobold"})
    dagger = give(engine, "dagger", Powers(enchant=2, ego="of accuracy", known=True))
    rig(engine, 1, 1, 1)  # a low roll: only the modifiers are looked at
    blow, = attacks(engine.submit(A.Throw(dagger, 3, 1)), engine.player)
    magic = [m.amount for m in blow.outcome.attack.to_hit_mods
             if m.reason == "+2 dagger of accuracy"]
    assert sorted(magic) == [2, 2]  # the enchantment and the affix


def test_a_cursed_weapon_in_hand_cannot_be_thrown(engines):
    engine = scenario(engines, HALL)
    dagger = give(engine, "dagger", Powers(cursed=True))
    engine.submit(A.Wield(dagger))
    held = engine.component(engine.player, Equipment).off
    assert engine.submit(A.Throw(held, 4, 1)) == A.Impossible(
        "Your dagger is cursed: it will not leave you.")
    assert held in engine.component(engine.player, Inventory).items
