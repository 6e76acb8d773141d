"""The few items that are neither weapons nor armour: the healing potion and the goal."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import Dice


@dataclass(frozen=True, slots=True)
class MiscItem:
    name: str
    glyph: str
    colour: tuple[int, int, int]
    weight: int
    heals: Dice | None = None
    goal: bool = False
    description: str = ""


HEALING_POTION = "healing potion"
GOAL_ITEM = "amulet of the deep"
MISC_ITEMS = {
    HEALING_POTION: MiscItem(HEALING_POTION, "!", (220, 60, 90), 5, heals=Dice(2, 6, 4),
                             description="A red draught that closes wounds and stops bleeding."),
    GOAL_ITEM: MiscItem(GOAL_ITEM, '"', (255, 215, 0), 3, goal=True,
                        description="The amulet you came for. Carry it up and out to win."),
}
