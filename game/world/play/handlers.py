"""Which function performs each of the player's actions, by the action's tag."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.world.core import actions as A

from . import belongings, consumables, player_actions

if TYPE_CHECKING:
    from game.world.core.engine import Engine

HANDLERS: dict[str, Callable[[Engine, Any], A.Result]] = {
    "move": player_actions.move, "attack": player_actions.attack, "wait": player_actions.wait,
    "rest": player_actions.rest, "stance": player_actions.stance, "bash": player_actions.bash,
    "rage": player_actions.rage, "vital": player_actions.vital_strike,
    "fire": player_actions.fire, "throw": player_actions.throw,
    "descend": player_actions.descend, "ascend": player_actions.ascend,
    "pickup": belongings.pickup, "drop": belongings.drop, "wield": belongings.wield,
    "wear": belongings.wear, "takeoff": belongings.takeoff, "quaff": consumables.quaff,
    "quiver": belongings.quiver,
    "read": consumables.read, "identify": consumables.identify, "zap": consumables.zap,
    "cast": consumables.cast,
}
