"""The manual's rules, item by item, where play had them a little off: only the best shield
counts, a minus is taken off before a miss names its Defence, a trap's arrow is not parried, a
shield gives Defence only, "Pierces armour" where the bolt is, and the lizardfolk's scales.

Each is a change of play, asked for with ``Engine.since("0.3.0")``: a game begun by 0.2.0
(``made_by``) plays as it did, so its recording replays as it was played; each rule is tested
both ways."""

from __future__ import annotations

import random

import pytest

from game.content.catalog import load_catalog
from game.content.editions import catalog_for
from game.rules import profiles
from game.rules.profiles import ARMOUR, DODGE, DefencePart
from game.rules.resolve import turned_by
from game.ui.inventory import examine
from game.ui.screen import Session
from game.world.core.components import Equipment, Inventory, Powers
from game.world.game import Game
from game.world.play import combat, magic_items, traps

ROOM = "#####\n#.@.#\n#####"
FIGHT = "#####\n#@k.#\n#####"
OLD = "0.2.0"  # a game begun by the version before these rules


def carrying(game: Game, name: str, powers: Powers | None = None) -> int:
    game.use()
    item = game.create_item(name, powers=powers)
    inventory = game.store.get(game.player, Inventory)
    inventory.items = [*inventory.items, item]  # set anew (game.world.core.changes)
    return item


def dv_pv(game: Game) -> tuple[int, int]:
    d = profiles.defence(game.fighter(game.player))
    return d.total(), d.protection


def said(game: Game, make, times: int) -> set[str]:
    """Every line of ``times`` attacks made by ``make()`` (its events), the player healed."""
    lines: set[str] = set()
    for _ in range(times):
        game.use()
        for event in make():
            lines.update(getattr(event, "lines", ()))
        game.heal_fully(game.player)
        game.outcome = None
    return lines


# --- only the best shield counts ---------------------------------------------------------------


def two_small_shields(made_by: str | None) -> tuple[int, int, int]:
    """Defence with one +3 small shield, then with two, then with a +3 and a +1."""
    game = Game.scenario(ROOM, character="dwarf warrior", made_by=made_by)
    eq = game.store.get(game.player, Equipment)
    plus3 = Powers(enchant=3, known=True)
    eq.main, eq.off = None, carrying(game, "small shield", plus3)
    one = dv_pv(game)[0]
    eq.main = carrying(game, "small shield", plus3)
    two = dv_pv(game)[0]
    eq.main = carrying(game, "small shield", Powers(enchant=1, known=True))
    return one, two, dv_pv(game)[0]


def test_two_magic_small_shields_defend_as_the_better_one():
    one, two, mixed = two_small_shields(None)
    assert two == one  # was 3 more: every shield's magic added up
    assert mixed == one  # the better one counts, whichever hand it is in


def test_a_game_begun_by_0_2_0_adds_every_shields_magic():
    one, two, mixed = two_small_shields(OLD)
    assert (two, mixed) == (one + 3, one + 1)


# --- a kind's minus is taken off before a miss names it ----------------------------------------


def test_a_kind_whose_minus_cancels_it_is_never_named_for_a_miss():
    parts = (DefencePart(ARMOUR, 2, "chain mail shirt"),
             DefencePart(ARMOUR, -2, "-2 chain mail shirt"), DefencePart(DODGE, 1, "stance"))
    rng = random.Random(1)
    assert {turned_by(parts, rng) for _ in range(500)} == {DODGE}
    assert {turned_by(parts, rng, minus_off=False) for _ in range(500)} == {DODGE, ARMOUR}


@pytest.mark.parametrize("made_by, named", [(None, False), (OLD, True)])
def test_a_minus_two_chain_mail_shirt_turns_no_blow_in_play(made_by, named):
    game = Game.scenario(FIGHT, {"k": "kobold"}, character="human mage", seed=3,
                         made_by=made_by)
    shirt = carrying(game, "chain mail shirt", Powers(enchant=-2, known=True))
    game.store.get(game.player, Equipment).body = shirt
    kobold = game.blocker_at(2, 1)
    lines = said(game, lambda: combat.melee(game, kobold, game.player)[0], 600)
    assert any("dodge" in line for line in lines)  # misses named, just not by the shirt
    assert any("glances off your armour" in line for line in lines) == named


# --- a trap's arrow is not parried -------------------------------------------------------------


@pytest.mark.parametrize("made_by, parried", [(None, False), (OLD, True)])
def test_a_trap_arrow_is_not_parried(made_by, parried):
    game = Game.scenario(ROOM, character="human mage", made_by=made_by)  # a parrying staff
    assert any(p.kind == profiles.PARRY for p in profiles.defence(
        game.fighter(game.player)).parts)
    traps.create(game, "arrow trap", 2, 1, 1)
    lines = said(game, lambda: traps.spring(game, game.player), 400)
    assert lines and any("parry" in line for line in lines) == parried, lines


# --- a shield gives Defence only ---------------------------------------------------------------


def shield_affixes(made_by: str | None) -> tuple[tuple[int, int], ...]:
    """(Defence, Protection) with a plain, a hardened, and a bulwark large shield."""
    game = Game.scenario(ROOM, character="dwarf warrior", made_by=made_by)
    eq = game.store.get(game.player, Equipment)
    out = []
    for ego in ("", "hardened", "of the bulwark"):
        eq.off = carrying(game, "large shield", Powers(ego=ego, known=True) if ego else None)
        out.append(dv_pv(game))
    return tuple(out)


def test_a_shield_gives_defence_only_whatever_its_affix():
    plain, hardened, bulwark = shield_affixes(None)
    assert hardened == plain
    assert bulwark == (plain[0] + 1, plain[1])  # its Shield Defence, not its soak


def test_a_game_begun_by_0_2_0_lets_a_shields_affix_soak():
    plain, hardened, bulwark = shield_affixes(OLD)  # the dwarf wears armour: bulwark's +1
    assert hardened == (plain[0], plain[1] + 2)  # Armour Defence counted too
    assert bulwark == (plain[0] + 2, plain[1] + 1)


def test_hardened_is_made_and_wished_for_on_a_shield_only_in_a_0_2_0_game():
    """Its table changed in 0.3.0; a game made before plays under the edition that keeps it
    (``assets/past/0.3.0``), so its loot is rolled as it was."""
    now, old = catalog_for(), catalog_for(None, OLD)
    assert "shield" not in now.magic.affixes["hardened"].on
    assert "shield" in old.magic.affixes["hardened"].on
    assert "shield" in now.magic.affixes["of the bulwark"].on
    assert magic_items.parse_wish(now, "hardened tower shield") is None
    assert magic_items.parse_wish(old, "hardened tower shield") is not None
    assert "hardened tower shield" not in magic_items.wish_names(now)
    rng = random.Random(4)
    made = {p.ego for p in (magic_items.roll_powers(now, "tower shield", 3, rng)
                            for _ in range(3000)) if p is not None}
    assert "of the bulwark" in made and "hardened" not in made
    assert "hardened" in {p.ego for p in (magic_items.roll_powers(old, "tower shield", 3, rng)
                                          for _ in range(3000)) if p is not None}
    game = Game.scenario(ROOM, made_by=OLD)
    assert "shield" in game.catalog.magic.affixes["hardened"].on  # the game's own tables


# --- a shot counts only ammunition its weapon shoots -------------------------------------------


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


def test_a_short_bow_with_bolts_quivered_shoots_as_with_no_ammunition():
    catalog = load_catalog()
    bow = catalog.lookup("short bow")
    bolts = profiles.Fighter(missile=bow, ammo=catalog.lookup("crossbow bolt"))
    shot = profiles.shot(bolts)
    assert shot is not None and shot.pierce == 0
    assert shot == profiles.shot(profiles.Fighter(missile=bow))


def test_play_never_shoots_ammunition_its_weapon_does_not_shoot():
    """So the shot's rule above needs no version: the player cannot fire (``fire`` refuses)
    and every creature that shoots carries what its weapon shoots."""
    for kind in load_catalog().creatures.values():
        f = kind.fighter()
        if f.missile is not None:
            assert f.ammo is not None and f.ammo.kind == f.missile.ammo, kind.name


# --- the lizardfolk's scales -------------------------------------------------------------------


def _noun(game) -> str:
    defence = profiles.defence(game.fighter(game.player))
    return combat._natural_noun(game, game.player, defence, game.since("0.3.0"))


def test_a_lizardfolks_natural_armour_is_its_scales():
    game = Game.scenario(ROOM, character="lizardfolk warrior")
    assert _noun(game) == "scales"
    old = Game.scenario(ROOM, character="lizardfolk warrior", made_by=OLD)
    assert _noun(old) == "skin"  # as 0.2.0 said it
