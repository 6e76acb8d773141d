"""Creature kinds from ``assets/creatures.toml``, with their gear resolved against the armoury.

A kind's weapons, armour and ammunition are the armoury's own frozen objects, and its natural
attacks (bite, claw, touch) become ``Weapon`` values of the "Unarmed" skill, so a creature's
attack adds up through the same profile builders as the player's. Every problem is a one-line
``ContentError`` naming the file, the creature and the field. The gear helpers here are shared
with ``game.content.characters``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules import bounds as B
from game.rules import stats
from game.rules.items import (
    BOTH_HANDS,
    DAMAGE_TYPES,
    EITHER_HAND,
    MAIN_HAND,
    MISSILE,
    Ammo,
    Armour,
    Armoury,
    Weapon,
)
from game.rules.magic import ELEMENTS
from game.rules.profiles import SHIELD_SKILL, Fighter, Magic

from .loader import (
    ASSETS_DIR,
    ATTACK_EFFECTS,
    Source,
    Spec,
    check_fields,
    field_error,
    load_named,
    unknown,
)

CREATURES_FILE = "creatures.toml"
MAX_DEPTH = B.DEPTH.high  # the dungeon's depths (game.world.core.mapgen takes it from here)

# The manual: "Some things have no vitals to find, so they are immune to criticals and to sneak
# attacks. [...] These are the incorporeal (ghosts and wraiths), animated objects, and every
# creature tagged elemental, skeleton, spirit, or construct". The fleshy undead have vitals.
CRIT_IMMUNE_TAGS = frozenset({"incorporeal", "animated", "elemental", "skeleton", "spirit",
                              "construct"})
TAGS = ("incorporeal", "animated", "elemental", "skeleton", "spirit", "construct", "undead",
        "animal", "vermin", "humanoid", "kobold", "goblinoid", "orc", "giant", "unique")
BEHAVIOURS = ("hunt", "wander", "flee_when_hurt", "pack")
UNARMED_SKILL = "Unarmed"  # the weapon skill of bare hands and natural attacks

ATTACK_FIELDS: dict[str, Spec] = {
    "name": Spec("str", required=True),
    "damage": Spec("dice", required=True),
    "type": Spec("str", required=True, choices=DAMAGE_TYPES, refers="damage kind"),
    "threat_from": Spec("int", bound=B.THREAT),
    "multiplier": Spec("int", bound=B.MULTIPLIER),
    "ticks": Spec("int", bound=B.TICKS),
    "to_hit": Spec("int", bound=B.TO_HIT),
    "pierce": Spec("int", bound=B.PIERCE),
    "effects": Spec("names", choices=ATTACK_EFFECTS),
}


# --- gear, shared with characters -------------------------------------------------------


def skill_names(armoury: Armoury) -> tuple[str, ...]:
    """Every weapon skill a rank may be given in: the armoury's, bare hands' and the shield's."""
    names = ({w.skill for w in armoury.weapons.values()} | {UNARMED_SKILL, SHIELD_SKILL}
             | set(stats.OTHER_SKILLS))
    return tuple(sorted(names))


def gear_specs(armoury: Armoury, main_key: str) -> dict[str, Spec]:
    """The fields of held and worn things, ranks and stance, common to creatures and characters."""
    return {
        main_key: Spec("str", refers="weapon"),
        "off_hand": Spec("str", refers="weapon or shield"),
        "missile": Spec("str", refers="weapon"),
        "ammo": Spec("str", refers="ammunition"),
        "ammo_count": Spec("int", bound=B.SUPPLY),
        "worn": Spec("names", refers="armour"),
        "skills": Spec("ranks", choices=skill_names(armoury), bound=B.RANK, refers="skill"),
        "styles": Spec("ranks", choices=stats.STYLES, bound=B.RANK, refers="style"),
        "stance": Spec("str", choices=tuple(stats.STANCES)),
    }


def resolve_gear(armoury: Armoury, where: str, fields: dict[str, Any], main_key: str) -> None:
    """Replace the names of held, shot and worn things in ``fields`` by the armoury's objects."""
    if main_key in fields:
        fields[main_key] = weapon_named(armoury, where, main_key, fields[main_key],
                                        (MAIN_HAND, EITHER_HAND, BOTH_HANDS))
    if "off_hand" in fields:
        fields["off_hand"] = _off_hand(armoury, where, fields["off_hand"], fields.get(main_key))
    _resolve_missile(armoury, where, fields)
    if "worn" in fields:
        fields["worn"] = _worn(armoury, where, fields["worn"])


def weapon_named(armoury: Armoury, where: str, key: str, name: str,
                 holds: tuple[str, ...]) -> Weapon:
    """The armoury's weapon ``name``, which must be held one of the ways in ``holds``."""
    weapon = armoury.weapons.get(name)
    if weapon is None:
        raise field_error(where, key, unknown("weapon", name, armoury.weapons))
    if weapon.held not in holds:
        raise field_error(where, key, f"{name!r} is held {weapon.held!r}, "
                                      f"not {' or '.join(repr(h) for h in holds)}")
    return weapon


def _off_hand(armoury: Armoury, where: str, name: str,
              main: Weapon | None) -> Weapon | Armour:
    if main is not None and main.two_handed:
        raise field_error(where, "off_hand", f"the {main.name} takes both hands")
    piece = armoury.armour.get(name)
    if piece is not None:
        if not piece.is_shield:
            raise field_error(where, "off_hand", f"{name!r} is worn, not held: put it in 'worn'")
        return piece
    if name not in armoury.weapons:
        raise field_error(where, "off_hand", unknown("weapon or shield", name, [
            *armoury.weapons, *(n for n, a in armoury.armour.items() if a.is_shield)]))
    return weapon_named(armoury, where, "off_hand", name, (EITHER_HAND,))


def _resolve_missile(armoury: Armoury, where: str, fields: dict[str, Any]) -> None:
    """A missile weapon needs the ammunition it shoots, and some of it; neither goes alone."""
    if "missile" not in fields:
        for key in ("ammo", "ammo_count"):
            if key in fields:
                raise field_error(where, key, "only goes with a 'missile' weapon")
        return
    bow = fields["missile"] = weapon_named(armoury, where, "missile", fields["missile"],
                                           (MISSILE,))
    if "ammo" not in fields:
        raise field_error(where, "ammo", f"the {bow.name} needs ammunition of kind {bow.ammo!r}")
    ammo = armoury.ammo.get(fields["ammo"])
    if ammo is None:
        raise field_error(where, "ammo", unknown("ammunition", fields["ammo"], armoury.ammo))
    if ammo.kind != bow.ammo:
        raise field_error(where, "ammo", f"the {bow.name} shoots {bow.ammo!r}, not {ammo.kind!r}")
    if fields.get("ammo_count", 0) < 1:
        raise field_error(where, "ammo_count", "a missile weapon needs at least 1 to shoot")
    fields["ammo"] = ammo


def _worn(armoury: Armoury, where: str, names: tuple[str, ...]) -> tuple[Armour, ...]:
    pieces, slots = [], set()
    for name in names:
        piece = armoury.armour.get(name)
        if piece is None:
            raise field_error(where, "worn", unknown("armour", name, armoury.armour))
        if piece.is_shield:
            raise field_error(where, "worn", f"{name!r} is a shield: put it in 'off_hand'")
        if piece.slot in slots:
            raise field_error(where, "worn", f"two pieces worn on the {piece.slot}")
        slots.add(piece.slot)
        pieces.append(piece)
    return tuple(pieces)


# --- creatures --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreatureKind:
    """One kind of creature as the data describes it, at full health."""

    name: str
    glyph: str
    colour: tuple[int, int, int]
    depth: int  # the shallowest depth where it appears
    hit_points: int
    description: str
    frequency: int = 10  # relative spawn weight; 0 is never at random
    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    speed: int = 60  # ticks per step
    weapon: Weapon | None = None
    off_hand: Weapon | Armour | None = None
    missile: Weapon | None = None
    ammo: Ammo | None = None
    ammo_count: int = 0
    throws: Weapon | None = None
    throw_count: int = 0
    worn: tuple[Armour, ...] = ()
    attacks: tuple[Weapon, ...] = ()  # natural attacks, used when no weapon is held
    natural_defence: int = 0
    natural_protection: int = 0
    natural_noun: str = ""
    skills: Mapping[str, int] = field(default_factory=dict)
    styles: Mapping[str, int] = field(default_factory=dict)
    stance: str = stats.NORMAL.name
    tags: tuple[str, ...] = ()
    behaviour: str = "hunt"
    passes_walls: bool = False
    wall_defence: int = 0  # Defence of the Wall kind while it stands inside a wall
    ranged: bool = False  # prefers to shoot or throw
    willpower: int = 10  # a caster's power and chance to cast
    spells: tuple[str, ...] = ()  # what it casts (assets/spells.toml)
    resist: Mapping[str, int] = field(default_factory=dict)  # element -> level (1 to 3)

    @property
    def crit_immune(self) -> bool:
        return not CRIT_IMMUNE_TAGS.isdisjoint(self.tags)

    def fighter(self, **overrides: Any) -> Fighter:
        """This kind as a combatant at full health, out of any wall (the world sets ``wall``)."""
        base: dict[str, Any] = dict(
            strength=self.strength, dexterity=self.dexterity, constitution=self.constitution,
            level=self.depth, skills=dict(self.skills),
            styles=dict(self.styles), stance=stats.STANCES[self.stance],
            main_hand=self.weapon, off_hand=self.off_hand, missile=self.missile,
            ammo=self.ammo, worn=self.worn, natural_attacks=self.attacks,
            natural_defence=self.natural_defence, natural_protection=self.natural_protection,
            natural_noun=self.natural_noun, max_hp=self.hit_points,
            crit_immune=self.crit_immune, wall=0,
            magic=tuple(Magic(f"resist_{e}", level, f"{self.name}'s nature")
                        for e, level in sorted(self.resist.items())),
        )
        return Fighter(**(base | overrides))


def creature_specs(armoury: Armoury) -> dict[str, Spec]:
    return {
        "glyph": Spec("str", required=True),
        "colour": Spec("colour", required=True),
        "depth": Spec("int", required=True, bound=B.DEPTH),
        "hit_points": Spec("int", required=True, bound=B.HIT_POINTS),
        "description": Spec("str", required=True),
        "frequency": Spec("int", bound=B.FREQUENCY),
        "strength": Spec("int", bound=B.STAT),
        "dexterity": Spec("int", bound=B.STAT),
        "constitution": Spec("int", bound=B.STAT),
        "speed": Spec("int", bound=B.SPEED),
        **gear_specs(armoury, "weapon"),
        "throws": Spec("str", refers="weapon"),
        "throw_count": Spec("int", bound=B.SUPPLY),
        "attacks": Spec("tables"),
        "natural_defence": Spec("int", bound=B.DEFENCE),
        "natural_protection": Spec("int", bound=B.PROTECTION),
        "natural_noun": Spec("str"),
        "tags": Spec("names", choices=TAGS, refers="tag"),
        "behaviour": Spec("str", choices=BEHAVIOURS),
        "passes_walls": Spec("bool"),
        "wall_defence": Spec("int", bound=B.DEFENCE),
        "ranged": Spec("bool"),
        "willpower": Spec("int", bound=B.STAT),
        "spells": Spec("names", refers="spell"),
        "resist": Spec("ranks", choices=ELEMENTS, bound=B.RESIST, refers="element"),
    }


def load_creatures(armoury: Armoury, path: Path | Source | None = None,
                   spells: Mapping[str, Any] | None = None) -> dict[str, CreatureKind]:
    """Every creature kind of ``path`` (default ``assets/creatures.toml``), keyed by name in
    file order; the spells a caster names must be in ``spells`` when given."""
    def build(where: str, name: str, fields: dict[str, Any]) -> CreatureKind:
        for spell in fields.get("spells", ()):
            if spells is not None and spell not in spells:
                raise field_error(where, "spells", unknown("spell", spell, spells))
        return _creature(armoury, where, name, fields)

    return load_named(ASSETS_DIR / CREATURES_FILE if path is None else path, "creature",
                      creature_specs(armoury), build)


def _creature(armoury: Armoury, where: str, name: str, fields: dict[str, Any]) -> CreatureKind:
    _check_glyph(where, fields["glyph"])
    resolve_gear(armoury, where, fields, "weapon")
    _resolve_throws(armoury, where, fields)
    if "attacks" in fields:
        fields["attacks"] = _natural_attacks(where, fields["attacks"])
    _check_creature(where, fields)
    return CreatureKind(name=name, **fields)


def _check_glyph(where: str, glyph: str) -> None:
    if len(glyph) != 1 or not glyph.isprintable() or glyph.isspace():
        raise field_error(where, "glyph", f"must be one printable character, not {glyph!r}")


def _resolve_throws(armoury: Armoury, where: str, fields: dict[str, Any]) -> None:
    if "throws" not in fields:
        if "throw_count" in fields:
            raise field_error(where, "throw_count", "only goes with 'throws'")
        return
    weapon = armoury.weapons.get(fields["throws"])
    if weapon is None:
        raise field_error(where, "throws", unknown("weapon", fields["throws"], armoury.weapons))
    if not weapon.made_for_throwing:
        raise field_error(where, "throws", f"the {weapon.name} is not made for throwing")
    if fields.get("throw_count", 0) < 1:
        raise field_error(where, "throw_count", "a thrower needs at least 1 to throw")
    fields["throws"] = weapon


def _natural_attacks(where: str, tables: tuple[dict, ...]) -> tuple[Weapon, ...]:
    attacks = []
    for index, table in enumerate(tables):
        name = table.get("name")
        label = f"{where}: attack {name!r}" if isinstance(name, str) else f"{where}: attack {index}"
        attacks.append(natural_attack(check_fields(label, table, ATTACK_FIELDS)))
    names = [a.name for a in attacks]
    if len(set(names)) != len(names):
        raise field_error(where, "attacks", f"names one twice: {names!r}")
    return tuple(attacks)


def natural_attack(fields: dict[str, Any]) -> Weapon:
    """A bite, claw or touch as a weapon of the Unarmed skill, named by what messages call it."""
    fields = dict(fields)
    name, kind = fields.pop("name"), fields.pop("type")
    defaults = {"threat_from": 22, "multiplier": 2}
    return Weapon(name=name, noun=name, skill=UNARMED_SKILL, held=EITHER_HAND,
                  damage_types=(kind,), **(defaults | fields))


def _check_creature(where: str, fields: dict[str, Any]) -> None:
    """Checks across fields: each says why the data would not mean what it seems to."""
    held = [fields.get(k) for k in ("weapon", "off_hand")]
    if fields.get("attacks") and any(isinstance(h, Weapon) for h in held):
        raise field_error(where, "attacks", "a creature holding a weapon fights with it; "
                                            "its natural attacks would never be used")
    natural = fields.get("natural_defence", 0) or fields.get("natural_protection", 0)
    if bool(natural) != bool(fields.get("natural_noun")):
        raise field_error(where, "natural_noun", "natural Defence or Protection needs its noun "
                                                 "('shell', 'hide'), and a noun needs one of them")
    if fields.get("wall_defence", 0) and not fields.get("passes_walls"):
        raise field_error(where, "wall_defence", "only a creature that passes walls stands in one")
    if fields.get("ranged") and not (fields.get("missile") or fields.get("throws")):
        raise field_error(where, "ranged", "needs a 'missile' weapon or something it 'throws'")
