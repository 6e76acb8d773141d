"""The changes that could change a Fighter, told as they happen: ``COUNT`` moves on at each.

The fighter cache (``game.world.core.fighter_cache``) must know whether anything a Fighter is
built from has changed since it last looked. Reading every field to find out (the stamp,
``game.world.core.stamps``) was a fifth of an env step, so the components tell instead:
``watch`` gives each component class with a field outside ``TURN_BY_TURN`` a ``__setattr__``
that moves ``COUNT`` on whenever such a field is set, and the store moves it on whenever an
entity is made or deleted or gains or loses a component. So a component's list or dict is
never changed in place: a new one is set (``book.known = [*book.known, name]``), which is
told. While the count stands, nothing any stamp reads has changed. The count is one for every
game (a write anywhere moves it: the cost is only a stamp taken again), and at every
``Engine.check`` ``FighterCache.stale`` holds each Fighter the count would hand out to a
fresh stamp: a list or dict changed in place, untold, is found there, if it fed a Fighter
handed out since.

The rule is enforced where it can be broken unseen, in the tests: ``forbid_in_place`` (which
``tests/conftest.py`` calls before any game is made) has every told list or dict field hold
a ``FixedList`` or ``FixedDict`` copy of what it is set to, whose every change in place
(``append``, ``[k] = v``, ``update``, ``+=``...) raises ``InPlace`` there and then, naming
the component and the field. Play never pays for it: without the call the components hold
plain lists and dicts. A ``TURN_BY_TURN`` field (``Training.points``) may be changed in
place: no stamp reads it.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

TURN_BY_TURN = {"Health": ("hp",), "Actor": ("next_tick",), "Position": ("x", "y", "depth"),
                "Stance": ("stamina",), "Training": ("points",), "Hero": ("xp",),
                "Vitals": ("next_tick", "bleeding", "poison", "disease", "regen"),
                "Reactions": ("round_start", "count"), "Creature": ("in_view",)}
"""Fields that change turn by turn and that no Fighter is built from: left out of the stamp
(where the entity stands counts through ``in_wall``), and set without telling. A field read
by ``fighter`` must not be named here."""


class _Count:
    """How many changes that could change a Fighter there have been (in every game)."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0


COUNT = _Count()


_WATCHED: dict[type, frozenset[str]] = {}  # each class told of -> its told fields


def watch(*kinds: type) -> None:
    """Make each (slots dataclass) component class tell ``COUNT`` of its fields set: a class
    all of whose fields are turn by turn needs nothing; a frozen one is never set (the store
    moves a ``Position`` in place, all turn by turn)."""
    for kind in kinds:
        told = frozenset(f.name for f in fields(kind)) - set(TURN_BY_TURN.get(kind.__name__, ()))
        if not told or kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            continue
        _WATCHED[kind] = told

        def __setattr__(self: Any, name: str, value: Any, _told: frozenset = told,
                        _count: _Count = COUNT, _set: Any = object.__setattr__) -> None:
            _set(self, name, value)
            if name in _told:
                _count.n += 1

        kind.__setattr__ = __setattr__  # type: ignore[assignment]



class InPlace(AssertionError):
    """A component's told list or dict changed in place (``forbid_in_place``)."""


def _refuse(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise InPlace(f"{self.where} changed in place: set a new one instead, which is told "
                  f"(game.world.core.changes)")


class FixedList(list):
    """A told list field's value under ``forbid_in_place``: read as any list, never changed."""

    __slots__ = ("where",)

    def __init__(self, values: Any = (), where: str = "a component's list") -> None:
        list.__init__(self, values)
        self.where = where

    def __reduce__(self) -> tuple:  # copied and pickled whole, never built by appending
        return type(self), (list(self), self.where)

    def __deepcopy__(self, memo: dict) -> FixedList:
        return type(self)(copy.deepcopy(list(self), memo), self.where)


class FixedDict(dict):
    """A told dict field's value under ``forbid_in_place``: read as any dict, never changed."""

    __slots__ = ("where",)

    def __init__(self, values: Any = (), where: str = "a component's dict") -> None:
        dict.__init__(self, values)
        self.where = where

    def __reduce__(self) -> tuple:
        return type(self), (dict(self), self.where)

    def __deepcopy__(self, memo: dict) -> FixedDict:
        return type(self)(copy.deepcopy(dict(self), memo), self.where)


for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse",
              "__setitem__", "__delitem__", "__iadd__", "__imul__"):
    setattr(FixedList, _name, _refuse)
for _name in ("__setitem__", "__delitem__", "pop", "popitem", "clear", "update", "setdefault",
              "__ior__"):
    setattr(FixedDict, _name, _refuse)


def forbid_in_place() -> None:
    """From now on every told list or dict field of a watched component holds a fixed copy
    of the value it is set to, so that changing it in place raises ``InPlace`` (the tests'
    way: ``tests/conftest.py``). Fields are told of as ``watch`` makes them."""
    for kind, told in _WATCHED.items():
        def __setattr__(self: Any, name: str, value: Any, _told: frozenset = told,
                        _count: _Count = COUNT, _set: Any = object.__setattr__,
                        _kind: str = kind.__name__) -> None:
            if name in _told:
                if type(value) is list:
                    value = FixedList(value, f"{_kind}.{name}")
                elif type(value) is dict:
                    value = FixedDict(value, f"{_kind}.{name}")
                _set(self, name, value)
                _count.n += 1
            else:
                _set(self, name, value)

        kind.__setattr__ = __setattr__  # type: ignore[assignment]
