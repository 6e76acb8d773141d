"""Replaying a recording from its seed: verify it, and seek to any point of it.

Actions are numbered from 1: "action k" is the k-th recorded action, and position k (a
checkpoint key, a keyframe, a seek target) is the state after the first k actions; position 0
is the fresh game.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from types import TracebackType

from game.content import fingerprints
from game.rules.messages import plural
from game.world.core import actions as A
from game.world.game import Game

from .savefile import SaveData, SaveError, canonical, keyframe_state, load, snapshot_hash
from .snapshot_check import BadSnapshot

KEYFRAME_EVERY = 100
KEPT_MOST = 128 * 1024 * 1024  # bytes of the states a replay keeps as it plays, at most


class OutOfSync(ValueError):
    """The replay no longer matches the recording at action ``action`` (a ValueError, which
    the replay viewer shows on screen: it knows nothing of this layer)."""

    def __init__(self, action: int, why: str) -> None:
        why = " ".join(why.split())[:200]  # one line, whatever an engine error said
        super().__init__(f"out of sync at action {action}: {why}")
        self.action, self.why = action, why


class Seeker:
    """A recording being replayed. It keeps keyframes (the engine state every ``every``
    actions, taken as it plays) so that seeking back restores the nearest keyframe at or
    before the target and replays forward from there, never from the first action. It
    starts with the save's own keyframes unless ``saved`` is false (a replay from the seed).
    ``engine_keyframes`` false: its engine does not take the keyframes a game being played
    takes for its save (a replay only verified is never saved). The states it keeps as it
    plays come to ``KEPT_MOST`` bytes at most: past that, every other one is let go and they
    are taken half as often, so a recording of millions of actions is watched in bounded
    memory (a jump back then replays a little more)."""

    def __init__(self, save: SaveData, *, every: int = KEYFRAME_EVERY,
                 saved: bool = True, engine_keyframes: bool = True) -> None:
        self.save = save
        self.every = every
        self.engine_keyframes = engine_keyframes
        self.engine = Game(save.setup)
        self._own_keyframes()
        self.index = 0
        self.keyframes: dict[int, str] = {**(save.keyframes if saved else {}),
                                          0: canonical(self.engine.state())}
        self.restores = 0  # keyframes restored so far
        self.kept = 0  # bytes of the states kept as it played

    @property
    def length(self) -> int:
        return len(self.save.actions)

    def step(self) -> A.Result:
        """Replay the next action, checking it against the recording's checkpoint."""
        number = self.index + 1
        action = self.save.actions[self.index]
        try:
            result = self.engine.submit(action)
        except Exception as err:  # a recording is untrusted: report, never crash
            raise OutOfSync(number, f"the game failed on {action.tag!r}: "
                                    f"{type(err).__name__}: {err}") from err
        if isinstance(result, A.Impossible):
            raise OutOfSync(number, f"{action.tag!r} was impossible: {result.reason}")
        self.index = number
        self.check()
        if self.every and number % self.every == 0 and number not in self.keyframes:
            frame = self.keyframes[number] = canonical(self.engine.state())
            self.kept += len(frame)
            if self.kept > KEPT_MOST:
                self._thin()
        return result

    def _thin(self) -> None:
        """Keep half the states taken as it played, and take them half as often."""
        self.every *= 2
        for position in [k for k in self.keyframes if k and k % self.every
                         and k not in self.save.keyframes]:
            self.kept -= len(self.keyframes.pop(position))

    def check(self) -> None:
        """Compare the game with the recording's checkpoint for this position, if any."""
        expected = self.save.checkpoints.get(self.index)
        if expected is None:
            return
        actual = self.engine.checkpoints.get(self.index) or self.engine.state_hash()
        if actual != expected:
            raise OutOfSync(self.index, "the state differs from the recorded checkpoint")

    def crash_again(self) -> A.Result:
        """Perform a crash report's last action, which crashed the game when it was played:
        a deterministic bug raises again here."""
        if self.save.crash is None or self.index != self.length:
            raise ValueError("only a crash report, replayed to its end, has an action left")
        return self.engine.submit(self.save.crash)

    def seek(self, position: int) -> Game:
        """The game after the first ``position`` actions."""
        if not 0 <= position <= self.length:
            raise ValueError(f"position {position} is outside 0..{self.length}")
        nearest = max(k for k in self.keyframes if k <= position)
        if position < self.index or nearest > self.index:
            self._restore(nearest)
        while self.index < position:
            self.step()
        return self.engine

    def _restore(self, position: int) -> None:
        """Go back (or ahead) to a keyframe. One the save brought is untrusted: it is checked
        as a snapshot is before it is restored, and must restore to its checkpoint's hash."""
        frame = self.keyframes[position]
        saved = self.save.keyframes.get(position) == frame
        try:
            state = keyframe_state(self.save, position) if saved else json.loads(frame)
            engine = Game.from_state(state, self.save.setup)
        except (BadSnapshot, ValueError) as err:
            raise OutOfSync(position, f"the save's keyframe is broken: {err}") from None
        if saved and engine.state_hash() != self.save.checkpoints.get(position):
            engine.close()
            raise OutOfSync(position, "the save's keyframe differs from its checkpoint")
        engine.actions = list(self.save.actions[:position])
        self.engine.close()
        self.engine, self.index = engine, position
        self._own_keyframes()
        self.restores += 1

    def _own_keyframes(self) -> None:
        if not self.engine_keyframes:
            self.engine.keyframe_every = 0

    def close(self) -> None:
        self.engine.close()

    def __enter__(self) -> Seeker:
        return self

    def __exit__(self, kind: type | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def replay(save: SaveData | str | os.PathLike, *, upto: int | None = None,
           keyframe_every: int | None = None, engine_keyframes: bool = True) -> Seeker:
    """Rebuild the game from the seed by replaying the recorded actions (all of them, or the
    first ``upto``); the result's ``engine`` is the game (with the keyframes a played game
    keeps, unless ``engine_keyframes`` is false). Raises OutOfSync or SaveError."""
    if not isinstance(save, SaveData):
        save = load(save)
    seeker = Seeker(save, every=keyframe_every or 0, saved=False,
                    engine_keyframes=engine_keyframes)
    try:
        seeker.check()
        seeker.seek(seeker.length if upto is None else upto)
    except BaseException:
        seeker.close()
        raise
    return seeker


VERIFY_STRIDE = 100  # actions replayed between two calls of verify's ``progress``


def verify(path: str | os.PathLike,
           progress: Callable[[int, int], None] | None = None) -> tuple[int, str]:
    """(0, ...) in sync, (1, ...) out of sync naming the first differing action, (2, ...)
    unreadable, or made by a game version this one does not read (``versions``); the
    message is one line. ``progress(done, total)`` is told how many actions are replayed,
    every ``VERIFY_STRIDE`` of them."""
    try:
        save = load(path)
    except SaveError as err:
        return 2, str(err)
    try:
        with replay(save, upto=0, engine_keyframes=False) as seeker:
            for done in range(VERIFY_STRIDE, seeker.length + VERIFY_STRIDE, VERIFY_STRIDE):
                seeker.seek(min(done, seeker.length))
                if progress is not None:
                    progress(seeker.index, seeker.length)
            _check_final(seeker)
    except OutOfSync as err:
        return 1, f"{path}: {err}{_last_good(save, err.action)}. {_why_out(save)}"
    actions, marks = len(save.actions), len(save.checkpoints)
    under = f", {save.rules} rules" if save.rules != "manual" else ""
    under += f", under the overlay {save.content.name!r}" if save.content is not None else ""
    return 0, (f"{path}: in sync ({plural(actions, 'action')}, {plural(marks, 'checkpoint')}, "
               f"final hash {save.final_hash[:12]}{under})")


def _check_final(seeker: Seeker) -> None:
    """The replayed game must be the snapshot (its log aside: display text, and it holds
    refused actions that are not in the recording)."""
    state = json.loads(canonical(seeker.engine.state(log=False)))
    snapshot = {k: v for k, v in seeker.save.snapshot.items() if k != "log"}
    same = (seeker.engine.state_hash() == seeker.save.final_hash == snapshot_hash(snapshot)
            and state == snapshot)
    if not same:
        raise OutOfSync(seeker.length, "final state differs from the snapshot")


def _why_out(save: SaveData) -> str:
    """What differs between this game and the one that was recorded, and what to do: the
    tables its version played by, entry by entry (``content.fingerprints``), or its play."""
    version = save.game_version
    found = fingerprints.changes(version)
    if found:
        return fingerprints.advice(version, found)
    return (f"The tables are as game {version} played them, so its play has changed: a "
            f"change of play since {version} is asked for by Engine.since, or is of a new "
            f"version (docs/architecture.md, 'Versions'); a recording edited by hand is "
            f"not the game it says")


def _last_good(save: SaveData, action: int) -> str:
    good = [k for k in save.checkpoints if k < action]
    return f" (in sync at checkpoint {max(good)})" if good else ""

