"""Auto-pickup: a step onto potions, scrolls, the healing potion or the missiles the player shot
or threw picks them up, when the game was begun with the option (``Engine.auto_pickup``).
What the player dropped is left where it lies (game 0.4.0 on: ``Dropped``, set by the drop and
taken off by a pick-up by hand), as DCSS leaves dropped items.

It is a rule of the game, so it happens in the world, as part of the step (``player_actions
.move``): the player, the bot and the env play by it alike, a replay does it again from the
recorded option, and the step's one Done holds its events and its time (a pick-up's time
each, as picking up by hand takes). Games saved before the option existed recorded their
auto-pickups as PickUp actions of their own; they load with it off and replay as they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.catalog import MiscItem
from game.content.magic import Consumable
from game.world.core import actions as A
from game.world.core.components import Dropped, Item
from game.world.core.events import Event, Message

from . import belongings
from .stacks import STACKING_KINDS

if TYPE_CHECKING:
    from game.world.core.engine import Engine


def wanted(engine: Engine, item: int) -> bool:
    """A thing auto-pickup takes: one the player shot or threw, a potion or scroll (the
    kinds that stack), or the healing potion; never one the player dropped (``Dropped``,
    game 0.4.0 on, as DCSS leaves dropped items), unless a missile the player shot or threw
    has joined it since."""
    component = engine.store.get(item, Item)
    if component.thrown:
        return True
    if engine.store.has(item, Dropped):
        return False
    data = engine.catalog.lookup(component.name)
    if isinstance(data, Consumable):
        return data.kind in STACKING_KINDS
    return isinstance(data, MiscItem) and data.heals is not None


def take(engine: Engine) -> tuple[list[str], list[Event], int]:
    """Pick up what is wanted on the player's cell: the names taken (as the floor listed
    them), the events, and the ticks the pick-ups took. The first refused pick-up (a full
    pack) says why and ends it."""
    pos = engine.position(engine.player)
    names: list[str] = []
    events: list[Event] = []
    ticks = 0
    for item in engine.items_at(pos.x, pos.y):
        if not wanted(engine, item):
            continue
        name = engine.item_name(item)
        result = belongings.pickup(engine, A.PickUp(item))
        if not isinstance(result, A.Done):  # a full pack: why, and no more
            if isinstance(result, A.Impossible):
                events.append(Message(result.reason))
            break
        names.append(name)
        events += result.events
        ticks += result.ticks
    return names, events, ticks
