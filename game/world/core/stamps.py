"""An entity's ``stamp``: everything a Fighter could be built from, as one comparable value.

The fighter cache (``game.world.core.fighter_cache``) hands out the same Fighter while the
stamp is unchanged. The stamp reads every field of every component, so a component or field
added later (a talent, a status, a power) is covered unasked; only ``TURN_BY_TURN``'s fields,
which no Fighter is built from, are left out. It is taken often (every blow, every screen),
so each kind of entity (its component classes, in order) gets a reader made once from the
dataclass fields: one call that returns every field value, containers copied (the live ones
change in place).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from . import written
from .components import Equipment, Inventory

TURN_BY_TURN = {"Health": ("hp",), "Actor": ("next_tick",), "Position": ("x", "y", "depth"),
                "Stance": ("stamina",), "Training": ("points",), "Hero": ("xp",),
                "Vitals": ("next_tick", "bleeding", "poison", "disease", "regen"),
                "Reactions": ("round_start", "count")}
"""Fields that change turn by turn and that no Fighter is built from: left out of ``stamp``
(where the entity stands counts through ``in_wall``). A field read by ``fighter`` must not
be named here."""

_SCALARS = ("int", "str", "bool", "float", "int | None", "str | None", "None")
_FLAT = tuple(f"{box}[{of}]" for box in ("list", "set") for of in ("int", "str")) \
    + tuple(f"dict[str, {of}]" for of in ("int", "str", "bool"))
"""Containers of scalars: a shallow copy is a snapshot (compared by value)."""

class _Readers(dict):
    """A tuple of component classes (an entity's, in esper's order) -> that tuple as first
    met and the reader of all their fields at once, made then."""

    LIMIT = 512  # kinds of entity: a handful in any game, but never without bound

    def __init__(self, own: bool) -> None:
        super().__init__()
        self.own = own

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
    kinds, read = _OWN[tuple(comps)]
    parts = [eid, kinds, read(comps.values())]
    carried = _CARRIED
    for i in things:
        held = entities[i]
        kinds, read = carried[tuple(held)]
        parts.append((i, kinds, read(held.values())))
    return tuple(parts)


def _reader(kinds: tuple[type, ...], own: bool) -> Callable[[Iterable], tuple]:
    """``lambda cs: (cs[0].a, cs[0].b.copy(), cs[1].c, ...)`` for the dataclasses ``kinds``,
    written out from their own field names (what ``dataclasses`` itself does for
    ``__init__``): one call reads a whole entity."""
    values = []
    for n, kind in enumerate(kinds):
        left_out = TURN_BY_TURN.get(kind.__name__, ()) if own else ()
        values += [_value_of(f"c{n}.{written.identifier(kind, f.name)}", str(f.type))
                   for f in fields(kind) if f.name not in left_out]
    unpack = "".join(f"c{n}, " for n in range(len(kinds)))
    source = f"def read(cs):\n    ({unpack}) = cs\n    return ({''.join(v + ', ' for v in values)})"
    return written.function(source, "read", {"_frozen": _frozen})


def _value_of(read: str, kind: str) -> str:
    if kind in _SCALARS or (kind.startswith("tuple[") and
                            all(k.strip() in _SCALARS for k in kind[6:-1].split(","))):
        return read
    return f"{read}.copy()" if kind in _FLAT else f"_frozen({read})"


def _frozen(value):
    """A deep snapshot of any other container, as nested tuples."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | set | tuple):
        return tuple(_frozen(v) for v in value)
    return value
