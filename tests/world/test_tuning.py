"""Game 0.3.0's tuning (docs/balance.md): its games play by the tuned numbers (assets/), a game
made by 0.2.0 by the old ones (the 0.3.0 edition, assets/past/0.3.0/, and the gates in code),
so its recording replays as it was played. Each figure is written out here, so a tuned number
lost (or leaking into an old game) fails a test."""

from __future__ import annotations

import pytest

from game.content.editions import catalog_for
from game.rules.dice import Dice
from game.world.core.components import Health, Spells, Vitals
from game.world.game import Game
from game.world.play import effects, traps

TUNED = {"hobgoblin": (14, 20), "orc warrior": (18, 28), "ghoul": (18, 28),
         "ogre": (32, 42), "draugr": (26, 36), "troll": (45, 50)}
"""Creature: (hit points before 0.3.0, from it)."""
COSTS = {"frost bolt": (2, 3), "lightning bolt": (3, 4), "fireball": (4, 5)}


@pytest.fixture(params=["0.2.0", "0.3.0"])
def version(request):
    return request.param


def test_a_game_plays_by_its_versions_creatures_and_spells(version):
    game = Game(5, "human mage", made_by=version)
    try:
        new = version == "0.3.0"
        for name, hp in TUNED.items():
            assert game.catalog.creatures[name].hit_points == hp[new], name
            made = game.create_creature(name, 1, 1, 6)
            assert game.component(made, Health).max_hp == hp[new], name
        for name, cost in COSTS.items():
            assert game.catalog.magic.spells[name].cost == cost[new], name
        assert game.catalog.creatures["hobgoblin"].skills["Short blades"] == (2, 3)[new]
        assert game.catalog.creatures["giant spider"].attacks[0].damage == Dice(1, (6, 8)[new])
    finally:
        game.close()


def test_the_manuals_creatures_of_depths_1_and_2_are_not_tuned():
    old, new = catalog_for(None, "0.2.0"), catalog_for(None, "0.3.0")
    shallow = [name for name, kind in old.creatures.items() if kind.depth <= 2]
    assert "kobold" in shallow
    assert all(old.creatures[name] == new.creatures[name] for name in shallow)
    assert old.creatures["ogre"].hit_points == 32 and new.creatures["ogre"].hit_points == 42


def test_traps_grow_with_the_depth_from_0_3_0(version):
    game = Game(5, made_by=version)
    try:
        pit = traps.TRAPS["pit"]
        found = [traps.damage(game, pit, depth) for depth in (1, 3, 5)]
        if version == "0.3.0":
            assert found == [Dice(1, 3), Dice(1, 6), Dice(2, 6)]
        else:
            assert found == [Dice(1, 6)] * 3
    finally:
        game.close()


def test_spell_points_come_back_every_12_s_from_0_3_0(version):
    game = Game(5, "human mage", made_by=version)
    try:
        book = game.component(game.player, Spells)
        vitals = game.component(game.player, Vitals)
        book.points = 0
        for _ in range(4):  # four 6 s ticks of the vitals clock
            vitals.next_tick += 60
            effects.tick(game, game.player)
        assert book.points == (4 if version == "0.2.0" else 2)
    finally:
        game.close()
