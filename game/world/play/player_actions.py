"""What the player does in the world: step (and auto-pickup, in a game with the option),
attack, wait, rest, change stance, bash, shoot, throw, and take the stairs.

Each handler takes the engine and its action and returns Done, Impossible or Instead; the engine
spends the time a Done reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.catalog import GOAL_ITEM
from game.rules import levels, profiles, stats, talents
from game.rules.items import Weapon
from game.world.core import actions as A
from game.world.core.components import (
    Creature,
    Equipment,
    Health,
    Item,
    Position,
    Spells,
    Stance,
    Vitals,
)
from game.world.core.events import AttackEvent, CameIntoView, Event, LevelChanged, Message, Won

from . import (
    autopickup,
    belongings,
    combat,
    curses,
    fighters,
    free_blows,
    lines,
    missiles,
    progress,
    traps,
)

if TYPE_CHECKING:
    from game.world.core.engine import Engine

REST_LIMIT = 200  # waits in one rest
SEE_HERE = "You see here: "
NO_SHIELD = "You have no shield to bash with."
NO_VITAL = "You do not know the vital strike."
TOO_TIRED_FOR_VITAL = "You are too tired for a vital strike."
# Refusals are values: one of each serves every time.
WALL = A.Impossible("There is a wall in the way.")
NO_STAIRS_DOWN = A.Impossible("There is no staircase down here.")
NO_STAIRS_UP = A.Impossible("There is no staircase up here.")
WAITED = A.Done((), stats.STEP_TICKS)  # and so are results


def move(engine: Engine, action: A.Move) -> A.Result:
    dx, dy = action.dx, action.dy
    if not (-1 <= dx <= 1 and -1 <= dy <= 1) or dx == dy == 0:  # ints, as a Move's are
        return A.Impossible("You can only step to a neighbouring cell.")
    pos = engine.store.get(engine.player, Position)
    x, y = pos.x + dx, pos.y + dy
    gm = engine.gamemap
    inside = gm.in_bounds(x, y)
    target = engine.store.at(engine.depth, x, y) if inside else None  # blocker_at's way
    if target is not None:
        return A.Instead(A.Attack(target))
    if not inside or not gm.walkable.item(x, y):
        return WALL
    load = fighters.burden(engine.store, engine.catalog, engine.player)
    if load == stats.OVERLOADED:
        return A.Impossible("You carry too much to move.")
    events = free_blows.step(engine, engine.player, x, y)  # hostiles left behind strike
    if engine.over:
        return A.Done(tuple(events), 0)
    seen = describe_floor(engine, x, y)
    sprung = traps.spring(engine, engine.player)
    ticks = step_ticks(load)
    if engine.auto_pickup and not engine.over:  # a rule of the game, part of the step
        names, taken, took = autopickup.take(engine)
        seen, sprung, ticks = _unlisted(seen, names), sprung + taken, ticks + took
    events += seen + sprung
    return A.Done(tuple(events), ticks) if events else _stepped(ticks)


def _stepped(ticks: int) -> A.Done:
    """A step that told nothing: one value for each number of ticks a step takes."""
    done = _STEPPED.get(ticks)
    if done is None:
        done = _STEPPED[ticks] = A.Done((), ticks)
    return done


_STEPPED: dict[int, A.Done] = {}


def describe_floor(engine: Engine, x: int, y: int) -> list[Event]:
    names = [engine.item_name(i) for i in engine.items_at(x, y)]
    gm = engine.gamemap
    if (x, y) == gm.stairs_down:
        names.append("a staircase down (>)")
    if (x, y) == gm.stairs_up:
        names.append("a staircase up (<)" if engine.depth > 1 else "the way out (<)")
    return [Message(SEE_HERE + ", ".join(names) + ".")] if names else []


def _unlisted(seen: list[Event], names: list[str]) -> list[Event]:
    """The step's "You see here: ..." without what auto-pickup took (its own line says "You
    pick up the dart."), and none when it listed nothing else."""
    if not names or not seen or not isinstance(seen[0], Message):
        return seen
    listed = seen[0].text[len(SEE_HERE):-1].split(", ")
    for name in names:
        if name in listed:
            listed.remove(name)
    return [Message(SEE_HERE + ", ".join(listed) + ".")] if listed else []


def attack(engine: Engine, action: A.Attack) -> A.Result:
    why = reach(engine, action.target)
    if why is not None:
        return why
    events, ticks = combat.melee(engine, engine.player, action.target)
    return A.Done(tuple(events), ticks)


def step_ticks(load: str) -> int:
    """How long the player's step takes under its load (``fighters.burden``)."""
    return stats.STEP_TICKS * stats.BURDEN_STEP_PERCENT[load] // 100


def wait(engine: Engine, action: A.Wait) -> A.Result:
    return WAITED


def rest(engine: Engine, action: A.Rest) -> A.Result:
    """Wait until healed (and rested) or disturbed, and say what disturbed it: a creature that
    came into view (already announced), bleeding, poison, or a blow."""
    if hostile_in_view(engine):
        return A.Impossible("You cannot rest with enemies in view.")
    health = engine.store.get(engine.player, Health)
    stance = engine.store.get(engine.player, Stance)
    book = engine.store.find(engine.player, Spells) if engine.since("0.3.0") else None
    events: list[Event] = []
    why = None
    for _ in range(REST_LIMIT):
        if health.hp >= health.max_hp and stance.stamina >= stance.max_stamina and (
                book is None or book.points >= book.max_points):  # 0.3.0: spell points too
            break
        before, vitals = health.hp, engine.store.get(engine.player, Vitals)
        bleeding, poisoned = vitals.bleeding, vitals.poison
        waited = engine.spend(stats.STEP_TICKS)
        events += waited
        if engine.over:
            break
        why = _disturbed(engine, waited, health.hp < before, bleeding, poisoned)
        if why is not None:
            break
    done = health.hp >= health.max_hp
    events.append(Message(why, "bad") if why else
                  Message("You rest." if done else _rested_long(engine, health)))
    return A.Done(tuple(events), 0)


def _rested_long(engine: Engine, health: Health) -> str:
    """A rest that ran its whole length and left the player hurt says so, and how hurt (0.3.0;
    before it, only "You stop resting.")."""
    if not engine.since("0.3.0"):
        return "You stop resting."
    slow = " (diseased, you heal slowly)" if engine.store.get(
        engine.player, Vitals).disease else ""
    return (f"You stop resting after {REST_LIMIT} turns, at {health.hp} of {health.max_hp} "
            f"hit points{slow}: rest again to go on.")


def _disturbed(engine: Engine, waited: list[Event], hurt: bool, bleeding: int,
               poisoned: int) -> str | None:
    """Why a rest stops now, or None to rest on."""
    if any(isinstance(e, CameIntoView | AttackEvent) for e in waited) or hostile_in_view(engine):
        return "Your rest is interrupted."
    if hurt and bleeding:
        return "You are bleeding."
    if hurt and poisoned:
        return "You are poisoned."
    return "Something hurts you." if hurt else None


def hostile_in_view(engine: Engine) -> bool:
    return any(engine.sees(e) for e, _ in engine.located(Creature))


def stance(engine: Engine, action: A.SetStance) -> A.Result:
    """Switching stance takes no time; Aggressive and Frenzy need stamina to enter."""
    if action.name not in stats.STANCES:
        return A.Impossible(f"There is no {action.name} stance.")
    stance = engine.store.get(engine.player, Stance)
    if stance.name == action.name:
        return A.Impossible(f"You are already in the {action.name} stance.")
    if stats.STANCES[action.name].stamina < 0 and stance.stamina <= 0:
        return A.Impossible("You are too out of breath for that stance.")
    stance.name = action.name
    return A.Done((Message(f"You take up the {action.name} stance."),), 0)


def bash(engine: Engine, action: A.Bash) -> A.Result:
    attack = profiles.bash(engine.fighter(engine.player))
    if attack is None:
        return A.Impossible(NO_SHIELD)
    why = reach(engine, action.target)
    if why is not None:
        return why
    return A.Done(tuple(combat.strike(engine, engine.player, action.target, attack,
                                      adjacent=True)), attack.ticks)


def rage(engine: Engine, action: A.Rage) -> A.Result:
    """The berserker's rage: no time to start; see ``progress.start_rage``."""
    events, why = progress.start_rage(engine)
    return A.Impossible(why) if why else A.Done(tuple(events), 0)


def vital_strike(engine: Engine, action: A.VitalStrike) -> A.Result:
    """A main-hand blow whose hit is a critical without a threat or a confirmation roll (a
    crit-immune target takes it plain: "It has no vital spot."). It costs stamina."""
    if talents.VITAL_STRIKE not in progress.talents_of(engine, engine.player):
        return A.Impossible(NO_VITAL)
    why = reach(engine, action.target)
    if why is not None:
        return why
    stance = engine.store.get(engine.player, Stance)
    if stance.stamina < talents.VITAL_STAMINA:
        return A.Impossible(TOO_TIRED_FOR_VITAL)
    stance.stamina -= talents.VITAL_STAMINA
    attack = profiles.melee_attacks(engine.fighter(engine.player))[0]
    events = combat.strike(engine, engine.player, action.target, attack, adjacent=True,
                           vital=True)
    return A.Done(tuple(events), attack.ticks)


def reach(engine: Engine, target: int) -> A.Impossible | None:
    """Why a blow at ``target`` cannot land, or None when it can."""
    if not engine.store.exists(target) or not engine.store.has(target, Creature):
        return A.Impossible("There is nothing there to attack.")
    me, it = engine.position(engine.player), engine.position(target)
    if it.depth != me.depth or max(abs(it.x - me.x), abs(it.y - me.y)) != 1:
        return A.Impossible("That is out of reach.")
    return None


def fire(engine: Engine, action: A.Fire) -> A.Result:
    """Shoot the missile weapon with the quivered ammunition of its kind."""
    fighter = engine.fighter(engine.player)
    eq = engine.store.get(engine.player, Equipment)
    if fighter.missile is None:
        return A.Impossible("You have no missile weapon ready (wield a bow, crossbow "
                            "or sling).")
    if fighter.ammo is None or fighter.ammo.kind != fighter.missile.ammo:
        return A.Impossible(f"You have no {fighter.missile.ammo}s ready (Q to quiver).")
    if (action.x, action.y) == xy(engine, engine.player):
        return A.Impossible("You cannot shoot yourself.")
    attack = profiles.shot(fighter)
    assert attack is not None and eq.ammo is not None  # a missile weapon, its ammunition
    why = _no_line(engine, action.x, action.y, attack.range)
    if why is not None:
        return why
    name, letter, powers = belongings.let_go(engine, eq.ammo)
    events = missiles.loose(engine, engine.player, attack, action.x, action.y, name,
                            breaks=fighter.ammo.break_chance, letter=letter, powers=powers)
    return A.Done(tuple(events), attack.ticks)


def _no_line(engine: Engine, x: int, y: int, reach: int) -> A.Impossible | None:
    """A shot at a creature in view needs a clear line to it (``lines.refused``)."""
    why = lines.refused(engine, engine.player, x, y, reach) if engine.since("0.3.0") else None
    return None if why is None else A.Impossible(why)


def xy(engine: Engine, eid: int) -> tuple[int, int]:
    pos = engine.position(eid)
    return pos.x, pos.y


def throw(engine: Engine, action: A.Throw) -> A.Result:
    """Throw a weapon (made for throwing or not: then at -4); it lands where it stops."""
    if not belongings.owned(engine, action.item):
        return A.Impossible("You do not have that.")
    data = engine.catalog.lookup(engine.item_name_only(action.item))
    if not isinstance(data, Weapon) or data.is_missile:
        return A.Impossible("That is not something to throw.")
    if (action.x, action.y) == xy(engine, engine.player):
        return A.Impossible("You cannot throw at yourself.")
    why = curses.stuck(engine, action.item)  # a cursed weapon in hand will not leave it
    if why is not None:
        return why
    # the thing's own magic serves the throw (its enchantment and affix, scoped "thrown")
    attack = profiles.throw(engine.fighter(engine.player, thrown=action.item), data)
    why = _no_line(engine, action.x, action.y, attack.range)
    if why is not None:
        return why
    name, letter, powers = belongings.let_go(engine, action.item)
    events = missiles.loose(engine, engine.player, attack, action.x, action.y, name,
                            letter=letter, powers=powers)
    return A.Done(tuple(events), attack.ticks)


def descend(engine: Engine, action: A.Descend) -> A.Result:
    pos = engine.position(engine.player)
    if (pos.x, pos.y) != engine.gamemap.stairs_down:
        return NO_STAIRS_DOWN
    fresh = engine.depth + 1 not in engine.levels
    engine.enter_level(engine.depth + 1, arriving_down=True)
    found = progress.gain(engine, levels.depth_xp(engine.depth)) if fresh else []
    return A.Done((LevelChanged(engine.depth),
                   Message(f"You descend to depth {engine.depth}."), *found), stats.STEP_TICKS)


def ascend(engine: Engine, action: A.Ascend) -> A.Result:
    pos = engine.position(engine.player)
    if (pos.x, pos.y) != engine.gamemap.stairs_up:
        return NO_STAIRS_UP
    if engine.depth == 1:
        return leave(engine)
    engine.enter_level(engine.depth - 1, arriving_down=False)
    return A.Done((LevelChanged(engine.depth),
                   Message(f"You climb to depth {engine.depth}.")), stats.STEP_TICKS)


def leave(engine: Engine) -> A.Result:
    carried = {engine.store.get(i, Item).name for i in engine.inventory()}
    if GOAL_ITEM not in carried:
        return A.Impossible(f"You will not leave without the {GOAL_ITEM}.")
    engine.outcome = "won"
    engine.cause = f"escaped with the {GOAL_ITEM}"
    message = Message(f"You climb out into daylight with the {GOAL_ITEM}. You win!", "good")
    return A.Done((Won(), message), 0)
