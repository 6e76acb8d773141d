"""Action masks (sb3-contrib's ``MaskablePPO`` convention): for each simple action, whether it
would pass game time or change what is shown.

Nothing here predicts what an action does: each is asked of the game itself, on a copy
(``GameCopy``). The env's own refusals (nothing to pick up, no shot ready, the stance at its
end: ``actions.game_action``, the commands' refusal checks) are false at once; every other
action is submitted to a copy of the game. The engine's answer says the rest: a refusal
(``Impossible``) changes nothing (it is never recorded, so it must not: a recording replays
without it), and the same copy then serves the next action; an action that passes time is
true; one that passes none (a rest at full health, a stance changed) is true only if what is
observed changed: the level, the stats, the inventory, the spells (``SHOWN``; not the message,
which says every refusal, nor the count of actions, which counts a recorded one).
"""

from __future__ import annotations

import numpy as np

from game.world.core import actions as A
from game.world.game import Game

from . import actions
from .copies import GameCopy
from .observations import BLSTATS, Count, Observer

SHOWN = ("glyphs", "colors", "blstats", "inv_letters", "inv_strs", "spells")
_ACTIONS_STAT = BLSTATS.index("actions")


def shown(engine: Game, count: Count) -> tuple[bytes, ...]:
    """What the player is shown of ``engine`` (``SHOWN``), the count of actions left out."""
    seen = Observer(SHOWN).observe(engine, "", count)
    seen["blstats"][_ACTIONS_STAT] = 0
    return tuple(seen[key].tobytes() for key in SHOWN)


def simple_masks(engine: Game, count: Count) -> np.ndarray:
    """One bool for each simple action (``actions.ACTIONS``): true where it would pass time
    or change what is shown. All false once the game is over (nothing does)."""
    masks = np.zeros(len(actions.ACTIONS), dtype=bool)
    if engine.outcome is not None:
        return masks
    taken = GameCopy.of(engine)
    before: tuple[bytes, ...] | None = None
    probe: Game | None = None
    try:
        for index in range(len(actions.ACTIONS)):
            chosen = actions.game_action(engine, index)  # the env's own refusals: asked here
            if isinstance(chosen, str):
                continue
            if probe is None:
                probe = taken.made()
            now = probe.now
            result = probe.submit(chosen)
            if isinstance(result, A.Impossible):
                continue  # refused: unchanged, so the same copy serves the next action
            if probe.now != now or probe.outcome is not None or probe.depth != engine.depth:
                masks[index] = True
            else:
                before = before if before is not None else shown(engine, count)
                masks[index] = shown(probe, count) != before
            probe.close()
            probe = None
    finally:
        if probe is not None:
            probe.close()
    return masks
