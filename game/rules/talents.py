"""Talents, rage, sneak attacks, vital strikes, tumble and stealth: the numbers, one place each.

A talent either names a rule the code checks by name (Bulwark, Battle-scarred, Rage, Sneak
attack, Vital strike) or adds flat bonuses, in the vocabulary of ``profiles.Magic`` (to_hit,
damage, dodge, protection), which the profile builders add up with their reason. Decisions:
see docs/rules.md, "Characters, stealth and how you strike".
"""

from __future__ import annotations

from dataclasses import dataclass

BULWARK, BATTLE_SCARRED = "Bulwark", "Battle-scarred"
RAGE, SNEAK_ATTACK, VITAL_STRIKE = "Rage", "Sneak attack", "Vital strike"


@dataclass(frozen=True, slots=True)
class Talent:
    name: str
    text: str  # what the @ screen and the class list say it does
    bonuses: tuple[tuple[str, int], ...] = ()  # (what, amount), as profiles.Magic


TALENTS = {
    t.name: t
    for t in (
        Talent(BULWARK, "+2 Protection in any armour"),
        Talent(BATTLE_SCARRED, "+1 Protection in any armour, +3 while raging"),
        Talent(RAGE, "A: rage for 60 s, +1 to hit and +2 damage; exhausted after"),
        Talent(SNEAK_ATTACK, "a sneak attack does +6 damage, not +3"),
        Talent(VITAL_STRIKE, "V: a blow that turns a hit into a critical (3 stamina)"),
        Talent("Weapon training", "+1 to hit", (("to_hit", 1),)),
        Talent("Heavy blows", "+1 damage", (("damage", 1),)),
        Talent("Keen eye", "+1 to hit", (("to_hit", 1),)),
        Talent("Footwork", "+1 Dodge", (("dodge", 1),)),
        Talent("Skirmisher", "+1 Dodge", (("dodge", 1),)),
        Talent("Hardened", "+1 Protection in any armour", (("protection", 1),)),
    )
}

# Race traits: each race has one; the world checks them by name.
SCALES, HARDY, LIGHT_STEP, QUICK_STUDY = "Scales", "Hardy", "Light step", "Quick study"

# Rage (the berserker's): ticks of the 6-second vitals clock, what it needs and gives.
RAGE_TICKS = 10  # 60 s
RAGE_STAMINA = 4  # stamina it needs to start; it leaves the berserker at 0
RAGE_TO_HIT, RAGE_DAMAGE = 1, 2
BULWARK_PROTECTION = 2
SCARRED_PROTECTION, SCARRED_RAGING = 1, 3

# Sneak attacks: a blow or a shot at a creature that has not noticed you.
SNEAK_TO_HIT = 4
SNEAK_DAMAGE = 3
SNEAK_DAMAGE_TALENT = 6

VITAL_STAMINA = 3


def bonuses(talents: tuple[str, ...], raging: bool) -> list[tuple[str, int, str]]:
    """(what, amount, reason) from talents with flat bonuses, and from rage."""
    out = [(what, amount, name) for name in talents if name in TALENTS
           for what, amount in TALENTS[name].bonuses]
    if raging:
        out += [("to_hit", RAGE_TO_HIT, "rage"), ("damage", RAGE_DAMAGE, "rage")]
    return out


def sneak_damage(talents: tuple[str, ...]) -> int:
    return SNEAK_DAMAGE_TALENT if SNEAK_ATTACK in talents else SNEAK_DAMAGE


def tumble_dodge(rank: int) -> int:
    """Dodge from the tumble skill: more the higher it is (ranks 1-10 give 1, 1, 2, 2 ... 5)."""
    return (rank + 1) // 2
