"""The item commands (drop, wield, wear, take off, quaff): the menus that offer the carried
things each fits (the world's rule, ``game.world.play.choices``) and submit its Action,
picking up, and the inventory list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules import charscreen
from game.rules.items import Armour, Weapon
from game.world.core import actions as A
from game.world.core.components import Health
from game.world.game import Game
from game.world.play import choices, knowledge

from . import describe
from .menus import Entry, MenuScreen
from .screen import POP, STAY, Push, Session, Step


@dataclass(frozen=True, slots=True)
class ItemCommand:
    """An item command's menu: which things it offers is ``choices.FITS[name]``."""

    title: str
    verb: str  # for "You have nothing to ..."
    action: Callable[[int], A.Action]


ITEM_COMMANDS = {
    "drop": ItemCommand("Drop what?", "drop", A.Drop),
    "wield": ItemCommand("Wield or ready what?", "wield", A.Wield),
    "wear": ItemCommand("Wear what?", "wear", A.Wear),
    "takeoff": ItemCommand("Take off what?", "take off", A.TakeOff),
    "quaff": ItemCommand("Quaff what?", "drink", A.Quaff),
}


def choose(session: Session, title: str, items: list[int],
           action: Callable[[int], A.Action], *, carried: bool = True) -> Step:
    """A menu of ``items`` (carried ones under their own letters); choosing one submits its
    action and closes the menu."""
    engine = session.engine

    def pick(item: int) -> Step:
        session.act(action(item))
        return POP

    entries = describe.item_entries(engine, items) if carried else [
        Entry(describe.item_label(engine, i), i) for i in items]
    return Push(MenuScreen(title, entries, pick))


def item_command(session: Session, name: str) -> Step:
    command = ITEM_COMMANDS[name]
    items = choices.fitting(session.engine, name)
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
    entries = [Entry(describe.item_label(engine, i), i) for i in items]
    return Push(PickUpMenu(session, entries))


def pick_up_all(session: Session, items: list[int]) -> None:
    """Take each in turn (a step's time each), until one is refused or something happens."""
    for item in items:
        hp = session.engine.store.get(session.engine.player, Health).hp
        result = session.act(A.PickUp(item))
        if not isinstance(result, A.Done) or session.engine.over or \
                session.engine.store.get(session.engine.player, Health).hp < hp:
            return


class PickUpMenu(MenuScreen):
    """Pick up what? A letter takes one thing; g or , takes everything."""

    ALL_KEYS = ("g", ",")

    def __init__(self, session: Session, entries: list[Entry]) -> None:
        super().__init__("Pick up what? (g or , : everything)", entries, self._one)
        self.session = session

    def _one(self, item: int) -> Step:
        self.session.act(A.PickUp(item))
        return POP

    def handle_key(self, key: str) -> Step:
        if key in self.ALL_KEYS:
            pick_up_all(self.session, [e.value for e in self.entries])
            return POP
        return super().handle_key(key)


def _note(engine: Game, item: int) -> str:
    """The weight, and for armour what it does ("Pv 3 (slashing 4, piercing 2)")."""
    weight = describe.pounds(describe.weight_tenths(engine, item))
    data = describe.item_data(engine, item)
    return f"{charscreen.armour_words(data)}  {weight}" if isinstance(data, Armour) else weight


def inventory_screen(session: Session) -> MenuScreen:
    """Everything carried, where it is held or worn, its weight, and the load in all."""
    engine = session.engine
    items = engine.inventory()
    entries = describe.item_entries(engine, items, lambda i: _note(engine, i))
    total = sum(describe.weight_tenths(engine, i) for i in items)
    note = f"Carrying {describe.pounds(total)}: {describe.burden(engine)}  (a letter examines)"
    return MenuScreen("Inventory", entries, lambda item: Push(examine(session, item)), note=note)


def examine(session: Session, item: int) -> MenuScreen:
    """An item's numbers as they would be in use, beside the same numbers now."""
    engine = session.engine
    data = describe.item_data(engine, item)
    me = engine.player
    thrower = engine.fighter(me, known_only=True, thrown=item) \
        if isinstance(data, Weapon) and data.made_for_throwing else None
    lines = charscreen.item_lines(engine.fighter(me, known_only=True),
                                  engine.fighter(me, known_only=True, trying=item), data,
                                  in_use=engine.equipped_slot(item) is not None,
                                  thrower=thrower, rules=engine.rules)
    lines.append(f"Weight {describe.pounds(describe.weight_tenths(engine, item))}")
    text = knowledge.description(engine, item)  # what the player knows of it, no more
    if text:
        lines.append(text)
    return MenuScreen(engine.item_name(item), [Entry(line, key=" ") for line in lines])
