"""What the player does with belongings: pick up, drop, wield, wear, take off, quaff, quiver.

Each handler takes the engine and its action and returns Done, Impossible or Instead; the engine
spends the time a Done reports.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import stats
from game.rules.items import THROWN_ONLY, Ammo, Armour, Weapon
from game.world.core import actions as A
from game.world.core.components import Dropped, Equipment, Inventory, Item, Position, Powers
from game.world.core.events import Event, Message

from . import curses, fighters, stacks

if TYPE_CHECKING:
    from game.world.core.engine import Engine

DROPPED_KEPT = "0.4.0"  # from this game version a dropped thing is marked Dropped (autopickup)



def pickup(engine: Engine, action: A.PickUp) -> A.Result:
    pos = engine.position(engine.player)
    if action.item not in engine.items_at(pos.x, pos.y):
        return A.Impossible("There is nothing like that here.")
    carried = engine.store.get(engine.player, Inventory).items
    if stacks.pile_for(engine, carried, action.item, engine.player) is None \
            and stacks.free_letter(engine.store, engine.player) is None:
        return A.Impossible("You cannot carry any more things.")
    name = engine.item_name(action.item)
    engine.store.remove(action.item, Position)
    held = stacks.take(engine, engine.player, action.item)
    assert held is not None  # it has a pile or a free letter: asked above
    letter = engine.store.get(held, Item).letter
    events: list[Event] = [Message(f"You pick up the {name} ({letter}).")]
    return A.Done(tuple(events), stats.STEP_TICKS)


def owned(engine: Engine, item: int) -> bool:
    return item in engine.store.get(engine.player, Inventory).items


def drop(engine: Engine, action: A.Drop) -> A.Result:
    if not owned(engine, action.item):
        return A.Impossible("You do not have that.")
    why = curses.stuck(engine, action.item)
    if why is not None:
        return why
    unequip(engine, action.item)
    _without(action.item, engine.store.get(engine.player, Inventory))
    pos = engine.position(engine.player)
    engine.store.add(action.item, Position(pos.x, pos.y, pos.depth))
    if engine.since(DROPPED_KEPT):  # auto-pickup and explore leave it (a pick-up takes it off)
        engine.store.add(action.item, Dropped())
    return A.Done((Message(f"You drop the {engine.item_name(action.item)}."),), stats.STEP_TICKS)


def unequip(engine: Engine, item: int) -> str | None:
    eq = engine.store.get(engine.player, Equipment)
    for slot, held in eq.slots().items():
        if held == item:
            setattr(eq, slot, None)
            return slot
    return None


def wield(engine: Engine, action: A.Wield) -> A.Result:
    """Wield a weapon or shield: a missile weapon goes to the missile slot, ammunition to
    the quiver, a shield to the off hand, a second one-handed weapon to the off hand."""
    if not owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = engine.catalog.lookup(engine.store.get(action.item, Item).name)
    eq = engine.store.get(engine.player, Equipment)
    slot = wield_slot(engine, data, eq, action.item)
    if slot is None:
        if isinstance(data, Weapon) and data.held == THROWN_ONLY:
            return A.Impossible(f"The {data.name} is for throwing, not for wielding "
                                f"(t or T throws it).")
        return A.Impossible(f"You cannot wield the {engine.item_name(action.item)}.")
    both = slot == "main" and isinstance(data, Weapon) and data.two_handed
    why = curses.stuck(engine, action.item, getattr(eq, slot), eq.off if both else None,
                       eq.main if slot == "off" and two_handed(engine, eq.main) else None)
    if why is not None:
        return why
    item = stacks.split_one(engine, engine.player, action.item) if slot in stacks.HANDS \
        else action.item
    if item is None:
        return A.Impossible("You have no free letter to take one from the stack.")
    unequip(engine, item)
    left = [getattr(eq, slot)]
    if both:
        left.append(eq.off)
        eq.off = None
    if slot == "off" and two_handed(engine, eq.main):
        left.append(eq.main)
        eq.main = None
    setattr(eq, slot, item)
    for other in left:
        stacks.rejoin(engine, engine.player, other)
    verb = "ready" if slot in ("missile", "ammo") else "wield"
    events = [Message(f"You {verb} the {engine.item_name(item)}.")]
    return A.Done(tuple(events + curses.equipped(engine, item)), stats.STEP_TICKS)


def two_handed(engine: Engine, item: int | None) -> bool:
    data = fighters.item_data(engine.store, engine.catalog, item)
    return isinstance(data, Weapon) and data.two_handed


def wield_slot(engine: Engine, data, eq: Equipment, item: int) -> str | None:
    if isinstance(data, Ammo):
        return "ammo"
    if isinstance(data, Weapon):
        if data.is_missile:
            return "missile"
        if data.held == THROWN_ONLY:  # a rock is a missile, thrown, never a club in hand
            return None
        if data.held == "either" and eq.main not in (None, item) and eq.off is None \
                and not two_handed(engine, eq.main):
            return "off"
        return "main"
    if isinstance(data, Armour) and data.is_shield:
        return "off" if eq.off is None or eq.main is not None else "main"
    return None


def wear(engine: Engine, action: A.Wear) -> A.Result:
    if not owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = engine.catalog.lookup(engine.store.get(action.item, Item).name)
    if not isinstance(data, Armour):
        return A.Impossible(f"You cannot wear the {engine.item_name(action.item)}.")
    if data.is_shield:
        return wield(engine, A.Wield(action.item))
    eq = engine.store.get(engine.player, Equipment)
    why = curses.stuck(engine, action.item, getattr(eq, data.slot))
    if why is not None:
        return why
    unequip(engine, action.item)
    setattr(eq, data.slot, action.item)
    events = [Message(f"You put on the {engine.item_name(action.item)}.")]
    return A.Done(tuple(events + curses.equipped(engine, action.item)), 2 * stats.STEP_TICKS)


def takeoff(engine: Engine, action: A.TakeOff) -> A.Result:
    if not owned(engine, action.item) or engine.equipped_slot(action.item) is None:
        return A.Impossible("You are not wearing or holding that.")
    why = curses.stuck(engine, action.item)
    if why is not None:
        return why
    unequip(engine, action.item)
    message = Message(f"You take off the {engine.item_name(action.item)}.")
    stacks.rejoin(engine, engine.player, action.item)
    return A.Done((message,), stats.STEP_TICKS)


def let_go(engine: Engine, item: int) -> tuple[str, str, Powers | None]:
    """One of a carried thing leaves the pack (shot or thrown): its name, its letter and a copy
    of its magic (enchantment, affix, curse, what is known of it), for the thing that lands."""
    powers = engine.store.find(item, Powers)
    flying = (engine.item_name_only(item), engine.store.get(item, Item).letter,
              None if powers is None else replace(powers))
    consume(engine, item)
    return flying


def consume(engine: Engine, item: int) -> None:
    component = engine.store.get(item, Item)
    component.count -= 1
    if component.count <= 0:
        unequip(engine, item)
        _without(item, engine.store.get(engine.player, Inventory))
        engine.store.delete(item)


def quiver(engine: Engine, action: A.Quiver) -> A.Result:
    if not owned(engine, action.item):
        return A.Impossible("You do not have that.")
    if not isinstance(engine.catalog.lookup(engine.item_name_only(action.item)), Ammo):
        return A.Impossible("You can only quiver arrows, bolts and sling stones.")
    return wield(engine, A.Wield(action.item))


def _without(item: int, inventory: Inventory) -> None:
    """The inventory without ``item``: a new list (never changed in place: world.core.changes)."""
    items = list(inventory.items)
    items.remove(item)
    inventory.items = items
