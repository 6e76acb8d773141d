"""An entity's ``stamp``: everything a Fighter could be built from, as one comparable value.

The fighter cache (``game.world.core.fighter_cache``) hands out the same Fighter while the
stamp is unchanged. The stamp reads every field of every component, so a component or field
added later (a talent, a status, a power) is covered unasked; only ``TURN_BY_TURN``'s fields,
which no Fighter is built from, are left out. It is taken whenever a change has been told
since the last (``game.world.core.changes``): often, so each kind of entity (its component
classes, in order) gets a reader made once from the dataclass fields (``written.reader``):
one call that returns every field value with its class, containers copied.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from . import written
from .changes import TURN_BY_TURN
from .components import Equipment, Inventory


class _Readers(dict):
    """A tuple of component classes (an entity's, in esper's order) -> that tuple as first
    met and the reader of all their fields at once, made then."""

    LIMIT = 512  # kinds of entity: a handful in any game, but never without bound

    def __init__(self, own: bool) -> None:
        super().__init__()
        self.own = own
        self.last: dict[int, tuple[int, tuple[type, ...], Callable]] = {}

    def remember(self, eid: int, comps: dict) -> tuple[int, tuple[type, ...], Callable]:
        """The entity's count of components, its kinds and their reader, kept in ``last`` by
        its id and tried first next time: right while the entity has as many components and
        the reader finds each of its classes among them (so the same set: an entity has one
        of each class); else the reader's KeyError sends the caller here. Checked at every
        use, so never wrong; kept across games (ids repeat), which is only a miss."""
        if len(self.last) >= self.LIMIT * 8:
            self.last.clear()
        kinds, read = self[tuple(comps)]
        made = self.last[eid] = (len(comps), kinds, read)
        return made

    def __missing__(self, kinds: tuple[type, ...]) -> tuple[tuple[type, ...], Callable]:
        """The first tuple of these classes met, kept so that stamps hold one object (one
        compared by identity), and its reader."""
        if len(self) >= self.LIMIT:
            self.clear()
        known = self[kinds] = (kinds, _reader(kinds, self.own))
        return known


_OWN, _CARRIED = _Readers(True), _Readers(False)
_SLOTS = Equipment.__slots__
_SLOTTED = attrgetter(*_SLOTS)


def stamp(entities: dict[int, dict[type, Any]], eid: int) -> tuple:
    """The entity's own components (but ``TURN_BY_TURN``'s fields), and every component of
    each thing it carries or uses, in one tuple: the same stamp, the same Fighter. Each
    entity's part is its component classes and then all their values, from one reader.
    ``entities``: the store's table (``Store.table``)."""
    comps = entities[eid]
    inventory = comps.get(Inventory)
    things = list(inventory.items) if inventory is not None else []
    eq = comps.get(Equipment)
    if eq is not None:
        for item in _SLOTTED(eq):
            if item is not None and item not in things:
                things.append(item)
    # Each entity's reader as last used is tried first (written out, not called: a stamp is
    # taken very often): ``_Readers.last``.
    last = _OWN.last.get(eid)
    try:
        if last is None or last[0] != len(comps):
            raise KeyError(eid)
        parts = [eid, last[1], last[2](comps)]
    except KeyError:
        last = _OWN.remember(eid, comps)
        parts = [eid, last[1], last[2](comps)]
    carried = _CARRIED
    for i in things:
        held = entities[i]
        last = carried.last.get(i)
        try:
            if last is None or last[0] != len(held):
                raise KeyError(i)
            parts.append((i, last[1], last[2](held)))
        except KeyError:
            last = carried.remember(i, held)
            parts.append((i, last[1], last[2](held)))
    return tuple(parts)


def _reader(kinds: tuple[type, ...], own: bool) -> Callable[[dict], tuple]:
    """One call that reads every field of an entity of these kinds (``written.reader``, the
    values alone), but ``TURN_BY_TURN``'s of its own."""
    return written.reader(kinds, TURN_BY_TURN if own else None, classes=False, flat=True)
