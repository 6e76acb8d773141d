"""How a save stores its keyframes: each engine state's canonical JSON, deflated and written in
base64: in a long game a third of the text (its random streams do not compress; its entities
and log, most of a long game's state, do), so a recording can hold a keyframe every
``KEYFRAME_EVERY`` actions and stay small. A keyframe is unpacked only when a replay jumps
to it or a game goes on from the save; unpacking is bounded (a short string must not inflate
without limit) and every failure is one BadSnapshot line.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from .snapshot_check import BadSnapshot

MAX_STATE = 16 * 1024 * 1024  # bytes of one state's JSON: far beyond a real one (about 100 KB)
MAX_TOTAL = 128 * 1024 * 1024  # bytes of every state a game going on from a save unpacks
MAX_COUNT = 1000  # keyframes in one save: a 500,000-action game (one every 500)
FEWEST_ACTIONS = 100  # between two keyframes, at the least (the engine takes one every 500)


def most(actions: int) -> int:
    """How many keyframes a recording of ``actions`` actions may hold: checked before any is
    unpacked, so that thousands of small strings cannot each inflate to the cap."""
    return min(MAX_COUNT, actions // FEWEST_ACTIONS + 1)
LEVEL = 1  # zlib's fastest: saving a long game packs hundreds; the best level saves 10% more


def pack(text: str) -> str:
    """A state's canonical JSON (ASCII: ``canonical`` escapes the rest), packed."""
    return base64.b64encode(zlib.compress(text.encode("ascii"), LEVEL)).decode("ascii")


def unpack(stored: str, limit: int = MAX_STATE) -> str:
    """The JSON text of a stored keyframe, at most ``limit`` bytes (a save of the version
    before packing held the text itself, which begins with ``{`` as base64 never does)."""
    if stored.startswith("{"):
        if len(stored) > limit:
            raise BadSnapshot("it is larger than any game state")
        return stored
    inflate = zlib.decompressobj()
    try:
        text = inflate.decompress(base64.b64decode(stored, validate=True), min(limit, MAX_STATE))
    except (binascii.Error, ValueError, zlib.error):
        raise BadSnapshot("it is not a packed game state") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise BadSnapshot("it is cut short or larger than any game state")
    try:
        return text.decode("ascii")
    except UnicodeDecodeError:
        raise BadSnapshot("it is not a packed game state") from None
