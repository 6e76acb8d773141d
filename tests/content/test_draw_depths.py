"""The heavy armour and the best weapons lie deeper (game 0.4.0, docs/balance.md): each weapon
and piece of armour is found lying about only from its table's ``depth`` on, and a heavy one
never above depth 3; the tables as the versions before 0.4.0 played them have no such depth
(``assets/past/0.4.0/`` takes it away: ``unset``), so their levels are drawn as they were."""

from __future__ import annotations

import random

import pytest
from overlay_helpers import write_overlay

from game.content.catalog import load_catalog
from game.content.editions import catalog_for
from game.content.loader import ContentError
from game.content.overlay import read_overlay
from game.rules.items import Armour, Weapon
from game.world.core.mapgen import MAX_DEPTH
from game.world.play import loot
from game.world.play.populate import choose_items

CATALOG = load_catalog()
DEPTHS = range(1, MAX_DEPTH + 1)


def _gear(catalog) -> dict[str, Weapon | Armour]:
    armoury = catalog.armoury
    return {**armoury.weapons, **armoury.armour}


def _mean(weapon: Weapon) -> float:
    dice = weapon.damage
    return dice.count * (dice.sides + 1) / 2 + dice.bonus


def _drawn(catalog, depth: int, seeds: int = 300) -> set[str]:
    gear = _gear(catalog)
    found: set[str] = set()
    for seed in range(seeds):
        found.update(n for n in choose_items(catalog, depth, random.Random(seed)) if n in gear)
    return found


@pytest.mark.parametrize("depth", DEPTHS)
def test_nothing_is_drawn_above_its_depth(depth):
    gear = _gear(CATALOG)
    drawn = _drawn(CATALOG, depth)
    assert drawn, depth
    shallow = {n: gear[n].depth for n in drawn if gear[n].depth > depth}
    assert not shallow, f"found on depth {depth} above their tables' depth: {shallow}"
    assert set(loot.gear(CATALOG, depth)) == {n for n, d in gear.items() if d.frequency
                                              and loot.fits(d, depth)
                                              and not (isinstance(d, Armour)
                                                       and not (d.defence or d.protection))}


def test_the_heavy_armour_and_the_best_weapons_lie_deeper_than_depth_3():
    """The issue's plate armour on depth 3: the pieces that made a character safe come
    deeper, by their tables' depth (the data says it, not the heavy rule of every version)."""
    armour = CATALOG.armoury.armour
    weapons = CATALOG.armoury.weapons
    best_body = max((a for a in armour.values() if a.slot == "body"), key=lambda a: a.protection)
    assert best_body.name == "suit of plate armour" and best_body.depth >= 5
    for piece in armour.values():
        if piece.slot == "body" and piece.protection >= 4:
            assert piece.depth >= 4, piece.name
        if piece.weight > 200:
            assert piece.depth >= 3, piece.name
    strongest = sorted(weapons.values(), key=_mean, reverse=True)[:5]
    assert all(w.depth >= 4 for w in strongest), [(w.name, w.depth) for w in strongest]
    for weapon in weapons.values():
        if weapon.two_handed:
            assert weapon.depth >= 3, weapon.name
    drawn_at_3 = _drawn(CATALOG, 3)
    assert "suit of plate armour" not in drawn_at_3 and "great axe" not in drawn_at_3
    assert "suit of plate armour" in _drawn(CATALOG, best_body.depth)


def test_the_older_versions_draw_as_they_did():
    old = catalog_for(None, "0.3.0")
    assert all(piece.depth == 1 for piece in _gear(old).values())
    assert "suit of plate armour" in _drawn(old, 3)
    assert "suit of plate armour" not in _drawn(old, 2)  # heavy: never above 3, as ever
    for depth in DEPTHS:  # the pool (its order too) as the heavy rule alone made it
        heavy = [n for n, d in _gear(old).items()
                 if d.weight > 200 or (isinstance(d, Weapon) and d.two_handed)]
        pool = loot.gear(old, depth)
        assert (depth >= 3) == any(n in pool for n in heavy)


def test_unset_takes_a_field_away_and_must_name_fields(tmp_path):
    gone = write_overlay(tmp_path / "gone", {"a.toml": '[armour."suit of plate armour"]\n'
                                                       'unset = ["depth"]\n'})
    assert catalog_for(read_overlay(gone)).armoury.armour["suit of plate armour"].depth == 1
    wrong = write_overlay(tmp_path / "wrong", {"a.toml": '[armour."suit of plate armour"]\n'
                                                        'unset = "depth"\n'})
    with pytest.raises(ContentError) as told:
        catalog_for(read_overlay(wrong))
    assert "'suit of plate armour'" in str(told.value) and "unset" in str(told.value)
