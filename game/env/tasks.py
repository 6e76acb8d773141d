"""The tasks: what a step is worth in each registered id, and when a task is done.

- ``score`` (``game/Dungeon-v0``): +1 for each creature that dies in a step in which the
  player struck it, +10 for each depth reached deeper than any before in this episode (the
  starting depth counts as reached), +100 for escaping with the amulet (``rewards``).
- ``staircase`` (``game/Staircase-v0``): 1 when the player stands on the stairs down, which
  ends the episode (``terminated``), as NLE's NetHackStaircase.
- ``scout`` (``game/Scout-v0``): 1 for each cell of a level seen for the first time, as
  NLE's NetHackScout.
- ``win`` (``game/Win-v0``): 1 for escaping with the amulet, nothing else.
- ``level`` (``game/Level-v0``): a level drawn as a picture, and a goal (``GOALS``): 1 for
  reaching it (the stairs down, every creature killed, a thing picked up), which ends it.

Every task adds NLE's two penalties (``NetHackScore``'s ``constant`` mode):
``penalty_step`` for a step in which no game time passed (a refused action, a menu) and
``penalty_time`` for each turn that passed. Both are 0 unless asked for (NLE's are -0.01 and
0), so ``game/Dungeon-v0`` scores as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.world.core.components import Creature, Position
from game.world.game import Game

from . import rewards
from .options import GOALS


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


@dataclass(slots=True)
class Level(Task):
    """A level drawn as a picture, with a goal (MiniHack's tasks): 1 when it is reached,
    which ends the episode. ``stairs``: the player stands on its ``>``; ``kill``: none of the
    creatures it began with is left; ``pickup``: the player has picked up a thing that lay
    on it."""

    name = "level"
    goal: str = "stairs"
    targets: tuple[int, ...] = ()  # the creatures (kill) or things (pickup) it began with

    def begin(self, engine: Game) -> None:
        if self.goal == "kill":
            self.targets = tuple(e for e, (_, pos) in engine.creatures_here() if pos.depth == 1)
        elif self.goal == "pickup":
            self.targets = tuple(sorted(e for e, _, _ in engine.store.items.on(1)))

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        assert self.goal in GOALS, self.goal
        reached = self.reached(engine)
        return (1.0 if reached else 0.0), reached

    def reached(self, engine: Game) -> bool:
        store = engine.store
        if self.goal == "stairs":
            pos = store.get(engine.player, Position)
            return pos.depth == 1 and (pos.x, pos.y) == engine.levels[1].stairs_down
        if self.goal == "kill":
            return not any(store.find(e, Creature) is not None for e in self.targets)
        # a thing leaves the floor only when the player takes it (into a pile of its own, or
        # one it joins: then it is gone)
        return any(store.find(e, Position) is None for e in self.targets)


TASKS: dict[str, type[Task]] = {kind.name: kind for kind in (Task, Staircase, Scout, Win, Level)}
IDS = {"game/Dungeon-v0": "score", "game/Staircase-v0": "staircase",
       "game/Scout-v0": "scout", "game/Win-v0": "win", "game/Level-v0": "level"}


def made(name: str, goal: str | None) -> Task:
    """The task ``name`` (a level's with its ``goal``, the first unless given)."""
    return Level(goal or GOALS[0]) if name == "level" else TASKS[name]()
