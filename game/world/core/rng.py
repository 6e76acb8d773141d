"""Named random streams derived from the game seed, so each kind of randomness is independent.

Level generation uses ``mapgen.level_seed`` (seed and depth alone). Play draws from the streams
here: combat, AI, loot, and a display-only stream that never touches state. A stream's state is
plain ints, so a snapshot can store it as JSON.
"""

from __future__ import annotations

import _random
import hashlib
import random

STREAMS = ("combat", "ai", "loot", "display")


def derive(seed: int, name: str) -> int:
    """A 64-bit seed for ``name``: sha256, never Python's salted ``hash()``."""
    digest = hashlib.sha256(f"{seed}:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Stream(random.Random):
    """A ``random.Random`` that counts the calls that may change its state, so the state hash
    spells a stream's state again only after one (``game.world.core.hashing``). Every draw of
    ``random.Random`` ends in ``random`` or ``getrandbits`` (``randbytes`` too, where it is
    its own); ``gauss`` may also take its kept value (``gauss_next``) without a draw, so
    that value is compared by itself."""

    changes = 0
    gauss_next: float | None  # random.Random's own (typeshed does not list it)

    def random(self) -> float:
        self.changes += 1
        return _BASE.random(self)

    def getrandbits(self, k: int) -> int:
        self.changes += 1
        return _BASE.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        self.changes += 1
        return super().randbytes(n)

    def seed(self, *args, **kwargs) -> None:
        self.changes += 1
        super().seed(*args, **kwargs)

    def setstate(self, state: tuple) -> None:
        self.changes += 1
        super().setstate(state)


_BASE = _random.Random  # the C generator under random.Random


class Streams:
    """The game's named streams."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.by_name = {name: Stream(derive(seed, name)) for name in STREAMS}

    def __getattr__(self, name: str) -> random.Random:
        try:
            return self.__dict__["by_name"][name]
        except KeyError:
            raise AttributeError(name) from None

    def for_level(self, depth: int, purpose: str) -> random.Random:
        """A fresh stream for one level's contents: depends on the seed and depth alone."""
        return random.Random(derive(self.seed, f"{purpose}:{depth}"))

    def state(self) -> dict[str, list]:
        """JSON-ready states of the play streams."""
        return {name: state_json(r.getstate()) for name, r in sorted(self.by_name.items())}

    def restore(self, state: dict[str, list]) -> None:
        for name, value in state.items():
            if name not in self.by_name:
                raise ValueError(f"unknown random stream {name!r}")
            self.by_name[name].setstate(_from_json(value))


def state_json(state: tuple) -> list:
    """A stream's ``getstate()`` as JSON-ready data."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _from_json(value: list) -> tuple:
    version, internal, gauss = value
    return (version, tuple(internal), gauss)


SEED_BITS = 64
SEEDS = range(2**SEED_BITS)  # the seeds a game may have: what `--seed` and a save accept
