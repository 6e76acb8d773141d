"""Spells as rules: what a spell is, the casting roll, its power, and what it does to one target.

The player and creature casters cast through these same functions: Willpower sets both the
chance to cast (2d12 + Willpower modifier against 8 + 2 x the spell's level, the attack's own
hit rule) and the power (the Willpower modifier adds to damage and to how long an effect
lasts). A spell's damage is never turned by Defence and goes straight through Protection;
a resistance takes its share after it (``game.rules.magic``). Everything is returned as data,
so the log phrases it and the wizard's roll display prints it whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import magic, odds, stats
from .dice import TWO_D12, Dice, Rng
from .resolve import attack_hits

SHAPES = ("bolt", "beam", "ball", "self")
"""bolt: flies to the first creature in the way; beam: a line that goes through every creature
to its full range (lightning); ball: a bolt that bursts over an area where it stops, hurting
whatever stands in it, the caster's friends and the caster too; self: the caster alone."""
EFFECTS = ("damage", "dazzle", "shield")
DIFFICULTY_BASE = 8  # to cast: 2d12 + Willpower modifier >= 8 + 2 x level
DIFFICULTY_PER_LEVEL = 2


@dataclass(frozen=True, slots=True)
class Spell:
    name: str  # "fireball"
    level: int  # 1 to 5: how hard it is to cast
    cost: int  # spell points
    shape: str  # one of SHAPES
    effect: str  # one of EFFECTS
    description: str
    element: str = ""  # fire, cold, lightning for a damaging spell
    damage: Dice | None = None
    range: int = 0  # steps (0 for a spell on oneself)
    radius: int = 0  # a ball's burst
    duration: int = 0  # 6 s ticks of an effect, before Willpower
    amount: int = 0  # what an effect adds: the shield's Deflection
    noun: str = ""  # what messages call it in flight: "fireball", "lightning bolt"
    ticks: int = 60  # time to cast


def difficulty(spell: Spell) -> int:
    return DIFFICULTY_BASE + DIFFICULTY_PER_LEVEL * spell.level


def power(willpower: int) -> int:
    """What Willpower adds to a spell's damage and to its effect's duration."""
    return stats.modifier(willpower)


def cast_chance(spell: Spell, willpower: int) -> Fraction:
    """The exact chance that a cast succeeds."""
    return odds.hit_chance(power(willpower), difficulty(spell))


@dataclass(frozen=True, slots=True)
class Cast:
    spell: Spell
    natural: tuple[int, int]
    bonus: int
    difficulty: int
    success: bool


def cast(spell: Spell, willpower: int, rng: Rng, *, sure: bool = False) -> Cast:
    """Roll to cast (a wand's spell is ``sure``: no roll)."""
    if sure:
        return Cast(spell, (0, 0), power(willpower), 0, True)
    a, b = TWO_D12.roll_dice(rng)
    bonus, needed = power(willpower), difficulty(spell)
    return Cast(spell, (a, b), bonus, needed, attack_hits(a + b, bonus, needed))


@dataclass(frozen=True, slots=True)
class SpellHit:
    """What one spell did to one target."""

    spell: Spell
    rolls: tuple[int, ...] = ()
    bonus: int = 0  # Willpower's part
    raw: int = 0  # before the resistance
    resist_level: int = 0
    resist_reason: str = ""
    resisted: int = 0
    damage: int = 0  # final
    duration: int = 0  # 6 s ticks of an effect

    @property
    def immune(self) -> bool:
        return self.raw > 0 and self.damage == 0


def effect_duration(spell: Spell, willpower: int) -> int:
    return max(1, spell.duration + 2 * power(willpower))


def strike(spell: Spell, willpower: int, resistance: tuple[int, str], rng: Rng) -> SpellHit:
    """The spell's effect on one target: damage (at least 1 before the resistance, which takes
    its share after it; no Protection), or an effect's duration."""
    bonus = power(willpower)
    if spell.effect != "damage" or spell.damage is None:
        return SpellHit(spell, bonus=bonus, duration=effect_duration(spell, willpower))
    rolls = spell.damage.roll_dice(rng)
    raw = max(1, sum(rolls) + spell.damage.bonus + bonus)
    level, reason = resistance if spell.element else (0, "")
    share = magic.resisted(raw, level)
    return SpellHit(spell, rolls, bonus, raw, level, reason, share, raw - share)


def spell_line(hit: SpellHit) -> str:
    """The wizard's roll display of one spell's hit."""
    s = hit.spell
    if s.effect != "damage":
        return f"{s.name}: {s.effect} for {hit.duration} ticks (Willpower {hit.bonus:+d})"
    line = (f"{s.name}: {s.damage} {list(hit.rolls)}, Willpower {hit.bonus:+d} = {hit.raw} "
            f"{s.element}, no Protection")
    if hit.resist_level:
        share = magic.RESIST_SHARES[min(hit.resist_level, magic.MAX_RESIST)]
        line += (f", resisted {share} ({hit.resist_reason}, level {hit.resist_level}) "
                 f"takes {hit.resisted}")
    return line + f": {hit.damage} damage"


def cast_line(c: Cast) -> str:
    if c.difficulty == 0:
        return f"{c.spell.name}: from a wand, no roll"
    n1, n2 = c.natural
    verdict = "cast" if c.success else "failed"
    return (f"cast {c.spell.name}: roll {n1}+{n2}={n1 + n2}, Willpower {c.bonus:+d} = "
            f"{n1 + n2 + c.bonus} vs {c.difficulty}: {verdict}")
