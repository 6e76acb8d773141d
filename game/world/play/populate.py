"""What lives and lies on a level: chosen from a stream of the seed and the depth alone."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.content.catalog import GOAL_ITEM, HEALING_POTION, Catalog
from game.rules.items import Ammo
from game.world.core.components import Creature, Inventory, Position
from game.world.core.gamemap import GameMap
from game.world.core.mapgen import MAX_DEPTH, place_positions

from . import loot, magic_items, traps

if TYPE_CHECKING:
    from game.world.core.engine import Engine

BOSS = "draugr lord"  # guards the goal on the deepest level
AMMO_BUNDLE = 12  # arrows, bolts or stones found together


def creature_count(depth: int) -> int:
    return 4 + 2 * depth


def item_count(depth: int) -> int:
    return 4 + depth // 2


def choose_creatures(catalog: Catalog, depth: int, rng: random.Random) -> list[str]:
    """Kinds for a level: those of this depth or up to two shallower, by frequency."""
    kinds = [k for k in catalog.creatures.values()
             if k.frequency and depth - 2 <= k.depth <= depth]
    weights = [k.frequency * (2 if k.depth == depth else 1) for k in kinds]
    names = [k.name for k in rng.choices(kinds, weights, k=creature_count(depth))]
    if depth == MAX_DEPTH:
        names.append(BOSS)
    return names


def choose_items(catalog: Catalog, depth: int, rng: random.Random) -> list[str]:
    """Weapons, armour (and ammunition, whose frequency is 0 unless a table gives one) and
    potions, by their frequencies; each weapon and piece of armour from its depth on
    (``loot.gear``)."""
    gear = loot.gear(catalog, depth)
    items = [rng.choice(gear) for _ in range(item_count(depth))]
    items += [HEALING_POTION] * (1 + rng.randint(0, 1))
    if depth == MAX_DEPTH:
        items.append(GOAL_ITEM)
    return items


def layout(catalog: Catalog, gamemap: GameMap, rng: random.Random,
           avoid: list[tuple[int, int]]) -> tuple[list, list]:
    """(kind, (x, y)) for creatures and (name, (x, y)) for items on a fresh level."""
    creatures = choose_creatures(catalog, gamemap.depth, rng)
    items = choose_items(catalog, gamemap.depth, rng)
    spots = place_positions(gamemap, rng, len(creatures) + len(items), avoid)
    placed_creatures = list(zip(creatures, spots[: len(creatures)], strict=True))
    placed_items = list(zip(items, spots[len(creatures):], strict=True))
    if gamemap.depth == MAX_DEPTH and gamemap.stairs_up is not None:
        placed_items = _guarded_goal(gamemap, placed_creatures, placed_items)
    return placed_creatures, placed_items


def _guarded_goal(gamemap: GameMap, creatures: list, items: list) -> list:
    """The amulet lies where the boss stands."""
    boss_spot = next(spot for kind, spot in creatures if kind == BOSS)
    return [(name, boss_spot if name == GOAL_ITEM else spot) for name, spot in items]


def populate_level(engine: Engine, gm: GameMap) -> None:
    """Creatures, items and hidden traps for a level seen for the first time: from a stream
    of the seed and the depth alone, none of them near the stairs the player arrives by."""
    rng = engine.streams.for_level(gm.depth, "populate")
    assert gm.stairs_up is not None, "a new level has its stairs"
    sx, sy = gm.stairs_up
    near = [(x, y) for x in range(sx - 6, sx + 7) for y in range(sy - 6, sy + 7)]
    creatures, items = layout(engine.catalog, gm, rng, near)
    magic = engine.streams.for_level(gm.depth, "magic")
    for kind, (x, y) in creatures:
        arm_creature(engine, engine.create_creature(kind, x, y, gm.depth), gm.depth, magic)
    for name, (x, y) in items:
        count = AMMO_BUNDLE if isinstance(engine.catalog.lookup(name), Ammo) else 1
        powers = magic_items.roll_powers(engine.catalog, name, gm.depth, magic)
        engine.create_item(name, count, Position(x, y, gm.depth), powers)
    taken = near + [spot for _, spot in creatures + items]
    trap_spots = place_positions(gm, rng, 1 + gm.depth // 2, taken)
    for x, y in trap_spots:
        traps.create(engine, rng.choice(traps.TRAP_NAMES), x, y, gm.depth)
    loot = magic_items.extra_loot(engine.catalog, gm.depth, magic)
    for found, (x, y) in zip(loot, place_positions(gm, magic, len(loot), taken + trap_spots),
                             strict=False):
        engine.create_item(found.name, 1, Position(x, y, gm.depth), found.powers)


CARRIER_PERCENT = 5  # x depth: a creature from depth 2 on carries a magic thing it uses


def arm_creature(engine: Engine, eid: int, depth: int, rng: random.Random) -> None:
    """Perhaps give a creature a magic weapon of its own kind, or a magic wearable: its
    Fighter counts the magic, and it drops the thing when it dies. From the level's magic
    stream, so the seed and depth alone decide."""
    if depth < 2 or rng.randint(1, 100) > CARRIER_PERCENT * depth:
        return
    kind = engine.catalog.creatures[engine.store.get(eid, Creature).kind]
    name = kind.weapon.name if kind.weapon is not None and rng.randint(0, 1) else \
        rng.choice(loot.wearables(engine.catalog))
    powers = magic_items.roll_powers(engine.catalog, name, depth, rng, always=True)
    engine.set_component(eid, Inventory([engine.create_item(name, 1, None, powers)]))
