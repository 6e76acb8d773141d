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
    out. ``exact``: the shares are exact fractions; else worked in floats (``chain_duel``
    past its exact budget) and shown as approximate wherever they are shown."""

    first_wins: Fraction
    second_wins: Fraction
    exact: bool = True

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
Move = tuple[Fraction, list[Exchange]]  # a move's chance, and its blows one after another
EXACT_WORK = 30_000_000  # cells x outcomes x blows worked in whole numbers (about 2 s at most)


def chain_duel(first: list[Exchange], first_ticks: int, first_hp: int,
               second: list[Exchange], second_ticks: int, second_hp: int,
               actions: int = 40) -> Duel:
    """``chain_moves`` for two sides that each make one move, ``first`` and ``second`` its
    blows."""
    return chain_moves([(ONE, first)], first_ticks, first_hp, [(ONE, second)], second_ticks,
                       second_hp, actions)


def chain_moves(first: list[Move], first_ticks: int, first_hp: int,
                second: list[Move], second_ticks: int, second_hp: int,
                actions: int = 40) -> Duel:
    """``chain_turns`` for two sides that make the same choice of moves every turn, the first
    every ``first_ticks``, the second every ``second_ticks``, ``actions`` turns each."""
    sides = (first, second)
    return chain_turns([(side, sides[side]) for side in _turns(first_ticks, second_ticks,
                                                                actions)],
                       first_hp, second_hp)


def chain_turns(order: list[tuple[int, list[Move]]], first_hp: int, second_hp: int) -> Duel:
    """Who falls first when each blow can hurt both sides (a counterattack) and each side's
    turn is one of several moves (a creature's bash one time in four), the turns in the
    ``order`` given (which side, and its moves then; none: a step that hurts no one): a
    Markov chain over both sides' hit points, a move's blows one after another, none after
    a side falls.

    Worked in whole numbers over one growing denominator, so the shares are exact; a chain
    too big for that in the tools' time (``EXACT_WORK``: the numbers grow a few dozen bits a
    blow) is worked in floats instead and says so (``Duel.exact``): its shares are divided by
    the whole of the chance they and the undecided add up to, which is 1 but for rounding."""
    work = (first_hp + 1) * (second_hp + 1) * sum(
        len(blow) for _, moves in order for _, blows in moves for blow in blows)
    chain = _Chain(first_hp, second_hp, exact=work <= EXACT_WORK)
    for side, moves in order:
        if moves:
            chain.turn(side, moves)
    return chain.duel()


class _Chain:
    """The chance of every pair of hit points both sides are left standing with
    (``alive[first's, second's]``) and of each side having won so far, all as numbers over
    ``scale``: whole numbers (exact) or floats (scale 1)."""

    def __init__(self, first_hp: int, second_hp: int, *, exact: bool) -> None:
        self.exact = exact
        self.alive = np.zeros((first_hp + 1, second_hp + 1), dtype=object if exact else float)
        self.alive[first_hp, second_hp] = 1
        self.wins: list = [0, 0]
        self.scale = 1

    def _weights(self, chances: list[Fraction]) -> tuple[list, int]:
        """The chances as numbers over one denominator (returned), or floats over 1."""
        if not self.exact:
            return [float(p) for p in chances], 1
        den = math.lcm(*(p.denominator for p in chances))
        return [int(p * den) for p in chances], den

    def turn(self, side: int, moves: list[Move]) -> None:
        if len(moves) == 1:
            for blow in moves[0][1]:
                self.alive, self.wins, den = self._blow(side, blow, self.alive, self.wins)
                self.scale *= den
            return
        results = []
        for _, blows in moves:  # each move from the same start, over its own denominator
            alive, wins, den = self.alive, self.wins, 1
            for blow in blows:
                alive, wins, d = self._blow(side, blow, alive, wins)
                den *= d
            results.append((alive, wins, den))
        weights, wden = self._weights([p for p, _ in moves])
        common = math.lcm(*(den for _, _, den in results)) if self.exact else 1
        self.alive = sum(w * (common // den) * alive
                         for w, (alive, _, den) in zip(weights, results, strict=True))
        self.wins = [sum(w * (common // den) * wins[i]
                         for w, (_, wins, den) in zip(weights, results, strict=True))
                     for i in (0, 1)]
        self.scale *= wden * common

    def _blow(self, side: int, blow: Exchange, alive: np.ndarray,
              wins: list) -> tuple[np.ndarray, list, int]:
        """One blow by ``side``: what is left standing, the wins, over ``den`` more."""
        view = alive if side == 0 else alive.T  # (the striker's hp, the target's)
        new = np.zeros_like(view)
        weights, den = self._weights(list(blow.values()))
        won = [w * den for w in wins]
        for (to_target, to_self), w in zip(blow, weights, strict=True):
            won[side] += w * view[:, 1:to_target + 1].sum()
            standing = view[:, to_target + 1:]
            won[1 - side] += w * standing[1:to_self + 1].sum()
            rows, columns = view.shape[0] - to_self, view.shape[1] - to_target
            if rows > 1 and columns > 1:  # some are left standing on both sides
                new[1:rows, 1:columns] += w * standing[to_self + 1:]
        return (new if side == 0 else new.T), won, den

    def duel(self) -> Duel:
        if self.exact:
            return Duel(Fraction(self.wins[0], self.scale), Fraction(self.wins[1], self.scale))
        won = [Fraction(w) for w in self.wins]  # each float's own value, exactly
        whole = won[0] + won[1] + Fraction(float(self.alive.sum()))
        return Duel(won[0] / whole, won[1] / whole, exact=False)


def _turns(first_ticks: int, second_ticks: int, actions: int) -> list[int]:
    """Whose attack comes next (0 the first side, 1 the second), ``actions`` each, in time
    order from time 0, the first side first on a tie."""
    times = [(k * first_ticks, 0) for k in range(actions)]
    times += [(k * second_ticks, 1) for k in range(actions)]
    return [side for _, side in sorted(times)]
