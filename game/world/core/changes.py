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
fresh stamp: a list or dict changed in place, untold, is found there.
"""

from __future__ import annotations

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


def watch(*kinds: type) -> None:
    """Make each (slots dataclass) component class tell ``COUNT`` of its fields set: a class
    all of whose fields are turn by turn needs nothing; a frozen one is never set (the store
    moves a ``Position`` in place, all turn by turn)."""
    for kind in kinds:
        told = frozenset(f.name for f in fields(kind)) - set(TURN_BY_TURN.get(kind.__name__, ()))
        if not told or kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            continue

        def __setattr__(self: Any, name: str, value: Any, _told: frozenset = told,
                        _count: _Count = COUNT, _set: Any = object.__setattr__) -> None:
            _set(self, name, value)
            if name in _told:
                _count.n += 1

        kind.__setattr__ = __setattr__  # type: ignore[assignment]

