"""The combat processor: build both profiles, call ``game.rules``, apply the outcome.

It never re-implements a rule: to-hit, damage, Protection, criticals and phrasing all come from
``game.rules``. What it adds is the world's part: hit points, wounds, training, stamina, death
and who saw it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import profiles, stats, talents
from game.rules.items import JEWELLERY
from game.rules.messages import YOU, Who, attack_messages, compass
from game.rules.resolve import Outcome
from game.rules.systems import Clash
from game.world.core.components import Creature, Health, Named, Position, Stance, Training, Vitals
from game.world.core.events import AttackEvent, Event, Message

from . import death, knowledge, progress, rounds, stealth

if TYPE_CHECKING:
    from game.world.core.engine import Engine

WOUND = 5  # ticks of bleeding a wound adds
WOUND_CAP = 20
POISON = 5
POISON_CAP = 20
DISEASE = 100  # ticks of the effect (6 s each)


def who(engine: Engine, eid: int) -> Who:
    """How the player sees a combatant."""
    if eid == engine.player:
        return YOU
    named = engine.store.get(eid, Named)
    return Who(named.name, seen=engine.sees(eid), proper=named.proper)


def melee(engine: Engine, attacker: int, target: int) -> tuple[list[Event], int]:
    """One attack up close: a blow with each weapon held (or each natural attack)."""
    blows = profiles.melee_attacks(engine.fighter(attacker))
    events: list[Event] = []
    for attack in blows:
        events += strike(engine, attacker, target, attack, adjacent=True)
        if _fallen(engine, target) or _fallen(engine, attacker):  # a counter may kill
            break
    return events, blows[0].ticks


def _fallen(engine: Engine, eid: int) -> bool:
    return not engine.store.exists(eid) or engine.is_dead(eid)


def strike(engine: Engine, attacker: int, target: int, attack: profiles.AttackProfile, *,
           adjacent: bool, vital: bool = False, distance: int = 1,
           into_melee: bool = False) -> list[Event]:
    """Resolve one attack under the game's combat system and apply it: the single path
    every attack in play takes. An attack on a creature that has not noticed the player is a
    sneak attack (``stealth``); ``vital`` is the rogue's vital strike."""
    target_fighter = engine.fighter(target)
    attack, sneaking = stealth.sneak_attack(engine, attacker, target, attack,
                                            profiles.defence(target_fighter))
    clash = Clash.of(attack, _fighter(engine, attacker), target_fighter,
                     adjacent=adjacent, by_player=attacker == engine.player,
                     on_player=target == engine.player, vital=vital,
                     version=engine.rules_version,
                     aware=stealth.aware_of(engine, target, attacker),
                     asleep=stealth.asleep(engine, target),
                     outnumbered=rounds.outnumbered(engine, target, target_fighter),
                     minus_off=engine.since("0.3.0"), distance=distance, into_melee=into_melee)
    outcome = engine.system.resolve(clash, engine.streams.combat)
    rounds.record(engine, target, clash)
    lines = _lines(engine, attacker, target, outcome, clash.defence, vital=vital)
    if sneaking:
        lines = stealth.sneak_lines(engine, target, outcome, clash.defence.crit_immune, lines)
    elif clash.asleep and attacker == engine.player and stealth.own_sleeper_bonus(engine):
        lines = stealth.sleeper_lines(engine, target, lines)
    events: list[Event] = [AttackEvent(attacker, target, outcome, tuple(lines))]
    events += stealth.after_strike(engine, attacker, target, outcome)
    events += _train(engine, attacker, attack, outcome)
    events += _spend_stamina(engine, attacker)
    events += knowledge.attack_used(engine, attacker, target)
    if outcome.damage > 0 or outcome.effects or outcome.bleeding:  # qud's pass on any hit
        _wound(engine, target, outcome)
    if outcome.damage > 0:
        events += death.damage(engine, target, outcome.damage, cause_of=attacker)
    if outcome.counter is not None:
        events += _counter(engine, target, attacker, outcome.counter)
    return events


def _fighter(engine: Engine, eid: int) -> profiles.Fighter:
    """The attacker as a fighter; a trap attacks as an ordinary one."""
    return engine.fighter(eid) if engine.store.has(eid, Health) else profiles.Fighter()


def _counter(engine: Engine, defender: int, attacker: int, outcome: Outcome) -> list[Event]:
    """The defender's counterattack (a system where the defender strikes back)."""
    if not (engine.store.exists(defender) and engine.store.exists(attacker)) \
            or engine.is_dead(attacker):
        return []
    protection = profiles.defence(engine.fighter(attacker))
    lines = _lines(engine, defender, attacker, outcome, protection)
    events: list[Event] = [AttackEvent(defender, attacker, outcome, tuple(lines))]
    if outcome.damage > 0:
        _wound(engine, attacker, outcome)
        events += death.damage(engine, attacker, outcome.damage, cause_of=defender)
    return events


def _lines(engine: Engine, attacker: int, target: int, outcome: Outcome,
           defence: profiles.DefenceProfile, *, vital: bool = False) -> list[str]:
    """The log lines, when the player is in the fight or can see either side. Since 0.3.0
    (``_worded``): a shield bash is named so, what turns a blow aimed at the player is named
    for what the player wears, "It has no vital spot." follows only a blow that sought one,
    and a vital strike that lands says so."""
    a, t = who(engine, attacker), who(engine, target)
    if not (a.is_player or t.is_player or a.seen or t.seen):
        return []
    worded = engine.since("0.3.0")
    natural = _natural_noun(engine, target, defence, worded)
    said = _worded(outcome, vital) if worded else outcome
    lines = attack_messages(said, a, t, target_natural=natural,
                            protection_noun=defence.protection_noun,
                            came_from=_came_from(engine, attacker, target))
    if worded and vital and outcome.hit and outcome.confirmed and not outcome.glanced:
        lines = _vital_lines(lines)
    return lines


def _worded(outcome: Outcome, vital: bool) -> Outcome:
    """The outcome as the log tells it: a bash is a "shield bash" (not "the orc's shield",
    which reads as a thing parried), and a crit-immune target's "no vital spot" is told
    only to a vital strike (a sneak attack tells it itself: ``stealth.sneak_lines``)."""
    if outcome.attack.kind == profiles.BASH:
        outcome = replace(outcome, attack=replace(outcome.attack, noun=BASH_NOUN))
    if outcome.no_vital_spot and not vital:
        outcome = replace(outcome, no_vital_spot=False)
    return outcome


BASH_NOUN = "shield bash"
SKIN_NAMED = "0.4.0"  # from this version the player's natural Defence is its race's or skin


def _vital_lines(lines: list[str]) -> list[str]:
    """A vital strike's critical: "You stab the kobold in a vital spot!" (another system's
    words for it get "You strike a vital spot." after them)."""
    first = lines[0]
    if first.endswith(" hard!"):
        return [first.removesuffix(" hard!") + " in a vital spot!", *lines[1:]]
    return [*lines, "You strike a vital spot."]


def _came_from(engine: Engine, attacker: int, target: int) -> str:
    """Where the attacker stands as seen from the target: "the east"."""
    a, t = engine.store.find(attacker, Position), engine.store.find(target, Position)
    if a is None or t is None:
        return ""
    return compass(a.x - t.x, a.y - t.y)


def _natural_noun(engine: Engine, eid: int, defence: profiles.DefenceProfile,
                  worded: bool) -> str:
    """What a blow turned by natural Defence glances off. The player's, since 0.4.0
    (``SKIN_NAMED``): the race's own ("scales"), else the armour whose magic gave it ("banded
    mail" of the tortoise), else "skin" (an amulet of the tortoise hardens the skin); in 0.3.0
    games what the player wore, whatever gave it ("glances off your leather jerkin" where an
    amulet had turned it); games begun before said "skin" for every player."""
    creature = engine.store.find(eid, Creature)
    if creature is None:
        if not worded:
            return "skin"
        if engine.since(SKIN_NAMED):
            return defence.natural_noun or _hardened_by(engine.fighter(eid)) or "skin"
        noun = defence.natural_noun or defence.protection_noun
        return "skin" if noun == "armour" else noun
    return engine.catalog.creatures[creature.kind].natural_noun or "hide"


def _hardened_by(f: profiles.Fighter) -> str:
    """The noun of the armour whose own magic gives natural Defence ("banded mail" of the
    tortoise), or "" when none does: an amulet's hardens the skin, which is then named."""
    givers = [m.reason for m in f.magic_for("natural")]
    return next((a.noun or a.name for a in f.worn
                 if a.slot not in JEWELLERY and any(a.name in r for r in givers)), "")


def _wound(engine: Engine, target: int, outcome: Outcome) -> None:
    """Bleeding from a critical or a big hit; poison or disease from an attack that carries
    it. None of them come from a glance, but qud's effects, which pass on any hit (its
    ``Outcome.effects`` says which). What has no vitals (the crit-immune: a skeleton, a
    ghost, a golem) does not bleed."""
    vitals = engine.store.find(target, Vitals)
    if vitals is None:
        return
    if outcome.bleeding and not profiles.defence(engine.fighter(target)).crit_immune:
        vitals.bleeding = min(WOUND_CAP, vitals.bleeding + WOUND)
    hardy = progress.trait(engine, target) == talents.HARDY  # a dwarf: half as long
    if "poison" in outcome.effects:
        vitals.poison = min(POISON_CAP, vitals.poison + _halved(POISON, hardy))
    if "disease" in outcome.effects:
        vitals.disease = max(vitals.disease, _halved(DISEASE, hardy))


def _halved(ticks: int, hardy: bool) -> int:
    return (ticks + 1) // 2 if hardy else ticks


def _train(engine: Engine, eid: int, attack: profiles.AttackProfile,
           outcome: Outcome) -> list[Event]:
    """A landed blow (a glance included) trains the skill and style by 2, a miss by 1."""
    training = engine.store.find(eid, Training)
    if training is None:
        return []
    points = stats.TRAIN_HIT if outcome.hit else stats.TRAIN_MISS
    events: list[Event] = []
    for name, ranks in ((attack.skill, "skills"), (attack.style, "styles")):
        if name:
            events += progress.add_points(training, ranks, name, points)
    return events


def _spend_stamina(engine: Engine, eid: int) -> list[Event]:
    """A blow in Aggressive or Frenzy spends stamina; in the other stances it regains it.
    At 0 the fighter drops to Normal."""
    stance = engine.store.find(eid, Stance)
    if stance is None:
        return []
    change = stats.STANCES[stance.name].stamina
    stance.stamina = max(0, min(stance.max_stamina, stance.stamina + change))
    if stance.stamina == 0 and change < 0:
        stance.name = stats.NORMAL.name
        if eid == engine.player:
            return [Message("You are out of breath and fall back to a Normal stance.", "bad")]
    return []
