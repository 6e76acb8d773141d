"""Experience and levels: what a kill is worth, what a level costs, what it gives.

Decisions (the manual names levels but gives no table; see docs/rules.md): a kill is worth the
creature's hit points plus 4 for each depth below the first where it first appears; the first
arrival on a depth is worth 5 per depth; reaching level L takes 5 x L x (L - 1) experience in all
(10 for level 2, 30 for 3, 60 for 4, 100 for 5), up to level 10. Each level adds the class's
hit points per level plus the Constitution modifier, at least 1.

From game 0.3.0 a level costs 12 x L x (L - 1) (24 for level 2, 72 for 3, 1,080 for 10:
``TUNED_XP_STEP``), so a character reaches level 10 around depth 6 rather than 4
(docs/balance.md); the caller says which step its game plays by.
"""

from __future__ import annotations

from . import stats

MAX_LEVEL = 10
KILL_XP_PER_DEPTH = 4
XP_STEP = 5  # level L takes XP_STEP x L x (L - 1) experience in all: games before 0.3.0
TUNED_XP_STEP = 12  # from game 0.3.0
NEW_DEPTH_XP = 5  # per depth, the first time it is reached


def xp_for_level(level: int, step: int) -> int:
    """Experience needed in all to reach ``level`` (0 for level 1), at ``step`` (the game's:
    ``game.world.play.progress.xp_step``)."""
    return step * level * (level - 1)


def level_for(xp: int, step: int) -> int:
    """The level that ``xp`` experience in all has reached."""
    level = 1
    while level < MAX_LEVEL and xp >= xp_for_level(level + 1, step):
        level += 1
    return level


def kill_xp(hit_points: int, depth: int) -> int:
    """What killing a creature of this kind is worth."""
    return hit_points + KILL_XP_PER_DEPTH * (depth - 1)


def depth_xp(depth: int) -> int:
    """What arriving on a depth for the first time is worth (nothing for the first)."""
    return NEW_DEPTH_XP * depth if depth > 1 else 0


def level_hp(hp_per_level: int, constitution: int) -> int:
    """Hit points a new level adds: the class's, plus the Constitution modifier, at least 1."""
    return max(1, hp_per_level + stats.modifier(constitution))
