"""Examining a carried thing shows its numbers with it in use, counting its own known magic
only; the @ screen's throw counts the thrown weapon's own known magic."""

from __future__ import annotations

from game.ui.character import CharacterScreen
from game.ui.inventory import examine
from game.ui.screen import Session
from game.world.core.components import Equipment, Inventory, Powers
from game.world.game import Game


def carrying(game: Game, name: str, powers: Powers | None = None) -> int:
    game.use()
    item = game.create_item(name, powers=powers)
    inventory = game.store.get(game.player, Inventory)
    inventory.items = [*inventory.items, item]  # set anew (game.world.core.changes)
    return item


def wielding_a_known_slaying_sword() -> Game:
    game = Game(1, "dwarf warrior")
    sword = carrying(game, "long sword", Powers(enchant=3, ego="of slaying", known=True))
    game.store.get(game.player, Equipment).main = sword
    return game


def shown(game: Game, item: int) -> list[str]:
    return [entry.label for entry in examine(Session(game), item).entries]


def test_a_plain_dagger_is_not_credited_with_the_wielded_swords_magic():
    game = wielding_a_known_slaying_sword()
    lines = shown(game, carrying(game, "dagger"))
    assert lines[0] == "Blow: +0 to hit, 1d4+2 piercing"
    assert "Throw: +0 to hit, 1d4+2 piercing, range 5" in lines
    assert "Now:  +6 to hit, 1d9+8 slashing or piercing" in lines


def test_examining_counts_the_things_own_known_magic_and_no_unknown_magic():
    game = wielding_a_known_slaying_sword()
    lines = shown(game, carrying(game, "javelin", Powers(enchant=3, known=True)))
    assert lines[0] == "Blow: +5 to hit, 1d6+5 piercing"  # Strength +2 up close
    assert "Throw: +3 to hit, 1d6+5 piercing, range 8" in lines
    lines = shown(game, carrying(game, "dagger", Powers(enchant=3, ego="of slaying")))
    assert lines[0] == "Blow: +0 to hit, 1d4+2 piercing"  # not known: not shown


def test_examining_armour_does_not_count_unknown_magic():
    game = Game(1, "dwarf warrior")
    shirt = carrying(game, "chain mail shirt", Powers(enchant=3))
    worn = shown(game, shirt)[0]
    known = carrying(game, "chain mail shirt", Powers(enchant=3, known=True))
    assert worn != shown(game, known)[0]
    assert worn.startswith("Worn: ") and shown(game, carrying(game, "chain mail shirt"))[0] == worn


def test_the_character_screens_throw_counts_the_javelins_own_known_magic():
    game = Game(1, "dwarf warrior")
    carrying(game, "javelin", Powers(enchant=3, known=True))
    lines = dict(CharacterScreen(game).attack_lines())
    assert lines["Throw (javelin)"] == "+3 to hit, 1d6+5 piercing, range 8"
