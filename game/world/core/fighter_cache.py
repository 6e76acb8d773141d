"""Each entity's Fighter, built again only when what it is built from changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .changes import COUNT
from .stamps import stamp

if TYPE_CHECKING:
    from game.rules import profiles

    from .engine import Engine


class FighterCache:
    """Each entity's Fighter, built again only when its ``stamp`` (or where it stands, the
    combat system, or the game version it plays as) changed: one object handed out while
    nothing that feeds it changes, so the rules' profiles of it are worked out once
    (``game.rules.profiles`` remembers them by the Fighter itself). The last few of each
    are kept: a stance changed and changed back hands out the old object again. ``build``
    is the gameplay's builder (``Gameplay.fighter``)."""

    LIMIT = 1024  # entities
    VERIFY = False  # the tests' way: each Fighter handed out unstamped is stamped after all
    KEPT = 8  # Fighters an entity keeps: one in each of the five stances, and more

    def __init__(self, build: Callable[..., profiles.Fighter]) -> None:
        self.build = build
        self._built: dict[tuple[int, bool], list[tuple[tuple, profiles.Fighter]]] = {}
        # (entity, known_only) -> (changes.COUNT, context, the Fighter) as last handed out
        self._told: dict[tuple[int, bool], tuple] = {}

    def get(self, engine: Engine, eid: int, in_wall: bool,
            known_only: bool = False) -> profiles.Fighter:
        """As it fights now, or (``known_only``) as the @ screen shows it: kept apart. While
        no change has been told since it was last handed out (``changes.COUNT``) and it
        stands as it stood, in the same game and rules, it is handed out again unstamped."""
        count, context = COUNT.n, (in_wall, engine.rules, id(engine.catalog), engine.made_by)
        told = self._told.get((eid, known_only))
        if told is not None and told[0] == count and told[1] == context:
            if self.VERIFY:
                self._verify(eid, known_only, _key(engine, eid, context))
            return told[2]
        kept = self._built.get((eid, known_only))
        if kept is None:
            if len(self._built) >= self.LIMIT:
                self._built.clear()
                self._told.clear()
            kept = self._built[eid, known_only] = []
        made = self._kept(engine, eid, known_only, _key(engine, eid, context), kept)
        self._told[eid, known_only] = (count, context, made)  # count: taken before the stamp
        return made

    def _verify(self, eid: int, known_only: bool, key: tuple) -> None:
        """The Fighter handed out unstamped is the one of its stamp now: else something it
        is built from changed untold (a list or dict changed in place)."""
        if self._built[eid, known_only][0][0] != key:
            raise AssertionError(f"fighter cache: entity {eid} changed untold (a component's "
                                 f"list or dict changed in place?)")

    def _kept(self, engine: Engine, eid: int, known_only: bool, key: tuple,
              kept: list[tuple[tuple, profiles.Fighter]]) -> profiles.Fighter:
        """The Fighter of this stamp and context (``key``), first in ``kept`` from now."""
        if kept and kept[0][0] == key:  # the usual case: nothing changed since
            return kept[0][1]
        for i in range(1, len(kept)):  # (the first was just compared)
            if kept[i][0] == key:
                kept.insert(0, kept.pop(i))
                return kept[0][1]
        made = self.build(engine.store, engine.catalog, eid, in_wall=key[1],
                          known_only=known_only, made_by=engine.made_by)
        kept.insert(0, (key, made))
        del kept[self.KEPT:]
        return made

    def stale(self, engine: Engine) -> list[str]:
        """Every kept Fighter whose key is the entity's key now but which is not what a fresh
        build makes, and every one ``get`` would hand out unstamped though its stamp has
        changed (``Engine.check``): a stamp that missed something that feeds a Fighter, or a
        change not told (a list or dict changed in place: ``game.world.core.changes``)."""
        wrong = []
        for (eid, known_only), kept in sorted(self._built.items()):
            if not kept or not engine.exists(eid):
                continue
            key, made = kept[0]
            in_wall = engine.in_wall(eid)
            now = _key(engine, eid, (in_wall, engine.rules, id(engine.catalog), engine.made_by))
            told = self._told.get((eid, known_only))
            if told is not None and told[0] == COUNT.n and told[1] == now[1:] and key != now:
                wrong.append(f"fighter cache: entity {eid} changed untold "
                             f"(known_only={known_only})")
            if key != now:
                continue
            fresh = self.build(engine.store, engine.catalog, eid, in_wall=in_wall,
                               known_only=known_only, made_by=engine.made_by)
            if fresh != made:
                wrong.append(f"fighter cache: entity {eid} (known_only={known_only})")
        return wrong


def _key(engine: Engine, eid: int, context: tuple) -> tuple:
    """What a kept Fighter is known by: the entity's stamp, then where it stands (in a wall
    or not), the rules, the tables and the version it plays as (``context``)."""
    return (stamp(engine.store.table, eid), *context)
