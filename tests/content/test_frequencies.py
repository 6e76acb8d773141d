"""What is found lying about is drawn by each entry's own frequency, for every kind of thing a
level draws (weapons, armour, ammunition, the plain wearables found as magic, consumables,
creatures): an overlay that gives one entry of a kind a frequency and the rest 0 makes every
draw of that kind that entry; frequencies alike draw as a plain choice among them."""

from __future__ import annotations

import random

import pytest
from overlay_helpers import write_overlay

from game.content.catalog import load_catalog
from game.content.editions import catalog_for
from game.content.overlay import read_overlay
from game.world.play import loot, magic_items
from game.world.play.populate import choose_creatures, choose_items

CATALOG = load_catalog()


def test_a_pool_holds_each_name_by_its_frequency_over_their_gcd():
    assert loot.pool([("a", 10), ("b", 10)]) == ("a", "b")
    assert loot.pool([("a", 20), ("b", 10), ("c", 0)]) == ("a", "a", "b")
    assert loot.pool([("a", 6), ("b", 4)]) == ("a", "a", "a", "b", "b")
    assert loot.pool([]) == ()


def test_frequencies_alike_draw_as_the_plain_choice_the_older_levels_were_made_by():
    names = [f"thing {n}" for n in range(7)]
    for seed in range(20):
        plain, weighted = random.Random(seed), random.Random(seed)
        pool = loot.pool((name, 10) for name in names)
        assert [plain.choice(names) for _ in range(9)] == \
            [weighted.choice(pool) for _ in range(9)]


def _only(table: str, names: list[str], kept: str) -> str:
    return "".join(f'[{table}."{name}"]\nfrequency = {10 if name == kept else 0}\n\n'
                   for name in names)


def _draws(catalog, kind: str, depth: int = 4) -> set[str]:
    found: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        if kind == "wearable":
            found.add(rng.choice(loot.wearables(catalog)))
        elif kind == "consumable":
            found.update(loot.name for loot in magic_items.extra_loot(catalog, depth, rng)
                         if loot.name in catalog.magic.consumables)
        elif kind == "creature":
            found.update(choose_creatures(catalog, depth, rng))
        else:
            found.update(name for name in choose_items(catalog, depth, rng)
                         if name in getattr(catalog.armoury, kind))
    return found


KINDS = {  # the kind drawn, the overlay's table, every entry of it found at depth 4, the one kept
    "weapons": ("weapon", list(CATALOG.armoury.weapons), "hand axe"),
    "armour": ("armour", [n for n, a in CATALOG.armoury.armour.items()
                          if a.defence or a.protection], "small shield"),
    "ammo": ("ammo", list(CATALOG.armoury.ammo), "arrow"),
    "wearable": ("armour", list(loot.wearables(CATALOG)), "amulet"),
    "creature": ("creature", [n for n, k in CATALOG.creatures.items() if 2 <= k.depth <= 4],
                 "goblin"),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_found_lying_about_is_drawn_by_its_own_frequency(kind, tmp_path):
    table, names, kept = KINDS[kind]
    assert kept in names
    folder = write_overlay(tmp_path / "only", {"only.toml": _only(table, sorted(set(names)),
                                                                  kept)})
    catalog = catalog_for(read_overlay(folder))
    assert _draws(catalog, kind) == {kept}
    if kind != "ammo":  # no ammunition is found lying about unless a table says so
        assert len(_draws(CATALOG, kind)) > 1
    else:
        assert _draws(CATALOG, kind) == set()


def test_consumables_are_drawn_by_their_frequency_too(tmp_path):
    names = list(CATALOG.magic.consumables)
    kinds = {name: CATALOG.magic.consumables[name].kind for name in names}
    text = "".join(f'[{kinds[n]}."{n}"]\nfrequency = {10 if n == names[0] else 0}\n\n'
                   for n in names)
    catalog = catalog_for(read_overlay(write_overlay(tmp_path / "one", {"one.toml": text})))
    assert _draws(catalog, "consumable") == {names[0]}
