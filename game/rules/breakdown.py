"""The wizard's roll display: one outcome in full, every number with its reason."""

from __future__ import annotations

from .profiles import BASH, SHOT, THROW, AttackProfile, Modifier
from .resolve import PLAIN, Outcome


def _mods(mods: tuple[Modifier, ...]) -> str:
    return ", ".join(f"{m.reason} {m.amount:+d}" for m in mods) or "no modifiers"


def label(attack: AttackProfile) -> str:
    """What made the attack: "long sword", "short bow shot", "thrown javelin", "shield bash
    (large shield)"."""
    if attack.kind == BASH:
        return f"shield bash ({attack.weapon})"
    if attack.kind == SHOT:
        return f"{attack.weapon} shot"
    return f"thrown {attack.weapon}" if attack.kind == THROW else attack.weapon


def breakdown(outcome: Outcome) -> list[str]:
    """Lines such as ``long sword: roll 7+5=12, to hit +3 (Strength 15 +2, ...) = 15 vs
    Defence 11 (Dexterity +1): hit``. Another combat system's outcome carries its own rolls;
    the first line names what made the attack all the same."""
    if outcome.rolls:
        first, *rest = outcome.rolls
        return [f"{label(outcome.attack)}: {first}", *rest]
    a = outcome.attack
    parts = ", ".join(f"{p.kind} {p.amount:+d} ({p.reason})" for p in outcome.defence_parts)
    n1, n2 = outcome.natural
    verdict = "hit" if outcome.hit else f"miss ({outcome.miss_kind or PLAIN})"
    lines = [f"{label(a)}: roll {n1}+{n2}={n1 + n2}, "
             f"to hit {a.to_hit:+d} ({_mods(a.to_hit_mods)}) = "
             f"{outcome.roll_total} vs Defence {outcome.defence} ({parts or 'base 10'}): "
             f"{verdict}"]
    if outcome.threat:
        result = ("confirmed" if outcome.confirmed else
                  "no vital spot" if outcome.no_vital_spot else "not confirmed")
        if outcome.confirm is None:  # a vital strike: a critical with no confirmation roll
            lines.append(f"vital strike: {result}")
        else:
            c1, c2 = outcome.confirm
            lines.append(f"threat {a.threat_from}-24: confirm {c1}+{c2}={c1 + c2} "
                         f"{a.to_hit:+d} = {c1 + c2 + a.to_hit}: {result}")
    if outcome.hit:
        rolls = " + ".join(str(list(r)) for r in outcome.damage_rolls)
        flat = a.dice.bonus + a.damage_bonus
        lines.append(f"damage {a.dice.count}d{a.dice.sides} x{len(outcome.damage_rolls)}: "
                     f"{rolls}, flat {flat:+d} each ({_mods(a.damage_mods)}) = "
                     f"{outcome.raw_damage} ({outcome.damage_type})")
        resist = (f", resisted ({outcome.resist_reason}) takes {outcome.resisted}"
                  if outcome.resisted else "")
        lines.append(f"Protection {outcome.protection} (pierce {a.pierce}) soaks "
                     f"{outcome.soak}{resist}: {outcome.damage} damage"
                     + (", glanced" if outcome.glanced else "")
                     + (", big hit" if outcome.big_hit else "")
                     + (", bleeding" if outcome.bleeding else ""))
    return lines
