"""The whole game state as plain JSON data, and back; and the state hash that says "same game".

Only plain data goes out and comes in: component fields are ints, strings, booleans, lists,
dicts and None, checked against each component's fields on the way in (a snapshot is untrusted
input). Entity ids are kept exactly, so actions in a recording still name the right entities.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from game.rules.quoting import quoted

from . import components as C
from . import written

if TYPE_CHECKING:
    from .engine import Engine
    from .store import Store

COMPONENTS: dict[str, type] = {
    cls.__name__: cls
    for cls in (C.Position, C.Renderable, C.Named, C.Player, C.Creature, C.Actor, C.Health,
                C.Attributes, C.Training, C.Stance, C.Equipment, C.Inventory, C.Item, C.Vitals,
                C.Trap, C.Supply, C.Powers, C.Spells, C.Effects, C.Knowledge, C.Hero,
                C.Reactions, C.Choosing, C.Dropped, C.Casting)
}


_FIELD_NAMES = {cls: tuple(f.name for f in fields(cls)) for cls in COMPONENTS.values()}


def component_json(component: Any) -> dict[str, Any]:
    return {name: plain(getattr(component, name)) for name in _FIELD_NAMES[type(component)]}


def field_names(kind: type) -> tuple[str, ...]:
    """The fields a component's JSON has (a KeyError for a class that is no component)."""
    return _FIELD_NAMES[kind]


def plain(value: Any) -> Any:
    """A field's value as JSON-ready data: tuples as lists, dicts sorted."""
    if value is None or type(value) in (int, str, bool):
        return value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def component_from_json(name: str, data: Any) -> Any:
    """Rebuild a component, rejecting unknown names, fields and types."""
    cls = COMPONENTS.get(name)
    if cls is None or not isinstance(data, dict):
        raise ValueError(f"unknown component {name!r}")
    names = {f.name: f.type for f in fields(cls)}
    if set(data) - set(names):
        raise ValueError(f"component {name}: unknown fields {sorted(set(data) - set(names))}")
    args = {key: _typed(name, key, value, str(names[key])) for key, value in data.items()}
    try:
        return cls(**args)
    except TypeError as err:
        raise ValueError(f"component {name}: {err}") from None


_SCALARS = {"int": int, "str": str, "bool": bool}


def _typed(component: str, key: str, value: Any, annotation: str) -> Any:
    """Check one field against its annotation ("int", "int | None", "tuple[int, int, int]",
    "dict[str, int]", "list[int]")."""
    def bad() -> ValueError:
        return ValueError(f"component {component}.{key}: unexpected {quoted(value, 40)}")

    if value is None:
        if "None" not in annotation:
            raise bad()
        return None
    base = annotation.split("|")[0].strip()
    if base in _SCALARS:
        kind = _SCALARS[base]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise bad()
        return value
    inner = base[base.index("[") + 1:-1] if "[" in base else ""
    if base.startswith("tuple") or base.startswith("list"):
        if not isinstance(value, list):
            raise bad()
        item = inner.split(",")[0].strip()
        items = [_typed(component, key, v, item) for v in value]
        return tuple(items) if base.startswith("tuple") else items
    if base.startswith("dict"):
        if not isinstance(value, dict):
            raise bad()
        item = inner.split(",")[1].strip()
        return {str(k): _typed(component, key, v, item) for k, v in value.items()}
    raise bad()


def entities_json(store: Store) -> list[list]:
    """[[id, {component name: fields}], ...] in id order, components by name."""
    out = []
    for eid, comps in store.entities():
        out.append([eid, {type(c).__name__: component_json(c)
                          for c in sorted(comps.values(), key=lambda c: type(c).__name__)}])
    return out


@dataclass(frozen=True, slots=True)
class Copied:
    """Every entity's components copied as they stood (a copy of a game: trusted, so built
    again without the checks a snapshot's JSON gets). ``Engine.state(entities=Copied.of(...))``
    puts them in a state that ``Engine.from_state`` makes again, as often as wanted."""

    rows: tuple[tuple[int, tuple[Any, ...]], ...]

    @classmethod
    def of(cls, store: Store) -> Copied:
        return cls(tuple((eid, tuple(map(copied, comps.values())))
                         for eid, comps in store.entities()))

    def restore(self, store: Store, next_id: int) -> None:
        store.restore([(eid, [copied(c) for c in comps]) for eid, comps in self.rows], next_id)


def copied(component: Any) -> Any:
    """A component copied, its lists and dicts too (each holds only scalars)."""
    return _COPIERS[type(component)](component)


_COPIERS = {cls: written.copier(cls) for cls in COMPONENTS.values()}


def entity_text(engine: Engine, eid: int) -> str:
    """One entity's components as JSON, with the count of draws of every random stream and
    the game's outcome: what a turn that changes nothing leaves as it was (the gameplay's
    shortcuts are checked by it: ``Gameplay.checks``)."""
    comps = engine.store.components(eid) if engine.store.exists(eid) else {}
    streams = {name: getattr(s, "changes", None) for name, s in engine.streams.by_name.items()}
    return canonical([{type(c).__name__: component_json(c) for c in comps.values()},
                      sorted(streams.items()), engine.outcome])


def restore_entities(store: Store, data: Any, next_id: int) -> None:
    """Recreate entities with exactly their ids (the ids in between are skipped), in the
    store's fresh world."""
    if not isinstance(data, list):
        raise ValueError("entities must be a list")
    wanted = {}
    for row in data:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], int)
                and isinstance(row[1], dict)):
            raise ValueError("bad entity row")
        wanted[row[0]] = [component_from_json(n, d) for n, d in sorted(row[1].items())]
    if not isinstance(next_id, int) or next_id <= max(wanted, default=0) or next_id > 10**7:
        raise ValueError("bad next entity id")
    store.restore(sorted(wanted.items()), next_id)


def canonical(data: Any) -> str:
    """The one JSON spelling of ``data`` that hashes are taken over: ``json.dumps(data,
    sort_keys=True, separators=(",", ":"))``, by one encoder made once (``json.dumps`` with
    arguments builds a new one at every call, and the state hash spells many small parts)."""
    return "".join(_ENCODE(data, 0)) if _ENCODE is not None else _slow_canonical(data)


def _slow_canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# json.dumps's own C encoder with canonical's settings (no circular check: a state is a tree)
_MAKE_ENCODER = getattr(json.encoder, "c_make_encoder", None)  # (not in typeshed)
_ENCODE = (_MAKE_ENCODER(None, json.JSONEncoder().default,
                         json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)
           if _MAKE_ENCODER is not None else None)


def state_hash(engine: Engine) -> str:
    """sha256 of the canonical JSON of everything that makes the game what it is (not the log)."""
    return hashlib.sha256(canonical(engine.state(log=False)).encode()).hexdigest()
