"""Casting in the world: the player and creature casters alike, by ``game.rules.spells``.

``cast`` spends the points (a wand spends a charge instead and cannot fail), rolls to cast,
finds who the spell reaches by its shape (a bolt stops at the first creature, a beam goes
through all, a ball bursts where it stops and spares nobody in its radius, the caster
included), and applies each target's share: damage straight through Protection with the
resistance's share taken after it, or a timed effect. Under tides from its version 4 the
casting roll, the power check, Irresistible Force, miscasts and the dodge of a bolt are the
document's (``tides_casting``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.rules import spell_words
from game.rules import spells as rules
from game.rules.profiles import defence
from game.world.core.components import (
    Attributes,
    Creature,
    Health,
    Player,
    Position,
    Spells,
)
from game.world.core.events import Event, Message

from . import death, effects, lines, tides_casting
from .combat import who

if TYPE_CHECKING:
    from game.rules.spells import Spell
    from game.world.core.engine import Engine


def willpower(engine: Engine, eid: int) -> int:
    """The player's Willpower, or a creature kind's."""
    attrs = engine.store.find(eid, Attributes)
    if attrs is not None:
        return attrs.willpower
    return engine.catalog.creatures[engine.store.get(eid, Creature).kind].willpower


def spell_named(engine: Engine, name: str) -> Spell | None:
    return engine.catalog.magic.spells.get(name)


def why_not(engine: Engine, caster: int, spell: Spell) -> str | None:
    """Why the caster cannot cast it now (not known, too few points), or None."""
    book = engine.store.find(caster, Spells)
    if book is None or spell.name not in book.known:
        return f"You do not know {spell.name}."
    if book.points < spell.cost:
        return "You do not have enough spell points."
    return tides_casting.why_not(engine, caster) if tides_casting.plays(engine) else None


def cast_chance(engine: Engine, caster: int, spell: Spell) -> Fraction:
    """The exact chance the caster's roll to cast ``spell`` succeeds now, by the game's rules."""
    will = willpower(engine, caster)
    if tides_casting.plays(engine):
        return tides_casting.cast_chance(engine, caster, spell, will)
    return rules.cast_chance(spell, will)


def cast(engine: Engine, caster: int, spell: Spell, x: int, y: int, *,
         wand: bool = False) -> list[Event]:
    """Cast ``spell`` at (x, y) (itself for a spell on oneself)."""
    if not wand:
        engine.store.get(caster, Spells).points -= spell.cost
    power = willpower(engine, caster)
    if tides_casting.plays(engine):
        return _cast_tides(engine, caster, spell, x, y, power, wand=wand)
    attempt = rules.cast(spell, power, engine.streams.combat, sure=wand)
    me = who(engine, caster)
    events: list[Event] = []
    rolls = _rolls_on(engine)
    if rolls:
        events.append(Message("  " + rules.cast_line(attempt), "wizard"))
    if not attempt.success:
        text = spell_words.fails(me)
        return events + ([Message(text, "bad" if me.is_player else "combat")] if text else [])
    if not wand:
        events.insert(0, Message(spell_words.casts(me, spell), "combat"))
    targets = reached(engine, caster, spell, x, y)
    for target in targets:
        events += _apply(engine, caster, target, spell, power, rolls)
    if not targets and me.is_player and spell.shape in ("bolt", "beam") \
            and engine.since("0.3.0"):
        events.append(Message(_went_by(engine, caster, spell, x, y), "combat"))
    return events


def _cast_tides(engine: Engine, caster: int, spell: Spell, x: int, y: int, power: int, *,
                wand: bool) -> list[Event]:
    """Cast by tides' own rules: the casting roll (none from a wand), a miscast on a failure,
    Irresistible Force on a success, and each one reached dodges or takes the power check."""
    me, rolls = who(engine, caster), _rolls_on(engine)
    events: list[Event] = []
    force, member = False, None
    if not wand:
        attempt = tides_casting.attempt(engine, caster, spell, power)
        if rolls:
            events.append(Message("  " + tides_casting.cast_line(spell, attempt), "wizard"))
        if not attempt.success:
            text = spell_words.fails(me)
            events += [Message(text, "bad" if me.is_player else "combat")] if text else []
            if not attempt.table:
                return events
            more, member = tides_casting.miscast(engine, caster, spell, attempt.table, me)
            events += more
            if member is None or not engine.store.exists(caster) or engine.is_dead(caster):
                return events
        else:
            force = attempt.force
            said = spell_words.casts_with_force(me, spell) if force else \
                spell_words.casts(me, spell)
            events.insert(0, Message(said, "combat"))
    targets = _members_reached(engine, caster, spell, member) if member is not None \
        else reached(engine, caster, spell, x, y)
    for target in targets:
        events += _apply(engine, caster, target, spell, power, rolls, force=force)
    if not targets and member is None and me.is_player and spell.shape in ("bolt", "beam"):
        events.append(Message(_went_by(engine, caster, spell, x, y), "combat"))
    return events


def _members_reached(engine: Engine, caster: int, spell: Spell, member: int) -> list[int]:
    """Whom a miscast spell reaches, gone off at a random member of the encounter: the caster
    itself (a ball bursts on it), or one aimed at as a cast is (a spell on oneself lands on
    the member)."""
    pos = engine.position(member)
    if member == caster:
        return burst(engine, pos.x, pos.y, spell.radius) if spell.shape == "ball" else [caster]
    if spell.shape == "self":
        return [member]
    return reached(engine, caster, spell, pos.x, pos.y)


def _went_by(engine: Engine, caster: int, spell: Spell, x: int, y: int) -> str:
    """A bolt or a beam that reached nobody: "The frost bolt hits the wall."."""
    if spell.shape == "bolt":
        wall = lines.flight(engine, caster, x, y, spell.range).wall
    else:
        cells = beam(engine, caster, x, y, spell.range)
        wall = len(cells) < spell.range
    return f"The {spell.name} hits the wall." if wall else f"The {spell.name} hits nothing."


def _rolls_on(engine: Engine) -> bool:
    return engine.store.get(engine.player, Player).show_rolls


def reached(engine: Engine, caster: int, spell: Spell, x: int, y: int) -> list[int]:
    """Who the spell reaches, by its shape, in a stable order."""
    if spell.shape == "self":
        return [caster]
    if spell.shape == "bolt":
        target = lines.flight(engine, caster, x, y, spell.range).target
        return [target] if target is not None else []
    if spell.shape == "beam":
        return [e for e in (engine.blocker_at(cx, cy) for cx, cy in beam(engine, caster, x, y,
                                                                          spell.range))
                if e is not None and e != caster]
    flight = lines.flight(engine, caster, x, y, spell.range)
    me = engine.position(caster)
    cx, cy = flight.path[-1] if flight.path else (me.x, me.y)
    return burst(engine, cx, cy, spell.radius)


def beam(engine: Engine, caster: int, x: int, y: int, reach: int) -> list[tuple[int, int]]:
    """The cells of a line from the caster through (x, y) to its full reach, up to a wall: to
    (x, y) the line both ways share (``lines.line``: from game 0.4.0), then on beyond it."""
    me = engine.position(caster)
    dx, dy = x - me.x, y - me.y
    far = max(abs(dx), abs(dy), 1)
    end = (me.x + dx * reach * 2 // far, me.y + dy * reach * 2 // far)
    if engine.since(lines.BOTH_WAYS):
        ahead = lines.line(engine, (me.x, me.y), (x, y)) + lines.line(engine, (x, y), end)[1:]
    else:
        ahead = lines.line(engine, (me.x, me.y), end)  # drawn from the caster, as it was
    cells = []
    for cx, cy in ahead[1:reach + 1]:
        if not engine.gamemap.in_bounds(cx, cy) or not engine.gamemap.walkable[cx, cy]:
            break
        cells.append((cx, cy))
    return cells


def burst(engine: Engine, x: int, y: int, radius: int) -> list[int]:
    """Everyone within ``radius`` steps of (x, y) on this level, the caster too."""
    found = []
    for eid, (pos, _) in sorted(engine.store.query(Position, Health)):
        if pos.depth == engine.depth and max(abs(pos.x - x), abs(pos.y - y)) <= radius:
            found.append(eid)
    return found


def _apply(engine: Engine, caster: int, target: int, spell: Spell, power: int,
           rolls: bool, *, force: bool = False) -> list[Event]:
    if not engine.store.exists(target) or engine.is_dead(target):
        return []
    checked: list[Event] = []
    if tides_casting.plays(engine):
        checked, harms = _checked(engine, caster, target, spell, power, rolls, force=force)
        if not harms:
            return checked
    resistance = defence(engine.fighter(target)).resistance(spell.element)
    hit = rules.strike(spell, power, resistance, engine.streams.combat)
    events: list[Event] = [Message(line, "combat")
                           for line in spell_words.struck(hit, who(engine, target))]
    events += checked
    if rolls:
        events.append(Message("  " + rules.spell_line(hit), "wizard"))
    if spell.effect == "damage":
        if hit.damage > 0:
            events += death.damage(engine, target, hit.damage, cause_of=caster)
    else:
        name = "dazzled" if spell.effect == "dazzle" else spell.name
        add_effect(engine, target, name, hit.duration)
    return events


def _checked(engine: Engine, caster: int, target: int, spell: Spell, power: int, rolls: bool,
             *, force: bool) -> tuple[list[Event], bool]:
    """Under tides, a target's dodge and power check: the words when the spell does not harm
    it, the roll display's line if on, and whether it harms."""
    check = tides_casting.check(engine, caster, target, spell, will=power,
                                target_will=willpower(engine, target), force=force)
    if check is None:
        return [], True
    wizard: list[Event] = [Message("  " + tides_casting.check_line(spell, check), "wizard")] \
        if rolls else []
    seen = who(engine, target)
    if check.harms or not (seen.seen or seen.is_player):
        return wizard, check.harms
    text = spell_words.dodges(spell, seen, by_player=caster == engine.player) if check.dodged \
        else spell_words.not_powerful(spell, seen)
    return [Message(text, "combat"), *wizard], False


def add_effect(engine: Engine, eid: int, name: str, ticks: int) -> None:
    effects.add(engine, eid, name, ticks)


def learn(engine: Engine, eid: int, name: str) -> bool:
    """Add a spell to what the caster knows; True when it was new."""
    book = engine.store.find(eid, Spells)
    if book is None:
        book = Spells()
        engine.store.add(eid, book)
    if name in book.known:
        return False
    book.known = [*book.known, name]
    return True
