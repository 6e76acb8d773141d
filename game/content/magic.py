"""Magic's tables: affixes (``assets/magic.toml``), potions, scrolls, wands and books, their
appearances, and the spells (``assets/spells.toml``).

Every entry is checked as strictly as the armoury: one line naming the file, the entry and
the field for anything wrong. The plain pieces that carry magic (rings, amulets, cloaks,
caps, gloves, boots) are armour entries of ``assets/wearables.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import bounds as B
from game.rules.dice import Dice
from game.rules.magic import ELEMENTS, MAX_RESIST
from game.rules.profiles import MAGIC_KINDS
from game.rules.spells import EFFECTS, SHAPES, Spell

from .loader import (
    ASSETS_DIR,
    Source,
    Spec,
    check_entries,
    entry_where,
    field_error,
    load_named,
    read_toml,
    unknown,
)

MAGIC_FILE = "magic.toml"
SPELLS_FILE = "spells.toml"
WEARABLES_FILE = "wearables.toml"

AFFIX_ON = ("weapon", "missile", "body", "shield", "cloak", "head", "hands", "feet", "ring",
            "neck")
"""What an affix may sit on: a weapon held to fight, a missile weapon, or armour by slot."""
CONSUMABLE_KINDS = ("potion", "scroll", "wand", "book")
GLYPHS = {"potion": ("!", (90, 160, 230)), "scroll": ("?", (235, 230, 190)),
          "wand": ("-", (200, 140, 255)), "book": ("+", (180, 110, 60))}
POTION_EFFECTS = ("heal", "cure", "speed", "resist", "dazzle", "restore")
SCROLL_EFFECTS = ("identify", "teleport", "remove curse", "enchant weapon", "enchant armour",
                  "magic mapping")
RESIST_KINDS = tuple(f"resist_{e}" for e in ELEMENTS)


@dataclass(frozen=True, slots=True)
class Affix:
    """A magical power an item may be made with: "long sword of slaying"."""

    name: str  # "of slaying", or "hardened" with ``prefix``
    on: tuple[str, ...]
    powers: dict[str, int]  # what -> amount (game.rules.profiles.MAGIC_KINDS)
    description: str
    depth: int = 1
    frequency: int = 10
    prefix: bool = False
    cursed: bool = False  # cannot be taken off until uncursed


@dataclass(frozen=True, slots=True)
class Consumable:
    """A potion, a scroll, a wand or a book."""

    name: str
    kind: str  # one of CONSUMABLE_KINDS
    description: str
    effect: str = ""  # a potion's or scroll's (POTION_EFFECTS, SCROLL_EFFECTS)
    spell: str = ""  # what a wand casts or a book teaches
    dice: Dice | None = None  # a potion's healing
    duration: int = 0  # 6 s ticks of a potion's effect
    charges: Dice | None = None  # a wand's, when made
    depth: int = 1
    frequency: int = 10
    weight: int = 5
    known: bool = False  # every adventurer knows it (the healing potion, books)

    @property
    def glyph(self) -> str:
        return GLYPHS[self.kind][0]

    @property
    def colour(self) -> tuple[int, int, int]:
        return GLYPHS[self.kind][1]


@dataclass(frozen=True, slots=True)
class MagicTables:
    affixes: dict[str, Affix]
    consumables: dict[str, Consumable]
    appearances: dict[str, tuple[str, ...]]  # kind -> words ("murky"), shuffled per game
    spells: dict[str, Spell]


AFFIX_FIELDS = {
    "on": Spec("names", required=True, choices=AFFIX_ON),
    "powers": Spec("ranks", required=True, bound=B.POWER, choices=MAGIC_KINDS, refers="power"),
    "description": Spec("str", required=True),
    "depth": Spec("int", bound=B.DEPTH),
    "frequency": Spec("int", bound=B.FREQUENCY),
    "prefix": Spec("bool"),
    "cursed": Spec("bool"),
}
CONSUMABLE_FIELDS = {
    "description": Spec("str", required=True),
    "effect": Spec("str", choices=POTION_EFFECTS + SCROLL_EFFECTS),
    "spell": Spec("str", refers="spell"),
    "dice": Spec("dice"),
    "duration": Spec("int", bound=B.DURATION),
    "charges": Spec("dice"),
    "depth": Spec("int", bound=B.DEPTH),
    "frequency": Spec("int", bound=B.FREQUENCY),
    "weight": Spec("int", bound=B.WEIGHT),
    "known": Spec("bool"),
}
APPEARANCE_FIELDS = {k: Spec("names") for k in ("potion", "scroll", "wand")}
"""The words ("murky") an unknown potion, scroll or wand is seen as: free words, no names."""
SPELL_FIELDS = {
    "level": Spec("int", required=True, bound=B.SPELL_LEVEL),
    "cost": Spec("int", required=True, bound=B.SPELL_COST),
    "shape": Spec("str", required=True, choices=SHAPES),
    "effect": Spec("str", required=True, choices=EFFECTS),
    "description": Spec("str", required=True),
    "element": Spec("str", choices=ELEMENTS, refers="element"),
    "damage": Spec("dice"),
    "range": Spec("int", bound=B.RANGE),
    "radius": Spec("int", bound=B.RADIUS),
    "duration": Spec("int", bound=B.DURATION),
    "amount": Spec("int", bound=B.AMOUNT),
    "noun": Spec("str"),
    "ticks": Spec("int", bound=B.TICKS),
}


def load_spells(path: Path | Source | None = None) -> dict[str, Spell]:
    return load_named(ASSETS_DIR / SPELLS_FILE if path is None else path, "spell",
                      SPELL_FIELDS, _spell)


def _spell(where: str, name: str, fields: dict[str, Any]) -> Spell:
    spell = Spell(name=name, **fields)
    if (spell.effect == "damage") != (spell.damage is not None and bool(spell.element)):
        raise field_error(where, "damage", "a damaging spell needs damage dice and an element, "
                                           "and only a damaging spell has them")
    if (spell.shape == "self") != (spell.range == 0):
        raise field_error(where, "range", "a spell on oneself has no range; any other needs one")
    if (spell.shape == "ball") != (spell.radius > 0):
        raise field_error(where, "radius", "a ball needs a radius, and only a ball has one")
    if spell.effect != "damage" and spell.duration < 1:
        raise field_error(where, "duration", f"a {spell.effect} spell needs a duration")
    return spell


def load_magic(spells: dict[str, Spell], path: Path | Source | None = None) -> MagicTables:
    """Affixes, consumables by kind, and appearances; wands and books must name a spell."""
    label, data = read_toml(ASSETS_DIR / MAGIC_FILE if path is None else path,
                            allowed=("affix", *CONSUMABLE_KINDS, "appearances"),
                            required=("affix", "appearances"))
    affixes = {name: Affix(name=name, **f)
               for name, f in check_entries(label, "affix", data["affix"], AFFIX_FIELDS)}
    consumables: dict[str, Consumable] = {}
    for kind in CONSUMABLE_KINDS:
        for name, f in check_entries(label, kind, data.get(kind, {}), CONSUMABLE_FIELDS):
            consumables[name] = _consumable(entry_where(label, kind, name), name, kind, f, spells)
    words = check_entries(label, "appearances", {"words": data["appearances"]},
                          APPEARANCE_FIELDS)[0][1]
    for kind, names in words.items():
        unknown = [c for c in consumables.values() if c.kind == kind and not c.known]
        if len(names) < len(unknown):
            raise field_error(entry_where(label, "appearances", "words"), kind,
                              f"{len(names)} appearances for {len(unknown)} unknown {kind}s")
    for name, affix in affixes.items():
        for what in affix.powers:
            if what in RESIST_KINDS and not 0 < affix.powers[what] <= MAX_RESIST:
                raise field_error(entry_where(label, "affix", name), "powers",
                                  f"a resistance is 1 to {MAX_RESIST}")
    return MagicTables(affixes, consumables, dict(words), spells)


def _consumable(where: str, name: str, kind: str, f: dict[str, Any],
                spells: dict[str, Spell]) -> Consumable:
    item = Consumable(name=name, kind=kind, **f)
    needs_spell = kind in ("wand", "book")
    if needs_spell != bool(item.spell):
        raise field_error(where, "spell", "a wand or a book names a spell, and only they do")
    if item.spell and item.spell not in spells:
        raise field_error(where, "spell", unknown("spell", item.spell, spells))
    effects = {"potion": POTION_EFFECTS, "scroll": SCROLL_EFFECTS}.get(kind, ())
    if bool(effects) != bool(item.effect) or (item.effect and item.effect not in effects):
        raise field_error(where, "effect", f"a {kind} " + (
            f"has one of {', '.join(effects)}" if effects else "has no effect of its own"))
    if (kind == "wand") != (item.charges is not None):
        raise field_error(where, "charges", "a wand needs its charges, and only a wand has them")
    return item
