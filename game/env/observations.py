"""The observation: numpy arrays of what the player sees, and their spaces.

``glyphs`` (40 x 80 character codes, rows first) and ``colors`` (40 x 80 x 3 RGB) of the level
as the player sees it (unexplored cells blank, remembered ones dim, creatures only in view);
``stats`` (int32, named in ``STATS``); ``message``: every line this step logged, joined by
spaces, as UTF-8 bytes padded with zeros to 256.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from game.ui import view  # what the player sees: the screen it observes
from game.world.core.components import Attributes, Health, Position, Stance
from game.world.core.engine import MAP_HEIGHT, MAP_WIDTH
from game.world.game import Game
from game.world.play import choices, fighters

MESSAGE_BYTES = 256
STATS = ("x", "y", "hp", "max_hp", "stamina", "max_stamina", "stance", "defence",
         "protection", "strength", "dexterity", "constitution", "willpower", "depth",
         "deepest", "turn", "kills", "actions")


def space() -> spaces.Dict:
    big = np.iinfo(np.int32)
    return spaces.Dict({
        "glyphs": spaces.Box(0, 0x10FFFF, (MAP_HEIGHT, MAP_WIDTH), np.int32),
        "colors": spaces.Box(0, 255, (MAP_HEIGHT, MAP_WIDTH, 3), np.uint8),
        "stats": spaces.Box(big.min, big.max, (len(STATS),), np.int32),
        "message": spaces.Box(0, 255, (MESSAGE_BYTES,), np.uint8),
    })


class Observer:
    """Makes each observation, keeping what it was drawn from while the game is unchanged."""

    def __init__(self) -> None:
        self._last: tuple | None = None  # the last observation's arrays, and of what
        self._said: tuple[str | None, np.ndarray | None] = (None, None)  # see _message
        self._figures: tuple = (None, 0, 0)  # see _defence_figures

    def forget(self) -> None:
        self._last = None

    def observe(self, engine: Game, text: str, deepest: int,
                kills: int) -> dict[str, np.ndarray]:
        """The arrays are worked out again only when the game changed: a refused action
        changes nothing but the message (the engine records every action that does). What
        they are drawn from is kept, so each observation's arrays are new ones of its own."""
        last = self._last
        if last is None or last[0] is not engine or last[1] != len(engine.actions):
            last = self._last = (engine, len(engine.actions), view.seen_parts(engine),
                                 np.array(self.stats(engine, deepest, kills), dtype=np.int32))
        glyphs, colors = view.drawn_rows(last[2])
        return {"glyphs": glyphs, "colors": colors, "stats": last[3].copy(),
                "message": self._message(text).copy()}

    def _message(self, text: str) -> np.ndarray:
        """The message's bytes, padded: the last one is kept (most steps say nothing)."""
        said = self._said
        if said[0] != text:
            raw = text.encode()[:MESSAGE_BYTES].ljust(MESSAGE_BYTES, b"\0")
            said = self._said = (text, np.frombuffer(raw, dtype=np.uint8))
        assert said[1] is not None  # made above for any text
        return said[1]

    def stats(self, engine: Game, deepest: int, kills: int) -> list[int]:
        comps = engine.components(engine.player)
        pos, health = comps[Position], comps[Health]
        stance, attrs = comps[Stance], comps[Attributes]
        dv, pv = self._defence_figures(fighters.known_defence(engine))
        return [pos.x, pos.y, health.hp, health.max_hp, stance.stamina, stance.max_stamina,
                choices.STANCE_ORDER.index(stance.name), dv, pv, attrs.strength,
                attrs.dexterity, attrs.constitution, attrs.willpower, engine.depth,
                deepest, engine.turn, kills, len(engine.actions)]

    def _defence_figures(self, defence) -> tuple[int, int]:
        """Dv and Pv of a defence profile: summed again only for another profile object (a
        profile is frozen, and the same object comes back while its Fighter is unchanged)."""
        known = self._figures
        if known[0] is not defence:
            known = self._figures = (defence, defence.total(), defence.protection)
        return known[1], known[2]
