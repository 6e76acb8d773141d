"""Exact odds, as fractions: the wizard's inspector and the fight simulator's "exact" column.

Everything here is counted over the 144 ways two d12 fall (and the damage dice), using the same
hit rule and soak range as ``resolve``, so the two cannot drift apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

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
                        crit_immune: bool = False,
                        naturals: Callable[[int], bool] | None = None) -> dict[int, Fraction]:
    """Final damage of one attack (0 for a miss or a full glance); the values sum to 1 (to
    the share of ``naturals``, when only the natural rolls it accepts are counted).
    ``dice`` carries every flat bonus ("1d9+3"); a critical rolls it ``multiplier`` times."""
    dice = Dice.parse(dice) if isinstance(dice, str) else dice
    counted = [n for n in TWO_D12_COUNTS if naturals is None or naturals(n)]
    p_hit = _share([n for n in counted if attack_hits(n, to_hit, defence)])
    p_threat = _share([n for n in counted
                       if n >= threat_from and attack_hits(n, to_hit, defence)])
    p_crit = ZERO if crit_immune else p_threat * hit_chance(to_hit, defence)
    single = dice.counts()
    out: dict[int, Fraction] = {0: _share(counted) - p_hit}
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
    them: a weapon of two damage kinds deals the one its natural roll picks, and each kind
    meets its own Protection."""
    types = attack.damage_types or ("hit",)
    total: dict[int, Fraction] = {}
    for index, kind in enumerate(types):
        protection = defence.protection_against(kind) if attack.physical else 0
        _add(total, damage_distribution(
            attack.damage, attack.to_hit, defence.total(attack.kind, adjacent=adjacent),
            threat_from=attack.threat_from, multiplier=attack.multiplier, protection=protection,
            pierce=attack.pierce, crit_immune=defence.crit_immune,
            naturals=_natural_is(index, len(types))), ONE)
    return {k: v for k, v in sorted(total.items()) if v}


def _natural_is(index: int, count: int) -> Callable[[int], bool]:
    """Whether a natural roll picks the ``index``-th of ``count`` damage types."""
    return lambda n: n % count == index


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), ZERO)


def _dead_counts(dist: dict[int, Fraction], hit_points: int,
                 blows: int) -> tuple[list[int], int]:
    """A Markov chain over the target's remaining hit points, counted in integers:
    ``dead[k] / denominator ** (k + 1)`` is the chance it is dead within k + 1 blows."""
    denominator = math.lcm(*(p.denominator for p in dist.values()))
    top = max(max(dist), hit_points)
    weight = [0] * (top + 1)
    for damage, p in dist.items():
        weight[damage] = int(p * denominator)
    kills = [sum(weight[hp:]) for hp in range(hit_points + 1)]  # ways a blow takes >= hp
    hurts = [(damage, w) for damage, w in enumerate(weight) if w and damage < hit_points]
    alive = [0] * (hit_points + 1)  # ways to have hp hit points left
    alive[hit_points] = 1
    dead, out = 0, []
    for _ in range(blows):
        nxt = [0] * (hit_points + 1)
        dead *= denominator  # every path gains one blow's factor
        for hp in range(1, hit_points + 1):
            ways = alive[hp]
            if ways:
                dead += ways * kills[hp]
                for damage, w in hurts:
                    if damage >= hp:
                        break
                    nxt[hp - damage] += ways * w
        alive = nxt
        out.append(dead)
    return out, denominator


def kill_chances(dist: dict[int, Fraction], hit_points: int, blows: int) -> list[Fraction]:
    """The chance that the target is dead within 1, 2, ... ``blows`` blows of this
    distribution (exact)."""
    dead, denominator = _dead_counts(dist, hit_points, blows)
    return [Fraction(count, denominator ** (k + 1)) for k, count in enumerate(dead)]


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
    so each side's chance to kill by its k-th blow is weighed against the other side's chance
    of having killed it by then. Summed in integers over one common denominator."""
    a, da = _dead_counts(first, second_hp, blows)
    b, db = _dead_counts(second, first_hp, blows)
    pa = [da ** (blows - k) for k in range(blows + 1)]
    pb = [db ** (blows - k) for k in range(blows + 1)]
    # K(k) scaled to the common denominator: a[k-1] / da**k  ->  a[k-1] * da**(blows-k)
    ka = [0] + [a[k - 1] * pa[k] for k in range(1, blows + 1)]
    kb = [0] + [b[k - 1] * pb[k] for k in range(1, blows + 1)]
    whole_a, whole_b = pa[0], pb[0]

    def before(k: int) -> int:
        """Second's blows struck before first's k-th, which falls at (k-1) * first_ticks."""
        return min(blows, -(-(k - 1) * first_ticks // second_ticks))

    def by(j: int) -> int:
        """First's blows struck by second's j-th, ties going to the first."""
        return min(blows, (j - 1) * second_ticks // first_ticks + 1)

    first_wins = sum((ka[k] - ka[k - 1]) * (whole_b - kb[before(k)])
                     for k in range(1, blows + 1))
    second_wins = sum((kb[j] - kb[j - 1]) * (whole_a - ka[by(j)])
                      for j in range(1, blows + 1))
    scale = whole_a * whole_b
    return Duel(Fraction(first_wins, scale), Fraction(second_wins, scale))


Exchange = dict[tuple[int, int], Fraction]  # (damage to the target, to the attacker): chance


def chain_duel(first: list[Exchange], first_ticks: int, first_hp: int,
               second: list[Exchange], second_ticks: int, second_hp: int,
               actions: int = 40) -> Duel:
    """Who falls first when each blow can hurt both sides (a counterattack): a Markov chain
    over both sides' hit points, blow by blow in time order (the first side first on a tie,
    each attack's blows one after another, none after a side falls), ``actions`` attacks a
    side. ``first`` and ``second`` are each side's blows of one attack. Worked in floats
    (to about 1e-15), as numpy arrays over (first's hit points, second's)."""
    alive = np.zeros((first_hp + 1, second_hp + 1))
    alive[first_hp, second_hp] = 1.0
    wins = [0.0, 0.0]
    for side in _turns(first_ticks, second_ticks, actions):
        for blow in (first, second)[side]:
            view = alive if side == 0 else alive.T  # (the striker's hp, the target's)
            new = np.zeros_like(view)
            for (to_target, to_self), p in blow.items():
                w = float(p)
                wins[side] += w * view[:, 1:to_target + 1].sum()
                standing = view[:, to_target + 1:]
                wins[1 - side] += w * standing[1:to_self + 1].sum()
                rows, columns = view.shape[0] - to_self, view.shape[1] - to_target
                if rows > 1 and columns > 1:  # some are left standing on both sides
                    new[1:rows, 1:columns] += w * standing[to_self + 1:]
            alive = new if side == 0 else new.T
    # floats summed may stray past a certainty by an ulp: no chance below 0, none in all past 1
    first_wins, second_wins = (Fraction(max(0.0, w)) for w in wins)
    if first_wins + second_wins > 1:
        total = first_wins + second_wins
        first_wins, second_wins = first_wins / total, second_wins / total
    return Duel(first_wins, second_wins)


def _turns(first_ticks: int, second_ticks: int, actions: int) -> list[int]:
    """Whose attack comes next (0 the first side, 1 the second), ``actions`` each, in time
    order from time 0, the first side first on a tie."""
    times = [(k * first_ticks, 0) for k in range(actions)]
    times += [(k * second_ticks, 1) for k in range(actions)]
    return [side for _, side in sorted(times)]
