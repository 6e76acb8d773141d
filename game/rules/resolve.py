"""Resolving one attack: the manual's "exactly how an attack is rolled", returned as data.

``resolve`` changes nothing: it rolls with the injected generator and returns an ``Outcome``
holding every roll and every reason. The combat processor applies it, the log phrases it, and
wizard mode prints it whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from .dice import TWO_D12, Rng
from .magic import resisted as resist_share
from .profiles import KINDS, AttackProfile, DefencePart, DefenceProfile

PLAIN = "plain"  # a miss so poor it would have missed Defence 10
NATURAL_MISS = 2  # two ones always miss
NATURAL_HIT = 22  # 22, 23 and 24 always hit
PLAIN_DEFENCE = 10


def attack_hits(natural: int, to_hit: int, defence: int) -> bool:
    """The one hit rule, for attack rolls and confirmation rolls alike."""
    if natural <= NATURAL_MISS:
        return False
    return natural >= NATURAL_HIT or natural + to_hit >= defence


def soak_range(protection: int) -> tuple[int, int]:
    """A hit loses between half the Protection (rounded up) and all of it."""
    return (protection + 1) // 2, protection


@dataclass(frozen=True, slots=True)
class Outcome:
    attack: AttackProfile
    defence: int  # the total the roll had to reach
    defence_parts: tuple[DefencePart, ...]  # the kinds that counted against this attack
    natural: tuple[int, ...]  # two d12 under the manual; one die, or none, under others
    hit: bool
    miss_kind: str | None = None  # PLAIN or the Defence kind that turned it
    threat: bool = False
    confirm: tuple[int, int] | None = None
    confirmed: bool = False  # a critical: damage rolled multiplier times
    no_vital_spot: bool = False  # a crit-immune target shrugged off what would have been one
    damage_type: str = ""
    damage_rolls: tuple[tuple[int, ...], ...] = ()  # the dice of each damage roll
    raw_damage: int = 0  # before Protection, at least 1 on a hit
    protection: int = 0  # what counted, after pierce (0 for non-physical damage)
    soak: int = 0
    resisted: int = 0  # a resistance's share of non-physical damage, after Protection
    resist_reason: str = ""
    damage: int = 0  # final
    glanced: bool = False  # landed, but Protection took it all
    big_hit: bool = False  # at least a third of the target's maximum hit points
    bleeding: bool = False  # a wound opened
    effects: tuple[str, ...] = ()  # poison or disease passed on
    system: str = "manual"  # the combat system that rolled it (game/rules/systems/)
    rolls: tuple[str, ...] = ()  # another system's own rolls, for the wizard's roll display
    counter: Outcome | None = None  # the defender's counterattack on the attacker (coc)
    event: str = ""  # another system's own event (``game.rules.events``); "" is the manual's
    count: int = 0  # how many times it penetrated (qud)

    @property
    def natural_total(self) -> int:
        return sum(self.natural)

    @property
    def roll_total(self) -> int:
        return self.natural_total + self.attack.to_hit


class _Base(TypedDict):
    """What a hit's Outcome and a miss's share."""
    attack: AttackProfile
    defence: int
    defence_parts: tuple[DefencePart, ...]
    natural: tuple[int, ...]


def roll_2d12(rng: Rng) -> tuple[int, int]:
    a, b = TWO_D12.roll_dice(rng)
    return a, b


def miss_reason(natural: int, to_hit: int, parts: tuple[DefencePart, ...], rng: Rng, *,
                minus_off: bool = True) -> str:
    """Which kind turned a miss: plain when it would have missed Defence 10, otherwise a kind
    picked at random, weighted by how much each adds (``turned_by``)."""
    if natural <= NATURAL_MISS or natural + to_hit < PLAIN_DEFENCE:
        return PLAIN
    return turned_by(parts, rng, minus_off=minus_off)


def turned_by(parts: tuple[DefencePart, ...], rng: Rng, *, minus_off: bool = True) -> str:
    """The Defence kind that turned a miss, picked at random weighted by how much each kind
    adds in all, its minuses taken off (a -2 chain mail shirt adds nothing, so it is never
    named); only kinds that add something count; plain when none does. ``minus_off=False``
    weighs the pluses alone, as games begun before 0.3.0 did (``Clash.minus_off``)."""
    plus = [p for p in parts if p.kind in KINDS and p.amount > 0]
    amounts = [p.amount for p in plus]
    minuses = [p for p in parts if p.kind in KINDS and p.amount < 0] if minus_off else []
    for minus in minuses:
        owed = -minus.amount  # taken off that kind's own pluses, the last first
        for i in reversed(range(len(plus))):
            if plus[i].kind == minus.kind and owed:
                taken = min(owed, amounts[i])
                amounts[i] -= taken
                owed -= taken
    weighted = [(p.kind, a) for p, a in zip(plus, amounts, strict=True) if a > 0]
    if not weighted:
        return PLAIN
    pick = rng.randint(1, sum(w for _, w in weighted))
    for kind, weight in weighted:
        pick -= weight
        if pick <= 0:
            return kind
    raise AssertionError("unreachable: the pick is within the total weight")


def resolve(attack: AttackProfile, defence: DefenceProfile, rng: Rng, *,
            adjacent: bool = True, vital: bool = False, minus_off: bool = True) -> Outcome:
    """Roll one attack against one defender. ``adjacent``: the attacker stands beside the
    target (a shot from beside can be parried). ``vital``: a vital strike, whose hit is a
    critical with no threat or confirmation roll (a plain hit on the crit-immune).
    ``minus_off``: how a miss is named (``turned_by``)."""
    parts = defence.against(attack.kind, adjacent=adjacent)
    total_defence = 10 + sum(p.amount for p in parts)
    natural = roll_2d12(rng)
    base: _Base = dict(attack=attack, defence=total_defence, defence_parts=parts, natural=natural)
    if not attack_hits(sum(natural), attack.to_hit, total_defence):
        reason = miss_reason(sum(natural), attack.to_hit, parts, rng, minus_off=minus_off)
        return Outcome(hit=False, miss_kind=reason, **base)
    threat = vital or sum(natural) >= attack.threat_from
    confirm = roll_2d12(rng) if threat and not vital else None
    would_confirm = vital or (confirm is not None and attack_hits(sum(confirm), attack.to_hit,
                                                                  total_defence))
    confirmed = would_confirm and not defence.crit_immune
    return _damage(attack, defence, rng, base, threat=threat, confirm=confirm,
                   confirmed=confirmed, no_vital_spot=would_confirm and defence.crit_immune)


def _damage(attack: AttackProfile, defence: DefenceProfile, rng: Rng, base: _Base, *,
            threat: bool, confirm: tuple[int, int] | None, confirmed: bool,
            no_vital_spot: bool) -> Outcome:
    """Roll damage (multiplier times for a critical), then take Protection off once."""
    damage_type = blow_damage_type(attack.damage_types, sum(base["natural"]))
    times = attack.multiplier if confirmed else 1
    rolls = tuple(attack.dice.roll_dice(rng) for _ in range(times))
    raw = max(1, sum(map(sum, rolls)) + times * (attack.dice.bonus + attack.damage_bonus))
    protection = (max(0, defence.protection_against(damage_type) - attack.pierce)
                  if attack.physical else 0)
    soak = rng.randint(*soak_range(protection)) if protection else 0
    final = max(0, raw - soak)
    level, why = (0, "") if attack.physical else defence.resistance(damage_type)
    share = resist_share(final, level)
    final -= share
    big = final > 0 and 3 * final >= defence.max_hp
    return Outcome(
        **base, hit=True, threat=threat, confirm=confirm, confirmed=confirmed,
        no_vital_spot=no_vital_spot, damage_type=damage_type, damage_rolls=rolls,
        raw_damage=raw, protection=protection, soak=soak, resisted=share,
        resist_reason=why, damage=final, glanced=final == 0 and not share, big_hit=big,
        bleeding=final > 0 and (confirmed or big),
        effects=attack.effects if final > 0 else (),
    )


def blow_damage_type(options: tuple[str, ...], natural: int) -> str:
    """Which of a weapon's damage types ("slashing or piercing") a blow deals: chosen by its
    natural roll, so it costs no roll of its own and every type turns up."""
    return options[natural % len(options)] if options else "hit"
