"""Wizard commands as actions: recorded, saved, replayed and verified like any other.

They live in the world layer so that every saved game, wizard or not, can be loaded and
replayed by code that knows nothing of the wizard's tools.

Each performs itself on the engine (``perform``), as the engine's own handlers do. All but
``Enable`` need a wizard game; ``Enable`` makes the game a wizard game for good, unless the
engine's ``wizard_barred`` says why it may not (the env's games: no key opens the wizard).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.content.magic import Consumable
from game.rules import bounds, levels, stats
from game.rules.messages import a_or_an
from game.rules.names import closest
from game.world.core import actions as A
from game.world.core import sight
from game.world.core.components import (
    Attributes,
    Creature,
    Health,
    Player,
    Position,
    Powers,
    Spells,
    Training,
)
from game.world.core.events import Message
from game.world.core.mapgen import MAX_DEPTH

from . import death, knowledge, magic_items, progress

if TYPE_CHECKING:
    from game.world.core.engine import Engine

STATS = ("strength", "dexterity", "constitution", "willpower")
MIN_STAT, MAX_STAT = bounds.STAT.low, bounds.STAT.high  # what a wizard may set a stat to


class WizardAction(A.Action):
    """A command that needs wizard mode; ``run`` does the work and returns a message."""

    def perform(self, engine: Engine) -> A.Result:
        flags = engine.store.get(engine.player, Player)
        if not flags.wizard:
            return A.Impossible("That needs wizard mode.")
        result = self.run(engine, flags)
        if isinstance(result, str):
            return A.Done((Message(result, "wizard"),), 0)
        return result

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Enable(A.Action):
    """Enter wizard mode; the game stays a wizard game for good."""

    tag: ClassVar[str] = "wiz.enable"

    def perform(self, engine: Engine) -> A.Result:
        flags = engine.store.get(engine.player, Player)
        if flags.wizard:
            return A.Impossible("You are already in wizard mode.")
        if engine.wizard_barred is not None:  # not game state: who plays it bars it
            return A.Impossible(engine.wizard_barred)
        flags.wizard = True
        return A.Done((Message("Wizard mode is on. This is now a wizard game.", "wizard"),), 0)


@dataclass(frozen=True, slots=True)
class MapLevel(WizardAction):
    tag: ClassVar[str] = "wiz.map"

    def run(self, engine: Engine, flags: Player) -> str:
        engine.gamemap.reveal_floor()
        return "The whole level is mapped."


@dataclass(frozen=True, slots=True)
class Teleport(WizardAction):
    tag: ClassVar[str] = "wiz.teleport"
    x: int
    y: int

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        gm = engine.gamemap
        if not gm.in_bounds(self.x, self.y) or not gm.walkable[self.x, self.y]:
            return A.Impossible("You cannot teleport into rock.")
        if engine.blocker_at(self.x, self.y) not in (None, engine.player):
            return A.Impossible("Something stands there.")
        engine.move_entity(engine.player, self.x, self.y)
        engine.refresh()
        return "You teleport."


@dataclass(frozen=True, slots=True)
class GoToDepth(WizardAction):
    tag: ClassVar[str] = "wiz.depth"
    depth: int

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        if not 1 <= self.depth <= MAX_DEPTH:
            return A.Impossible(f"Depths go from 1 to {MAX_DEPTH}.")
        engine.go_to_level(self.depth)
        return f"You are on depth {self.depth}."


@dataclass(frozen=True, slots=True)
class CreateCreature(WizardAction):
    tag: ClassVar[str] = "wiz.creature"
    name: str
    x: int
    y: int

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        if self.name not in engine.catalog.creatures:
            return A.Impossible(f"There is no creature called {self.name!r}.")
        gm = engine.gamemap
        if not gm.in_bounds(self.x, self.y) or not gm.walkable[self.x, self.y] \
                or engine.blocker_at(self.x, self.y) is not None:
            return A.Impossible("There is no room there.")
        eid = engine.create_creature(self.name, self.x, self.y, engine.depth)
        creature = engine.store.get(eid, Creature)
        creature.in_view = sight.in_light(engine, eid)  # "appears" says it: no "comes into view"
        return f"{a_or_an(self.name).capitalize()} appears."


@dataclass(frozen=True, slots=True)
class CreateItem(WizardAction):
    """A wish: the item appears at your feet."""

    tag: ClassVar[str] = "wiz.item"
    name: str

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        """Any item by name, magic ones with their powers: "+2 long sword of slaying"."""
        wish = magic_items.parse_wish(engine.catalog, self.name)
        if wish is None:
            near = closest(self.name, magic_items.wish_names(engine.catalog), limit=3)
            hint = f" Did you mean: {', '.join(near)}?" if near else ""
            return A.Impossible(f"There is no item called {self.name!r}.{hint}")
        name, powers = wish
        data = engine.catalog.lookup(name)
        if powers is None and isinstance(data, Consumable) and data.charges is not None:
            powers = Powers(charges=data.charges.roll(engine.streams.loot), known=True)
        pos = engine.position(engine.player)
        item = engine.create_item(name, 1, Position(pos.x, pos.y, pos.depth), powers)
        knowledge.learn_kind(engine, name)
        return f"{a_or_an(knowledge.base_name(engine, item)).capitalize()} appears at your feet."


@dataclass(frozen=True, slots=True)
class Heal(WizardAction):
    tag: ClassVar[str] = "wiz.heal"

    def run(self, engine: Engine, flags: Player) -> str:
        engine.heal_fully(engine.player)
        return "You are fully healed."


@dataclass(frozen=True, slots=True)
class SetStat(WizardAction):
    tag: ClassVar[str] = "wiz.stat"
    stat: str
    value: int

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        if self.stat not in STATS or not MIN_STAT <= self.value <= MAX_STAT:
            return A.Impossible(f"Stats are {', '.join(STATS)}, from {MIN_STAT} to {MAX_STAT}.")
        setattr(engine.component(engine.player, Attributes), self.stat, self.value)
        return f"Your {self.stat} is now {self.value}."


@dataclass(frozen=True, slots=True)
class SetRank(WizardAction):
    """Set a weapon-skill or fighting-style rank."""

    tag: ClassVar[str] = "wiz.rank"
    name: str
    rank: int

    def run(self, engine: Engine, flags: Player) -> A.Result | str:
        if not 0 <= self.rank <= stats.MAX_RANK:
            return A.Impossible(f"Ranks go from 0 to {stats.MAX_RANK}.")
        training = engine.store.get(engine.player, Training)
        if self.name in stats.STYLES:
            training.styles = {**training.styles, self.name: self.rank}
        elif self.name in engine.skill_names():
            training.skills = {**training.skills, self.name: self.rank}
        else:
            return A.Impossible(f"There is no skill or style called {self.name!r}.")
        training.points.pop(self.name, None)
        return f"Your rank in {self.name} is now {self.rank}."


@dataclass(frozen=True, slots=True)
class KillAll(WizardAction):
    tag: ClassVar[str] = "wiz.killall"

    def run(self, engine: Engine, flags: Player) -> A.Result:
        events = []
        for eid, _ in engine.creatures_here():
            events += death.damage(engine, eid, engine.store.get(eid, Health).hp,
                                    cause="smitten by a wizard")
        return A.Done((*events, Message("Every creature on the level dies.", "wizard")), 0)


@dataclass(frozen=True, slots=True)
class Invulnerable(WizardAction):
    tag: ClassVar[str] = "wiz.invulnerable"

    def run(self, engine: Engine, flags: Player) -> str:
        flags.invulnerable = not flags.invulnerable
        return f"Invulnerability {'on' if flags.invulnerable else 'off'}."


@dataclass(frozen=True, slots=True)
class ShowRolls(WizardAction):
    tag: ClassVar[str] = "wiz.rolls"

    def run(self, engine: Engine, flags: Player) -> str:
        flags.show_rolls = not flags.show_rolls
        return f"Roll display {'on' if flags.show_rolls else 'off'}."


@dataclass(frozen=True, slots=True)
class Regenerate(WizardAction):
    """A new layout for this level (a fresh seed for it), with new creatures and items."""

    tag: ClassVar[str] = "wiz.regen"

    def run(self, engine: Engine, flags: Player) -> str:
        engine.regenerate_level()
        return "The level shifts around you."



@dataclass(frozen=True, slots=True)
class WakeAll(WizardAction):
    """Every creature on this level wakes and hunts (a busy level, for tests and bots)."""

    tag: ClassVar[str] = "wiz.wake"

    def run(self, engine: Engine, flags: Player) -> str:
        for eid, _ in engine.creatures_here():
            engine.store.get(eid, Creature).awake = True
        return "Every creature on the level wakes."


@dataclass(frozen=True, slots=True)
class GainLevel(WizardAction):
    """Just enough experience for the next level: its hit points and talents, as a kill gives."""

    tag: ClassVar[str] = "wiz.level"

    def run(self, engine: Engine, flags: Player) -> A.Result:
        me = progress.hero(engine, engine.player)
        if me is None:
            return A.Impossible("This character has no experience levels.")
        if me.level >= levels.MAX_LEVEL:
            return A.Impossible(f"You are already at level {levels.MAX_LEVEL}, the highest.")
        events = progress.gain(engine, progress.xp_for_level(engine, me.level + 1) - me.xp)
        return A.Done(tuple(events), 0)


@dataclass(frozen=True, slots=True)
class IdentifyAll(WizardAction):
    """Know every kind of potion, scroll and wand, and everything carried."""

    tag: ClassVar[str] = "wiz.identify"

    def run(self, engine: Engine, flags: Player) -> str:
        for name in engine.catalog.magic.consumables:
            knowledge.learn_kind(engine, name)
        for item in engine.inventory():
            knowledge.identify(engine, item)
        return "You know everything you carry, and every potion, scroll and wand."


@dataclass(frozen=True, slots=True)
class LearnSpells(WizardAction):
    """Learn every spell, with spell points to spare."""

    tag: ClassVar[str] = "wiz.spells"

    def run(self, engine: Engine, flags: Player) -> str:
        book = engine.component(engine.player, Spells)
        if book is None:
            book = Spells()
            engine.set_component(engine.player, book)
        book.known = sorted(set(book.known) | set(engine.catalog.magic.spells))
        book.max_points = max(book.max_points, WIZARD_SPELL_POINTS)
        book.points = book.max_points
        return "You know every spell."


WIZARD_SPELL_POINTS = 50
