"""A dataset of games as recordings: seeds and actions, where NLE's NLD is terabytes of ttyrecs.

``python -m game dataset --games N --out DIR`` writes N bot games into DIR, each a recording
(the game's own save: its setup, every action, the state hash every 50 actions and after the
last), which ``python -m game verify`` checks. ``load(DIR, keys=...)`` makes the observations
again, on the fly: it replays each recording through the env (``DungeonEnv.step_game``, the
env's own observation and reward code) and yields, for each recorded action, the
observation the player acted on, the action, and the reward the action earned. Each hash is
compared as its position is reached: a recording out of sync is one ``DatasetError`` naming
the file and the action.

The actions are numbered in the dataset's own space, ``ACTION_NAMES``: the 18 simple actions
of the env first (``game.env.ACTIONS``: index ``i`` there is the env's action ``i``), given
where that simple action stands for exactly the recorded action in the game as it stood
(``env.step(i)`` would have played it), then one for each kind of game action
(``GAME_ACTIONS``, by the action's tag), given where none does: a second thing picked up, a
scroll read, an attack on a creature named, a shot at one not the nearest. The recorded
action itself, with its arguments, is in the info (``info=True``). The full keyboard's
numbers are not given: a recorded action is one key or a menu's several.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from game.persist import savefile
from game.persist.replay import OutOfSync
from game.persist.savefile import SaveData, SaveError
from game.world.core import actions as A
from game.world.game import Game

from . import actions as simple
from .environment import DungeonEnv, Episode
from .observations import DEFAULT_KEYS

# The game's action kinds, by tag, in the dataset's numbering (after the simple actions).
# Released with 0.4.0: a tag the game gains is appended, never put between, so a number keeps
# its meaning (tests/env/test_env_dataset.py fails while the game has a tag this lacks).
GAME_ACTIONS: tuple[str, ...] = (
    "move", "attack", "wait", "rest", "pickup", "drop", "wield", "wear", "takeoff", "quaff",
    "descend", "ascend", "fire", "throw", "rage", "vital", "bash", "stance", "quiver", "read",
    "identify", "zap", "cast",
)
ACTION_NAMES: tuple[str, ...] = (*simple.ACTIONS, *(f"game:{tag}" for tag in GAME_ACTIONS))
SUFFIX = ".json"

_AT = {name: index for index, name in enumerate(simple.ACTIONS)}
# the simple actions that may stand for a game action of each tag (asked of the game in turn)
_STANDS_FOR: dict[str, tuple[int, ...]] = {
    "move": tuple(_AT[name] for name in simple.MOVES), "wait": (_AT["wait"],),
    "rest": (_AT["rest"],), "pickup": (_AT["pickup"],), "descend": (_AT["down"],),
    "ascend": (_AT["up"],), "fire": (_AT["fire"],), "throw": (_AT["fire"],),
    "quaff": (_AT["quaff"],), "stance": (_AT["careful"], _AT["bold"], _AT["normal"]),
}


class DatasetError(ValueError):
    """A recording that cannot be read, or whose replay is out of sync; ``str()`` is one line
    naming the file (and the action, numbered from 1, where it went out of sync)."""


def action_index(engine: Game, action: A.Action) -> int:
    """``action``'s number in ``ACTION_NAMES`` in the game as it stands (before it is
    played): the simple action that stands for it, else its kind's."""
    for index in _STANDS_FOR.get(action.tag, ()):
        if simple.game_action(engine, index) == action:
            return index
    if action.tag not in GAME_ACTIONS:
        raise ValueError(f"{action.tag!r} is not an action of the dataset (a wizard's)")
    return len(simple.ACTIONS) + GAME_ACTIONS.index(action.tag)


def recordings(source: str | os.PathLike) -> list[Path]:
    """The recordings ``source`` names: a folder's ``*.json``, in name order, or one file."""
    path = Path(source)
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.suffix == SUFFIX and p.is_file())
        if not found:
            raise DatasetError(f"{path}: no recordings (*{SUFFIX}) in this folder")
        return found
    if not path.exists():
        raise DatasetError(f"{path}: no such folder or file")
    return [path]


def load(source: str | os.PathLike, keys: tuple[str, ...] = DEFAULT_KEYS, *,
         task: str = "score", info: bool = False) -> Iterator[tuple]:
    """(observation, action, reward) for every recorded action of every recording of
    ``source`` (a folder, or one file), in order: the observation of ``keys`` the player
    acted on, the action's number in ``ACTION_NAMES``, the reward ``task`` gave it (the env's
    tasks: "score", "staircase", "scout", "win", "level"). With ``info``, a fourth: a dict of
    the ``recording``'s path, the action's ``number`` in it (from 1), the ``game_action``
    itself, and the env's info after it. Raises DatasetError (a ValueError) for a recording
    that cannot be read or goes out of sync, ValueError for keys or a task the env has not."""
    env = DungeonEnv(observation_keys=tuple(keys), task=task)
    try:
        for path in recordings(source):
            yield from _replayed(env, _read(path), info)
    finally:
        env.close()


def _read(path: Path) -> SaveData:
    try:
        save = savefile.load(path)
    except SaveError as err:
        raise DatasetError(str(err)) from None
    if save.wizard:
        raise DatasetError(f"{path}: a wizard game: a dataset holds games played for")
    return save


def _replayed(env: DungeonEnv, save: SaveData, info: bool) -> Iterator[tuple]:
    """One recording's steps, each hash compared as its position is reached."""
    engine = Game(save.setup)
    engine.keyframe_every = 0  # (a replay only read is never saved)
    opening = " ".join(message.line for message in engine.log)
    obs, _ = env.begin(engine, Episode(opening=opening, deepest=engine.depth))
    _check(save, engine, 0)
    for number, action in enumerate(save.actions, 1):
        if action.tag not in GAME_ACTIONS:
            raise _out(save, number, f"{action.tag!r} is a wizard's command: a dataset "
                                     f"holds games played for")
        index = action_index(engine, action)
        try:
            after, reward, _, _, said = env.step_game(action)
        except Exception as err:  # a recording is untrusted: said, never a crash
            raise _out(save, number, f"the game failed on {action.tag!r}: "
                                     f"{type(err).__name__}: {err}") from err
        if len(engine.actions) != number:
            raise _out(save, number, f"{action.tag!r} was refused: {said['message']}")
        _check(save, engine, number)
        if info:
            yield obs, index, reward, {"recording": save.path, "number": number,
                                       "game_action": action, **said}
        else:
            yield obs, index, reward
        obs = after


def _check(save: SaveData, engine: Game, position: int) -> None:
    """The game against the recording's hash at ``position`` (its final one, at the end)."""
    final = save.final_hash if position == len(save.actions) else None
    wanted = [mark for mark in (save.checkpoints.get(position), final) if mark is not None]
    if not wanted:
        return
    actual = engine.checkpoints.get(position) or engine.state_hash()
    if any(mark != actual for mark in wanted):
        raise _out(save, position, "the state differs from the recorded checkpoint")


def _out(save: SaveData, number: int, why: str) -> DatasetError:
    tag = f" ({save.actions[number - 1].tag})" if number else ""
    return DatasetError(f"{save.path}: {OutOfSync(number, why)}{tag}")
