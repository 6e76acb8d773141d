"""What the player carries: identical things stack, and each thing keeps its letter.

Potions, scrolls, ammunition and weapons made for throwing (javelins, darts) stack with what
is identical to them: the same name and the same magic (``Powers``). An item gets its
inventory letter (a-z, then A-Z) when it is first carried and keeps it for the whole game:
a thing dropped and picked up again takes its old letter back if it is free, and a thing that
joins a stack takes the stack's. Every menu shows these letters.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

import esper

from game.content.catalog import Catalog, MiscItem
from game.content.magic import Consumable
from game.rules.items import Ammo, Weapon

from .components import Inventory, Item, Powers

if TYPE_CHECKING:
    from .engine import Engine

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


def pile_for(engine: Engine, items: list[int], item: int) -> int | None:
    """The stack among ``items`` that ``item`` would join, if it stacks at all."""
    if not stackable(engine.catalog, esper.component_for_entity(item, Item).name):
        return None
    return next((i for i in items if i != item and identical(i, item)), None)


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
    pile = pile_for(engine, carried, item)
    if pile is not None:
        esper.component_for_entity(pile, Item).count += esper.component_for_entity(item, Item).count
        esper.delete_entity(item, immediate=True)
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
