"""Auto-pickup: stepping onto potions, scrolls or the missiles you shot or threw picks them up.

It lives in the interface, not the rules: it submits ordinary PickUp actions, which the
recording keeps, so a game replays the same whatever the option was. Auto-explore and travel
walk with the same steps and so pick up the same things. ``Options.auto_pickup`` turns it off.
"""

from __future__ import annotations

from game.content.catalog import MiscItem
from game.content.magic import Consumable
from game.world.core import actions as A
from game.world.core.components import Item
from game.world.game import Game
from game.world.play.player_actions import taken_from_floor
from game.world.play.stacks import STACKING_KINDS


def wanted(engine: Game, item: int) -> bool:
    component = engine.store.get(item, Item)
    data = engine.catalog.lookup(component.name)
    if component.thrown:
        return True
    if isinstance(data, Consumable):
        return data.kind in STACKING_KINDS
    return isinstance(data, MiscItem) and data.heals is not None


def after_step(engine: Game, act) -> None:
    """Pick up what is wanted on the player's cell, one recorded action each; what it took
    is no longer in the step's "You see here: ..." (the pick-up says it)."""
    pos = engine.position(engine.player)
    turn, taken = engine.turn, []
    for item in engine.items_at(pos.x, pos.y):
        if engine.over or not wanted(engine, item):
            continue
        name = engine.item_name(item)
        if not isinstance(act(A.PickUp(item)), A.Done):
            break
        taken.append(name)
    if taken:
        taken_from_floor(engine, taken, turn)
