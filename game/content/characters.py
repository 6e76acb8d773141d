"""Starting characters from ``assets/characters.toml``: the builds a player picks from.

Held and worn things are resolved against the armoury with the same gear helpers as creatures,
so a starting build can only name what the armoury defines; the world makes an item of each
by its ``name``. Hit points are ``base_hp`` plus twice the Constitution modifier (a decision:
the manual's Stats page is missing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import bounds as B
from game.rules import stats
from game.rules.items import Ammo, Armour, Armoury, Weapon
from game.rules.profiles import Fighter

from .creatures import gear_specs, resolve_gear
from .loader import ASSETS_DIR, Source, Spec, field_error, load_named, unknown
from .misc import kit_items

CHARACTERS_FILE = "characters.toml"

HP_PER_CON_MODIFIER = 2


@dataclass(frozen=True, slots=True)
class CharacterKind:
    """A starting build: stats, ranks, and what it holds, wears and carries."""

    name: str
    race: str
    class_: str
    description: str
    base_hp: int
    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    willpower: int = 10
    main_hand: Weapon | None = None
    off_hand: Weapon | Armour | None = None
    missile: Weapon | None = None
    ammo: Ammo | None = None
    ammo_count: int = 0
    worn: tuple[Armour, ...] = ()
    skills: Mapping[str, int] = field(default_factory=dict)
    styles: Mapping[str, int] = field(default_factory=dict)
    stance: str = stats.NORMAL.name
    inventory: tuple[str, ...] = ()  # item names; a name twice is two of it
    spells: tuple[str, ...] = ()  # spells known from the start (a caster class's)
    ready: bool = False  # one of the ready characters of characters.toml (a quick pick)

    @property
    def hit_points(self) -> int:
        """base_hp + 2 x Constitution modifier, at least 1."""
        return max(1, self.base_hp + HP_PER_CON_MODIFIER * stats.modifier(self.constitution))

    def fighter(self, **overrides: Any) -> Fighter:
        """This build as a combatant at full health."""
        base: dict[str, Any] = dict(
            strength=self.strength, dexterity=self.dexterity, constitution=self.constitution,
            skills=dict(self.skills),
            styles=dict(self.styles), stance=stats.STANCES[self.stance],
            main_hand=self.main_hand, off_hand=self.off_hand, missile=self.missile,
            ammo=self.ammo, worn=self.worn, max_hp=self.hit_points,
        )
        return Fighter(**(base | overrides))


def character_specs(armoury: Armoury) -> dict[str, Spec]:
    return {
        "race": Spec("str", required=True, refers="race"),
        "class": Spec("str", required=True, refers="class"),
        "description": Spec("str", required=True),
        "base_hp": Spec("int", required=True, bound=B.BASE_HP),
        "strength": Spec("int", bound=B.STAT),
        "dexterity": Spec("int", bound=B.STAT),
        "constitution": Spec("int", bound=B.STAT),
        "willpower": Spec("int", bound=B.STAT),
        **gear_specs(armoury, "main_hand"),
        "inventory": Spec("names", unique=False, refers="item"),
    }


def load_characters(armoury: Armoury, path: Path | Source | None = None,
                    kit: frozenset[str] | None = None) -> dict[str, CharacterKind]:
    """Every starting build of ``path`` (default ``assets/characters.toml``), keyed by name in
    file order. ``kit``: the misc things a character may carry (default the game's own)."""
    return load_named(ASSETS_DIR / CHARACTERS_FILE if path is None else path, "character",
                      character_specs(armoury),
                      lambda where, name, fields: _character(armoury, where, name, fields, kit))


def _character(armoury: Armoury, where: str, name: str, fields: dict[str, Any],
               kit: frozenset[str] | None) -> CharacterKind:
    resolve_gear(armoury, where, fields, "main_hand")
    check_inventory(armoury, where, fields, kit)
    fields["class_"] = fields.pop("class")
    return CharacterKind(name=name, ready=True, **fields)


def check_inventory(armoury: Armoury, where: str, fields: dict[str, Any],
                    kit: frozenset[str] | None = None) -> None:
    """What a build carries is the armoury's or one of ``kit``'s misc things (default: the
    game's own, all but the goal)."""
    known = (kit_items() if kit is None else kit).union(armoury.weapons, armoury.armour,
                                                        armoury.ammo)
    for item in fields.get("inventory", ()):
        if item not in known:
            raise field_error(where, "inventory", unknown("item", item, known))
