"""The skills screen (m): every weapon skill and fighting style, its rank, the training toward
the next rank, and what the rank gives now (the rank table of ``game.rules.stats``)."""

from __future__ import annotations

import tcod.console

from game.rules import profiles, stats
from game.world.core.components import Training

from . import palette
from .screen import InfoPage
from .text import footer, put

COLUMN = 40


def rank_text(rank: int, parry: bool) -> str:
    """ "+1/+1" (to hit / damage), then threat and parry when the rank gives any."""
    bonus = stats.rank_bonus(rank)
    text = f"+{bonus.to_hit}/+{bonus.damage}"
    if bonus.threat:
        text += f" t-{bonus.threat}"
    if parry and bonus.parry:
        text += f" p+{bonus.parry}"
    return text


def rows(names: list[str], ranks: dict[str, int], points: dict[str, int],
         parry_names: frozenset[str]) -> list[tuple[str, palette.Colour]]:
    out = []
    for name in names:
        rank = ranks.get(name, 0)
        have = points.get(name, 0)
        toward = "max" if rank >= stats.MAX_RANK else f"{have}/{stats.rank_cost(rank)}"
        colour = palette.TEXT if rank or have else palette.DIM
        out.append((f"{name:<19}{rank:>2} {toward:>6} {rank_text(rank, name in parry_names)}",
                    colour))
    return out


class SkillsScreen(InfoPage):
    def draw(self, console: tcod.console.Console) -> None:
        engine = self.engine
        training = engine.store.get(engine.player, Training)
        style = profiles.melee_style(engine.fighter(engine.player))
        put(console, 1, 0, "Skills and fighting styles", palette.TITLE)
        put(console, 1, 1, f"You fight as: {style}. A landed blow trains 2 points, a miss 1.",
            palette.DIM, width=console.width - 2)
        put(console, 1, 2, "Gives: to hit/damage, t = threat range widened, p = parry.",
            palette.DIM, width=console.width - 2)
        columns = (
            ("Weapon skill", rows(engine.skill_names(), training.skills, training.points,
                                  stats.PARRY_SKILLS)),
            ("Fighting style", rows(list(stats.STYLES), training.styles, training.points,
                                    frozenset({stats.DUELIST, stats.STAFF_FIGHTER}))),
        )
        width = max(COLUMN, console.width // 2)
        for column, (title, lines) in enumerate(columns):
            x = 1 + column * width
            put(console, x, 4, f"{title:<19}rank   next gives", palette.KEY, width=width - 2)
            for i, (text, colour) in enumerate(lines):
                if 5 + i < console.height - 1:
                    put(console, x, 5 + i, text, colour, width=width - 2)
        footer(console, "Any key: close")
