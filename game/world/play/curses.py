"""Cursed things: once worn or wielded they will not leave you until a scroll of remove curse
lifts the curse. Putting one on shows the curse at once, and everything else about the thing
with it (a player expects to learn what has hold of them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.core import actions as A
from game.world.core.components import Powers
from game.world.core.events import Event, Message

if TYPE_CHECKING:
    from game.world.core.engine import Engine


def cursed(engine: Engine, item: int | None) -> bool:
    powers = engine.component(item, Powers) if item is not None else None
    return powers is not None and powers.cursed


def stuck(engine: Engine, *items: int | None) -> A.Impossible | None:
    """Why one of ``items``, worn or held now, cannot leave its place (None when all can)."""
    for item in items:
        if item is not None and engine.equipped_slot(item) is not None and cursed(engine, item):
            return A.Impossible(f"Your {engine.item_name_only(item)} is cursed: "
                                f"it will not leave you.")
    return None


def equipped(engine: Engine, item: int) -> list[Event]:
    """Putting it on: a cursed thing clings, and is known for what it is."""
    if not cursed(engine, item):
        return []
    engine.store.get(item, Powers).known = True
    return [Message(f"The {engine.item_name_only(item)} is cursed! It clings to you.", "bad")]
