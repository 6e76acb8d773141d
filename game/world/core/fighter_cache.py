"""Each entity's Fighter, built again only when what it is built from changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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
    KEPT = 8  # Fighters an entity keeps: one in each of the five stances, and more

    def __init__(self, build: Callable[..., profiles.Fighter]) -> None:
        self.build = build
        self._built: dict[tuple[int, bool], list[tuple[tuple, profiles.Fighter]]] = {}

    def get(self, engine: Engine, eid: int, in_wall: bool,
            known_only: bool = False) -> profiles.Fighter:
        """As it fights now, or (``known_only``) as the @ screen shows it: kept apart."""
        key = (stamp(engine.store.table, eid), in_wall, engine.rules, id(engine.catalog),
               engine.made_by)
        kept = self._built.get((eid, known_only))
        if kept is None:
            if len(self._built) >= self.LIMIT:
                self._built.clear()
            kept = self._built[eid, known_only] = []
        if kept and kept[0][0] == key:  # the usual case: nothing changed since
            return kept[0][1]
        for i in range(1, len(kept)):  # (the first was just compared)
            if kept[i][0] == key:
                kept.insert(0, kept.pop(i))
                return kept[0][1]
        made = self.build(engine.catalog, eid, in_wall=in_wall, known_only=known_only,
                          made_by=engine.made_by)
        kept.insert(0, (key, made))
        del kept[self.KEPT:]
        return made

    def stale(self, engine: Engine) -> list[str]:
        """Every kept Fighter whose key is the entity's key now but which is not what a fresh
        build makes (``Engine.check``): a stamp that missed something that feeds a Fighter."""
        wrong = []
        for (eid, known_only), kept in sorted(self._built.items()):
            if not kept or not engine.exists(eid):
                continue
            key, made = kept[0]
            in_wall = engine.in_wall(eid)
            if key != (stamp(engine.store.table, eid), in_wall, engine.rules, id(engine.catalog),
                       engine.made_by):
                continue
            fresh = self.build(engine.catalog, eid, in_wall=in_wall, known_only=known_only,
                               made_by=engine.made_by)
            if fresh != made:
                wrong.append(f"fighter cache: entity {eid} (known_only={known_only})")
        return wrong
