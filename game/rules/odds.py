"""Exact odds, as fractions: the wizard's inspector and the fight simulator's "exact" column.

Everything here is counted over the 144 ways two d12 fall (and the damage dice), using the same
hit rule and soak range as ``resolve``, so the two cannot drift apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .dice import TWO_D12_COUNTS, Dice, convolve_power
from .profiles import AttackProfile, DefenceProfile
from .resolve import attack_hits, soak_range

ONE = Fraction(1)
ZERO = Fraction(0)


def _share(naturals: list[int]) -> Fraction:
    return Fraction(sum(TWO_D12_COUNTS[n] for n in naturals), 144)


def hit_chance(to_hit: int, defence: int) -> Fraction:
    """The chance that one attack hits: natural 2 misses, 22+ hits, else natural + to-hit >= D."""
    return _share([n for n in TWO_D12_COUNTS if attack_hits(n, to_hit, defence)])


def threat_chance(to_hit: int, defence: int, threat_from: int = 22) -> Fraction:
    """The chance that the attack hits with a natural roll in the threat range."""
    return _share([n for n in TWO_D12_COUNTS
                   if n >= threat_from and attack_hits(n, to_hit, defence)])


def crit_chance(to_hit: int, defence: int, threat_from: int = 22) -> Fraction:
    """The chance of a confirmed critical: a threat, then a second roll that would hit too."""
    return threat_chance(to_hit, defence, threat_from) * hit_chance(to_hit, defence)


def damage_distribution(dice: str | Dice, to_hit: int, defence: int, *, threat_from: int = 22,
                        multiplier: int = 2, protection: int = 0, pierce: int = 0,
                        crit_immune: bool = False) -> dict[int, Fraction]:
    """Final damage of one attack (0 for a miss or a full glance); the values sum to 1.
    ``dice`` carries every flat bonus ("1d9+3"); a critical rolls it ``multiplier`` times."""
    dice = Dice.parse(dice) if isinstance(dice, str) else dice
    p_hit = hit_chance(to_hit, defence)
    p_crit = ZERO if crit_immune else crit_chance(to_hit, defence, threat_from)
    single = dice.counts()
    out: dict[int, Fraction] = {0: 1 - p_hit}
    for weight, times in ((p_hit - p_crit, 1), (p_crit, multiplier)):
        if weight:
            raw = _at_least_one(convolve_power(single, times))
            _add(out, _after_protection(raw, max(0, protection - pierce)), weight)
    return {k: v for k, v in sorted(out.items()) if v}


def _at_least_one(counts: dict[int, int]) -> dict[int, Fraction]:
    total = sum(counts.values())
    out: dict[int, Fraction] = {}
    for value, count in counts.items():
        key = max(1, value)
        out[key] = out.get(key, ZERO) + Fraction(count, total)
    return out


def _after_protection(raw: dict[int, Fraction], protection: int) -> dict[int, Fraction]:
    """Each hit loses a uniform amount between half the Protection (rounded up) and all of it."""
    if protection <= 0:
        return raw
    low, high = soak_range(protection)
    each = Fraction(1, high - low + 1)
    out: dict[int, Fraction] = {}
    for value, p in raw.items():
        for soak in range(low, high + 1):
            key = max(0, value - soak)
            out[key] = out.get(key, ZERO) + p * each
    return out


def _add(into: dict[int, Fraction], dist: dict[int, Fraction], weight: Fraction) -> None:
    for value, p in dist.items():
        into[value] = into.get(value, ZERO) + p * weight


def profile_distribution(attack: AttackProfile, defence: DefenceProfile, *,
                         adjacent: bool = True) -> dict[int, Fraction]:
    """``damage_distribution`` for a built attack against a built defence, as ``resolve`` sees
    them."""
    protection = defence.protection if attack.physical else 0
    return damage_distribution(
        attack.damage, attack.to_hit, defence.total(attack.kind, adjacent=adjacent),
        threat_from=attack.threat_from, multiplier=attack.multiplier, protection=protection,
        pierce=attack.pierce, crit_immune=defence.crit_immune,
    )


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), ZERO)


def kill_chances(dist: dict[int, Fraction], hit_points: int, blows: int) -> list[Fraction]:
    """The chance that the target is dead within 1, 2, ... ``blows`` blows of this
    distribution: a Markov chain over its remaining hit points, counted in integers over a
    common denominator so it stays exact and quick."""
    denominator = math.lcm(*(p.denominator for p in dist.values()))
    weights = [(damage, int(p * denominator)) for damage, p in dist.items()]
    alive = {hit_points: 1}
    dead, scale, out = 0, 1, []
    for _ in range(blows):
        nxt: dict[int, int] = {}
        dead *= denominator  # every path gains one blow's factor
        for hp, w in alive.items():
            for damage, q in weights:
                left = hp - damage
                if left <= 0:
                    dead += w * q
                else:
                    nxt[left] = nxt.get(left, 0) + w * q
        alive, scale = nxt, scale * denominator
        out.append(Fraction(dead, scale))
    return out


@dataclass(frozen=True, slots=True)
class Duel:
    """Who falls first when two fighters trade blows from time 0 (the first side striking
    first on a tie), within the blows counted. Bleeding, poison and regeneration are left
    out."""

    first_wins: Fraction
    second_wins: Fraction

    @property
    def undecided(self) -> Fraction:
        return 1 - self.first_wins - self.second_wins


def duel(first: dict[int, Fraction], first_ticks: int, first_hp: int,
         second: dict[int, Fraction], second_ticks: int, second_hp: int,
         blows: int = 40) -> Duel:
    """Exact odds of each side killing the other first. The two sides' blows are independent,
    so each side's chance to kill by its k-th blow (``kill_chances``) is weighed against the
    other side's chance of having killed it by then."""
    k_first = [ZERO] + kill_chances(first, second_hp, blows)
    k_second = [ZERO] + kill_chances(second, first_hp, blows)

    def before(k: int, own: int, other: int) -> int:
        """Blows the other side has struck before this side's k-th (which is at (k-1)*own)."""
        return min(blows, -(-(k - 1) * own // other))

    def by(k: int, own: int, other: int) -> int:
        """Blows this side has struck by the other side's k-th, ties going to this side."""
        return min(blows, (k - 1) * other // own + 1)

    first_wins = sum(((k_first[k] - k_first[k - 1])
                      * (1 - k_second[before(k, first_ticks, second_ticks)])
                      for k in range(1, blows + 1)), ZERO)
    second_wins = sum(((k_second[j] - k_second[j - 1])
                       * (1 - k_first[by(j, first_ticks, second_ticks)])
                       for j in range(1, blows + 1)), ZERO)
    return Duel(first_wins, second_wins)
