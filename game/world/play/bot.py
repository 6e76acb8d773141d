"""A simple built-in player for headless games: fight, heal, gear up, rest, explore, descend,
fetch the amulet from depth 6 and carry it up and out.

It plays carefully, as ``python -m game balance`` measures (docs/balance.md): it drinks a
healing potion when low or when its wounds would bleed it to death, gets away (a scroll of
teleportation, or the stairs in the Coward stance) when low with nothing left to drink, uses
its means (spells, wands, rage, throwing weapons, scrolls: ``bot_means``), shoots what it can
before it closes in, and rests to full hit points (and spell points) whenever nothing is in
view, so it never goes down the stairs hurt.

Tests and ``python -m game bot`` use it to make recordings. It only reads the engine (its own
randomness is its own ``random.Random(seed)``, never the engine's streams), so the same seed
and the same game give the same actions. Call :meth:`Bot.next_action` once per submission:
it notices a refused action (nothing was recorded since it last decided) and then falls back
to a random step or a wait, so it never asks for an impossible action twice in a row.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from game.content.catalog import GOAL_ITEM, HEALING_POTION
from game.content.magic import Consumable
from game.rules import profiles, stats
from game.rules.items import BOTH_HANDS, EITHER_HAND, MAIN_HAND, Ammo, Armour, Weapon
from game.world.core import actions as A
from game.world.core.components import (
    Attributes,
    Equipment,
    Health,
    Item,
    Spells,
    Stance,
    Vitals,
)
from game.world.core.engine import Engine
from game.world.core.mapgen import MAX_DEPTH

from . import bot_means, knowledge, lines, travel

QUAFF_BELOW = 0.4  # drink a healing potion below this share of hit points
QUAFF_UNKNOWN_BELOW = 0.25  # below this share, drink an unknown potion: it may heal
HEALING = ("heal", "cure")  # the potion effects that heal and stop bleeding
UNKNOWN = "unknown"
MOSTLY_EXPLORED = 0.9  # share of a level's floor seen before heading down
FLEE_BELOW = 0.3  # with nothing left to drink, get away below this share of hit points
FLEE_FROM = 3  # steps: a foe this near is one to get away from
FLEE_TO = 12  # steps: stairs this near are a way out
ZAP_FOE_HP = 12  # a wand's charges are kept for foes this tough (maximum hit points)
COWARD, NORMAL = "Coward", "Normal"
MELEE_HOLDS = (MAIN_HAND, EITHER_HAND, BOTH_HANDS)


class Bot:
    """A policy: ``next_action()`` is what it would do now. ``turns`` is the game's length
    in actions; after ``turns // 8`` actions on a level it heads down whatever is left."""

    def __init__(self, engine: Engine, rng_seed: int, *, turns: int = 1000) -> None:
        self.engine = engine
        self.rng = random.Random(rng_seed)
        self.level_budget = max(1, turns // 8)
        self._depth, self._arrived = engine.depth, len(engine.actions)
        self._decided: int | None = None  # len(engine.actions) when it last decided
        self._last: A.Action | None = None
        self._equipped: set[int] = set()  # items it has wielded or worn: never again
        self._dropped: set[int] = set()  # items it has dropped: never picked up again
        self._last_seen: dict[int, tuple[int, int, int]] = {}  # creatures: depth, x, y
        self._spotted: dict[int, tuple[int, int, int]] = {}  # wanted items seen: depth, x, y
        self._gains: tuple[object, dict[str, int]] = (None, {})  # _gain's, for one Fighter
        self._seen: dict[int, np.ndarray] = {}  # cells it has seen by depth (not only mapped)

    def play(self, submit: Callable[[A.Action], A.Result], actions: int) -> None:
        """Submit until the engine has recorded ``actions`` actions or the game is over."""
        tries = 4 * actions + 100  # a bound only: a refusal is followed by a step or a wait
        while len(self.engine.actions) < actions and not self.engine.over and tries:
            submit(self.next_action())
            tries -= 1

    def next_action(self) -> A.Action:
        done = len(self.engine.actions)
        refused = self._decided == done
        self._decided = done
        if self.engine.depth != self._depth:
            self._depth, self._arrived = self.engine.depth, done
        gm = self.engine.gamemap
        seen = self._seen.get(self.engine.depth)
        self._seen[self.engine.depth] = gm.visible.copy() if seen is None else seen | gm.visible
        action = self._fallback() if refused else self._decide()
        self._last = action
        if isinstance(action, A.Wield | A.Wear):
            self._equipped.add(action.item)
        elif isinstance(action, A.Drop):
            self._dropped.add(action.item)
        return action

    # --- the policy, in order of urgency -----------------------------------------------

    def _decide(self) -> A.Action:
        for rule in (self._identify, self._heal, self._escape, self._rage, self._cast,
                     self._zap, self._fight, self._shoot, self._throw, self._quiver,
                     self._equip, self._unload, self._pick_up, self._rest, self._read,
                     self._go_home, self._hunt, self._fetch, self._descend, self._explore):
            action = rule()
            if action is not None:
                return action
        return self._fallback()

    def _fight(self) -> A.Action | None:
        x, y = self._here()
        near = [(self._hp(e), e) for e, (_, p) in self.engine.creatures_here()
                if max(abs(p.x - x), abs(p.y - y)) == 1]
        return A.Attack(min(near)[1]) if near else None

    def _escape(self) -> A.Action | None:
        """Low, nothing left that heals (``_heal`` came first) and a foe near: read a scroll
        of teleportation, or take the stairs when they are near, in the Coward stance (no free
        blows as it steps away). With no way out it fights on, in its Normal stance."""
        stance = self.engine.store.get(self.engine.player, Stance)
        health = self.engine.store.get(self.engine.player, Health)
        foes = bot_means.hostile_near(self.engine, FLEE_FROM)
        if health.hp >= FLEE_BELOW * health.max_hp or not foes:
            return None
        scroll = bot_means.escape_scroll(self.engine)
        if scroll is not None:
            return scroll
        gm, here = self.engine.gamemap, self._here()
        if here == gm.stairs_up and self.engine.depth > 1:
            return A.Ascend()
        if here == gm.stairs_down:
            return A.Descend()
        near = [s for s in (gm.stairs_up if self.engine.depth > 1 else None, gm.stairs_down)
                if s is not None and gm.explored[s]
                and max(abs(s[0] - here[0]), abs(s[1] - here[1])) <= FLEE_TO]
        step = travel.step_toward(self.engine, near) if near else None
        if step is None:
            return A.SetStance(NORMAL) if stance.name == COWARD else None
        if stance.name != COWARD:
            return A.SetStance(COWARD)
        return A.Move(*step)

    def _rage(self) -> A.Action | None:
        return bot_means.rage(self.engine)

    def _cast(self) -> A.Action | None:
        return bot_means.cast(self.engine, _blow(self.engine.fighter(self.engine.player)))

    def _zap(self) -> A.Action | None:
        """A wand at a tough foe (or at any when hurt)."""
        tough = any(self.engine.store.get(e, Health).max_hp >= ZAP_FOE_HP
                    for e in self._in_view())
        health = self.engine.store.get(self.engine.player, Health)
        return bot_means.zap(self.engine) if tough or health.hp < health.max_hp // 2 else None

    def _throw(self) -> A.Action | None:
        return bot_means.throw(self.engine)

    def _read(self) -> A.Action | None:
        return bot_means.read(self.engine)

    def _identify(self) -> A.Action | None:
        """A choice owed takes no time: made first."""
        return bot_means.identify(self.engine)

    def _shoot(self) -> A.Action | None:
        """A creature in view, in range and in the line of fire (nothing in the way): shoot
        the nearest."""
        fighter = self.engine.fighter(self.engine.player)
        if fighter.missile is None or fighter.ammo is None \
                or fighter.ammo.kind != fighter.missile.ammo:
            return None
        reach = fighter.missile.range
        me = self.engine.player
        for _, eid in sorted((lines.distance(self.engine, me, e), e) for e in self._in_view()):
            x, y = self._xy(eid)
            if lines.flight(self.engine, me, x, y, reach).target == eid:
                return A.Fire(x, y)
        return None

    def _quiver(self) -> A.Action | None:
        """The quiver ran empty and arrows were picked up since: ready them."""
        fighter = self.engine.fighter(self.engine.player)
        if fighter.missile is None or fighter.ammo is not None:
            return None
        ammo = next((i for i in self.engine.inventory() if self._ammo_for_bow(i)), None)
        return A.Quiver(ammo) if ammo is not None else None

    def _heal(self) -> A.Action | None:
        """Low, or bleeding or poisoned to death: drink a healing potion, or else a potion
        that heals (curing, extra healing), or else, with death near, an unknown one."""
        health = self.engine.store.get(self.engine.player, Health)
        vitals = self.engine.store.get(self.engine.player, Vitals)
        doomed = health.hp <= vitals.bleeding + vitals.poison
        if health.hp >= QUAFF_BELOW * health.max_hp and not doomed:
            return None
        potions = [i for i in self.engine.inventory() if self._name(i) == HEALING_POTION]
        potions += [i for i in self.engine.inventory() if self._potion(i) in HEALING]
        if doomed or health.hp <= QUAFF_UNKNOWN_BELOW * health.max_hp:
            potions += [i for i in self.engine.inventory() if self._potion(i) == UNKNOWN]
        return A.Quaff(potions[0]) if potions else None

    def _unload(self) -> A.Action | None:
        """Burdened: drop the heaviest weapon or armour not in use."""
        if self._burden() == stats.UNBURDENED:
            return None
        spare = [(self._weight(i), -i) for i in self.engine.inventory()
                 if self.engine.equipped_slot(i) is None
                 and isinstance(self._data(i), Weapon | Armour)]
        return A.Drop(-max(spare)[1]) if spare else None

    def _pick_up(self) -> A.Action | None:
        x, y = self._here()
        for item in self.engine.items_at(x, y):
            if self._wanted(item) and item not in self._dropped:
                return A.PickUp(item)
        return None

    def _equip(self) -> A.Action | None:
        eq = self.engine.store.get(self.engine.player, Equipment)
        best = max(((self._gain(i), -i) for i in self.engine.inventory()
                    if self.engine.equipped_slot(i) is None and i not in self._equipped),
                   default=(0, 0))
        if best[0] <= 0:
            return None
        item, data = -best[1], self._data(-best[1])
        if isinstance(data, Armour):
            return A.Wear(item)
        if data.held == EITHER_HAND and eq.main is not None and eq.off is None:
            return A.TakeOff(eq.main)  # it would go to the off hand: free the main hand
        return A.Wield(item)

    def _rest(self) -> A.Action | None:
        """Hurt (or short of spell points, which a rest waits for too from game 0.3.0) and
        nothing in view: rest (to full, unless something interrupts), back in its Normal
        stance first if it fled."""
        if self._in_view():
            return None
        health = self.engine.store.get(self.engine.player, Health)
        book = self.engine.component(self.engine.player, Spells)
        short = book is not None and book.points < book.max_points \
            and self.engine.since("0.3.0")
        if self.engine.store.get(self.engine.player, Stance).name == COWARD:
            return A.SetStance(NORMAL)
        if health.hp >= health.max_hp and not short:
            return None
        return A.Rest()

    def _go_home(self) -> A.Action | None:
        """Carrying the goal: back up the stairs and out."""
        if not self._carries_goal():
            return None
        return self._use_stairs(self.engine.gamemap.stairs_up, A.Ascend())

    def _hunt(self) -> A.Action | None:
        """Towards the creatures in view, or else where it last saw one (remembered, so it
        does not turn back each time a step takes its quarry out of view)."""
        seen = self._in_view()
        for eid in seen:
            self._last_seen[eid] = (self.engine.depth, *self._xy(eid))
        here = (self.engine.depth, *self._here())
        for eid, spot in list(self._last_seen.items()):
            if spot == here or spot[0] != here[0] or not self.engine.exists(eid):
                del self._last_seen[eid]
        targets = [self._xy(e) for e in seen] or [(x, y) for _, x, y in self._last_seen.values()]
        return self._toward(sorted(targets))

    def _fetch(self) -> A.Action | None:
        return self._toward(self._visible_items())

    def _descend(self) -> A.Action | None:
        gm = self.engine.gamemap
        floor = int(gm.walkable.sum())
        seen = int((gm.walkable & gm.explored).sum())
        late = len(self.engine.actions) - self._arrived >= self.level_budget
        if not late and seen < MOSTLY_EXPLORED * floor and self._frontier().any():
            return None
        return self._use_stairs(gm.stairs_down, A.Descend())

    def _explore(self) -> A.Action | None:
        """Towards the unknown; on the deepest level without the goal, once all is known,
        towards the floor it knows only from a map and has not seen (the goal may lie there)."""
        frontier = self._frontier()
        if not frontier.any() and self.engine.depth == MAX_DEPTH and not self._carries_goal():
            gm = self.engine.gamemap
            frontier = gm.walkable & gm.explored & ~self._seen.get(self.engine.depth, gm.visible)
        return self._toward(list(zip(*np.nonzero(frontier), strict=True))) \
            if frontier.any() else None

    def _carries_goal(self) -> bool:
        return any(self._name(i) == GOAL_ITEM for i in self.engine.inventory())

    def _fallback(self) -> A.Action:
        """A random step to an open neighbouring cell (not the one just refused), or a wait."""
        if self._burden() == stats.OVERLOADED:
            return A.Wait()
        gm = self.engine.gamemap
        x, y = self._here()
        steps = list(travel.DIRECTIONS)
        self.rng.shuffle(steps)
        for dx, dy in steps:
            if gm.in_bounds(x + dx, y + dy) and gm.walkable[x + dx, y + dy] \
                    and A.Move(dx, dy) != self._last:
                return A.Move(dx, dy)
        return A.Wait()

    # --- judging gear ---------------------------------------------------------------------

    def _wanted(self, item: int) -> bool:
        """Worth carrying: potions that heal or are unknown, ammunition for its bow, the
        goal, scrolls, wands (and books for a caster), or gear better than what is in use
        (and light enough not to overload), or a throwing weapon that does not burden it."""
        if self._name(item) in (HEALING_POTION, GOAL_ITEM) or self._ammo_for_bow(item) \
                or self._potion(item) in (*HEALING, UNKNOWN) or bot_means.wanted(self.engine, item):
            return True
        attrs = self.engine.store.get(self.engine.player, Attributes)
        heavier = stats.burden(self._carried() + self._weight(item), attrs.strength)
        if heavier == stats.UNBURDENED and bot_means.wanted_to_throw(self.engine, item):
            return True
        return heavier in (stats.UNBURDENED, stats.BURDENED) and self._gain(item) > 0

    def _gain(self, item: int) -> int:
        """How much better the fighter would be with this item in use (0: not better):
        worked out once for each kind of item while the player's Fighter is the same
        (the engine hands out one object while nothing that feeds it changes)."""
        fighter = self.engine.fighter(self.engine.player)
        if self._gains[0] is not fighter:
            self._gains = (fighter, {})
        known, name = self._gains[1], self._name(item)
        if name not in known:
            known[name] = self._gain_over(fighter, self.engine.catalog.lookup(name))
        return known[name]

    @staticmethod
    def _gain_over(fighter: profiles.Fighter, data) -> int:
        if isinstance(data, Weapon) and data.held in MELEE_HOLDS:
            off = None if data.two_handed else fighter.off_hand
            return _blow(replace(fighter, main_hand=data, off_hand=off)) - _blow(fighter)
        if isinstance(data, Armour) and data.is_shield:
            main = fighter.main_hand
            if fighter.off_hand is not None or (isinstance(main, Weapon) and main.two_handed):
                return 0
            return _guard(replace(fighter, off_hand=data)) - _guard(fighter)
        if isinstance(data, Armour):
            worn = tuple(a for a in fighter.worn if a.slot != data.slot) + (data,)
            return _guard(replace(fighter, worn=worn)) - _guard(fighter)
        return 0

    # --- moving ---------------------------------------------------------------------------

    def _toward(self, targets: list[tuple[int, int]]) -> A.Action | None:
        step = travel.step_toward(self.engine, targets)
        return A.Move(*step) if step is not None else None

    def _use_stairs(self, stairs: tuple[int, int] | None, climb: A.Action) -> A.Action | None:
        gm = self.engine.gamemap
        if stairs is None or not gm.explored[stairs]:
            return None
        return climb if self._here() == stairs else self._toward([stairs])

    def _frontier(self) -> np.ndarray:
        return travel.frontier(self.engine.gamemap)

    # --- reading the engine ---------------------------------------------------------------

    def _here(self) -> tuple[int, int]:
        return self._xy(self.engine.player)

    def _xy(self, eid: int) -> tuple[int, int]:
        pos = self.engine.position(eid)
        return pos.x, pos.y

    def _hp(self, eid: int) -> int:
        return self.engine.store.get(eid, Health).hp

    def _in_view(self) -> list[int]:
        return [e for e, _ in self.engine.creatures_here() if self.engine.sees(e)]

    def _visible_items(self) -> list[tuple[int, int]]:
        """Cells holding something worth fetching that it has seen there (remembered, so it
        does not turn back each time a step takes the thing out of view)."""
        gm = self.engine.gamemap
        lying = {eid: (pos.x, pos.y) for eid, pos in self.engine.located(Item)}
        for eid, spot in lying.items():
            if gm.visible[spot] and eid not in self._dropped and self._wanted(eid):
                self._spotted[eid] = (self.engine.depth, *spot)
        for eid, (depth, *seen) in list(self._spotted.items()):
            if depth == self.engine.depth and (lying.get(eid) != tuple(seen)
                                                or eid in self._dropped
                                                or not self._wanted(eid)):
                del self._spotted[eid]  # taken, gone, or no longer better than its own
        return sorted({(x, y) for depth, x, y in self._spotted.values()
                       if depth == self.engine.depth})

    def _name(self, item: int) -> str:
        return self.engine.store.get(item, Item).name

    def _data(self, item: int):
        return self.engine.catalog.lookup(self._name(item))

    def _ammo_for_bow(self, item: int) -> bool:
        bow = self.engine.fighter(self.engine.player).missile
        data = self._data(item)
        return bow is not None and isinstance(data, Ammo) and data.kind == bow.ammo

    def _potion(self, item: int) -> str:
        """A potion's effect as the player knows it, UNKNOWN, or "" for no potion."""
        data = self._data(item)
        if not isinstance(data, Consumable) or data.kind != "potion":
            return ""
        return data.effect if knowledge.kind_known(self.engine, data.name) else UNKNOWN

    def _weight(self, item: int) -> int:
        return self.engine.catalog.weight(self._name(item)) * self.engine.store.get(
            item, Item).count

    def _carried(self) -> int:
        return sum(self._weight(i) for i in self.engine.inventory())

    def _burden(self) -> str:
        return self.engine.fighter(self.engine.player).burden


def _blow(fighter: profiles.Fighter) -> int:
    """Twice the average damage of the first blow (twice: to stay in integers)."""
    dice = profiles.melee_attacks(fighter)[0].damage
    return dice.count * (dice.sides + 1) + 2 * dice.bonus


def _guard(fighter: profiles.Fighter) -> int:
    """Defence plus Protection against a blow."""
    defence = profiles.defence(fighter)
    return defence.total() + defence.protection
