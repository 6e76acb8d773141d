"""What the player carries: identical things stack, and each thing keeps its letter.

Potions, scrolls, ammunition and weapons made for throwing (javelins, darts) stack with what
is identical to them: the same name and the same magic (``Powers``). An item gets its
inventory letter (a-z, then A-Z) when it is first carried and keeps it for the whole game:
a thing dropped and picked up again takes its old letter back if it is free, and a thing that
joins a stack takes the stack's. Every menu shows these letters.

A weapon in hand is one thing, never a stack: wielding from a stack of daggers takes one into
the hand (under a letter of its own) and leaves the rest in the pack to throw; nothing joins
what is in a hand, and a thing that leaves the hand rejoins its stack (``split_one``,
``rejoin``).
"""

from __future__ import annotations

import copy
import string
from typing import TYPE_CHECKING

import esper

from game.content.catalog import Catalog, MiscItem
from game.content.magic import Consumable
from game.rules.items import Ammo, Weapon
from game.world.core.components import Equipment, Inventory, Item, Powers

if TYPE_CHECKING:
    from game.world.core.engine import Engine

LETTERS = string.ascii_lowercase + string.ascii_uppercase
STACKING_KINDS = ("potion", "scroll")


def stackable(catalog: Catalog, name: str) -> bool:
    data = catalog.lookup(name)
    if isinstance(data, Ammo | MiscItem):
        return not (isinstance(data, MiscItem) and data.goal)
    if isinstance(data, Weapon):
        return data.made_for_throwing
    return isinstance(data, Consumable) and data.kind in STACKING_KINDS


def identical(a: int, b: int) -> bool:
    """The same thing with the same magic (how much it was used aside)."""
    if esper.component_for_entity(a, Item).name != esper.component_for_entity(b, Item).name:
        return False
    return _magic(a) == _magic(b)


def _magic(item: int) -> tuple | None:
    p = esper.try_component(item, Powers)
    return None if p is None else (p.enchant, p.ego, p.cursed, p.known, p.charges)


def pile_for(engine: Engine, items: list[int], item: int,
             owner: int | None = None) -> int | None:
    """The stack among ``items`` (carried by ``owner``, if anyone) that ``item`` would join,
    if it stacks at all: never what is in the owner's hands."""
    if not stackable(engine.catalog, esper.component_for_entity(item, Item).name):
        return None
    hands = () if owner is None else in_hand(owner)
    return next((i for i in items if i != item and i not in hands and identical(i, item)),
                None)


HANDS = ("main", "off")


def in_hand(owner: int) -> tuple[int | None, ...]:
    eq = esper.try_component(owner, Equipment)
    return (None,) if eq is None else tuple(getattr(eq, slot) for slot in HANDS)


def split_one(engine: Engine, owner: int, item: int) -> int | None:
    """One thing off a carried stack, under a free letter of its own (the stack keeps its
    letter); the thing itself when it is alone; None when no letter is free."""
    stack = esper.component_for_entity(item, Item)
    if stack.count <= 1:
        return item
    letter = free_letter(owner)
    if letter is None:
        return None
    parts: tuple[object, ...] = esper.components_for_entity(item)
    one = engine.store.create(*(copy.copy(c) for c in parts))
    esper.component_for_entity(one, Item).count, esper.component_for_entity(one, Item).letter \
        = 1, letter
    stack.count -= 1
    inventory = esper.component_for_entity(owner, Inventory)
    inventory.items = [*inventory.items, one]
    return one


def rejoin(engine: Engine, owner: int, item: int | None) -> None:
    """A carried thing out of the hand joins an identical stack in the pack, if there is one."""
    carried = esper.component_for_entity(owner, Inventory).items
    if item is None or item not in carried or item in in_hand(owner):
        return
    pile = pile_for(engine, carried, item, owner)
    if pile is not None:
        esper.component_for_entity(pile, Item).count += esper.component_for_entity(item, Item).count
        carried.remove(item)
        engine.store.delete(item)


def free_letter(owner: int, wanted: str = "") -> str | None:
    """``wanted`` if no carried thing has it, else the first free letter (None: all taken)."""
    taken = {esper.component_for_entity(i, Item).letter
             for i in esper.component_for_entity(owner, Inventory).items}
    if wanted and wanted not in taken:
        return wanted
    return next((c for c in LETTERS if c not in taken), None)


def take(engine: Engine, owner: int, item: int) -> int | None:
    """Put ``item`` (held by no one, on no cell) into ``owner``'s pack: it joins an identical
    stack or gets its letter. Returns what now holds it, or None when every letter is taken."""
    carried = esper.component_for_entity(owner, Inventory).items
    pile = pile_for(engine, carried, item, owner)
    if pile is not None:
        esper.component_for_entity(pile, Item).count += esper.component_for_entity(item, Item).count
        engine.store.delete(item)
        return pile
    component = esper.component_for_entity(item, Item)
    letter = free_letter(owner, component.letter)
    if letter is None:
        return None
    component.letter = letter
    component.thrown = False
    carried.append(item)
    return item


def by_letter(items: list[int]) -> list[int]:
    """Carried things in letter order."""
    return sorted(items, key=lambda i: LETTERS.find(esper.component_for_entity(i, Item).letter))
