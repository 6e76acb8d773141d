"""Auto-explore's choice of where to go next, made as DCSS's greedy explore makes it.

Explore goes to the nearest unexplored place (known floor beside what the player has never
had in view: ``travel.frontier``; after a scroll of magic mapping that is much of the map it
shows, as DCSS explores what magic mapping showed), unless something auto-pickup would
take lies no more than ``ITEM_GREED`` steps further than that: then it goes for the thing (DCSS's
``explore_item_greed``). Brogue's explore is drawn to items in the same way. Once neither is
left the level is explored; places or things that are known but cannot be reached make it
"partly explored".

The choice is the world's, so the player's explore key, the bot and the env can all ask the
same thing. It reads only what the player knows: the explored map, the known traps, and the
things the player has seen lying about, and the cells the player has had in view. An
``Explorer`` remembers those between steps. It
changes nothing in the game: the UI walks in ordinary recorded moves, and what a step picks
up is the world's own auto-pickup rule (``autopickup.wanted`` and the game's option), so
explore needs no version gate of its own.

What an Explorer remembers is not part of the game's state, because a replay needs none of
it. An Explorer made for a game (a new one, or one loaded from a save) counts everything
lying on an explored cell as seen already, and every explored cell as seen (so a map read
before the game was saved is explored by the time it is loaded again).

The rules:
- A thing to go for is one ``autopickup.wanted`` takes, in a game with auto-pickup on, seen
  lying on this level, and reachable. Things the player dropped are left alone, as DCSS
  leaves dropped items: the game marks them (``Dropped``, game 0.4.0 on, so auto-pickup
  leaves them too), and for an older game the Explorer remembers what it saw carried.
  Explore's step onto a thing picks it up by the rule itself; standing on one it has not
  tried (come by the stairs), explore picks it up. Either is tried once: a thing still
  lying there after it (a full pack) is never gone for again, as
  Brogue's ``ITEM_PLAYER_AVOIDS`` works.
- Any other thing is only seen. The first sight of one is news (``look`` returns it, and the
  explore key stops for it, as DCSS's ``explore_stop = items`` does). After that it is
  ignored: explore never stops for it again and never walks to it.
- A goal is kept while it is still worth going to and no other goal is nearer. Ties keep the
  goal, so explore does not zig-zag between two equally near places.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from game.world.core import actions as A
from game.world.core import paths
from game.world.core.components import Item
from game.world.core.gamemap import GameMap

from . import autopickup, travel

if TYPE_CHECKING:
    from game.world.core.engine import Engine

ITEM_GREED = 10  # a thing to take wins over the unknown if at most this many steps further
Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Goal:
    """Where explore goes next: a cell beside the unknown (``item`` None), or the cell of a
    thing to take."""

    cell: Cell
    item: int | None = None


class Explorer:
    """What explore knows of one game between steps: the things seen lying about (by id, and
    where), those the player has carried, those it gave up on, and its current goal."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._known: set[int] = set()  # every thing ever seen (or carried)
        self._where: dict[int, tuple[int, int, int]] = {}  # seen lying: depth, x, y
        self._carried: set[int] = set(engine.inventory())
        self._tried: set[int] = set()  # stepped onto or picked up by explore: once only
        self._ignored: set[int] = set()  # tried and not taken: never gone for again
        self._goal: Goal | None = None
        # each level's cells once in view, by depth, with the level they are of (a level
        # made again, as the wizard may, is seen afresh)
        self._seen: dict[int, tuple[GameMap, np.ndarray]] = {}
        for depth, gm in sorted(engine.levels.items()):
            self._seen[depth] = gm, gm.explored.copy()
            for eid, _, pos in engine.store.items.on(depth):
                if gm.explored[pos.x, pos.y]:
                    self._known.add(eid)
                    self._where[eid] = (depth, pos.x, pos.y)
        self._known |= self._carried

    # --- what the player has seen ---------------------------------------------------------

    def look(self) -> list[int]:
        """Remember what lies in view now, and forget what is no longer where it was seen.
        Returns the things seen for the first time, in id order."""
        engine = self.engine
        gm, depth = engine.gamemap, engine.depth
        carried = engine.inventory()
        self._carried.update(carried)
        self._known.update(carried)
        self._sight()
        lying = {eid: (pos.x, pos.y) for eid, _, pos in engine.store.items.on(depth)}
        for eid, (d, x, y) in list(self._where.items()):
            if d == depth and gm.visible[x, y] and lying.get(eid) != (x, y):
                del self._where[eid]  # taken, moved or gone: it is not there
        new = []
        for eid, (x, y) in sorted(lying.items()):
            if gm.visible[x, y]:
                self._where[eid] = (depth, x, y)
                if eid not in self._known:
                    self._known.add(eid)
                    new.append(eid)
        return new

    def wants(self, item: int) -> bool:
        """Whether explore would go for this thing and take it: one auto-pickup takes (never
        one the player dropped), in a game played with auto-pickup, that the player never
        carried (a thrown missile aside: an older game's dropped things are known so), and
        that explore has not given up on."""
        engine = self.engine
        if not engine.auto_pickup or item in self._ignored or not engine.exists(item):
            return False
        if item in self._carried and not engine.store.get(item, Item).thrown:
            return False
        return autopickup.wanted(engine, item)

    def remembered(self) -> dict[Cell, list[int]]:
        """The things the player remembers lying on this level, by cell."""
        depth = self.engine.depth
        found: dict[Cell, list[int]] = {}
        for eid, (d, x, y) in sorted(self._where.items()):
            if d == depth and self.engine.exists(eid):
                found.setdefault((x, y), []).append(eid)
        return found

    # --- where to go ---------------------------------------------------------------------

    def rethink(self) -> None:
        """Forget the goal: the next ``goal`` chooses afresh."""
        self._goal = None

    def goal(self) -> Goal | None:
        """Where explore goes next, or None when nothing is left that it can reach."""
        engine = self.engine
        pos = engine.position(engine.player)
        here = (pos.x, pos.y)
        self.look()
        for item in self.remembered().get(here, []):
            if self.wants(item) and item in self._tried:
                self._ignored.add(item)  # tried and not taken (a full pack): give up on it
            elif self.wants(item):  # come here by the stairs, or walked here by hand
                self._goal = Goal(here, item)  # (with the pick-up refused): pick it up
                return self._goal
        dist = paths.distances(travel.walk_cost(engine), [here])
        edge = self.frontier()
        edge[here] = False
        choices = self._things(dist) + self._places(dist, edge)  # a tie goes to the thing
        best = min(choices, key=lambda c: c[0], default=None)
        kept = self._kept(dist, edge, here)
        if best is None:
            self._goal = None
        elif kept is None or kept[0] > best[0]:
            self._goal = best[1]
        return self._goal

    def next_action(self) -> A.Action | None:
        """What explore does next: a step towards ``goal``, or picking up the thing the
        player stands on; None when nothing is left to do."""
        goal = self.goal()
        if goal is None:
            return None
        pos = self.engine.position(self.engine.player)
        if goal.cell == (pos.x, pos.y):
            assert goal.item is not None  # a place is never the player's own cell
            self._tried.add(goal.item)
            return A.PickUp(goal.item)
        step = travel.step_toward(self.engine, [goal.cell])
        if step is None:
            return None
        if goal.item is not None and (pos.x + step[0], pos.y + step[1]) == goal.cell:
            self._tried.add(goal.item)  # the step picks it up, by auto-pickup's own rule
        return A.Move(*step)

    def out_of_reach(self) -> list[str]:
        """What is known but cannot be reached from here: "places" (unexplored edges) and
        "items" (things explore would take). Empty when the level is wholly explored."""
        engine = self.engine
        pos = engine.position(engine.player)
        dist = paths.distances(travel.walk_cost(engine), [(pos.x, pos.y)])
        far = []
        edge = self.frontier()
        edge[pos.x, pos.y] = False
        if (edge & (dist == paths.FAR)).any():
            far.append("places")
        if any(dist[cell] == paths.FAR for cell, items in self.remembered().items()
               if any(self.wants(i) for i in items)):
            far.append("items")
        return far

    def frontier(self) -> np.ndarray:
        """Known floor on this level beside cells the player has never had in view (after a
        map read, more than the unknown)."""
        return travel.frontier(self.engine.gamemap, self._sight())

    def _sight(self) -> np.ndarray:
        """The cells of this level the player has had in view, with those in view now."""
        gm, depth = self.engine.gamemap, self.engine.depth
        level, seen = self._seen.get(depth, (None, None))
        if level is not gm or seen is None:  # a level first met: what is known was seen
            seen = gm.explored.copy()
            self._seen[depth] = gm, seen
        seen |= gm.visible
        return seen

    @staticmethod
    def _places(dist: np.ndarray, edge: np.ndarray) -> list[tuple[int, Goal]]:
        """The nearest reachable cell beside the unknown, with its steps, if any."""
        reach = np.where(edge, dist, paths.FAR)
        cell = np.unravel_index(int(np.argmin(reach)), reach.shape)
        steps = int(reach[cell])
        return [] if steps == paths.FAR else [(steps, Goal((int(cell[0]), int(cell[1]))))]

    def _things(self, dist: np.ndarray) -> list[tuple[int, Goal]]:
        """The nearest reachable thing to take, if any, with its steps less ``ITEM_GREED``
        (ties to the lower id)."""
        found = [(int(dist[cell]), i, cell) for cell, items in self.remembered().items()
                 if dist[cell] != paths.FAR for i in items if self.wants(i)]
        if not found:
            return []
        steps, item, cell = min(found)
        return [(steps - ITEM_GREED, Goal(cell, item))]

    def _kept(self, dist: np.ndarray, edge: np.ndarray,
              here: Cell) -> tuple[int, Goal] | None:
        """The current goal, scored as its kind is, if it is still worth going to."""
        goal = self._goal
        if goal is None or goal.cell == here or dist[goal.cell] == paths.FAR:
            return None
        steps = int(dist[goal.cell])
        if goal.item is None:
            return (steps, goal) if edge[goal.cell] else None
        if self._where.get(goal.item) == (self.engine.depth, *goal.cell) \
                and self.wants(goal.item):
            return steps - ITEM_GREED, goal
        return None
