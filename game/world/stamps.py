"""An entity's ``stamp``: everything a Fighter could be built from, as one comparable value.

The fighter cache (``game.world.fighters.FighterCache``) hands out the same Fighter while the
stamp is unchanged. The stamp reads every field of every component, so a component or field
added later (a talent, a status, a power) is covered unasked; only ``TURN_BY_TURN``'s fields,
which no Fighter is built from, are left out. It is taken often (every blow, every screen),
so each component kind gets a reader made once from its dataclass fields: one call that
returns the kind and the field values, containers copied (the live ones change in place).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

import esper

from .components import Equipment, Inventory

TURN_BY_TURN = {"Health": ("hp",), "Actor": ("next_tick",), "Position": ("x", "y", "depth"),
                "Stance": ("stamina",), "Training": ("points",), "Hero": ("xp",),
                "Vitals": ("next_tick", "bleeding", "poison", "disease", "regen")}
"""Fields that change turn by turn and that no Fighter is built from: left out of ``stamp``
(where the entity stands counts through ``in_wall``). A field read by ``fighter`` must not
be named here."""

_SCALARS = ("int", "str", "bool", "float", "int | None", "str | None", "None")
_FLAT = tuple(f"{box}[{of}]" for box in ("list", "set") for of in ("int", "str")) \
    + tuple(f"dict[str, {of}]" for of in ("int", "str", "bool"))
"""Containers of scalars: a shallow copy is a snapshot (compared by value)."""

class _Readers(dict):
    """Component class -> its reader, made when first met."""

    def __init__(self, own: bool) -> None:
        super().__init__()
        self.own = own

    def __missing__(self, kind: type) -> Callable[[object], tuple]:
        reader = self[kind] = _reader(kind, self.own)
        return reader


_OWN, _CARRIED = _Readers(True), _Readers(False)
_SLOTS = Equipment.__slots__


def stamp(eid: int) -> tuple:
    """The entity's own components (but ``TURN_BY_TURN``'s fields), and every component of
    each thing it carries or uses, in one tuple: the same stamp, the same Fighter."""
    entities = esper._entities
    comps = entities[eid]
    inventory = comps.get(Inventory)
    things = list(inventory.items) if inventory is not None else []
    eq = comps.get(Equipment)
    if eq is not None:
        for slot in _SLOTS:
            item = getattr(eq, slot)
            if item is not None and item not in things:
                things.append(item)
    own, carried = _OWN, _CARRIED
    return (eid, *[own[c.__class__](c) for c in comps.values()],
            *[(i, *[carried[c.__class__](c) for c in entities[i].values()]) for i in things])


def _reader(kind: type, own: bool) -> Callable[[object], tuple]:
    """``lambda c: (kind, c.a, c.b.copy(), ...)`` for the dataclass ``kind``, written out
    from its own field names (what ``dataclasses`` itself does for ``__init__``)."""
    left_out = TURN_BY_TURN.get(kind.__name__, ()) if own else ()
    chosen = [f for f in fields(kind) if f.name not in left_out]
    if not all(f.name.isidentifier() for f in chosen):
        raise TypeError(f"{kind.__name__}: a field name that is not an identifier")
    values = [_value_of(f.name, str(f.type)) for f in chosen]
    source = f"lambda c: (kind, {''.join(v + ', ' for v in values)})"
    return eval(source, {"kind": kind, "_frozen": _frozen})  # noqa: S307  (our field names)


def _value_of(name: str, kind: str) -> str:
    if kind in _SCALARS or (kind.startswith("tuple[") and
                            all(k.strip() in _SCALARS for k in kind[6:-1].split(","))):
        return f"c.{name}"
    return f"c.{name}.copy()" if kind in _FLAT else f"_frozen(c.{name})"


def _frozen(value):
    """A deep snapshot of any other container, as nested tuples."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | set | tuple):
        return tuple(_frozen(v) for v in value)
    return value
