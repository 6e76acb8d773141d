"""What the manual's weapon, armour and ammunition tables say about one thing.

These are the frozen types the rules compute with; ``game.content`` fills them from
``assets/*.toml``. Times are integer ticks of 0.1 s (6 seconds = 60).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .dice import Dice

# How a weapon is held (the manual's "Held" column).
MAIN_HAND = "main"  # main hand only
EITHER_HAND = "either"  # main hand or off hand
BOTH_HANDS = "both"  # main hand (both hands)
MISSILE = "missile"  # missile weapon, shoots
THROWN_ONLY = "thrown"  # the rock: a missile weapon that is thrown, not held to fight
HOLDS = (MAIN_HAND, EITHER_HAND, BOTH_HANDS, MISSILE, THROWN_ONLY)

# Where armour is worn.
SLOTS = ("body", "shield", "cloak", "head", "hands", "feet", "ring", "neck")
JEWELLERY = ("ring", "neck")  # worn for their magic alone, not as armour

DAMAGE_TYPES = ("slashing", "piercing", "bludgeoning", "bite", "claw", "sting", "unarmed", "hit",
                "fire", "cold", "lightning")
ARMOUR_KINDS = ("slashing", "piercing", "bludgeoning")
"""The kinds a piece of armour may turn better or worse ("a blade well and a point badly")."""
PHYSICAL_KIND = {"bite": "piercing", "sting": "piercing", "claw": "slashing",
                 "unarmed": "bludgeoning"}
"""How armour meets a creature's natural attacks: a bite or a sting as a point, a claw as a
blade, a fist as a club. A generic "hit" is none of them (no change)."""

BLOW_TICKS = 60
"""Bare hands, a shield bash, a shot, and a throw of a thing with no blow time of its own."""


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str  # "long sword"
    noun: str  # what messages call it: "sword"
    damage: Dice  # the weapon's own dice, with its flat bonus ("1d8+2" for the long war bow)
    threat_from: int  # lowest natural roll that threatens: 20 for "20–24"
    multiplier: int  # critical damage: 2 for "×2"
    skill: str  # "Long blades"
    held: str  # one of HOLDS
    damage_types: tuple[str, ...]  # ("slashing", "piercing")
    ticks: int = BLOW_TICKS  # a blow's time
    to_hit: int = 0  # the weapon's own bonus to hit
    thrown_range: int = 0  # cells it can be thrown; 0 when not made for throwing
    parry: int = 0  # parry bonus while held
    strength_needed: int = 0  # a bow's draw
    pierce: int = 0  # Protection it ignores
    finesse: bool = False  # Dexterity to hit up close instead of Strength
    ammo: str = ""  # what a missile weapon shoots: "arrow", "bolt", "stone"
    range: int = 0  # a missile weapon's range in steps
    weight: int = 0  # tenths of a pound, for burden
    effects: tuple[str, ...] = ()  # a creature attack's "poison" or "disease"
    frequency: int = 10  # its weight among the weapons found lying about; 0 is never
    depth: int = 1  # the shallowest depth it is found lying about on

    @property
    def is_missile(self) -> bool:
        return self.held == MISSILE

    @property
    def two_handed(self) -> bool:
        return self.held == BOTH_HANDS

    @property
    def made_for_throwing(self) -> bool:
        return self.thrown_range > 0


@dataclass(frozen=True, slots=True)
class Ammo:
    name: str  # "crossbow bolt"
    kind: str  # matches Weapon.ammo: "bolt"
    pierce: int = 0
    damage_bonus: int = 0
    to_hit: int = 0
    break_chance: int = 0  # percent chance to break when it lands
    weight: int = 0
    frequency: int = 0  # its weight among the things found lying about (a bundle); 0 never


HEAVY_WEIGHT = 200  # a piece over 20 lb is heavy (lies deeper; tides: casts worse in it)


@dataclass(frozen=True, slots=True)
class Armour:
    """A piece of armour or a shield."""

    name: str  # "chain mail shirt"
    slot: str  # one of SLOTS
    defence: int = 0
    category: str = ""  # "Armour", "Shield" or "" (the Defence kind it gives)
    protection: int = 0
    max_dex: int | None = None  # "most Dexterity adds"; None is "no limit"
    bash: Dice | None = None  # a shield's bash damage
    weight: int = 0
    noun: str = ""  # what messages call it, when not its name
    against: tuple[tuple[str, int], ...] = ()  # Protection better or worse against a kind
    frequency: int = 10  # its weight among its kind found lying about; 0 is never
    depth: int = 1  # the shallowest depth it is found lying about on

    @property
    def is_shield(self) -> bool:
        return self.slot == "shield"

    def protection_against(self, kind: str) -> int:
        """This piece's Protection against a blow of one physical kind (never below 0)."""
        change = dict(self.against).get(PHYSICAL_KIND.get(kind, kind), 0)
        return max(0, self.protection + change)


BARE_HANDS = Weapon(
    name="bare hands", noun="fist", damage=Dice(1, 3), threat_from=22, multiplier=2,
    skill="Unarmed", held=EITHER_HAND, damage_types=("unarmed",),
)


@dataclass(frozen=True, slots=True)
class Armoury:
    """Every weapon, ammunition and armour the tables define, by name."""

    weapons: dict[str, Weapon] = field(default_factory=dict)
    ammo: dict[str, Ammo] = field(default_factory=dict)
    armour: dict[str, Armour] = field(default_factory=dict)
