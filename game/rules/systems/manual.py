"""The combat manual's own rules, behind the same seam as the other systems.

Nothing here is new: it hands the clash to ``game.rules.resolve`` and ``game.rules.odds``, so
a game under the manual plays exactly as it did before there were systems to choose from.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import odds
from ..dice import Rng
from ..profiles import BLOW, Fighter, defence, melee_attacks
from ..resolve import Outcome
from ..resolve import resolve as resolve_attack
from .common import Clash

NAME = "manual"
VERSION = 1  # its rules have not changed since it came
SUMMARY = "2d12 plus to-hit against Defence; Protection soaks"
EXACT_DUEL = True


@dataclass(frozen=True, slots=True)
class Numbers:
    to_hit: int
    damage: str
    defence: int
    protection: int

    def row(self) -> tuple[str, ...]:
        return (f"{self.to_hit:+d}", self.damage, str(self.defence), str(self.protection))


COLUMNS = ("to hit", "damage", "Defence", "Protection")
# the tools' words: its criticals, and what its armour number is called
CRITICAL_LABEL = "confirmed critical"
ARMOUR_LABEL = "Protection"
ATTACK_COLUMNS = 2  # the first 2 are the attack's; the rest the defender's


def numbers(f: Fighter, attack=None, *, kind: str = BLOW, adjacent: bool = True) -> Numbers:
    """The manual's own numbers: the attack's to-hit and damage, Defence and Protection."""
    attack = attack or melee_attacks(f)[0]
    d = defence(f)
    return Numbers(attack.to_hit, str(attack.damage), d.total(kind, adjacent=adjacent),
                   d.protection)


def resolve(clash: Clash, rng: Rng) -> Outcome:
    return resolve_attack(clash.attack, clash.defence, rng, adjacent=clash.adjacent,
                          vital=clash.vital, minus_off=clash.minus_off)


def distribution(clash: Clash) -> dict[int, Fraction]:
    return odds.profile_distribution(clash.attack, clash.defence, adjacent=clash.adjacent)


def chances(clash: Clash) -> tuple[Fraction, Fraction]:
    """(hit, confirmed critical) of one attack."""
    a = clash.attack
    total = clash.defence.total(a.kind, adjacent=clash.adjacent)
    crit = Fraction(0) if clash.defence.crit_immune else odds.crit_chance(
        a.to_hit, total, a.threat_from)
    return odds.hit_chance(a.to_hit, total), crit
