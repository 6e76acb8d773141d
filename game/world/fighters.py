"""Building the rules' ``Fighter`` from an entity's components.

One function for the player and creatures alike, so the attack in play, the @ screen, the odds
inspector and the fight simulator all see the same numbers.
"""

from __future__ import annotations

from dataclasses import replace

import esper

from game.content.catalog import Catalog
from game.rules import profiles, stats
from game.rules.items import Ammo, Armour, Weapon

from .components import Attributes, Creature, Equipment, Health, Inventory, Item, Stance
from .components import Training as TrainingC

WORN_SLOTS = ("body", "cloak", "head", "hands", "feet")


def item_data(catalog: Catalog, eid: int | None) -> Weapon | Armour | Ammo | None:
    """The table entry behind an item entity (None for an empty slot or a misc item)."""
    if eid is None:
        return None
    return catalog.lookup(esper.component_for_entity(eid, Item).name)


def carried_weight(catalog: Catalog, eid: int) -> int:
    """Tenths of a pound: everything in the inventory, worn and held included."""
    inventory = esper.try_component(eid, Inventory)
    if inventory is None:
        return 0
    total = 0
    for item in inventory.items:
        component = esper.component_for_entity(item, Item)
        total += catalog.weight(component.name) * component.count
    return total


def burden(catalog: Catalog, eid: int) -> str:
    """How loaded the entity is, from what it carries and its Strength."""
    return stats.burden(carried_weight(catalog, eid),
                        esper.component_for_entity(eid, Attributes).strength)


def fighter(catalog: Catalog, eid: int, *, in_wall: bool = False) -> profiles.Fighter:
    """The Fighter for any combatant as it stands now."""
    creature = esper.try_component(eid, Creature)
    stance = stats.STANCES[esper.component_for_entity(eid, Stance).name] \
        if esper.has_component(eid, Stance) else None
    health = esper.component_for_entity(eid, Health)
    if creature is not None:
        kind = catalog.creatures[creature.kind]
        base = kind.fighter()
        changes = dict(max_hp=health.max_hp)
        if stance is not None:
            changes["stance"] = stance
        if in_wall:
            changes["wall"] = kind.wall_defence
        return replace(base, **changes)
    return _player_fighter(catalog, eid, stance or stats.NORMAL, health.max_hp)


def _player_fighter(catalog: Catalog, eid: int, stance: stats.Stance,
                    max_hp: int) -> profiles.Fighter:
    attrs = esper.component_for_entity(eid, Attributes)
    training = esper.component_for_entity(eid, TrainingC)
    eq = esper.component_for_entity(eid, Equipment)
    worn = tuple(a for a in (item_data(catalog, getattr(eq, s)) for s in WORN_SLOTS)
                 if isinstance(a, Armour))
    missile = item_data(catalog, eq.missile)
    ammo = item_data(catalog, eq.ammo)
    return profiles.Fighter(
        strength=attrs.strength, dexterity=attrs.dexterity, constitution=attrs.constitution,
        skills=dict(training.skills), styles=dict(training.styles), stance=stance,
        main_hand=_held(item_data(catalog, eq.main)), off_hand=_held(item_data(catalog, eq.off)),
        missile=missile if isinstance(missile, Weapon) else None,
        ammo=ammo if isinstance(ammo, Ammo) else None,
        worn=worn, burden=burden(catalog, eid),
        max_hp=max_hp,
    )


def _held(data: Weapon | Armour | Ammo | None) -> Weapon | Armour | None:
    return data if isinstance(data, Weapon | Armour) else None
