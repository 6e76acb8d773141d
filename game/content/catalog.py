"""Everything the tables define, loaded once: the armoury, creatures, characters and the few
items that are neither weapons nor armour. The world asks the catalog, never the files."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from game.rules.items import Ammo, Armour, Armoury, Weapon

from .characters import CharacterKind, load_characters
from .creatures import CreatureKind, load_creatures
from .feuds import load_feuds
from .heroes import HeroClass, Race, all_characters, load_classes, load_races
from .loader import ASSETS_DIR, load_armour, load_armoury
from .magic import WEARABLES_FILE, Consumable, MagicTables, load_magic, load_spells
from .misc import GOAL_ITEM, HEALING_POTION, MISC_ITEMS, MiscItem

__all__ = ["GOAL_ITEM", "HEALING_POTION", "MISC_ITEMS", "Catalog", "MiscItem", "load_catalog"]


WEAPON_GLYPH, ARMOUR_GLYPH, SHIELD_GLYPH, AMMO_GLYPH = ")", "[", "]", "/"
ItemData = Weapon | Armour | Ammo | MiscItem | Consumable
JEWEL_GLYPHS = {"ring": ("=", (230, 200, 90)), "neck": ('"', (230, 160, 90))}


@dataclass(frozen=True, slots=True)
class Catalog:
    armoury: Armoury
    creatures: dict[str, CreatureKind]
    characters: dict[str, CharacterKind]  # the ready ones first, then every race and class
    misc: dict[str, MiscItem]
    magic: MagicTables = field(default_factory=lambda: MagicTables({}, {}, {}, {}))
    races: dict[str, Race] = field(default_factory=dict)
    classes: dict[str, HeroClass] = field(default_factory=dict)
    rivals: frozenset[tuple[str, str]] = frozenset()  # kinds that fight each other on sight
    # name -> table entry, as ``lookup`` found it: the tables are filled as they load and never
    # changed after (``replace`` makes a new catalog, and with it an empty memo)
    _found: dict[str, ItemData] = field(default_factory=dict, init=False, repr=False,
                                        compare=False)

    def hero_class(self, character: str) -> HeroClass:
        return self.classes[self.characters[character].class_]

    def race(self, character: str) -> Race:
        return self.races[self.characters[character].race]

    def lookup(self, name: str) -> ItemData:
        found = self._found.get(name)
        if found is None:
            found = self._found[name] = self._search(name)
        return found

    def _search(self, name: str) -> ItemData:
        for table in (self.armoury.weapons, self.armoury.armour, self.armoury.ammo, self.misc,
                      self.magic.consumables):
            if name in table:
                return table[name]
        raise KeyError(f"no item called {name!r}")

    def item_names(self) -> list[str]:
        return sorted({*self.armoury.weapons, *self.armoury.armour, *self.armoury.ammo,
                       *self.misc, *self.magic.consumables})

    def weight(self, name: str) -> int:
        return self.lookup(name).weight

    def glyph(self, name: str) -> tuple[str, tuple[int, int, int]]:
        data = self.lookup(name)
        if isinstance(data, MiscItem | Consumable):
            return data.glyph, data.colour
        if isinstance(data, Weapon):
            return WEAPON_GLYPH, (190, 190, 210)
        if isinstance(data, Ammo):
            return AMMO_GLYPH, (170, 140, 100)
        if data.is_shield:
            return SHIELD_GLYPH, (160, 160, 120)
        if data.slot in JEWEL_GLYPHS:
            return JEWEL_GLYPHS[data.slot]
        return ARMOUR_GLYPH, (140, 170, 200)


@lru_cache(maxsize=4)
def load_catalog(assets_dir: Path | None = None) -> Catalog:
    armoury = load_armoury(assets_dir)
    folder = ASSETS_DIR if assets_dir is None else assets_dir
    armoury = replace(armoury, armour=armoury.armour | load_armour(folder / WEARABLES_FILE))
    creatures_path = characters_path = None
    if assets_dir is not None:
        creatures_path = assets_dir / "creatures.toml"
        characters_path = assets_dir / "characters.toml"
    spells = load_spells(folder / "spells.toml")
    races, classes = load_races(_own(assets_dir, "races.toml")), load_classes(
        armoury, _own(assets_dir, "classes.toml"), tuple(spells))
    ready = load_characters(armoury, characters_path)
    creatures = load_creatures(armoury, creatures_path, spells)
    return Catalog(armoury, creatures, all_characters(ready, races, classes), dict(MISC_ITEMS),
                   load_magic(spells, folder / "magic.toml"), races, classes,
                   load_feuds(creatures, _own(assets_dir, "feuds.toml")))


def _own(assets_dir: Path | None, name: str) -> Path | None:
    """A folder's own table, or None (the game's) when the folder has none."""
    if assets_dir is not None and (assets_dir / name).exists():
        return assets_dir / name
    return None
