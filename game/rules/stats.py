"""Stats, ranks, fighting styles and stances: the numbers of the decisions page, one place each."""

from __future__ import annotations

from dataclasses import dataclass

MAX_RANK = 10
MIN_THREAT = 3  # a natural 2 always misses, so it never threatens
MAX_MULTIPLIER = 5


def modifier(stat: int) -> int:
    """Stat modifier: floor((stat - 10) / 2); Strength 15 -> +2, Dexterity 8 -> -1."""
    return (stat - 10) // 2


@dataclass(frozen=True, slots=True)
class RankBonus:
    """What a rank in a weapon skill or fighting style gives (the rank table)."""

    to_hit: int
    damage: int
    threat: int  # how far the threat range widens
    parry: int  # only for blades, spears and staves (skills), Duelist and Staff Fighter (styles)


def rank_bonus(rank: int) -> RankBonus:
    if not 0 <= rank <= MAX_RANK:
        raise ValueError(f"rank must be 0 to {MAX_RANK}, not {rank}")
    return RankBonus(rank // 2, rank // 2, rank // 5, rank // 3)


def rank_cost(rank: int) -> int:
    """Training points to go from ``rank`` to ``rank + 1``."""
    return 10 * (rank + 1)


# Skills that are not a weapon's: tumbling adds to Dodge, stealth keeps you unnoticed.
TUMBLE, STEALTH = "Tumble", "Stealth"
OTHER_SKILLS = (TUMBLE, STEALTH)

TRAIN_HIT = 2  # a landed blow, a glance included
TRAIN_MISS = 1

# The manual's weapon skills: every weapon trains one of them (a table naming another is
# refused, so a misspelt skill cannot silently leave a fighter's ranks unused).
WEAPON_SKILLS = ("Daggers and knives", "Short blades", "Long blades", "Great blades", "Axes",
                 "Maces and clubs", "Spears", "Polearms", "Staves", "Bows", "Crossbows", "Slings",
                 "Thrown weapons")

# Weapon skills whose rank adds to parry ("blades, spears, and staves").
PARRY_SKILLS = frozenset({
    "Daggers and knives", "Short blades", "Long blades", "Great blades", "Spears", "Staves",
})

# Fighting styles.
DUELIST = "Duelist"
SWORD_AND_BOARD = "Sword and Board"
TWIN_BLADES = "Twin Blades"
TWO_SHIELDS = "Two Shields"
TWO_HANDED = "Two-Handed"
STAFF_FIGHTER = "Staff Fighter"
ARCHER = "Archer"
THROWER = "Thrower"
UNARMED = "Unarmed"
STYLES = (DUELIST, SWORD_AND_BOARD, TWIN_BLADES, TWO_SHIELDS, TWO_HANDED, STAFF_FIGHTER,
          ARCHER, THROWER, UNARMED)
MEASURE_RANK = 10  # a Duelist of this rank parries missiles too
TWO_HANDED_MASTERY = 10  # Two-Handed rank that adds +1 to the critical multiplier

MAIN_HAND_PENALTY = -4
OFF_HAND_PENALTY = -8
NOT_FOR_THROWING = -4


def two_weapon_penalty(base: int, twin_blades_rank: int) -> int:
    """A two-weapon penalty less Twin Blades rank // 2, never above 0."""
    return min(0, base + twin_blades_rank // 2)


@dataclass(frozen=True, slots=True)
class Stance:
    name: str
    to_hit: int
    damage: int
    defence: int  # Dodge kind when positive; a plain penalty when negative
    stamina: int  # per blow: +1 regained, -1 spent


STANCES = {
    s.name: s
    for s in (
        Stance("Coward", -4, -3, 4, 1),
        Stance("Defensive", -2, -1, 2, 1),
        Stance("Normal", 0, 0, 0, 1),
        Stance("Aggressive", 1, 2, -1, -1),
        Stance("Frenzy", 2, 4, -2, -2),
    )
}
NORMAL = STANCES["Normal"]


def max_stamina(constitution: int) -> int:
    return max(4, 10 + 2 * modifier(constitution))


STEP_TICKS = 60  # a step at normal speed, a wait, most handling of things
VITALS_TICKS = 60  # bleeding, poison, stamina and regeneration tick every 6 s

# Burden: carried weight (tenths of a pound) against Strength.
UNBURDENED, BURDENED, STRAINED, OVERLOADED = "unburdened", "burdened", "strained", "overloaded"
BURDEN_DEX_LIMIT = {UNBURDENED: None, BURDENED: 3, STRAINED: 1, OVERLOADED: 0}
BURDEN_STEP_PERCENT = {UNBURDENED: 100, BURDENED: 110, STRAINED: 125, OVERLOADED: 100}


def burden(weight_tenths: int, strength: int) -> str:
    """Unburdened to 5 x Str pounds, burdened to 7.5 x, strained to 10 x, then overloaded."""
    if weight_tenths <= 50 * strength:
        return UNBURDENED
    if weight_tenths <= 75 * strength:
        return BURDENED
    if weight_tenths <= 100 * strength:
        return STRAINED
    return OVERLOADED
