"""The engine: an esper world behind ``submit(action)``.

The front end hands it Action values; it performs the player's action, then runs every other
actor in time order (integer ticks of 0.1 s, ties broken by entity id) until the player must act
again, and returns the events. It knows no gameplay: what an action does and what a creature's
turn is come from the ``Gameplay`` it is handed (``game.world.game`` hands it the game's).

Each engine has its own esper world, behind its own ``Store`` (``self.store``): two engines
(a game and a fight simulator) never share entities. Everything reads and changes the world
through the store (only ``core/store.py`` imports esper): its reads need no switch of esper's
current world, and its queries and changes switch first.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import numpy as np

from game import plays_as
from game.content.catalog import GOAL_ITEM, Catalog
from game.content.editions import catalog_for
from game.rules import magic, profiles, stats, systems
from game.rules.breakdown import breakdown

from . import actions as A
from . import hashing, paths, sight, state
from .components import (
    Actor,
    Creature,
    Equipment,
    Health,
    Inventory,
    Item,
    Named,
    Player,
    Position,
    Powers,
    Renderable,
    Spells,
    Stance,
    Supply,
    Vitals,
)
from .events import AttackEvent, Died, Event, Message
from .fighter_cache import FighterCache
from .gamemap import GameMap
from .gameplay import Gameplay
from .mapgen import MAX_DEPTH, generate
from .picture import Picture
from .rng import Streams, derive
from .schedule import Schedule
from .setup import ReadsSetup, Setup
from .store import Store

MAP_WIDTH, MAP_HEIGHT = 80, 40
FOV_RADIUS = sight.LIGHT_RADIUS
LOG_LIMIT = 500
REPEATS_COUNTED = "0.4.0"  # from this version every repeated line, not only "info", counts (x2)
_QUIET = object.__setattr__  # a turn-by-turn field (changes.TURN_BY_TURN): set untold, faster
CHECKPOINT_EVERY = 50  # a recording's sync check: the state hash after every 50 actions
KEYFRAME_EVERY = 500  # the whole state after every 500 actions, for jumps in long replays
_worlds = itertools.count(1)
C = TypeVar("C")


class Engine(ReadsSetup):
    """One game: its seed, its world, its levels and its log."""

    appearances_made: tuple[int, dict[str, str]]  # play/knowledge's (seed, table), once asked

    def __init__(self, setup: Setup, *, play: Gameplay, catalog: Catalog | None = None) -> None:
        self._setup(setup, play, catalog)
        self.player = self.play.create_player(self, setup.wizard)
        if setup.level is None:
            self.enter_level(1, arriving_down=True)
        else:
            self._draw(setup.level)
        self.say(f"You enter the dungeon. Find the {GOAL_ITEM} on depth {MAX_DEPTH} "
                 f"and bring it back up.")
        self._log(sight.comes_into_view(self))

    def _setup(self, setup: Setup, play: Gameplay, catalog: Catalog | None) -> None:
        """An empty game of ``setup`` (``core/setup.py``: its seed, character, rules and their
        version, auto-pickup, the game version that began it, its overlay): no entities, no
        levels yet. Its tables are ``catalog``, or else the assets as ``setup.made_by`` had
        them with the overlay ``setup.content`` (a mod) laid over them
        (``content.editions.catalog_for``); the game's state names the overlay its catalog
        is under (``Catalog.overlay``), so a catalog under an overlay is that overlay's."""
        if not isinstance(setup, Setup):
            raise TypeError(f"a game is made from a Setup, not {type(setup).__name__}")
        if catalog is not None and catalog.overlay is not setup.content:
            if setup.content is not None and setup.content != catalog.overlay:
                raise ValueError("a game is given its catalog or its overlay, not both")
            setup = replace(setup, content=catalog.overlay)
        self.setup = setup
        self.play = play
        self.system = systems.get(setup.rules)
        self.catalog = catalog if catalog is not None else catalog_for(setup.content,
                                                                       self.made_by)
        if setup.character not in self.catalog.characters:
            raise ValueError(f"unknown character {setup.character!r}")
        self.streams = Streams(setup.seed)
        self.world = f"engine-{next(_worlds)}"
        self.levels: dict[int, GameMap] = {}
        self.level_seeds: dict[int, int] = {}  # a wizard's regenerated levels
        self.depth = 1
        self.now = 0
        self.turn = 0
        self.actions: list[A.Action] = []
        self.checkpoints: dict[int, str] = {}  # state hash after every checkpoint_every actions
        self.checkpoint_every = CHECKPOINT_EVERY  # 0: none (a game never saved nor verified)
        self.keyframes: dict[int, str] = {}  # state() as canonical JSON every KEYFRAME_EVERY
        self.keyframe_every = KEYFRAME_EVERY  # 0: none (a replay only verified needs none)
        self.pending: A.Action | None = None  # the action being performed
        self.wizard_barred: str | None = None  # why this game may not turn wizard (the env's)
        self.log: list[Message] = []
        self.outcome: str | None = None  # "dead" or "won"
        self.cause = ""
        self._distance = paths.DistanceMaps()
        self._fighters = FighterCache(play.fighter)
        self._hasher = hashing.StateHasher()
        self.store = Store(self.world)
        self.schedule = Schedule(self.store)

    def state(self, *, log: bool = True, entities: object = None,
              streams: object = None, explored: object = None) -> dict:
        """Everything that makes this game what it is, as JSON-ready data. Maps are not in it:
        they come back from the seed; only what the player has explored is kept. The state
        hash passes ``entities``, ``streams`` and ``explored`` to stand in for parts it spells
        itself."""
        self.use()
        data = {
            **self.setup.in_state(), "depth": self.depth,
            "now": self.now, "turn": self.turn, "outcome": self.outcome, "cause": self.cause,
            "player": self.player,
            "streams": self.streams.state() if streams is None else streams,
            "explored": ({str(d): gm.explored_to_rle() for d, gm in sorted(self.levels.items())}
                         if explored is None else explored),
            "level_seeds": {str(d): v for d, v in sorted(self.level_seeds.items())},
            "next_id": self.store.next_id(),
            "entities": state.entities_json(self.store) if entities is None else entities,
        }
        if log:
            data["log"] = [_saved(m) for m in self.log]
        return data

    @classmethod
    def from_state(cls, data: dict, setup: Setup | None = None, *, play: Gameplay,
                   catalog: Catalog | None = None,
                   terrain: dict[int, GameMap] | None = None) -> Engine:
        """Rebuild a game of ``setup`` from ``state()`` data (``setup``: what a save or a copy
        holds beside the state; else what the state tells of it, made by this game version,
        under no overlay but the catalog's). Anything malformed is a ValueError, and so is a
        state of another setup (another seed, rules, overlay...). ``terrain``: the levels of
        this very game (its maps by depth, from a copy of it), used instead of generating them
        again from the seed (``GameMap.as_generated``)."""
        engine = cls.__new__(cls)
        try:
            if setup is None:
                setup = Setup.of_state(data)
            engine._setup(setup, play, catalog)
            differs = engine.setup.differs(data, "its setup names")
            if differs is not None:
                raise ValueError(f"bad game state: it {differs}")
            engine._restore(data, terrain or {})
        except ValueError:
            engine.close()
            raise
        except Exception as err:  # untrusted data may break in any way: one kind of error
            engine.close()
            raise ValueError(f"bad game state: {type(err).__name__}: {err}") from None
        return engine

    def _restore(self, data: dict, terrain: dict[int, GameMap]) -> None:
        self.depth, self.now, self.turn = (int(data["depth"]), int(data["now"]),
                                           int(data["turn"]))
        self.outcome, self.cause = data["outcome"], str(data["cause"])
        self.streams.restore(data["streams"])
        self.level_seeds = {int(d): int(v) for d, v in data.get("level_seeds", {}).items()}
        for depth, runs in data["explored"].items():
            known = terrain.get(int(depth))
            gm = known.as_generated() if known is not None else self._generate(int(depth))
            gm.explored_from_rle(runs)
            self.levels[int(depth)] = gm
        if isinstance(data["entities"], state.Copied):  # a copy of a game, not a snapshot
            data["entities"].restore(self.store, data["next_id"])
        else:
            state.restore_entities(self.store, data["entities"], data["next_id"])
        self.player = data["player"]
        if self.depth not in self.levels or self.store.find(self.player, Player) is None:
            raise ValueError("bad game state: no player on a known level")
        self.log = [Message(str(row[0]), str(row[1]), _turn(row), _count(row))
                    for row in data.get("log", [])]
        pos = self.store.get(self.player, Position)
        self.gamemap.update_fov(pos.x, pos.y, FOV_RADIUS)

    def state_text(self) -> str:
        """``state.canonical(self.state())``, spelled as the state hash spells it."""
        self.use()
        return self._hasher.text(self, log=True)

    def state_hash(self) -> str:
        """sha256 of the canonical JSON of ``state(log=False)`` (``game.world.core.hashing``)."""
        self.use()
        return self._hasher.digest(self)

    @classmethod
    def scenario(cls, picture: str, legend: dict[str, str] | None = None, *,
                 setup: Setup | None = None, play: Gameplay | None = None,
                 catalog: Catalog | None = None, **options: Any) -> Engine:
        """A game on a small hand-drawn level, for tests and the designer's tools: ``@`` is
        the player, ``#`` wall, ``<``/``>`` stairs, and each legend character a creature kind
        or an item name (of its ``catalog``, or the tables its overlay gives). Its ``setup``,
        or else ``Setup(**options)`` on seed 0 unless another is given (``made_by="0.2.0"``:
        played as that game version plays, ``since``)."""
        make: Callable[..., Engine] = cls  # a subclass without ``play`` (Game) gives its own
        setup = setup if setup is not None else Setup(**{"seed": 0, **options})
        engine = make(setup, catalog=catalog) if play is None else \
            make(setup, play=play, catalog=catalog)
        engine.use()
        for eid, _ in list(engine.store.query(Position)):
            if eid != engine.player:
                engine.store.delete(eid)
        gm = GameMap.from_ascii(picture)
        engine.levels = {1: gm}
        engine.log.clear()
        for y, row in enumerate(picture.strip("\n").splitlines()):
            for x, char in enumerate(row):
                engine._place(char, x, y, (legend or {}).get(char))
        engine._distance.clear()
        pos = engine.position(engine.player)
        gm.update_fov(pos.x, pos.y, FOV_RADIUS)
        sight.comes_into_view(engine)  # what the picture shows is in view already
        return engine

    def _place(self, char: str, x: int, y: int, name: str | None) -> None:
        if char == "@":
            self.store.move(self.player, x, y, 1)
        elif name in self.catalog.creatures:
            self.store.get(self.create_creature(name, x, y, 1), Creature).awake = True
        elif name is not None:
            self.create_item(name, 1, Position(x, y, 1))

    def _draw(self, picture: Picture) -> None:
        """The first level drawn from the setup's picture: the player at ``@``, each legend
        character's creature (awake, as a scenario's) or thing; no other population."""
        picture.check_names({*self.catalog.creatures, *self.catalog.item_names()})
        self.levels[1] = gm = self._generate(1)
        x, y = picture.player()
        self.store.add(self.player, Position(x, y, 1))
        for cx, cy, name in picture.placed():
            self._place("", cx, cy, name)
        gm.update_fov(x, y, FOV_RADIUS)

    # --- the world ----------------------------------------------------------------------

    def use(self) -> None:
        """Make this engine's world esper's current one (``Store.use``). Nothing needs it
        first any more: the gameplay reads through the store, whose queries and changes
        switch to its world themselves."""
        self.store.use()

    def close(self) -> None:
        """Free this engine's esper world."""
        self.store.close()

    @property
    def gamemap(self) -> GameMap:
        return self.levels[self.depth]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def say(self, text: str, tone: str = "info") -> Message:
        """Log a line; the line as logged comes back (counted again for a notice again)."""
        return self._append(text, tone)

    def _log(self, events: Sequence[Event]) -> None:
        """Messages and what the player saw of attacks; in wizard mode with the roll display
        on, every attack's full breakdown as well."""
        rolls = bool(events) and self._player_flags().show_rolls
        for event in events:
            if isinstance(event, Died) and event.entity == self.player:
                self.log.append(Message("You die...", "bad", self.turn))
                break  # nothing is logged after the player's death
            if isinstance(event, Message):
                self._append(event.text, event.tone)
            elif isinstance(event, AttackEvent):
                self.log += [Message(line, "combat", self.turn) for line in event.lines]
                if rolls:
                    self.log += [Message("  " + line, "wizard", self.turn)
                                 for line in breakdown(event.outcome)]
        del self.log[:-LOG_LIMIT]

    def _append(self, text: str, tone: str) -> Message:
        """Add a line; the same line again ("There is a wall in the way.", "You are
        poisoned.") counts once more ("... (x2)") instead of filling the log. Fights are logged
        blow by blow. Before game 0.4.0 only "info" lines were counted (``REPEATS_COUNTED``)."""
        log = self.log
        last = log[-1] if log else None
        if last is not None and tone == last.tone and last.text == text and tone != "combat" \
                and (tone == "info" or self.since(REPEATS_COUNTED)):
            message = log[-1] = Message(text, tone, self.turn, last.count + 1)
        else:
            message = Message(text, tone, self.turn)
            log.append(message)
        return message

    def _player_flags(self) -> Player:
        return self.store.get(self.player, Player)

    # --- creating things ----------------------------------------------------------------

    def create_item(self, name: str, count: int = 1, at: Position | None = None,
                    powers: Powers | None = None) -> int:
        glyph, colour = self.catalog.glyph(name)
        components = [Item(name, count), Named(name), Renderable(glyph, colour, 1)]
        if at is not None:
            components.append(at)
        if powers is not None:
            components.append(powers)
        return self.store.create(*components)

    def create_creature(self, kind_name: str, x: int, y: int, depth: int) -> int:
        kind = self.catalog.creatures[kind_name]
        stamina = stats.max_stamina(kind.constitution)
        eid = self.store.create(
            Creature(kind.name), Named(kind.name), Renderable(kind.glyph, kind.colour, 2),
            Position(x, y, depth), Actor(self.now + 1, kind.speed),
            Health(kind.hit_points, kind.hit_points), Stance(kind.stance, stamina, stamina),
            Vitals(self.now + stats.VITALS_TICKS), Supply(kind.ammo_count, kind.throw_count),
        )
        if kind.spells:
            points = magic.max_spell_points(kind.willpower)
            self.store.add(eid, Spells(list(kind.spells), points, points))
        return eid

    # --- levels -------------------------------------------------------------------------

    def enter_level(self, depth: int, *, arriving_down: bool) -> None:
        """Arrive on ``depth`` by its stairs up (``arriving_down``) or down, making the level
        and its contents the first time."""
        self.use()
        fresh = depth not in self.levels
        if fresh:
            self.levels[depth] = self._generate(depth)
        self.depth = depth
        gm = self.gamemap
        stairs = gm.stairs_up if arriving_down else gm.stairs_down
        assert stairs is not None, f"depth {depth} has no stairs to arrive by"
        x, y = stairs
        self._make_room(depth, x, y)
        if self.store.find(self.player, Position) is None:
            self.store.add(self.player, Position(x, y, depth))
        else:
            self.store.move(self.player, x, y, depth)
        if fresh:
            self.play.populate(self, gm)
        sight.forget_view(self, depth)
        self._catch_up()
        self._distance.clear()
        gm.update_fov(x, y, FOV_RADIUS)

    def since(self, version: str) -> bool:
        """Whether this game plays as game ``version`` or a later one does: a change of play
        asks this, so the recordings of the versions before it replay as they were played."""
        return plays_as(self.made_by, version)

    def _make_room(self, depth: int, x: int, y: int) -> None:
        """Whoever stands where the player arrives steps aside to the nearest free floor
        (fewest steps, then the lowest x, then y), as NetHack and DCSS move a monster off
        the stairs: two never share a cell."""
        there = self.store.at(depth, x, y)
        if there is None or there == self.player or not self.since("0.2.0"):
            return  # (0.1.0 put the player on it: its recordings replay as they were played)
        walkable = self.levels[depth].walkable
        steps = paths.distances(walkable.astype(np.int32), [(x, y)])
        free = walkable & (steps > 0) & (steps < paths.FAR)
        for _, (_, pos) in self.store.query(Actor, Position):
            if pos.depth == depth:
                free[pos.x, pos.y] = False
        cells = np.argwhere(free)
        if len(cells):
            nx, ny = min(cells.tolist(), key=lambda c: (steps[c[0], c[1]], c[0], c[1]))
            self.store.move(there, nx, ny)

    def _generate(self, depth: int) -> GameMap:
        level = self.setup.level
        if depth == 1 and level is not None and depth not in self.level_seeds:
            return GameMap.from_ascii(level.rows)  # (a wizard's regeneration: a new layout)
        return generate(self.level_seeds.get(depth, self.seed), depth, MAP_WIDTH, MAP_HEIGHT)

    def go_to_level(self, depth: int) -> None:
        """Arrive on ``depth`` by its stairs up (the wizard's way down or up)."""
        self.enter_level(depth, arriving_down=True)

    def regenerate_level(self) -> None:
        """A new layout and new contents for this level (wizard mode), from a seed derived
        from the game seed and how often it was regenerated: replays stay exact."""
        self.use()
        depth = self.depth
        for eid, _ in [(e, c) for e, (c,) in self.store.query(Position)
                       if c.depth == depth and e != self.player]:
            self.store.delete(eid)
            self.play.gone(self, eid)
        count = self.level_seeds.get(-depth, 0) + 1
        self.level_seeds[-depth] = count  # negative keys count regenerations
        self.level_seeds[depth] = derive(self.seed, f"regen:{depth}:{count}")
        del self.levels[depth]
        self.enter_level(depth, arriving_down=True)

    def refresh(self) -> None:
        """After a wizard moves things: new sight, new distance maps."""
        self._distance.clear()
        pos = self.store.get(self.player, Position)
        self.gamemap.update_fov(pos.x, pos.y, FOV_RADIUS)

    def heal_fully(self, eid: int) -> None:
        health = self.store.get(eid, Health)
        health.hp = health.max_hp
        vitals = self.store.find(eid, Vitals)
        if vitals is not None:
            vitals.bleeding = vitals.poison = vitals.disease = 0

    def skill_names(self) -> list[str]:
        return self.play.skill_names(self.catalog)

    def _catch_up(self) -> None:
        """Creatures on a level left behind wait where they were; none acts for the past."""
        for _, (actor, pos) in self.store.query(Actor, Position):
            if pos.depth == self.depth:
                actor.next_tick = max(actor.next_tick, self.now)
        for _, (body, pos) in self.store.query(Vitals, Position):
            if pos.depth == self.depth:
                body.next_tick = max(body.next_tick, self.now)

    # --- queries for processors and screens ---------------------------------------------

    def fighter(self, eid: int, *, known_only: bool = False, thrown: int | None = None,
                trying: int | None = None) -> profiles.Fighter:
        """As it fights now (all its magic), or as the @ screen shows it (``known_only``);
        ``thrown``: with that item's own magic serving a throw; ``trying``: with that carried
        item put in use (what examining it shows). Those two are built afresh, not kept."""
        pos = self.store.table[eid].get(Position)  # in_wall, without a call (asked often)
        in_wall = pos is not None and self.levels[pos.depth].wall.item(pos.x, pos.y)
        if thrown is not None or trying is not None:
            return self.play.fighter(self.store, self.catalog, eid, in_wall=in_wall,
                                     known_only=known_only, thrown=thrown, trying=trying,
                                     made_by=self.made_by)
        return self._fighters.get(self, eid, in_wall, known_only)

    def in_wall(self, eid: int) -> bool:
        """It stands inside a wall (a ghost): its Fighter has the wall's Defence."""
        pos = self.store.find(eid, Position)
        return pos is not None and bool(self.levels[pos.depth].wall.item(pos.x, pos.y))

    def position(self, eid: int) -> Position:
        return self.store.get(eid, Position)

    def sees(self, eid: int) -> bool:
        """The player sees it: it stands on a visible cell of this level."""
        comps = self.store.table.get(eid)
        pos = comps.get(Position) if comps else None
        return (pos is not None and pos.depth == self.depth
                and self.levels[pos.depth].visible.item(pos.x, pos.y))

    def is_dead(self, eid: int) -> bool:
        return self.store.get(eid, Health).hp <= 0

    def creatures_here(self) -> list[tuple[int, tuple[Creature, Position]]]:
        return sorted((e, c) for e, c in self.store.query(Creature, Position)
                      if c[1].depth == self.depth)

    def located(self, kind: type) -> list[tuple[int, Position]]:
        """Every entity with a ``kind`` component lying or standing on this level."""
        return [(e, pos) for e, (_, pos) in self.store.query(kind, Position)
                if pos.depth == self.depth]

    def components(self, eid: int) -> dict[type, Any]:
        """The entity's components by class: esper's own dict, one look-up for many reads.
        Read it; never change it (``set_component`` does)."""
        return self.store.components(eid)

    def drawn(self) -> list[tuple[int, tuple[Position, Renderable]]]:
        """Every entity that has a look, on any level (the map keeps those of its depth):
        esper's own cached list, so asking costs nothing. Read it; never change it."""
        return self.store.query(Position, Renderable)

    def items_at(self, x: int, y: int) -> list[int]:
        return sorted(self.store.items.at(self.depth, x, y))

    def blocker_at(self, x: int, y: int) -> int | None:
        """The creature (or player) standing on a cell of this level."""
        return self.store.at(self.depth, x, y)

    def can_enter(self, eid: int, x: int, y: int) -> bool:
        gm = self.gamemap
        if not gm.in_bounds(x, y) or self.blocker_at(x, y) is not None:
            return False
        if gm.walkable[x, y]:
            return True
        creature = self.store.find(eid, Creature)
        return (creature is not None and self.catalog.creatures[creature.kind].passes_walls
                and 0 < x < gm.width - 1 and 0 < y < gm.height - 1)

    def move_entity(self, eid: int, x: int, y: int) -> None:
        self.store.move(eid, x, y)

    def distance_map(self, through_walls: bool,
                     near: tuple[int, int] | None = None) -> np.ndarray:
        """Steps to the player from every cell, shared by every hunter (read-only); over the
        floor and ``near`` a cell, exact only there and nearer (``paths.DistanceMaps.near``)."""
        pos = self.store.get(self.player, Position)
        walkable = self.levels[pos.depth].walkable
        if near is not None and not through_walls:
            return self._distance.near(pos.depth, walkable, pos.x, pos.y, near)
        return self._distance.to(pos.depth, walkable, pos.x, pos.y, through_walls)

    def inventory(self) -> list[int]:
        return list(self.store.get(self.player, Inventory).items)

    def item_name(self, item: int) -> str:
        """The name as the player knows it: "2 murky potions", "+1 long sword of slaying"."""
        self.use()
        return self.play.display_name(self, item)

    def item_name_only(self, item: int) -> str:
        """The table name of an item, without its count."""
        return self.store.get(item, Item).name

    def item_count(self, item: int) -> int:
        return self.store.get(item, Item).count

    def equipped_slot(self, item: int) -> str | None:
        eq = self.store.get(self.player, Equipment)
        return next((s for s, v in eq.slots().items() if v == item), None)

    def component(self, eid: int, kind: type[C]) -> C | None:
        return self.store.find(eid, kind)

    def set_component(self, eid: int, component: object) -> None:
        self.store.add(eid, component)

    def exists(self, eid: int) -> bool:
        return self.store.exists(eid)

    def delete(self, eid: int) -> None:
        self.store.delete(eid)

    # --- time ---------------------------------------------------------------------------

    def submit(self, action: A.Action) -> A.Result:
        """Perform the player's action, then everyone else's until the player acts again."""
        self.use()
        if self.outcome is not None:
            return A.Impossible("The game is over.")
        self.pending = action  # what a crash report records as the action that crashed
        result = self._perform(action)
        self.pending = None
        if isinstance(result, A.Impossible):
            self.say(result.reason)
            return result
        self.actions.append(action)
        if self.checkpoint_every and len(self.actions) % self.checkpoint_every == 0:
            self.checkpoints[len(self.actions)] = self.state_hash()
        if self.keyframe_every and len(self.actions) % self.keyframe_every == 0:
            self.keyframes[len(self.actions)] = self.state_text()
        return result

    def _perform(self, action: A.Action, depth: int = 0) -> A.Result:
        handler = self.play.handlers.get(action.tag)
        if handler is not None:
            result = handler(self, action)
        elif hasattr(action, "perform"):  # actions defined above the world (wizard commands)
            result = action.perform(self)
        else:
            return A.Impossible(f"Nothing happens ({action.tag}).")
        if isinstance(result, A.Instead) and depth < 3:
            return self._perform(result.action, depth + 1)
        if isinstance(result, A.Done):
            ticks = self.play.scaled(self, result.ticks)
            later = self.spend(ticks) if ticks else []
            if later or type(result.events) is not tuple:  # else it is the whole result
                result = A.Done((*result.events, *later), result.ticks)
            self._log(result.events)
        return result

    def spend(self, ticks: int) -> list[Event]:
        """The player's action took ``ticks``: run the world until the player's next turn."""
        self.turn += 1
        me, schedule, play, store = self.player, self.schedule, self.play, self.store
        table = store.table
        mine = store.get(me, Actor)
        _QUIET(mine, "next_tick", mine.next_tick + ticks)
        mine_at = store.get(me, Position)  # moved in place (Store.move), never replaced
        levels = self.levels
        levels[self.depth].update_fov(mine_at.x, mine_at.y, FOV_RADIUS)
        events: list[Event] = sight.comes_into_view(self)
        done = None  # the entry of the actor whose turn just ended (Schedule.next_turn)
        while self.outcome is None:  # (the schedule queues each actor again: next_turn)
            eid, comps = schedule.next_turn(self.depth, done)
            done = None
            actor = comps[Actor]
            if actor.next_tick > self.now:
                self.now = actor.next_tick
            due = comps.get(Vitals)  # metabolise does nothing (and ends nothing) until due
            if due is not None and due.next_tick <= self.now:
                ticked = play.vitals(self, eid, due, comps)
                if ticked:  # nothing ends without a word (a death is a Died event)
                    events += ticked
                    if self.outcome is not None:
                        break
                    if eid not in table:
                        continue
            if eid == me:
                break
            taken = play.sleeps_through(self, comps, mine_at)
            if taken is None:
                taken_events, taken = play.awake_turn(self, eid, comps)
                events += taken_events
                if eid not in table:
                    continue
            looked = store.looked  # sight.came_into_view's first test, without the call
            if looked is None or looked is not levels[self.depth].sight:
                arrived = sight.came_into_view(self, eid, comps)
                if arrived:
                    events += arrived
            _QUIET(actor, "next_tick", actor.next_tick + taken)
            done = (actor.next_tick, eid)
        return events

    # --- the check ----------------------------------------------------------------------

    def check(self) -> list[str]:
        """Every cache and shortcut worked out afresh and compared with what is kept: what
        differs, in words (nothing, when all is well). Changes nothing. The tests run it after
        every step (docs/architecture.md lists what it covers)."""
        self.use()
        walkables = {depth: gm.walkable for depth, gm in self.levels.items()}
        wrong = [*self.store.check(), *self.schedule.check(), *self._check_look(),
                 *self._fighters.stale(self), *self._distance.stale(walkables),
                 *(problem for gm in self.levels.values() for problem in gm.check()),
                 *self._check_hash()]
        for check in self.play.checks:
            wrong += check(self)
        return wrong

    def _check_look(self) -> list[str]:
        """While the look is kept (``Store.looked`` is this sight), every creature here is
        in view as the sight has it."""
        if self.store.looked is None or self.store.looked is not self.gamemap.sight:
            return []
        return [f"look: creature {eid} in view {creature.in_view}, seen {self.sees(eid)}"
                for eid, (creature, _) in self.creatures_here()
                if creature.in_view != self.sees(eid)]

    def _check_hash(self) -> list[str]:
        """The state hash and keyframe text, taken fast (parts kept), against the slow way
        (not while a test has put a stand-in for a random stream: it has no state)."""
        wrong: list[str] = []
        if not all(isinstance(s, random.Random) for s in self.streams.by_name.values()):
            return wrong
        if self._hasher.digest(self) != state.state_hash(self):
            wrong.append("state hash: the kept parts spell another state")
        if self._hasher.text(self, log=True) != state.canonical(self.state()):
            wrong.append("state text: the kept parts spell another state")
        return wrong

    # --- the whole state ----------------------------------------------------------------

    def entities(self) -> Iterator[tuple[int, tuple[object, ...]]]:
        """Every entity and its components, in id order."""
        for eid, comps in self.store.entities():
            yield eid, tuple(comps.values())


def _saved(m: Message) -> list:
    """A log line as a save holds it: [text, tone, turn], and its count when repeated."""
    return [m.text, m.tone, m.turn] if m.count == 1 else [m.text, m.tone, m.turn, m.count]


def _count(row: list) -> int:
    """A saved log line's count (saves from before counts were kept folded "(x2)" into the
    text: such a line stays as it is, once)."""
    count = row[3] if len(row) > 3 else 1
    return count if type(count) is int and count >= 1 else 1


def _turn(row: list) -> int:
    """A saved log line's turn ([text, tone, turn]; saves from before turns were kept: 0)."""
    turn = row[2] if len(row) > 2 else 0
    return turn if type(turn) is int and turn >= 0 else 0
