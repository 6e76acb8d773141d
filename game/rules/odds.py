"""Exact odds, as fractions: the wizard's inspector and the fight simulator's "exact" column.

Everything here is counted over the 144 ways two d12 fall (and the damage dice), using the same
hit rule and soak range as ``resolve``, so the two cannot drift apart.
"""

from __future__ import annotations

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
    distribution: a Markov chain over its remaining hit points."""
    alive = {hit_points: ONE}
    dead = ZERO
    out = []
    for _ in range(blows):
        nxt: dict[int, Fraction] = {}
        for hp, p in alive.items():
            for damage, q in dist.items():
                left = hp - damage
                if left <= 0:
                    dead += p * q
                else:
                    nxt[left] = nxt.get(left, ZERO) + p * q
        alive = nxt
        out.append(dead)
    return out
