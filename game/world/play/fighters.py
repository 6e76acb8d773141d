"""Building the rules' ``Fighter`` from an entity's components.

One function for the player and creatures alike, so the attack in play, the @ screen, the odds
inspector and the fight simulator all see the same numbers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game import __version__
from game.content.catalog import Catalog, ItemData
from game.rules import profiles, stats
from game.rules.items import Ammo, Armour, Weapon
from game.world.core.components import (
    Attributes,
    Creature,
    Effects,
    Equipment,
    Health,
    Hero,
    Inventory,
    Item,
    Player,
    Powers,
    Stance,
)
from game.world.core.components import Training as TrainingC

from . import magic_items
from .effects import WEAKENED

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

WORN_SLOTS = ("body", "cloak", "head", "hands", "feet", "ring", "neck")


def item_data(store: Store, catalog: Catalog, eid: int | None) -> ItemData | None:
    """The table entry behind an item entity (None for an empty slot)."""
    if eid is None:
        return None
    return catalog.lookup(store.get(eid, Item).name)


def carried_weight(store: Store, catalog: Catalog, eid: int) -> int:
    """Tenths of a pound: everything in the inventory, worn and held included."""
    inventory = store.find(eid, Inventory)
    if inventory is None:
        return 0
    total = 0
    for item in inventory.items:
        component = store.get(item, Item)
        total += catalog.weight(component.name) * component.count
    return total


def burden(store: Store, catalog: Catalog, eid: int) -> str:
    """How loaded the entity is, from what it carries and its Strength."""
    return stats.burden(carried_weight(store, catalog, eid),
                        store.get(eid, Attributes).strength)


def fighter(store: Store, catalog: Catalog, eid: int, *, in_wall: bool = False,
            known_only: bool = False, thrown: int | None = None, trying: int | None = None,
            made_by: str = __version__) -> profiles.Fighter:
    """The Fighter for any combatant as it stands now, all its magic counted. ``known_only``:
    as the @ screen shows it (only identified powers; nothing of the moment, as being
    dazzled). ``thrown``: an item about to be thrown, whose own magic serves the throw.
    ``trying``: the player as it would be with that carried item in use (``in_use``), its own
    magic in its place and the magic of what it puts aside gone: what examining it shows.
    ``made_by``: the game version that began the game, whose rules of magic it counts by
    (``magic_items.item_magic``)."""
    eq = store.find(eid, Equipment)
    if trying is not None and eq is not None:
        eq = in_use(store, catalog, eq, trying)
    found = _fighter(store, catalog, eid, in_wall, eq)
    magic = found.magic + carried_magic(store, catalog, eid, known_only, thrown, eq, made_by)
    magic += effect_magic(store, catalog, eid)
    dazzled = not known_only and effect_ticks(store, eid, "dazzled") > 0
    halved = not known_only and effect_ticks(store, eid, WEAKENED) > 0
    return replace(found, magic=magic, dazzled=dazzled, halved=halved)


def in_use(store: Store, catalog: Catalog, eq: Equipment, item: int) -> Equipment:
    """The equipment with ``item`` where examining puts it: a weapon in the main hand (a
    two-handed one empties the off hand), a missile weapon readied, ammunition quivered, a
    shield in the off hand, armour in its slot; whatever was there is put aside."""
    data = item_data(store, catalog, item)
    out = replace(eq)
    for slot, held in out.slots().items():
        if held == item:
            setattr(out, slot, None)
    if isinstance(data, Ammo):
        out.ammo = item
    elif isinstance(data, Weapon) and data.is_missile:
        out.missile = item
    elif isinstance(data, Weapon):
        out.main = item
        if data.two_handed:
            out.off = None
    elif isinstance(data, Armour):
        if data.is_shield:
            out.off = item
            main = item_data(store, catalog, out.main)
            if isinstance(main, Weapon) and main.two_handed:
                out.main = None
        else:
            setattr(out, data.slot, item)
    return out


def carried_magic(store: Store, catalog: Catalog, eid: int, known_only: bool,
                  thrown: int | None, eq: Equipment | None = None,
                  made_by: str = __version__) -> tuple[profiles.Magic, ...]:
    """The magic of what the entity holds and wears (a creature: everything it carries);
    ``eq``: the equipment to count, when not the entity's own (``in_use``)."""
    if eq is None:
        eq = store.find(eid, Equipment)
    if eq is not None:
        places = [(slot, item) for slot, item in eq.slots().items() if item is not None]
    else:
        inventory = store.find(eid, Inventory)
        places = [("main" if _is_weapon(store, catalog, i) else "worn", i)
                  for i in (inventory.items if inventory else [])]
    if thrown is not None:
        places.append(("thrown", thrown))
    out: list[profiles.Magic] = []
    for slot, item in places:
        powers = store.find(item, Powers)
        if powers is None or (known_only and not powers.known):
            continue
        out += magic_items.item_magic(catalog, store.get(item, Item).name,
                                      powers, slot, made_by=made_by)
    return tuple(out)


def _is_weapon(store: Store, catalog: Catalog, item: int) -> bool:
    return isinstance(item_data(store, catalog, item), Weapon)


EFFECT_MAGIC = {"resist": tuple((f"resist_{e}", 1) for e in ("fire", "cold", "lightning"))}
"""What a timed effect adds while it lasts (a potion of resistance: level 1 to each)."""


def effect_ticks(store: Store, eid: int, name: str) -> int:
    effects = store.find(eid, Effects)
    return effects.ticks.get(name, 0) if effects is not None else 0


def effect_magic(store: Store, catalog: Catalog, eid: int) -> tuple[profiles.Magic, ...]:
    """Magic from timed effects: a shield spell's Deflection (the effect is named for the
    spell), a potion's resistances."""
    effects = store.find(eid, Effects)
    if effects is None:
        return ()
    out = []
    for name, ticks in sorted(effects.ticks.items()):
        if ticks <= 0:
            continue
        spell = catalog.magic.spells.get(name)
        if spell is not None and spell.effect == "shield":
            out.append(profiles.Magic("deflection", spell.amount, name))
        for what, amount in EFFECT_MAGIC.get(name, ()):
            out.append(profiles.Magic(what, amount, "potion of resistance"))
    return tuple(out)


def _fighter(store: Store, catalog: Catalog, eid: int, in_wall: bool,
             eq: Equipment | None) -> profiles.Fighter:
    creature = store.find(eid, Creature)
    held = store.find(eid, Stance)
    stance = stats.STANCES[held.name] if held is not None else None
    health = store.get(eid, Health)
    if creature is not None:
        kind = catalog.creatures[creature.kind]
        base = kind.fighter()
        changes: dict[str, Any] = dict(max_hp=health.max_hp)
        if stance is not None:
            changes["stance"] = stance
        if in_wall:
            changes["wall"] = kind.wall_defence
        return replace(base, **changes)
    assert eq is not None  # the player holds and wears
    return _player_fighter(store, catalog, eid, stance or stats.NORMAL, health.max_hp, eq)


def skill_names(catalog: Catalog) -> list[str]:
    """Every skill a rank can be had in: the weapons', Unarmed, Shields, Tumble, Stealth."""
    names = {w.skill for w in catalog.armoury.weapons.values()}
    return sorted(names | {"Unarmed", profiles.SHIELD_SKILL, *stats.OTHER_SKILLS})


def _hero_parts(store: Store, catalog: Catalog, eid: int) -> dict:
    """What race and class add to the player's Fighter: talents, rage and natural armour."""
    player = store.find(eid, Player)
    if player is None or player.character not in catalog.characters:
        return {}
    hero = store.find(eid, Hero)
    race = catalog.race(player.character)
    return dict(talents=catalog.hero_class(player.character).talents_at(
                    hero.level if hero else 1),
                raging=hero is not None and hero.rage > 0, level=hero.level if hero else 1,
                natural_protection=race.natural_protection, natural_noun=race.natural_noun)


def _player_fighter(store: Store, catalog: Catalog, eid: int, stance: stats.Stance,
                    max_hp: int, eq: Equipment) -> profiles.Fighter:
    attrs = store.get(eid, Attributes)
    training = store.get(eid, TrainingC)
    worn = tuple(a for a in (item_data(store, catalog, getattr(eq, s)) for s in WORN_SLOTS)
                 if isinstance(a, Armour))
    ammo = item_data(store, catalog, eq.ammo)
    return profiles.Fighter(
        strength=attrs.strength, dexterity=attrs.dexterity, constitution=attrs.constitution,
        skills=dict(training.skills), styles=dict(training.styles), stance=stance,
        main_hand=_held(item_data(store, catalog, eq.main)),
        off_hand=_held(item_data(store, catalog, eq.off)),
        missile=missile_weapon(store, catalog, eq),
        ammo=ammo if isinstance(ammo, Ammo) else None,
        worn=worn, burden=burden(store, catalog, eid),
        max_hp=max_hp, **_hero_parts(store, catalog, eid),
    )


def missile_weapon(store: Store, catalog: Catalog, eq: Equipment) -> Weapon | None:
    """The weapon in the missile slot (what the Fighter shoots with), if any."""
    missile = item_data(store, catalog, eq.missile)
    return missile if isinstance(missile, Weapon) else None


def _held(data: ItemData | None) -> Weapon | Armour | None:
    return data if isinstance(data, Weapon | Armour) else None


def known_defence(engine: Engine) -> profiles.DefenceProfile:
    """The player's Defence (Dv: ``.total()``) and Protection (Pv: ``.protection``), counting
    only the magic the player knows of: what the @ screen, the status line and the env show."""
    return profiles.defence(engine.fighter(engine.player, known_only=True))
