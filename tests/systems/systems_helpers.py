"""Helpers for the combat systems' tests (a module of its own: the tests import it)."""

from __future__ import annotations

from game.content.catalog import load_catalog
from game.rules import profiles
from game.rules.systems import Clash

CATALOG = load_catalog()


def creature(name: str) -> profiles.Fighter:
    return CATALOG.creatures[name].fighter()


def character(name: str = "dwarf warrior") -> profiles.Fighter:
    return CATALOG.characters[name].fighter()


def clash(attacker: profiles.Fighter, target: profiles.Fighter, *, by_player: bool = False,
          on_player: bool = False, attack: profiles.AttackProfile | None = None) -> Clash:
    attack = attack or profiles.melee_attacks(attacker)[0]
    return Clash.of(attack, attacker, target, by_player=by_player, on_player=on_player)
