"""What lives and lies on a level: chosen from a stream of the seed and the depth alone."""

from __future__ import annotations

import random

from game.content.catalog import GOAL_ITEM, HEALING_POTION, Catalog
from game.rules.items import Armour, Weapon

from .gamemap import GameMap
from .mapgen import MAX_DEPTH, place_positions

BOSS = "draugr lord"  # guards the goal on the deepest level


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
    """Weapons, armour and potions; the heavy pieces come deeper (weight over 20 lb at depth
    3 and beyond)."""
    gear = [n for n, w in catalog.armoury.weapons.items() if _fits(w, depth)]
    gear += [n for n, a in catalog.armoury.armour.items() if _fits(a, depth)]
    items = [rng.choice(gear) for _ in range(item_count(depth))]
    items += [HEALING_POTION] * (1 + rng.randint(0, 1))
    if depth == MAX_DEPTH:
        items.append(GOAL_ITEM)
    return items


def _fits(data: Weapon | Armour, depth: int) -> bool:
    heavy = data.weight > 200 or (isinstance(data, Weapon) and data.two_handed)
    return depth >= 3 or not heavy


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
