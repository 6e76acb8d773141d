"""Stealth and surprise: sleeping and unaware creatures, how they notice the player, sneak
attacks on them, and the tumbling that a dodge trains.

A creature that has not noticed the player is asleep (most kinds, where they were placed) or
unaware (a wanderer, moving about). Each of its turns it may notice the player: an unaware one by
the player's light (they see each other) or noise, a sleeping one by noise alone; noise carries
``NOISE_RADIUS`` steps, through walls. When it perceives the player it notices unless a 1d12
comes up at or below the player's hiding score (Stealth rank, +2 for the elf's Light step, −2 in
heavy body armour, and +3 against a sleeper); each time it fails to notice, Stealth trains a
point. A blow or a shot at a creature that has not noticed the player is a sneak attack.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import profiles, stats, talents
from game.rules.messages import NO_VITAL_SPOT
from game.rules.profiles import DEXTERITY, DODGE, Modifier
from game.world.core import sight
from game.world.core.components import Creature, Named, Position, Training
from game.world.core.events import Event, Message

from . import progress

if TYPE_CHECKING:
    from game.rules.resolve import Outcome
    from game.world.core.engine import Engine
    from game.world.core.store import Store

NOISE_RADIUS = 4  # steps the player's noise carries, through walls
ASLEEP_HIDE = 3  # a sleeper is harder to rouse than a wanderer is to catch the eye of
HEAVY_ARMOUR_DEX = 3  # body armour that lets Dexterity add at most this much clanks
HEAVY_ARMOUR_HIDE = -2
LIGHT_STEP_HIDE = 2
STEALTH_TRAIN = 1  # points each time a creature fails to notice the player
TUMBLE_TRAIN = 2  # points each time the player dodges a blow or a shot


def asleep(engine: Engine, eid: int) -> bool:
    """It has not noticed the player and is not wandering about: it sleeps."""
    creature = engine.store.find(eid, Creature)
    return creature is not None and sleeping(
        creature, engine.catalog.creatures[creature.kind].behaviour)


def sleeping(creature: Creature, behaviour: str) -> bool:
    """``asleep``, for a creature of a kind with that behaviour."""
    return not creature.awake and creature.foe is None and behaviour != "wander"


def heard(me: Position, pos: Position) -> bool:
    """The player's noise (``me``: the player's position) reaches the cell (a sleeper that
    hears nothing cannot notice the player this turn: ``ai.sleeps_through``):
    ``NOISE_RADIUS`` steps on the same level (a step is a king's move: both distances within
    the radius, compared without calls)."""
    return pos.depth == me.depth and -NOISE_RADIUS <= pos.x - me.x <= NOISE_RADIUS \
        and -NOISE_RADIUS <= pos.y - me.y <= NOISE_RADIUS


def unaware(store: Store, eid: int) -> bool:
    """A creature that has not noticed the player (asleep, or wandering unaware)."""
    creature = store.find(eid, Creature)
    return creature is not None and not creature.awake


def hiding(engine: Engine) -> int:
    """The player's hiding score: Stealth rank, the elf's Light step, heavy armour."""
    me = engine.player
    training = engine.store.get(me, Training)
    score = training.skills.get(stats.STEALTH, 0)
    if progress.trait(engine, me) == talents.LIGHT_STEP:
        score += LIGHT_STEP_HIDE
    if any(a.slot == "body" and a.max_dex is not None and a.max_dex <= HEAVY_ARMOUR_DEX
           for a in engine.fighter(me).worn):
        score += HEAVY_ARMOUR_HIDE
    return score


def notices(engine: Engine, eid: int) -> bool:
    """Whether a creature that has not noticed the player does so this turn."""
    sleeping = asleep(engine, eid)
    noise = heard(engine.store.get(engine.player, Position),
                  engine.store.get(eid, Position))
    if not (noise or (not sleeping and sight.in_light(engine, eid))):
        return False
    hide = hiding(engine) + (ASLEEP_HIDE if sleeping else 0)
    if hide <= 0 or engine.streams.ai.randint(1, 12) > hide:
        return True
    _train(engine, stats.STEALTH, STEALTH_TRAIN, log=True)
    return False


def aware_of(engine: Engine, target: int, attacker: int) -> bool:
    """Whether the target knows of its attacker (a sleeper knows of no one; a creature that
    has not noticed the player, of no attack of the player's): coc's unaware do not react."""
    if asleep(engine, target):
        return False
    return not (attacker == engine.player and unaware(engine.store, target))


def own_sleeper_bonus(engine: Engine) -> bool:
    """Whether the game's combat system has its own bonus against a sleeper in place of the
    manual's sneak attack (qud from version 2: +4 PV)."""
    since = getattr(engine.system, "ASLEEP_SINCE", 0)
    return bool(since) and engine.rules_version >= since


def sleeper_lines(engine: Engine, target: int, lines: list[str]) -> list[str]:
    """ "You catch the kobold asleep." before the blow's own words (qud's sleeper bonus)."""
    if not engine.sees(target):
        return lines
    return [f"You catch the {engine.store.get(target, Named).name} asleep.", *lines]


def sneak_attack(engine: Engine, attacker: int, target: int, attack: profiles.AttackProfile,
                 defence: profiles.DefenceProfile) -> tuple[profiles.AttackProfile, bool]:
    """The attack as it lands on a creature that has not noticed the player: +4 to hit from
    hiding and +3 damage (+6 with the Sneak attack talent). The crit-immune take it plain. A
    system with its own bonus against sleepers has no sneak attack (``own_sleeper_bonus``)."""
    if attacker != engine.player or not unaware(engine.store, target) or own_sleeper_bonus(engine):
        return attack, False
    if defence.crit_immune:
        return attack, True
    bonus = talents.sneak_damage(progress.talents_of(engine, attacker))
    return replace(
        attack,
        to_hit_mods=(*attack.to_hit_mods, Modifier(talents.SNEAK_TO_HIT, "from hiding")),
        damage_mods=(*attack.damage_mods, Modifier(bonus, "sneak attack")),
    ), True


def sneak_lines(engine: Engine, target: int, outcome: Outcome, crit_immune: bool,
                lines: list[str]) -> list[str]:
    """ "You catch the kobold unaware." before the blow's own words; a crit-immune target
    that was hit adds "It has no vital spot." (once)."""
    if not engine.sees(target):
        return lines
    name = engine.store.get(target, Named).name
    lines = [f"You catch the {name} unaware.", *lines]
    if crit_immune and outcome.hit and NO_VITAL_SPOT not in lines:
        lines.append(NO_VITAL_SPOT)
    return lines


def after_strike(engine: Engine, attacker: int, target: int, outcome: Outcome) -> list[Event]:
    """Being attacked rouses a creature: struck by the player it has noticed the player; struck
    by the player or another creature, that one is its foe (``feuds.opponent``: it strikes
    back). A trap is no foe. The player's dodges train Tumble."""
    creature = engine.store.find(target, Creature)
    if creature is not None:
        if attacker == engine.player:
            creature.awake = True
        if (attacker == engine.player or engine.store.has(attacker, Creature)) \
                and engine.store.has(attacker, Position):
            creature.foe = attacker
    if target == engine.player and not outcome.hit and outcome.miss_kind in (DEXTERITY, DODGE):
        return _train(engine, stats.TUMBLE, TUMBLE_TRAIN)
    return []


def _train(engine: Engine, skill: str, points: int, *, log: bool = False) -> list[Event]:
    training = engine.store.get(engine.player, Training)
    events = progress.add_points(training, "skills", skill, points)
    if log:
        for event in events:
            if isinstance(event, Message):
                engine.say(event.text, event.tone)
    return events
