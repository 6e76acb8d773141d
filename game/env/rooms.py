"""Small rooms as tasks: what a small agent can learn first (MiniHack's lesson).

The dungeon's own tasks (``tasks``) are played on whole levels of 40 x 80 cells, where a new
policy sees little and is rewarded seldom. These are played on one small room, drawn as a
picture from the episode's seed, in the middle of a level of the usual size: the game's first
level (``Setup.level``, as ``game/Level-v0``'s), so its recordings verify like any other:

- ``game/Room-v0``: a 5 x 5 room with the player and the stairs down on cells drawn from the
  seed; +1 for reaching ``>``, which ends the episode (the ``staircase`` task).
- ``game/RoomKobold-v0``: a 5 x 5 room with the player and one awake kobold; +1 for the kill
  (the ``score`` task's), which ends the episode: the room is cleared (``Clear``).

Each episode is 50 steps at most, and each step costs 0.01: NLE's ``penalty_step`` for one in
which no game time passes (a wall bumped, a rest at full health), its ``penalty_time`` for
each turn that passes. So a faster policy scores more: a return is 1 less a hundredth a step
taken, and less than nothing for a room not done. The layout is drawn from the seed
(``rng.derive``, as a level's generation is), so the same seed is the same room.

They are ``RoomEnv`` (a ``DungeonEnv`` whose reset draws the room from the seed, where
``game/Level-v0`` plays one picture); the keyword arguments are ``DungeonEnv``'s less
``task``, ``level``, ``legend`` and ``goal`` (the room's own).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from game.world.core.engine import MAP_HEIGHT, MAP_WIDTH
from game.world.core.picture import Picture
from game.world.core.rng import derive
from game.world.core.setup import Setup
from game.world.game import Game

from . import options as opts
from . import tasks
from .environment import DungeonEnv, Episode

ROOM_STEPS = 50
STEP_PENALTY = -0.01


@dataclass(frozen=True, slots=True)
class Room:
    """A small room task: its size inside the walls, what stands in it, and its goal."""

    width: int
    height: int
    creatures: tuple[str, ...]  # creature kinds, each on a cell drawn from the seed
    stairs: bool  # the stairs down on a cell drawn from the seed
    task: str  # "staircase" (reach >) or "clear" (kill every creature)


ROOMS = {"game/Room-v0": Room(5, 5, (), True, "staircase"),
         "game/RoomKobold-v0": Room(5, 5, ("kobold",), False, "clear")}


def picture(room: Room, seed: int) -> tuple[str, dict[str, str]]:
    """The level's picture (``MAP_WIDTH`` x ``MAP_HEIGHT``, the room in its middle, wall
    round it) and its legend, the cells drawn from ``seed``."""
    draw = random.Random(derive(seed, "room"))
    cells = [(x, y) for y in range(room.height) for x in range(room.width)]
    chosen = draw.sample(cells, 1 + len(room.creatures) + room.stairs)
    legend = {chr(ord("A") + i): kind for i, kind in enumerate(room.creatures)}
    marks = ["@", *legend, *(">" if room.stairs else "")]
    left, top = (MAP_WIDTH - room.width) // 2, (MAP_HEIGHT - room.height) // 2
    rows = [["#"] * MAP_WIDTH for _ in range(MAP_HEIGHT)]
    for x, y in cells:
        rows[top + y][left + x] = "."
    for mark, (x, y) in zip(marks, chosen, strict=True):
        rows[top + y][left + x] = mark
    return "\n".join("".join(row) for row in rows), legend


@dataclass(slots=True)
class Clear(tasks.Task):
    """+1 for each creature the player kills (the score task's); done when none is left."""

    name = "clear"

    def reward(self, engine: Game, kills: int, new_depths: int) -> tuple[float, bool]:
        return float(kills), not engine.creatures_here()


class RoomEnv(DungeonEnv):
    """A ``DungeonEnv`` whose every episode is one small room (``ROOMS``)."""

    def __init__(self, room: str = "game/Room-v0", render_mode: str | None = None,
                 **kwargs: Any) -> None:
        if room not in ROOMS:
            raise ValueError(f"unknown room {room!r}: one of {', '.join(ROOMS)}")
        for refused in ("task", "level", "legend", "goal"):
            if refused in kwargs:
                raise ValueError(f"a room takes no {refused} (its own: {room})")
        self.room = ROOMS[room]
        staircase = self.room.task == "staircase"
        super().__init__(render_mode, **{"max_episode_steps": ROOM_STEPS,
                                         "penalty_time": STEP_PENALTY,
                                         "penalty_step": STEP_PENALTY, **kwargs,
                                         "task": "staircase" if staircase else "score"})
        if not staircase:
            self.task = Clear()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        if options:
            raise ValueError("a room takes no reset options")
        game_seed = opts.seed(seed)
        gym.Env.reset(self, seed=game_seed)
        if game_seed is None:
            game_seed = int(self.np_random.integers(2**31))
        drawn, legend = picture(self.room, game_seed)
        settings = self.settings
        engine = Game(Setup(game_seed, character=settings.character,
                            auto_pickup=settings.auto_pickup, level=Picture.of(drawn, legend)))
        if self.recorder is None:  # no recording made: no checks of one taken along the way
            engine.checkpoint_every = engine.keyframe_every = 0
        opening = " ".join(message.line for message in engine.log)
        return self.begin(engine, Episode(opening=opening, deepest=engine.depth))


for _id in ROOMS:
    gym.register(id=_id, entry_point="game.env.rooms:RoomEnv",  # the time limit: the env's
                 kwargs={"room": _id})
