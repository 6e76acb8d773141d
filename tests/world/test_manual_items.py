"""The manual's rules, item by item, where play had them a little off: only the best shield
counts, a minus is taken off before a miss names its Defence, a trap's arrow is not parried, a
shield gives Defence only, "Pierces armour" where the bolt is, and the lizardfolk's scales."""

from __future__ import annotations

import random

from game.rules import profiles
from game.rules.profiles import ARMOUR, DODGE, DefencePart
from game.rules.resolve import turned_by
from game.ui.inventory import examine
from game.ui.screen import Session
from game.world.core.components import Equipment, Inventory, Powers
from game.world.game import Game
from game.world.play import combat, magic_items, traps

ROOM = "#####\n#.@.#\n#####"


def carrying(game: Game, name: str, powers: Powers | None = None) -> int:
    game.use()
    item = game.create_item(name, powers=powers)
    game.store.get(game.player, Inventory).items.append(item)
    return item


def dv_pv(game: Game) -> tuple[int, int]:
    d = profiles.defence(game.fighter(game.player))
    return d.total(), d.protection


def test_two_magic_small_shields_defend_as_the_better_one():
    game = Game.scenario(ROOM, character="dwarf warrior")
    eq = game.store.get(game.player, Equipment)
    plus3 = Powers(enchant=3, known=True)
    eq.main, eq.off = None, carrying(game, "small shield", plus3)
    one = dv_pv(game)[0]
    eq.main = carrying(game, "small shield", plus3)
    assert dv_pv(game)[0] == one  # was 3 more: every shield's magic added up
    eq.main = carrying(game, "small shield", Powers(enchant=1, known=True))
    assert dv_pv(game)[0] == one  # the better one counts, whichever hand it is in


def test_a_kind_whose_minus_cancels_it_is_never_named_for_a_miss():
    parts = (DefencePart(ARMOUR, 2, "chain mail shirt"),
             DefencePart(ARMOUR, -2, "-2 chain mail shirt"), DefencePart(DODGE, 1, "stance"))
    rng = random.Random(1)
    assert {turned_by(parts, rng) for _ in range(500)} == {DODGE}


def test_a_trap_arrow_is_not_parried():
    game = Game.scenario(ROOM, character="human mage")  # a quarterstaff parries blows
    assert any(p.kind == profiles.PARRY for p in profiles.defence(
        game.fighter(game.player)).parts)
    traps.create(game, "arrow trap", 2, 1, 1)
    said: set[str] = set()
    for _ in range(400):
        game.use()
        for event in traps.spring(game, game.player):
            said.update(getattr(event, "lines", ()))
        game.heal_fully(game.player)
        game.outcome = None
    assert said and not any("parry" in line for line in said), said


def test_a_shield_gives_defence_only_whatever_its_affix():
    game = Game.scenario(ROOM, character="dwarf warrior")
    eq = game.store.get(game.player, Equipment)
    eq.off = carrying(game, "large shield")
    plain = dv_pv(game)
    eq.off = carrying(game, "large shield", Powers(ego="hardened", known=True))
    assert dv_pv(game) == plain
    eq.off = carrying(game, "large shield", Powers(ego="of the bulwark", known=True))
    assert dv_pv(game) == (plain[0] + 1, plain[1])  # its Defence, not its soak
    assert "shield" not in game.catalog.magic.affixes["hardened"].on  # not made on one
    assert not magic_items.counts_on(game.catalog.lookup("large shield"), "protection")


def lines(game: Game, item: int) -> list[str]:
    return [entry.label for entry in examine(Session(game), item).entries]


def test_pierces_armour_is_on_the_bolt_and_not_on_a_bow_that_cannot_shoot_it():
    game = Game.scenario(ROOM, character="elf ranger")
    eq = game.store.get(game.player, Equipment)
    bolts = carrying(game, "crossbow bolt")
    assert "Pierces armour" in lines(game, bolts)
    eq.ammo = bolts
    assert "Pierces armour" not in lines(game, carrying(game, "short bow"))
    assert "Pierces armour" in lines(game, carrying(game, "crossbow"))  # the bolt's, shot


def test_a_lizardfolks_natural_armour_is_its_scales():
    game = Game.scenario(ROOM, character="lizardfolk warrior")
    assert combat._natural_noun(game, game.player) == "scales"
    human = Game.scenario(ROOM, character="human warrior")
    assert combat._natural_noun(human, human.player) == "skin"
