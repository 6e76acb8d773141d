"""Everything the tables define, loaded once for each set of tables: the armoury, creatures,
characters and the few items that are neither weapons nor armour, from ``assets/`` with any
overlays laid over it (``layers``). Each game holds its own (``engine.catalog``); the world
asks the game's catalog, never the files."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from game.rules.items import Ammo, Armour, Armoury, Weapon

from .characters import CHARACTERS_FILE, CharacterKind, load_characters
from .creatures import CREATURES_FILE, CreatureKind, load_creatures
from .feuds import FEUDS_FILE, load_feuds
from .heroes import (
    CLASSES_FILE,
    RACES_FILE,
    HeroClass,
    Race,
    all_characters,
    load_classes,
    load_races,
)
from .layers import lay
from .loader import (
    ARMOUR_FILE,
    ASSETS_DIR,
    WEAPONS_FILE,
    ContentError,
    Label,
    Source,
    load_armour,
    load_weapons,
    parse_toml,
)
from .magic import (
    MAGIC_FILE,
    SPELLS_FILE,
    WEARABLES_FILE,
    Consumable,
    MagicTables,
    load_magic,
    load_spells,
)
from .misc import GOAL_ITEM, HEALING_POTION, MISC_FILE, MiscItem, load_misc
from .overlay import Overlay

__all__ = ["GOAL_ITEM", "HEALING_POTION", "Catalog", "MiscItem", "build_catalog",
           "load_catalog"]


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
    overlay: Overlay | None = None  # the player's overlay (a mod) these tables are under
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


def load_catalog(assets_dir: Path | None = None) -> Catalog:
    """The tables of ``assets_dir`` (default: the game's own ``assets/``), without overlays;
    a folder without its own races, classes or feuds takes the game's."""
    return build_catalog(assets_dir, (), None, None)  # four arguments always: one memo key


@lru_cache(maxsize=16)
def build_catalog(assets_dir: Path | None = None, layers: tuple[Overlay, ...] = (),
                  overlay: Overlay | None = None, made_by: str | None = None) -> Catalog:
    """The tables of ``assets_dir`` with ``layers`` (built-in overlays: ``editions``) and
    then the player's ``overlay`` laid over them (``layers.lay``), as a game made by game
    version ``made_by`` plays them (None: this version; an entry that came in later is not
    there), every entry checked by the loaders as the assets are: one ContentError line
    naming the file, the entry and the field. An error in an entry of the assets that an
    overlay made wrong (a weapon it changed, that a creature holds) says which overlay it
    was under."""
    laid = (*layers, *([overlay] if overlay is not None else []))
    try:
        return _catalog(laid_tables(assets_dir, laid, made_by), overlay)
    except ContentError as err:
        if not laid or any(str(err).startswith(o.label("")) for o in laid if o.where):
            raise
        names = " and ".join(repr(o.name) for o in laid)
        raise ContentError(f"{err} (under the overlay {names})") from None


def laid_tables(assets_dir: Path | None, laid: tuple[Overlay, ...],
                made_by: str | None) -> dict[str, Source]:
    """Each table file's data with ``laid`` laid over it, as ``made_by`` plays them, before
    the loaders check it (what ``build_catalog`` builds from, and ``fingerprints`` reads)."""
    base = {name: parse_toml(path) for name, path in _paths(assets_dir).items()}
    return lay(base, laid, made_by)


FILES = (WEAPONS_FILE, ARMOUR_FILE, WEARABLES_FILE, CREATURES_FILE, CHARACTERS_FILE,
         RACES_FILE, CLASSES_FILE, SPELLS_FILE, MAGIC_FILE, FEUDS_FILE, MISC_FILE)
_GAMES_OWN = (RACES_FILE, CLASSES_FILE, FEUDS_FILE, MISC_FILE)  # the game's, where a folder lacks


def _paths(assets_dir: Path | None) -> dict[str, Path]:
    folder = ASSETS_DIR if assets_dir is None else assets_dir
    paths = {name: folder / name for name in FILES}
    for name in _GAMES_OWN:
        if not paths[name].exists():
            paths[name] = ASSETS_DIR / name
    return paths


def _catalog(tables: dict[str, Source], overlay: Overlay | None) -> Catalog:
    weapons, ammo = load_weapons(tables[WEAPONS_FILE])
    armour = load_armour(tables[ARMOUR_FILE]) | load_armour(tables[WEARABLES_FILE])
    armoury = Armoury(weapons=weapons, ammo=ammo, armour=armour)
    spells = load_spells(tables[SPELLS_FILE])
    races = load_races(tables[RACES_FILE])
    misc = load_misc(tables[MISC_FILE])
    kit = frozenset(name for name, item in misc.items() if not item.goal)
    classes = load_classes(armoury, tables[CLASSES_FILE], tuple(spells), kit)
    ready = load_characters(armoury, tables[CHARACTERS_FILE], kit)
    creatures = load_creatures(armoury, tables[CREATURES_FILE], spells)
    characters = all_characters(ready, races, classes,
                                Label(tables[CHARACTERS_FILE].label,
                                      tables[CHARACTERS_FILE].origins))
    return Catalog(armoury, creatures, characters, misc,
                   load_magic(spells, tables[MAGIC_FILE]), races, classes,
                   load_feuds(creatures, tables[FEUDS_FILE]), overlay=overlay)
