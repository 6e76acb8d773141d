"""Creature behaviour: hunt, wander, flee when hurt, and packs that wake together.

Hunters follow one distance map to the player, computed once per player turn and shared by all
of them (``Engine.distance_map``), not one path search per creature.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from game.rules import profiles
from game.rules.items import Armour
from game.world.core import sight, state
from game.world.core.components import Creature, Health, Position, Supply
from game.world.core.events import Event

from . import caster_ai, combat, feuds, free_blows, lines, missiles, stealth

if TYPE_CHECKING:
    from game.world.core.engine import Engine
    from game.world.core.store import Store

DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
FLEE_BELOW = 3  # flee when hit points fall below a third of the maximum
PACK_RADIUS = 8
BASH_ONE_IN = 4
UNREACHABLE = np.iinfo(np.int32).max


def awake_turn(engine: Engine, eid: int, comps: dict) -> tuple[list[Event], int]:
    """One turn of a creature that does not sleep through it (``sleeps_through`` has said
    so: the turn loop asks it first): its events and the ticks it took."""
    creature = comps[Creature]
    kind = engine.catalog.creatures[creature.kind]
    pos = comps[Position]
    if not creature.awake and stealth.notices(engine, eid):
        _wake(engine, eid, creature, kind.behaviour)
    target = feuds.opponent(engine, eid)
    if target is None:
        return _wander(engine, eid, pos, kind.speed) if kind.behaviour == "wander" else (
            [], kind.speed)
    if _hurt(engine.store, eid) and kind.behaviour == "flee_when_hurt":
        return _flee(engine, eid, pos, kind.speed, target)
    tpos = engine.store.get(target, Position)
    if kind.spells and target == engine.player:  # spells at the player only
        spell = caster_ai.try_cast(engine, eid)
        if spell is not None:
            return spell
    if max(abs(tpos.x - pos.x), abs(tpos.y - pos.y)) == 1:
        return close_in(engine, eid, target)
    seen = sight.in_light(engine, eid) if target == engine.player else True
    if kind.ranged and seen:  # never at the player from the dark
        shot = _shoot(engine, eid, kind, target, tpos)
        if shot is not None:
            return shot
    if target != engine.player:
        return _step_towards(engine, eid, pos, tpos, kind.speed)
    return _approach(engine, eid, pos, kind.speed, kind.passes_walls)


def sleeps_through(engine: Engine, comps: dict, me: Position) -> int | None:
    """The ticks of this turn when the creature sleeps through it, else None (``me``: the
    player's position). A sleeper (``stealth.sleeping``) that hears nothing
    (``stealth.heard``) does nothing at all: it notices the player by noise alone, so
    ``stealth.notices`` would say no without a roll, and with no foe ``feuds.opponent`` finds
    it nobody to fight; nothing changes (most turns on a natural level are such). The turn
    loop asks this, then ``awake_turn`` if need be, so a sleeper's turn is a few reads
    (``stealth.sleeping`` and ``stealth.heard`` written out here: asked of nearly every
    creature turn, and a call costs more than the reads; ``check_sleepers`` holds them to
    those)."""
    creature = comps[Creature]
    if creature.awake or creature.foe is not None:  # stealth.sleeping, without the call
        return None
    kind = engine.catalog.creatures[creature.kind]
    if kind.behaviour == "wander":
        return None
    pos, reach = comps[Position], stealth.NOISE_RADIUS  # stealth.heard, without the call
    if pos.depth == me.depth and -reach <= pos.x - me.x <= reach \
            and -reach <= pos.y - me.y <= reach:
        return None
    return kind.speed


def check_sleepers(engine: Engine) -> list[str]:
    """``sleeps_through`` against the long way: each creature here it says sleeps through
    its turn takes the same ticks by ``awake_turn``, with no events, and nothing changes."""
    me, wrong = engine.position(engine.player), []
    for eid, _ in engine.creatures_here():
        comps = engine.store.components(eid)
        slept = sleeps_through(engine, comps, me)
        creature, kind = comps[Creature], engine.catalog.creatures[comps[Creature].kind]
        if (slept is not None) != (stealth.sleeping(creature, kind.behaviour)
                                   and not stealth.heard(me, comps[Position])):
            wrong.append(f"sleeps_through: creature {eid} is not asleep and unheard")
        if slept is None:
            continue
        before = state.entity_text(engine, eid)
        events, taken = awake_turn(engine, eid, comps)
        if events or taken != slept or state.entity_text(engine, eid) != before:
            wrong.append(f"sleeps_through: creature {eid} does not sleep through its turn")
    return wrong


BASH = "bash"  # a move drawn for up close (``up_close_draws``)


def up_close_draws(kind) -> tuple[tuple[int, str], ...]:
    """The moves a creature beside its opponent draws for, in order, each one time in N from
    the AI stream; when none is drawn (or the one drawn cannot be made) it strikes with its
    weapons. A shield-bearer bashes one time in four. ``close_in`` plays by it and
    ``up_close_odds`` counts by it, so the tools' odds are the turn loop's."""
    return ((BASH_ONE_IN, BASH),) if isinstance(kind.off_hand, Armour) else ()


def _move_attack(move: str, fighter: profiles.Fighter) -> profiles.AttackProfile | None:
    assert move == BASH, move
    return profiles.bash(fighter)


def close_in(engine: Engine, eid: int, target: int) -> tuple[list[Event], int]:
    """Up close: a move drawn by ``up_close_draws``, otherwise a blow with its weapons."""
    kind = engine.catalog.creatures[engine.store.get(eid, Creature).kind]
    for one_in, move in up_close_draws(kind):
        if engine.streams.ai.randint(1, one_in) == 1:
            attack = _move_attack(move, engine.fighter(eid))
            if attack is not None:
                return combat.strike(engine, eid, target, attack, adjacent=True), attack.ticks
            break
    return combat.melee(engine, eid, target)


def up_close_odds(kind, fighter: profiles.Fighter) -> list[
        tuple[Fraction, list[profiles.AttackProfile]]]:
    """What ``close_in`` does, as chances: each move's chance and its blows (a blow with each
    weapon held, or a bash)."""
    out: list[tuple[Fraction, list[profiles.AttackProfile]]] = []
    left = Fraction(1)
    for one_in, move in up_close_draws(kind):
        attack = _move_attack(move, fighter)
        if attack is None:
            break
        out.append((left / one_in, [attack]))
        left -= left / one_in
    return [*out, (left, profiles.melee_attacks(fighter))]


def missile(kind, fighter: profiles.Fighter,
            supply: Supply) -> tuple[profiles.AttackProfile, str, int] | None:
    """What the creature shoots or throws now, with what it has left: the attack, the
    missile's name and its chance to break; None when it has nothing left to loose."""
    if kind.missile is not None and supply.ammo > 0:
        attack = profiles.shot(fighter)
        assert attack is not None, "a creature's missile weapon shoots"
        return attack, kind.ammo.name, kind.ammo.break_chance
    if kind.throws is not None and supply.throws > 0:
        return profiles.throw(fighter, kind.throws), kind.throws.name, 0
    return None


def spend_missile(kind, supply: Supply) -> None:
    """One shot's arrow, or else one thrown weapon, gone from what it carries."""
    if kind.missile is not None and supply.ammo > 0:
        supply.ammo -= 1
    else:
        supply.throws -= 1


def _shoot(engine: Engine, eid: int, kind, target: int,
           tpos: Position) -> tuple[list[Event], int] | None:
    """Shoot or throw at the target when it has something left and a clear line in range
    (it does not shoot through a friend; whatever stands first in the line is struck)."""
    supply = engine.store.get(eid, Supply)
    loosed = missile(kind, engine.fighter(eid), supply)
    if loosed is None:
        return None
    attack, name, breaks = loosed
    if not lines.clear(engine, eid, target, attack.range):  # the player's rule too
        return None
    spend_missile(kind, supply)
    events = missiles.loose(engine, eid, attack, tpos.x, tpos.y, name, breaks=breaks)
    return events, attack.ticks


def _wake(engine: Engine, eid: int, creature: Creature, behaviour: str) -> None:
    """Seeing the player wakes a creature; a pack member wakes its kin nearby."""
    creature.awake = True
    if behaviour != "pack":
        return
    pos = engine.store.get(eid, Position)
    for _, (c, p) in engine.creatures_here():
        if c.kind == creature.kind and max(abs(p.x - pos.x), abs(p.y - pos.y)) <= PACK_RADIUS:
            c.awake = True


def _hurt(store: Store, eid: int) -> bool:
    h = store.get(eid, Health)
    return h.hp * FLEE_BELOW < h.max_hp


def _approach(engine: Engine, eid: int, pos: Position, speed: int,
              through_walls: bool) -> tuple[list[Event], int]:
    """Step to the neighbour nearest the player on the shared distance map. Only the
    neighbours nearer than this cell count, so the map need be exact only there (``near``):
    one further reads at least this cell's steps and is passed over all the same."""
    dist = engine.distance_map(through_walls, near=(pos.x, pos.y))
    steps = sorted((int(dist[pos.x + dx, pos.y + dy]), i)
                   for i, (dx, dy) in enumerate(DIRECTIONS)
                   if engine.gamemap.in_bounds(pos.x + dx, pos.y + dy))
    here = int(dist[pos.x, pos.y])
    for value, i in steps:
        if value >= here or value == UNREACHABLE:
            break
        dx, dy = DIRECTIONS[i]
        if engine.can_enter(eid, pos.x + dx, pos.y + dy):
            return free_blows.step(engine, eid, pos.x + dx, pos.y + dy), speed
    return [], speed


def _step_towards(engine: Engine, eid: int, pos: Position, tpos: Position,
                  speed: int) -> tuple[list[Event], int]:
    """Close in on a rival: the free neighbour nearest to it (rivals fight near each other,
    so a straight step is enough; no distance map for them)."""
    steps = sorted((max(abs(tpos.x - pos.x - dx), abs(tpos.y - pos.y - dy)),
                    abs(tpos.x - pos.x - dx) + abs(tpos.y - pos.y - dy), i)
                   for i, (dx, dy) in enumerate(DIRECTIONS))
    here = max(abs(tpos.x - pos.x), abs(tpos.y - pos.y))
    for d, _, i in steps:
        if d >= here:
            break
        dx, dy = DIRECTIONS[i]
        if engine.can_enter(eid, pos.x + dx, pos.y + dy):
            return free_blows.step(engine, eid, pos.x + dx, pos.y + dy), speed
    return [], speed


def _flee(engine: Engine, eid: int, pos: Position, speed: int,
          target: int) -> tuple[list[Event], int]:
    """Step away from what it fights; a frightened creature strikes whatever blocks its way,
    and one with nowhere to go lashes out at whatever stands beside it."""
    tpos = engine.store.get(target, Position)
    dist = engine.distance_map(False) if target == engine.player else None
    here = _away(dist, tpos, pos.x, pos.y)
    best = None
    for dx, dy in DIRECTIONS:
        x, y = pos.x + dx, pos.y + dy
        if not engine.gamemap.in_bounds(x, y) or not engine.gamemap.walkable[x, y]:
            continue
        value = _away(dist, tpos, x, y)
        if value == UNREACHABLE:
            continue
        if value > here and (best is None or value > _away(dist, tpos, *best)):
            best = (x, y)
    if best is None:
        return lash_out(engine, eid, speed)
    blocker = engine.blocker_at(*best)
    if blocker is not None and blocker != engine.player:
        return combat.melee(engine, eid, blocker)
    if engine.can_enter(eid, *best):
        return free_blows.step(engine, eid, *best), speed
    return [], speed


def _away(dist: np.ndarray | None, tpos: Position, x: int, y: int) -> int:
    """How far a cell is from what the creature flees: steps on the player's distance map,
    or straight-line steps from a rival."""
    if dist is not None:
        return int(dist[x, y])
    return max(abs(tpos.x - x), abs(tpos.y - y))


def lash_out(engine: Engine, eid: int, speed: int) -> tuple[list[Event], int]:
    """A frightened (or confused) creature with nowhere to go strikes at whatever stands
    beside it, friend or foe, picked at random; with nobody beside it, it cowers."""
    pos = engine.store.get(eid, Position)
    near = sorted(o for dx, dy in DIRECTIONS
                  for o in [engine.blocker_at(pos.x + dx, pos.y + dy)] if o is not None)
    if not near:
        return [], speed
    return combat.melee(engine, eid, near[engine.streams.ai.randint(0, len(near) - 1)])


def _wander(engine: Engine, eid: int, pos: Position, speed: int) -> tuple[list[Event], int]:
    dx, dy = DIRECTIONS[engine.streams.ai.randint(0, len(DIRECTIONS) - 1)]
    if engine.can_enter(eid, pos.x + dx, pos.y + dy):
        return free_blows.step(engine, eid, pos.x + dx, pos.y + dy), speed
    return [], speed
