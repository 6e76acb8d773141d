"""The few items that are neither weapons, armour nor magic, from ``assets/misc.toml``: the
healing potion and the goal, which the game places by name, and any other a character may
start with."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.rules import bounds as B
from game.rules.dice import Dice

from .loader import ASSETS_DIR, ContentError, Source, Spec, file_label, load_named

MISC_FILE = "misc.toml"
HEALING_POTION = "healing potion"
GOAL_ITEM = "amulet of the deep"


@dataclass(frozen=True, slots=True)
class MiscItem:
    name: str
    glyph: str
    colour: tuple[int, int, int]
    weight: int
    heals: Dice | None = None
    goal: bool = False
    description: str = ""


MISC_FIELDS: dict[str, Spec] = {
    "glyph": Spec("str", required=True),
    "colour": Spec("colour", required=True),
    "weight": Spec("int", required=True, bound=B.WEIGHT),
    "heals": Spec("dice"),
    "goal": Spec("bool"),
    "description": Spec("str", required=True),
}


def load_misc(path: Path | Source | None = None) -> dict[str, MiscItem]:
    """The ``[misc."name"]`` entries of ``path`` (default ``assets/misc.toml``), which must hold
    the healing potion (with its ``heals``) and the goal (the one entry with ``goal``)."""
    source = ASSETS_DIR / MISC_FILE if path is None else path
    items = load_named(source, "misc", MISC_FIELDS, _item)
    goals = [name for name, item in items.items() if item.goal]
    where = source.label if isinstance(source, Source) else file_label(source)
    if HEALING_POTION not in items or items[HEALING_POTION].heals is None:
        raise ContentError(f"{where}: the game needs [misc.{HEALING_POTION!r}] with its 'heals'")
    if goals != [GOAL_ITEM]:
        raise ContentError(f"{where}: the game needs [misc.{GOAL_ITEM!r}] with goal = true, "
                           f"and no other goal (found {goals!r})")
    return items


def _item(where: str, name: str, fields: dict[str, Any]) -> MiscItem:
    glyph = fields["glyph"]
    if len(glyph) != 1 or not glyph.isprintable() or glyph.isspace():
        raise ContentError(f"{where}: field 'glyph': must be one printable character, "
                           f"not {glyph!r}")
    return MiscItem(name=name, **fields)


@lru_cache(maxsize=1)
def kit_items() -> frozenset[str]:
    """The game's own misc things a character may start with (all but the goal)."""
    return frozenset(name for name, item in load_misc().items() if not item.goal)
