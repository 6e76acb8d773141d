"""Potions, scrolls, wands and books in use; and casting a known spell.

Using an unknown potion, scroll or wand teaches its kind (its effect shows what it was).
Every choice of a random kind (a teleport's landing) comes from the loot stream.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.catalog import MiscItem
from game.content.magic import Consumable
from game.rules import stats
from game.rules.magic import MAX_ENCHANT
from game.rules.messages import a_or_an
from game.world.core import actions as A
from game.world.core.components import (
    Choosing,
    Effects,
    Equipment,
    Health,
    Item,
    Powers,
    Spells,
    Vitals,
)
from game.world.core.events import Event, Message

from . import belongings, knowledge, lines, spells

if TYPE_CHECKING:
    from game.rules.spells import Spell
    from game.world.core.engine import Engine
    from game.world.core.store import Store


def _data(engine: Engine, item: int) -> Consumable | None:
    data = engine.catalog.lookup(engine.store.get(item, Item).name)
    return data if isinstance(data, Consumable) else None


def _learnt(engine: Engine, item: int, data: Consumable) -> list[Event]:
    """Using it taught the kind: "It was a potion of speed."."""
    if knowledge.learn_kind(engine, data.name):
        return [Message(f"It was {a_or_an(data.name)}.")]
    return []


# --- potions ------------------------------------------------------------------------------


def quaff(engine: Engine, action: A.Quaff) -> A.Result:
    if not belongings.owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = engine.catalog.lookup(engine.store.get(action.item, Item).name)
    if isinstance(data, Consumable) and data.kind == "potion":
        return _drink(engine, action.item, data)
    if not isinstance(data, MiscItem) or data.heals is None:
        return A.Impossible("You cannot drink that.")
    health = engine.store.get(engine.player, Health)
    health.hp = min(health.max_hp, health.hp + data.heals.roll(engine.streams.loot))
    engine.store.get(engine.player, Vitals).bleeding = 0
    belongings.consume(engine, action.item)
    return A.Done((Message("You feel better.", "good"),), stats.STEP_TICKS)


def _drink(engine: Engine, item: int, data: Consumable) -> A.Result:
    events = _potion(engine, data) + _learnt(engine, item, data)
    belongings.consume(engine, item)
    return A.Done(tuple(events), stats.STEP_TICKS)


def _potion(engine: Engine, data: Consumable) -> list[Event]:
    me = engine.player
    health = engine.store.get(me, Health)
    vitals = engine.store.get(me, Vitals)
    effect = data.effect
    if effect in ("heal", "cure"):
        assert data.dice is not None, f"the {data.name} heals by no dice"
        health.hp = min(health.max_hp, health.hp + data.dice.roll(engine.streams.loot))
        vitals.bleeding = 0
        if effect == "cure":
            vitals.poison = vitals.disease = 0
            _end(engine.store, me, "dazzled")
        return [Message("You feel better.", "good")]
    if effect == "speed":
        spells.add_effect(engine, me, "haste", data.duration)
        return [Message("You feel yourself speed up.", "good")]
    if effect == "resist":
        spells.add_effect(engine, me, "resist", data.duration)
        return [Message("You feel proof against the elements.", "good")]
    if effect == "dazzle":
        spells.add_effect(engine, me, "dazzled", data.duration)
        return [Message("A bright light dazzles you!", "bad")]
    book = engine.store.get(me, Spells)
    book.points = book.max_points
    return [Message("Your magic flows back into you.", "good")]


def _end(store: Store, eid: int, name: str) -> None:
    effects = store.find(eid, Effects)
    if effects is not None:
        effects.ticks = {k: t for k, t in effects.ticks.items() if k != name}


# --- scrolls and books --------------------------------------------------------------------


def read(engine: Engine, action: A.Read) -> A.Result:
    if not belongings.owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = _data(engine, action.item)
    if data is None or data.kind not in ("scroll", "book"):
        return A.Impossible("There is nothing to read on that.")
    if data.kind == "book":
        spell = data.spell
        if not spells.learn(engine, engine.player, spell):
            return A.Impossible(f"You already know {spell}.")
        return A.Done((Message(f"You learn the spell {spell}. (Z to cast it.)", "good"),),
                      stats.STEP_TICKS * 5)
    if action.target and not belongings.owned(engine, action.target):
        return A.Impossible("You do not have that.")
    belongings.consume(engine, action.item)
    if engine.since(IDENTIFY_CHOSEN):  # what it was first, then what it did
        events = _learnt(engine, action.item, data) + _scroll(engine, data, action.target)
    else:
        events = _scroll(engine, data, action.target) + _learnt(engine, action.item, data)
    return A.Done(tuple(events), stats.STEP_TICKS)


def _scroll(engine: Engine, data: Consumable, target: int) -> list[Event]:
    effect = data.effect
    if effect == "identify":
        if engine.since(IDENTIFY_CHOSEN):
            return identify_chosen(engine, target)
        return identify_one(engine, target)
    if effect == "teleport":
        return teleport(engine)
    if effect == "remove curse":
        lifted = [i for i in _equipped(engine)
                  if (p := engine.component(i, Powers)) is not None and p.cursed]
        for item in lifted:
            engine.store.get(item, Powers).cursed = False
        return [Message("You feel as if someone is watching over you." if lifted
                        else "You feel a passing warmth.", "good")]
    if effect in ("enchant weapon", "enchant armour"):
        slot = "main" if effect == "enchant weapon" else "body"
        return enchant(engine, getattr(engine.store.get(engine.player, Equipment),
                                       slot))
    engine.gamemap.reveal_floor()
    return [Message("An image of your surroundings forms in your mind.", "good")]


IDENTIFY_CHOSEN = "0.4.0"
"""From this game version (``Engine.since``) a scroll read says what it was before what it
did ("It was a scroll of identify." before "It is a +1 long sword."), and a scroll of
identify read while several carried things are unknown lets the player choose one
(``Choosing``, then ``A.Identify``) instead of naming the first. A game begun earlier reads
as it was played (``identify_one``)."""

CHOOSE_LINE = "Choose what to identify."
EVERYTHING_KNOWN = "You feel you know everything you carry."


def unknown_carried(engine: Engine) -> list[int]:
    """The carried things not known for what they are, in pack order: what a scroll of
    identify may name."""
    return [i for i in engine.inventory() if not knowledge.known(engine, i)]


def identify_chosen(engine: Engine, target: int) -> list[Event]:
    """The chosen ``target`` if it is unknown; else the one unknown thing carried; with
    several and none chosen, the choice is owed (``Choosing``: ``A.Identify`` makes it)."""
    unknown = unknown_carried(engine)
    if target not in unknown:
        if not unknown:
            return [Message(EVERYTHING_KNOWN)]
        if len(unknown) > 1:
            owed = engine.component(engine.player, Choosing)
            if owed is None:
                engine.set_component(engine.player, Choosing())
            else:
                owed.identify += 1
            return [Message(CHOOSE_LINE)]
        target = unknown[0]
    return _named(engine, target)


def _named(engine: Engine, target: int) -> list[Event]:
    knowledge.identify(engine, target)
    return [Message(f"It is {a_or_an(knowledge.base_name(engine, target))}.", "good")]


def identify(engine: Engine, action: A.Identify) -> A.Result:
    """The choice a scroll of identify left: name one unknown thing carried."""
    owed = engine.component(engine.player, Choosing)
    if owed is None or not engine.since(IDENTIFY_CHOSEN):
        return A.Impossible("You have nothing to identify now.")
    if not belongings.owned(engine, action.target):
        return A.Impossible("You do not have that.")
    if knowledge.known(engine, action.target):
        return A.Impossible("You know that already: choose something you do not.")
    if owed.identify > 1:
        owed.identify -= 1
    else:
        engine.store.remove(engine.player, Choosing)
    return A.Done(tuple(_named(engine, action.target)), 0)


def identify_one(engine: Engine, target: int) -> list[Event]:
    """Know everything of ``target``, or of the first unknown thing carried (before game
    0.4.0: ``IDENTIFY_CHOSEN``)."""
    if not target:
        target = next((i for i in engine.inventory() if not knowledge.known(engine, i)), 0)
    if not target:
        return [Message(EVERYTHING_KNOWN)]
    knowledge.identify(engine, target)
    return [Message(f"It is {a_or_an(knowledge.base_name(engine, target))}.", "good")]


def teleport(engine: Engine) -> list[Event]:
    gm = engine.gamemap
    free = [(x, y) for x in range(gm.width) for y in range(gm.height)
            if gm.walkable[x, y] and engine.blocker_at(x, y) is None]
    x, y = free[engine.streams.loot.randint(0, len(free) - 1)]
    engine.move_entity(engine.player, x, y)
    engine.refresh()
    return [Message("You find yourself somewhere else.")]


def enchant(engine: Engine, item: int | None) -> list[Event]:
    if item is None:
        return [Message("Your hands tingle, but nothing happens.")]
    powers = engine.component(item, Powers)
    if powers is None:
        powers = Powers(known=True)
        engine.set_component(item, powers)
    name = engine.item_name_only(item)
    if powers.enchant >= MAX_ENCHANT:
        return [Message(f"Your {name} shudders, but holds no more magic.")]
    powers.enchant += 1
    return [Message(f"Your {name} glows blue for a moment.", "good")]


def _equipped(engine: Engine) -> list[int]:
    eq = engine.store.get(engine.player, Equipment)
    return [i for i in eq.slots().values() if i is not None]


# --- wands and spells ---------------------------------------------------------------------


def zap(engine: Engine, action: A.Zap) -> A.Result:
    if not belongings.owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = _data(engine, action.item)
    if data is None or data.kind != "wand":
        return A.Impossible("You cannot zap that.")
    powers = engine.component(action.item, Powers)
    if powers is None or powers.charges <= 0:
        return A.Done((Message("You wrest nothing from it: it is empty."),), stats.STEP_TICKS)
    powers.charges -= 1
    spell = engine.catalog.magic.spells[data.spell]
    events = spells.cast(engine, engine.player, spell, action.x, action.y, wand=True)
    events += _learnt(engine, action.item, data)
    powers.known = True
    return A.Done(tuple(events), spell.ticks)


def cast(engine: Engine, action: A.Cast) -> A.Result:
    spell = spells.spell_named(engine, action.spell)
    if spell is None:
        return A.Impossible(f"There is no spell called {action.spell!r}.")
    why = spells.why_not(engine, engine.player, spell)
    if why is not None:
        return A.Impossible(why)
    pos = engine.position(engine.player)
    if spell.shape != "self" and (action.x, action.y) == (pos.x, pos.y):
        return A.Impossible("Aim it away from yourself.")
    no_line = _no_line(engine, spell, action.x, action.y)
    if no_line is not None:
        return no_line
    events = spells.cast(engine, engine.player, spell, action.x, action.y)
    return A.Done(tuple(events), spell.ticks)


def _no_line(engine: Engine, spell: Spell, x: int, y: int) -> A.Impossible | None:
    """A bolt at a creature in view needs a clear line to it, as a shot does (a beam or a
    ball is the caster's to aim anywhere; a wand, perhaps not known for what it is, is
    zapped wherever it is aimed)."""
    if spell.shape != "bolt" or not engine.since("0.3.0"):
        return None
    why = lines.refused(engine, engine.player, x, y, spell.range)
    return None if why is None else A.Impossible(why)
