"""What the combat systems share: the clash they resolve, and the outcome they all return.

A ``Clash`` is one attack between two fighters as the world sees it (who is the player, whether
the attacker stands beside the target). Every system reads the manual's profiles through the
helpers here, so "the weapon's damage without Strength" or "a big hit" mean one thing in all
of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import stats
from ..dice import Dice
from ..events import DODGED, HIT, MISSED
from ..profiles import (
    ARMOUR,
    BASH,
    BLOW,
    NATURAL,
    PHYSICAL_TYPES,
    AttackProfile,
    DefencePart,
    DefenceProfile,
    Fighter,
    Modifier,
    defence,
)
from ..resolve import PLAIN, Outcome, blow_damage_type, turned_by

ZERO, ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True, slots=True)
class Clash:
    """One attack to resolve: the attack, both fighters, and the target's manual defence."""

    attack: AttackProfile
    attacker: Fighter
    target: Fighter
    defence: DefenceProfile
    adjacent: bool = True
    by_player: bool = False  # the attacker is the player
    on_player: bool = False  # the target is the player
    vital: bool = False  # the rogue's vital strike: a hit is a critical (the manual's system)
    version: int | None = None  # the version of the system's rules (None: its newest)
    aware: bool = True  # the target knows of the attacker (coc: else it cannot react)
    asleep: bool = False  # the target sleeps (qud: +4 PV)
    outnumbered: bool = False  # the target has made all its reactions this round (coc)
    # a miss is named by what each Defence kind adds less its minuses, under every system;
    # False: by the pluses alone, as games begun before 0.3.0 named it (the world says which)
    minus_off: bool = True
    distance: int = 1  # cells between the two (a shot's range: coc's difficulty)
    into_melee: bool = False  # a missile at a target beside another fighter (coc: a penalty die)

    @classmethod
    def of(cls, attack: AttackProfile, attacker: Fighter, target: Fighter, *,
           adjacent: bool = True, by_player: bool = False, on_player: bool = False,
           vital: bool = False, version: int | None = None, aware: bool = True,
           asleep: bool = False, outnumbered: bool = False, minus_off: bool = True,
           distance: int = 1, into_melee: bool = False) -> Clash:
        return cls(attack, attacker, target, defence(target), adjacent, by_player, on_player,
                   vital, version, aware, asleep, outnumbered, minus_off, distance, into_melee)

    def since(self, version: int) -> bool:
        """Whether this clash is played by ``version`` of its system's rules or a later one."""
        return self.version is None or self.version >= version

    @property
    def parts(self) -> tuple[DefencePart, ...]:
        """The manual's Defence parts that count against this attack."""
        return self.defence.against(self.attack.kind, adjacent=self.adjacent)

    @property
    def up_close(self) -> bool:
        return self.attack.kind in (BLOW, BASH)


def blow_kind(clash: Clash, natural: int) -> str:
    """The damage kind a hit deals, picked by its natural roll as the manual picks it, so that
    armour meets each kind with its own Protection (chain mail turns a blade well)."""
    return blow_damage_type(clash.attack.damage_types, natural)


def protection(f: Fighter, damage_type: str = "") -> int:
    """The manual's Protection against a blow of ``damage_type`` (the plain total without
    one): what AV, AC and armour are made of. Fire, cold and the other non-physical kinds
    meet none, as in the manual."""
    if damage_type and damage_type not in PHYSICAL_TYPES:
        return 0
    d = defence(f)
    return d.protection_against(damage_type) if damage_type else d.protection


def manual_defence(f: Fighter, kind: str = BLOW, *, adjacent: bool = True) -> int:
    """The manual's Defence total against this kind of attack (10 for an ordinary target)."""
    return defence(f).total(kind, adjacent=adjacent)


def _not_stat(mods: tuple[Modifier, ...], f: Fighter) -> int:
    """The modifiers other than the fighter's own Strength and Dexterity modifiers."""
    stat_reasons = {f"Strength {f.strength}", f"Dexterity {f.dexterity}"}
    return sum(m.amount for m in mods if m.reason not in stat_reasons)


def bonus_without_stat(attack: AttackProfile, f: Fighter) -> int:
    """The attack's to-hit without the Strength or Dexterity modifier (ranks, the weapon,
    magic, stance, two-weapon and throwing penalties)."""
    return _not_stat(attack.to_hit_mods, f)


def weapon_dice(attack: AttackProfile, f: Fighter) -> Dice:
    """The weapon's damage as the other systems roll it: the dice and every flat bonus but
    Strength's (which each system turns into its own number)."""
    return attack.dice.plus(_not_stat(attack.damage_mods, f))


def protection_parts(clash: Clash) -> tuple[DefencePart, ...]:
    """The target's Protection as miss-reason parts: worn pieces as Armour, natural armour as
    Natural (for the systems that fold Protection into avoiding the blow)."""
    noun = clash.target.natural_noun or "natural armour"
    return tuple(DefencePart(NATURAL if m.reason == noun else ARMOUR, m.amount, m.reason)
                 for m in clash.defence.protection_parts if m.amount > 0)


def modifier(stat: int) -> int:
    return stats.modifier(stat)


def miss(clash: Clash, rng, *, system: str, natural: tuple[int, ...], target: int,
         plain: bool, rolls: tuple[str, ...], parts: tuple[DefencePart, ...] | None = None,
         kind: str | None = None, counter: Outcome | None = None,
         event: str | None = None) -> Outcome:
    """A miss: plain when the roll would have missed an ordinary unarmoured target, else the
    Defence kind that turned it (weighted by how much each adds), unless ``kind`` is given.
    Its event is ``event``, else a plain miss or a dodge (the system's words for it)."""
    parts = clash.parts if parts is None else parts
    if kind is None:
        kind = PLAIN if plain else turned_by(parts, rng, minus_off=clash.minus_off)
    if event is None:
        event = MISSED if kind == PLAIN else DODGED
    return Outcome(attack=clash.attack, defence=target, defence_parts=parts,
                   natural=natural, hit=False, miss_kind=kind, system=system, rolls=rolls,
                   counter=counter, event=event)


def hit(clash: Clash, *, system: str, natural: tuple[int, ...], target: int,
        rolls: tuple[str, ...], damage_rolls: tuple[tuple[int, ...], ...], raw: int,
        protection: int, damage: int, critical: bool = False, no_vital_spot: bool = False,
        type_roll: int = 0, soak: int | None = None, event: str = HIT, count: int = 0,
        effects_on_hit: bool = False, resisted: int = 0, resist_reason: str = "",
        wound_on_hit: bool = False) -> Outcome:
    """A hit, with what every system shares: a big hit is a third of the target's maximum
    hit points; a critical or a big hit opens bleeding (a critical on any hit with
    ``wound_on_hit``); poison and disease pass on a hit that does damage (on any hit with
    ``effects_on_hit``); a hit that does nothing glanced."""
    damage = max(0, damage)
    passes = damage > 0 or effects_on_hit
    big = damage > 0 and 3 * damage >= clash.target.max_hp
    return Outcome(
        attack=clash.attack, defence=target, defence_parts=clash.parts, natural=natural,
        hit=True, confirmed=critical, no_vital_spot=no_vital_spot,
        damage_type=blow_damage_type(clash.attack.damage_types, type_roll),
        damage_rolls=damage_rolls, raw_damage=raw, protection=protection,
        soak=max(0, min(raw, protection)) if soak is None else soak, damage=damage,
        resisted=resisted, resist_reason=resist_reason,
        glanced=damage == 0 and not resisted, big_hit=big,
        bleeding=(damage > 0 and big) or (critical and (damage > 0 or wound_on_hit)),
        effects=clash.attack.effects if passes else (), system=system, rolls=rolls,
        event=event, count=count)


# --- exact distributions ----------------------------------------------------------------------


def blend(into: dict[int, Fraction], dist: dict[int, Fraction], weight: Fraction) -> None:
    for value, p in dist.items():
        into[value] = into.get(value, ZERO) + p * weight


def add(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent amounts."""
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, ZERO) + p * q
    return out


def mapped(dist: dict[int, Fraction], fn) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for value, p in dist.items():
        key = fn(value)
        out[key] = out.get(key, ZERO) + p
    return out


def tidy(dist: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: v for k, v in sorted(dist.items()) if v}


def dice_text(rolls: tuple[int, ...]) -> str:
    return "[" + ", ".join(map(str, rolls)) + "]"
