"""The item commands: which carried things fit each (drop, wield, wear, take off, quaff), the
menus that pick one and submit its Action, picking up, and the inventory list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.content.catalog import MiscItem
from game.content.magic import Consumable
from game.rules import charscreen
from game.rules.items import THROWN_ONLY, Ammo, Armour, Weapon
from game.world import actions as A
from game.world.engine import Engine

from . import describe
from .menus import Entry, MenuScreen
from .screen import POP, STAY, Push, Session, Step

HELD_SLOTS = ("main", "off", "missile", "ammo")


def _wieldable(engine: Engine, item: int) -> bool:
    data = describe.item_data(engine, item)
    fits = (isinstance(data, Weapon) and data.held != THROWN_ONLY) or isinstance(data, Ammo) \
        or (isinstance(data, Armour) and data.is_shield)
    return fits and engine.equipped_slot(item) not in HELD_SLOTS


def _wearable(engine: Engine, item: int) -> bool:
    return isinstance(describe.item_data(engine, item), Armour) \
        and engine.equipped_slot(item) is None


def _in_use(engine: Engine, item: int) -> bool:
    return engine.equipped_slot(item) is not None


def _drinkable(engine: Engine, item: int) -> bool:
    data = describe.item_data(engine, item)
    return (isinstance(data, MiscItem) and data.heals is not None) or (
        isinstance(data, Consumable) and data.kind == "potion")


@dataclass(frozen=True, slots=True)
class ItemCommand:
    title: str
    verb: str  # for "You have nothing to ..."
    fits: Callable[[Engine, int], bool]
    action: Callable[[int], A.Action]


ITEM_COMMANDS = {
    "drop": ItemCommand("Drop what?", "drop", lambda e, i: True, A.Drop),
    "wield": ItemCommand("Wield or ready what?", "wield", _wieldable, A.Wield),
    "wear": ItemCommand("Wear what?", "wear", _wearable, A.Wear),
    "takeoff": ItemCommand("Take off what?", "take off", _in_use, A.TakeOff),
    "quaff": ItemCommand("Quaff what?", "drink", _drinkable, A.Quaff),
}


def choose(session: Session, title: str, items: list[int],
           action: Callable[[int], A.Action]) -> Step:
    """A menu of ``items``; choosing one submits its action and closes the menu."""
    engine = session.engine

    def pick(item: int) -> Step:
        session.act(action(item))
        return POP

    entries = [Entry(describe.item_label(engine, i), i) for i in items]
    return Push(MenuScreen(title, entries, pick))


def item_command(session: Session, name: str) -> Step:
    command = ITEM_COMMANDS[name]
    engine = session.engine
    items = [i for i in engine.inventory() if command.fits(engine, i)]
    if not items:
        session.notice = f"You have nothing to {command.verb}."
        return STAY
    return choose(session, command.title, items, command.action)


def pick_up(session: Session) -> Step:
    """One thing here: take it at once; several: ask which."""
    engine = session.engine
    pos = engine.position(engine.player)
    items = engine.items_at(pos.x, pos.y)
    if not items:
        session.notice = "There is nothing here to pick up."
        return STAY
    if len(items) == 1:
        session.act(A.PickUp(items[0]))
        return STAY
    return choose(session, "Pick up what?", items, A.PickUp)


def _note(engine: Engine, item: int) -> str:
    """The weight, and for armour what it does ("Pv 3 (slashing 4, piercing 2)")."""
    weight = describe.pounds(describe.weight_tenths(engine, item))
    data = describe.item_data(engine, item)
    return f"{charscreen.armour_words(data)}  {weight}" if isinstance(data, Armour) else weight


def inventory_screen(session: Session) -> MenuScreen:
    """Everything carried, where it is held or worn, its weight, and the load in all."""
    engine = session.engine
    items = engine.inventory()
    entries = [Entry(describe.item_label(engine, i), i, _note(engine, i)) for i in items]
    total = sum(describe.weight_tenths(engine, i) for i in items)
    note = f"Carrying {describe.pounds(total)}: {describe.burden(engine)}"
    return MenuScreen("Inventory", entries, note=note)
