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

from game.content.catalog import Catalog, MiscItem
from game.content.magic import Consumable
from game.rules.items import Ammo, Weapon
from game.world.core.components import Dropped, Equipment, Inventory, Item, Powers

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

LETTERS = string.ascii_lowercase + string.ascii_uppercase
STACKING_KINDS = ("potion", "scroll")


def stackable(catalog: Catalog, name: str) -> bool:
    data = catalog.lookup(name)
    if isinstance(data, Ammo | MiscItem):
        return not (isinstance(data, MiscItem) and data.goal)
    if isinstance(data, Weapon):
        return data.made_for_throwing
    return isinstance(data, Consumable) and data.kind in STACKING_KINDS


def identical(store: Store, a: int, b: int) -> bool:
    """The same thing with the same magic (how much it was used aside)."""
    if store.get(a, Item).name != store.get(b, Item).name:
        return False
    return _magic(store, a) == _magic(store, b)


def _magic(store: Store, item: int) -> tuple | None:
    p = store.find(item, Powers)
    return None if p is None else (p.enchant, p.ego, p.cursed, p.known, p.charges)


def pile_for(engine: Engine, items: list[int], item: int,
             owner: int | None = None) -> int | None:
    """The stack among ``items`` (carried by ``owner``, if anyone) that ``item`` would join,
    if it stacks at all: never what is in the owner's hands."""
    if not stackable(engine.catalog, engine.store.get(item, Item).name):
        return None
    hands = () if owner is None else in_hand(engine.store, owner)
    return next((i for i in items
                 if i != item and i not in hands and identical(engine.store, i, item)), None)


HANDS = ("main", "off")


def in_hand(store: Store, owner: int) -> tuple[int | None, ...]:
    eq = store.find(owner, Equipment)
    return (None,) if eq is None else tuple(getattr(eq, slot) for slot in HANDS)


def split_one(engine: Engine, owner: int, item: int) -> int | None:
    """One thing off a carried stack, under a free letter of its own (the stack keeps its
    letter); the thing itself when it is alone; None when no letter is free."""
    stack = engine.store.get(item, Item)
    if stack.count <= 1:
        return item
    letter = free_letter(engine.store, owner)
    if letter is None:
        return None
    parts = tuple(engine.store.components(item).values())
    one = engine.store.create(*(copy.copy(c) for c in parts))
    copied = engine.store.get(one, Item)
    copied.count, copied.letter = 1, letter
    stack.count -= 1
    inventory = engine.store.get(owner, Inventory)
    inventory.items = [*inventory.items, one]
    return one


def rejoin(engine: Engine, owner: int, item: int | None) -> None:
    """A carried thing out of the hand joins an identical stack in the pack, if there is one."""
    inventory = engine.store.get(owner, Inventory)
    carried = inventory.items
    if item is None or item not in carried or item in in_hand(engine.store, owner):
        return
    pile = pile_for(engine, carried, item, owner)
    if pile is not None:
        engine.store.get(pile, Item).count += engine.store.get(item, Item).count
        inventory.items = [i for i in carried if i != item]  # set anew (world.core.changes)
        engine.store.delete(item)


def free_letter(store: Store, owner: int, wanted: str = "") -> str | None:
    """``wanted`` if no carried thing has it, else the first free letter (None: all taken)."""
    taken = {store.get(i, Item).letter for i in store.get(owner, Inventory).items}
    if wanted and wanted not in taken:
        return wanted
    return next((c for c in LETTERS if c not in taken), None)


def take(engine: Engine, owner: int, item: int) -> int | None:
    """Put ``item`` (held by no one, on no cell) into ``owner``'s pack: it joins an identical
    stack or gets its letter (and is no longer one the player dropped). Returns what now
    holds it, or None when every letter is taken."""
    if engine.store.has(item, Dropped):
        engine.store.remove(item, Dropped)
    inventory = engine.store.get(owner, Inventory)
    pile = pile_for(engine, inventory.items, item, owner)
    if pile is not None:
        engine.store.get(pile, Item).count += engine.store.get(item, Item).count
        engine.store.delete(item)
        return pile
    component = engine.store.get(item, Item)
    letter = free_letter(engine.store, owner, component.letter)
    if letter is None:
        return None
    component.letter = letter
    component.thrown = False
    inventory.items = [*inventory.items, item]  # set anew (world.core.changes)
    return item


def by_letter(store: Store, items: list[int]) -> list[int]:
    """Carried things in letter order."""
    return sorted(items, key=lambda i: LETTERS.find(store.get(i, Item).letter))
