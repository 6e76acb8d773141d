"""Races and classes from ``assets/races.toml`` and ``assets/classes.toml``, and the characters
built from them.

A class is a starting build without a race (stats, gear, ranks) plus hit points per level and
its talents by level; a race changes the stats and brings one trait. Every race and class make a
character named "<race> <class>"; the ready characters of characters.toml (quick picks) keep
their own numbers under the same kind of name and take their race's trait and their class's
levels from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.rules import bounds as B
from game.rules.items import Armoury
from game.rules.talents import TALENTS

from .characters import CharacterKind, character_specs, check_inventory
from .creatures import resolve_gear
from .loader import ASSETS_DIR, ContentError, Source, Spec, entry_where, load_named, unknown

RACES_FILE, CLASSES_FILE = "races.toml", "classes.toml"
TRAITS = ("Quick study", "Hardy", "Light step", "Scales")


@dataclass(frozen=True, slots=True)
class Race:
    name: str
    description: str
    trait: str
    trait_text: str
    strength: int = 0
    dexterity: int = 0
    constitution: int = 0
    willpower: int = 0
    natural_protection: int = 0
    natural_noun: str = ""


@dataclass(frozen=True, slots=True)
class HeroClass:
    name: str
    kit: CharacterKind  # the class's stats and gear, as a build with no race
    hp_per_level: int
    talents: Mapping[str, int] = field(default_factory=dict)  # talent name: level it comes at

    def talents_at(self, level: int) -> tuple[str, ...]:
        """The class's talents held at ``level``, in the order they come."""
        return tuple(name for name, at in sorted(self.talents.items(), key=lambda t: t[1])
                     if at <= level)


RACE_SPECS = {
    "description": Spec("str", required=True),
    "trait": Spec("str", required=True, choices=TRAITS),
    "trait_text": Spec("str", required=True),
    **{name: Spec("int", bound=B.STAT_CHANGE)
       for name in ("strength", "dexterity", "constitution", "willpower")},
    "natural_protection": Spec("int", bound=B.PROTECTION),
    "natural_noun": Spec("str"),
}


def class_specs(armoury: Armoury, spells: tuple[str, ...] = ()) -> dict[str, Spec]:
    specs = {k: v for k, v in character_specs(armoury).items() if k not in ("race", "class")}
    return specs | {
        "hp_per_level": Spec("int", required=True, bound=B.HP_PER_LEVEL),
        "talents": Spec("ranks", choices=tuple(TALENTS), bound=B.LEVEL, refers="talent"),
        "spells": Spec("names", choices=spells, refers="spell"),
    }


def load_races(path: Path | Source | None = None) -> dict[str, Race]:
    return load_named(ASSETS_DIR / RACES_FILE if path is None else path, "race", RACE_SPECS,
                      lambda where, name, fields: Race(name=name, **fields))


def load_classes(armoury: Armoury, path: Path | Source | None = None,
                 spells: tuple[str, ...] = (),
                 kit: frozenset[str] | None = None) -> dict[str, HeroClass]:
    """``spells`` names the spells a class may start knowing; ``kit`` the misc things it may
    carry (default the game's own)."""
    return load_named(ASSETS_DIR / CLASSES_FILE if path is None else path, "class",
                      class_specs(armoury, spells),
                      lambda where, name, fields: _class(armoury, where, name, fields, kit))


def _class(armoury: Armoury, where: str, name: str, fields: dict[str, Any],
           carried: frozenset[str] | None) -> HeroClass:
    resolve_gear(armoury, where, fields, "main_hand")
    check_inventory(armoury, where, fields, carried)
    hp_per_level = fields.pop("hp_per_level")
    talents = fields.pop("talents", {})
    kit = CharacterKind(name=name, race="", class_=name, **fields)
    return HeroClass(name, kit, hp_per_level, talents)


def build(race: Race, hero_class: HeroClass) -> CharacterKind:
    """The character of a race and a class: the class's kit with the race's changes."""
    kit = hero_class.kit
    changed = {stat: max(1, getattr(kit, stat) + getattr(race, stat))
               for stat in ("strength", "dexterity", "constitution", "willpower")}
    return replace(kit, name=f"{race.name} {hero_class.name}", race=race.name,
                   description=f"{race.description} {kit.description}", ready=False, **changed)


def all_characters(ready: dict[str, CharacterKind], races: dict[str, Race],
                   classes: dict[str, HeroClass],
                   label: str = "characters.toml") -> dict[str, CharacterKind]:
    """The ready characters first (a quick pick wins over the build of the same name), then
    every race and class; a ready character's race and class must exist (``label``: how
    messages name the file the ready ones came from)."""
    for kind in ready.values():
        where = entry_where(label, "character", kind.name)
        if kind.race not in races:
            raise ContentError(f"{where}: field 'race': {unknown('race', kind.race, races)}")
        if kind.class_ not in classes:
            raise ContentError(f"{where}: field 'class': "
                               f"{unknown('class', kind.class_, classes)}")
    built = {f"{r} {c}": build(races[r], classes[c]) for r in races for c in classes}
    return dict(ready) | {name: kind for name, kind in built.items() if name not in ready}

