"""The tasks: what a step is worth in each registered id, and when a task is done.

- ``score`` (``game/Dungeon-v0``): +1 for each creature that dies in a step in which the
  player struck it, +10 for each depth reached deeper than any before in this episode (the
  starting depth counts as reached), +100 for escaping with the amulet (``rewards``).
- ``staircase`` (``game/Staircase-v0``): 1 when the player stands on the stairs down, which
  ends the episode (``terminated``), as NLE's NetHackStaircase.
- ``scout`` (``game/Scout-v0``): 1 for each cell of a level seen for the first time, as
  NLE's NetHackScout.
- ``win`` (``game/Win-v0``): 1 for escaping with the amulet, nothing else.

Every task adds NLE's two penalties (``NetHackScore``'s ``constant`` mode):
``penalty_step`` for a step in which no game time passed (a refused action, a menu) and
``penalty_time`` for each turn that passed. Both are 0 unless asked for (NLE's are -0.01 and
0), so ``game/Dungeon-v0`` scores as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.world.core.components import Position
from game.world.game import Game

from . import rewards


@dataclass(slots=True)
class Task:
    """A task's reward of one step; ``done`` when the task is achieved (the episode ends)."""

    name = "score"

    def begin(self, engine: Game) -> None:
        """A new episode begins on this game."""

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        if kills or new_depths or engine.outcome is not None:
            return rewards.score(kills, new_depths, engine.outcome == "won"), False
        return 0.0, False  # most steps: nothing


@dataclass(slots=True)
class Staircase(Task):
    name = "staircase"

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        pos = engine.store.get(engine.player, Position)
        there = (pos.x, pos.y) == engine.gamemap.stairs_down
        return (1.0 if there else 0.0), there


@dataclass(slots=True)
class Scout(Task):
    name = "scout"
    seen: dict[int, int] = field(default_factory=dict)  # explored cells, by depth

    def begin(self, engine: Game) -> None:
        self.seen = {depth: int(gm.explored.sum()) for depth, gm in engine.levels.items()}

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        now = int(engine.gamemap.explored.sum())
        before = self.seen.get(engine.depth, 0)
        self.seen[engine.depth] = now
        return float(max(0, now - before)), False


@dataclass(slots=True)
class Win(Task):
    name = "win"

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        return (1.0 if engine.outcome == "won" else 0.0), False


TASKS: dict[str, type[Task]] = {kind.name: kind for kind in (Task, Staircase, Scout, Win)}
IDS = {"game/Dungeon-v0": "score", "game/Staircase-v0": "staircase",
       "game/Scout-v0": "scout", "game/Win-v0": "win"}
