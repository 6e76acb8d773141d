"""The state hash, taken fast: exactly ``sha256(canonical(engine.state(log=False)))``, but the
JSON of each component is remembered with the values it was spelled from and spelled again
only when they differ; a random stream's, with its count of changes (``rng.Stream``), and its
words (most of it) with the words themselves.

A recording checks the state hash every ``CHECKPOINT_EVERY`` actions, and most of the state
(the items lying about, the creatures of other levels, a stream nothing drew from) has not
changed since the last time. Every component is still read, field by field, each time: a
component changed in place (``health.hp -= 1``, ``training.skills[...] += 1``) is seen. A
scalar is compared with its class as well, so ``True`` never passes for ``1``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import state, written
from .rng import Stream

if TYPE_CHECKING:
    from .engine import Engine

_MARK = "\x00{}\x00"  # stands in for a part while the rest is spelled; no state holds a NUL


class StateHasher:
    """One per engine: the JSON of its entities, streams and explored maps as last spelled."""

    def __init__(self) -> None:
        # id -> (component classes, every field read at once, the row's JSON, each component's
        # JSON in name order, the reader of those fields)
        self._rows: dict[int, tuple[tuple, tuple, str, tuple, Callable]] = {}
        self._streams: dict[str, tuple[tuple, str]] = {}  # name -> (words, their JSON)
        # name -> (the stream, its count of changes, its gauss_next, its JSON): the stream as
        # last spelled, spelled again (getstate alone is costly) only when one of them moved
        self._drawn: dict[str, tuple] = {}
        self._explored: dict[int, tuple[bytes, str]] = {}

    def digest(self, engine: Engine) -> str:
        return hashlib.sha256(self.text(engine, log=False).encode()).hexdigest()

    def text(self, engine: Engine, *, log: bool) -> str:
        """``canonical(engine.state(log=log))``, its entities, streams and explored maps as
        last spelled where they read the same (a keyframe is taken just after a hash)."""
        marks = {name: json.dumps(_MARK.format(name)) for name in _SPELLED}
        text = state.canonical(engine.state(log=log, **{name: _MARK.format(name)
                                                         for name in _SPELLED}))
        found = {name: text.find(mark) for name, mark in marks.items()}
        if any(text.count(mark) != 1 for mark in marks.values()):  # a log line could hold one
            return state.canonical(engine.state(log=log))  # then the slow way is right
        parts, start = [], 0
        for name in sorted(found, key=found.__getitem__):  # each part where its mark stood
            parts += [text[start:found[name]], _SPELLED[name](self, engine)]
            start = found[name] + len(marks[name])
        parts.append(text[start:])
        return "".join(parts)

    def _entities(self, engine: Engine) -> str:
        """[[id, {name: fields}], ...] in id order: an entity's row spelled again only when
        one of its components reads differently, and then only that component. Every field
        of an entity is read by one function made for its set of components (_ROW_READERS)."""
        rows, known, seen = [], self._rows, {}
        entities = engine.store.table
        for eid in sorted(entities):
            comps = entities[eid]
            hit = known.get(eid)
            try:  # the reader of the row as last spelled, while it has the same components
                if hit is None or len(hit[0]) != len(comps):
                    raise KeyError(eid)
                kinds, values = hit[0], hit[4](comps)  # (each found: the same set)
            except KeyError:
                kinds = tuple(comps)
                values = (_ROW_READERS.get(kinds) or _row_reader(kinds))(comps)
            if hit is None or hit[0] != kinds or hit[1] != values:
                hit = _respelled(eid, comps, kinds, values, hit)
            seen[eid] = hit
            rows.append(hit[2])
        self._rows = seen  # what is gone is forgotten
        return f"[{','.join(rows)}]"

    def _explored_json(self, engine: Engine) -> str:
        """``{"depth": runs, ...}`` as ``state()`` has it, each level's runs spelled again only
        when its ``explored`` array holds other bytes."""
        parts, known = [], self._explored
        for depth, gm in sorted(engine.levels.items(), key=lambda item: str(item[0])):
            cells = gm.explored.tobytes()
            hit = known.get(depth)
            if hit is None or hit[0] != cells:
                hit = known[depth] = (cells, state.canonical(gm.explored_to_rle()))
            parts.append(f"{json.dumps(str(depth))}:{hit[1]}")
        for depth in set(known) - set(engine.levels):
            del known[depth]
        return f"{{{','.join(parts)}}}"

    def _streams_json(self, engine: Engine) -> str:
        parts = []
        for name, stream in sorted(engine.streams.by_name.items()):
            hit = self._drawn.get(name)
            if (not isinstance(stream, Stream) or hit is None or hit[0] is not stream
                    or hit[1] != stream.changes or hit[2] is not stream.gauss_next):
                spelled = self._stream_json(name, stream.getstate())
                hit = self._drawn[name] = (stream, stream.changes, stream.gauss_next, spelled)
            parts.append(f"{json.dumps(name)}:{hit[3]}")
        return f"{{{','.join(parts)}}}"

    def _stream_json(self, name: str, values: tuple) -> str:
        """``canonical(state_json(values))``, the words kept: a Mersenne Twister's state is
        its words and its place among them, and the words change only when it has drawn
        them all (624 draws), so mostly only the place has moved since the last time."""
        version, internal, gauss = values
        words, place = internal[:-1], internal[-1:]
        hit = self._streams.get(name)
        if hit is None or hit[0] != words:
            hit = self._streams[name] = (words, state.canonical(words)[1:-1])
        inner = ",".join(part for part in (hit[1], state.canonical(place)[1:-1]) if part)
        return f"[{state.canonical(version)},[{inner}],{state.canonical(gauss)}]"


_SPELLED = {"entities": StateHasher._entities, "streams": StateHasher._streams_json,
            "explored": StateHasher._explored_json}  # the parts of state() spelled here


def _respelled(eid: int, comps: dict, kinds: tuple, values: tuple,
               hit: tuple | None) -> tuple[tuple, tuple, str, tuple, Callable]:
    """An entity's row again, each component's JSON kept from ``hit`` if it reads the same
    (``values`` holds what each component read, in name order), and its reader."""
    old = hit if hit is not None and hit[0] == kinds else None
    texts = (_RESPELLERS.get(kinds) or _respeller(kinds))(comps, values, old)
    return (kinds, values, f"[{eid},{{{','.join(texts)}}}]", texts,
            _ROW_READERS.get(kinds) or _row_reader(kinds))


def _respeller(kinds: tuple[type, ...]) -> Callable[[dict, tuple, tuple | None], tuple]:
    """``(comps, values, old) -> each component's JSON`` in name order, written out for one
    set of component classes: a component's JSON from ``old`` (the row as last spelled) when
    it read the same then, else spelled (``_speller``)."""
    order = _ORDER.get(kinds) or _order(kinds)
    fresh = [f"S{i}(comps[K{i}])" for i in range(len(order))]
    kept = [f"ot[{i}] if ov[{i}] == values[{i}] else S{i}(comps[K{i}])"
            for i in range(len(order))]
    code = "\n".join([
        "def respell(comps, values, old):",
        "    if old is None:",
        f"        return ({''.join(t + ', ' for t in fresh)})",
        "    ov, ot = old[1], old[3]",
        f"    return ({''.join(f'({t}), ' for t in kept)})"])
    names = {**{f"K{i}": kind for i, kind in enumerate(order)},
             **{f"S{i}": _SPELLERS.get(kind) or _speller(kind) for i, kind in enumerate(order)}}
    respeller = _RESPELLERS[kinds] = written.function(code, "respell", names)
    return respeller


_RESPELLERS: dict[tuple[type, ...], Callable[[dict, tuple, tuple | None], tuple]] = {}


def _row_reader(kinds: tuple[type, ...]) -> Callable[[dict], tuple]:
    """``comps -> ((each field read of one component), ...)`` in name order (``written``)."""
    reader = _ROW_READERS[kinds] = written.reader(_ORDER.get(kinds) or _order(kinds))
    return reader


_ROW_READERS: dict[tuple[type, ...], Callable[[dict], tuple]] = {}
_ORDER: dict[tuple[type, ...], tuple[type, ...]] = {}


def _order(kinds: tuple[type, ...]) -> tuple[type, ...]:
    """An entity's component classes in the order its JSON lists them (by name)."""
    order = _ORDER[kinds] = tuple(sorted(kinds, key=lambda k: k.__name__))
    return order


def _speller(kind: type) -> Callable[[object], str]:
    """``component -> '"Kind":{...}'``, its JSON as ``canonical(state.component_json(c))``
    spells it, written out from its fields in name order as one f-string (as ``dataclasses``
    writes ``__init__``): an int, a str, a bool or None is written as JSON writes it, chosen
    by the value's own class; anything else goes through ``canonical``."""
    text = ['"' + kind.__name__ + '":{{']  # the f-string's text: a brace of the JSON doubled
    for number, name in enumerate(sorted(state.field_names(kind))):
        written.identifier(kind, name)
        text.append(("," if number else "") + '"' + name + '":{_v if (_k := (_v := c.'
                    + name + ").__class__) is int else E(_v) if _k is str else "
                    "('true' if _v else 'false') if _k is bool else "
                    "'null' if _v is None else C(P(_v))}")
    code = "def spell(c):\n    return f'''" + "".join(text) + "}}'''"
    names = {"C": state.canonical, "P": state.plain, "E": json.encoder.encode_basestring_ascii}
    speller = _SPELLERS[kind] = written.function(code, "spell", names)
    return speller


_SPELLERS: dict[type, Callable[[object], str]] = {}
