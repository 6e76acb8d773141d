"""Casting under tides from its version 4, by the document's rules
(``game.rules.systems.tides_magic``): the encounter a caster's casts count in, what it brings
to a casting roll, what a miscast does, and the dodge and power check of each one a harmful
spell reaches. ``spells.cast`` calls it; the other systems never do.

The document counts casts "this combat" and has miscasts last "the encounter": here an
encounter is a caster's run of casts, ended when a minute of the clock (``ENCOUNTER_TICKS``)
passes with none (the ``Casting`` component; a stale one counts as none).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.rules import spell_words, stats
from game.rules.items import HEAVY_WEIGHT
from game.rules.messages import Who
from game.rules.profiles import DEXTERITY, DODGE, Fighter, defence
from game.rules.systems import tides
from game.rules.systems import tides_magic as rules
from game.world.core.components import Casting, Health, Position
from game.world.core.events import Event, Message

from . import death, effects, lines, stealth

if TYPE_CHECKING:
    from game.rules.spells import Spell
    from game.world.core.engine import Engine

ENCOUNTER_TICKS = 600  # a minute with no cast ends a caster's encounter
IDLE_TICKS = 60  # miscast 6: "You cannot cast a spell on your next turn" (a turn: 6 s)
NEXT_BONUS = 10  # miscast 2: "you gain a +10 bonus on your next casting roll"
WARP_PENALTY = WARP_POWER = 20  # miscast 4: "a -20 casting penalty, but a +20 spell power bonus"
TAINT = 10  # miscast 8: "You suffer a -10 penalty to casting for the rest of the encounter."
WOUNDS_PER_LEVEL = 1  # miscast 9: "Take one wound per level of the spell miscast."
HARMFUL = ("damage", "dazzle")  # the effects that need the power check (not a shield)


def plays(engine: Engine) -> bool:
    """Whether the game casts by the document's rules: tides from version 4."""
    return engine.rules == tides.NAME and engine.rules_version >= tides.SPELLS


def encounter(engine: Engine, eid: int) -> Casting:
    """The caster's encounter as it stands now (a fresh one, not kept, when there is none)."""
    found = engine.store.find(eid, Casting)
    if found is not None and engine.now - found.last < ENCOUNTER_TICKS:
        return found
    return Casting(last=engine.now)


def _kept(engine: Engine, eid: int) -> Casting:
    """The encounter, kept on the caster (a new one in place of a stale one)."""
    found = engine.store.find(eid, Casting)
    now = encounter(engine, eid)
    if now is not found:
        engine.store.add(eid, now)
    return now


def why_not(engine: Engine, eid: int) -> str | None:
    """Why a miscast keeps the caster from casting now (the document's words), or None."""
    now = encounter(engine, eid)
    if now.silenced:
        return spell_words.SILENCED
    if engine.now < now.idle_until:
        return spell_words.IDLE
    return None


def _weakened(engine: Engine, eid: int) -> bool:
    """Miscast 10: "Reduce all stats other than W by half for the encounter" (a minute)."""
    return effects.active(engine, eid, effects.WEAKENED)


def armour(f: Fighter) -> str:
    """The body armour worn as the document's light or heavy armour (heavy over 20 lb, as the
    loot's heavy pieces); none is neither."""
    body = [a for a in f.worn if a.slot == "body" and a.category == "Armour"]
    if not body:
        return ""
    return rules.HEAVY if max(a.weight for a in body) > HEAVY_WEIGHT else rules.LIGHT


def standing(engine: Engine, eid: int, spell: Spell, will: int) -> rules.Standing:
    """What the caster brings to a casting roll of ``spell`` now."""
    now = encounter(engine, eid)
    health = engine.store.get(eid, Health)
    return rules.Standing(
        wp=rules.wp(will, halved=_weakened(engine, eid)), casts=now.casts.get(spell.name, 0),
        others=sum(n for name, n in now.casts.items() if name != spell.name),
        armour=armour(engine.fighter(eid)), missing=max(0, health.max_hp - health.hp),
        penalty=now.penalty, bonus=now.bonus, forceless=now.forceless)


def cast_chance(engine: Engine, eid: int, spell: Spell, will: int) -> Fraction:
    """The exact chance the caster's casting roll of ``spell`` succeeds now."""
    return rules.cast_chance(spell.level, standing(engine, eid, spell, will))


def attempt(engine: Engine, eid: int, spell: Spell, will: int) -> rules.Attempt:
    """Roll to cast, and count it in the caster's encounter."""
    result = rules.cast(spell.level, standing(engine, eid, spell, will), engine.streams.combat)
    now = _kept(engine, eid)
    now.last, now.bonus = engine.now, 0  # the bonus was this roll's
    if result.success:
        now.casts = {**now.casts, spell.name: now.casts.get(spell.name, 0) + 1}
    return result


def miscast(engine: Engine, eid: int, spell: Spell, line: int,
            me: Who) -> tuple[list[Event], int | None]:
    """What the miscast table's ``line`` does to the caster; and, for line 5 ("the spell goes
    off as normal, but targets a random member of the encounter, including the caster"), the
    member it goes off at."""
    tone = "bad" if me.is_player else "combat"
    events: list[Event] = [Message(text, tone) for text in spell_words.miscast(me, line)]
    now = _kept(engine, eid)
    if line == 2:
        now.bonus = NEXT_BONUS
    elif line == 4:
        now.penalty, now.power = now.penalty + WARP_PENALTY, now.power + WARP_POWER
    elif line == 5:
        return events, _random_member(engine, eid, spell)
    elif line == 6:
        now.idle_until = engine.now + spell.ticks + IDLE_TICKS
    elif line == 7:
        now.forceless = True
    elif line == 8:
        now.penalty += TAINT
    elif line == 9:
        events += death.damage(engine, eid, WOUNDS_PER_LEVEL * spell.level, cause_of=eid)
    elif line == 10:
        effects.add(engine, eid, effects.WEAKENED, ENCOUNTER_TICKS // stats.VITALS_TICKS)
    elif line == 11:
        now.silenced = True
    return events, None


def _random_member(engine: Engine, eid: int, spell: Spell) -> int:
    """The caster, or one the spell could fly straight to (within its reach, or beside the
    caster for a spell on oneself), drawn from the combat stream in id order."""
    me = engine.store.get(eid, Position)
    reach = spell.range or 1
    members = [eid] + [other for other, (pos, _) in sorted(engine.store.query(Position, Health))
                       if other != eid and pos.depth == me.depth
                       and lines.clear(engine, eid, other, reach)]
    return members[engine.streams.combat.randint(0, len(members) - 1)]


def check(engine: Engine, caster: int, target: int, spell: Spell, *, will: int,
          target_will: int, force: bool) -> rules.PowerCheck | None:
    """The dodge (a bolt, by a target that knows of the caster) and the power check of a
    harmful spell reaching ``target``; None for a spell that harms no one (a shield)."""
    if spell.effect not in HARMFUL:
        return None
    power = rules.wp(will, halved=_weakened(engine, caster))
    power += encounter(engine, caster).power
    defender = rules.wp(target_will, halved=_weakened(engine, target))
    dodge = dodge_percent(engine, caster, target) if spell.shape == "bolt" else 0
    return rules.check(defender, power, engine.streams.combat, force=force, dodge=dodge)


def dodge_percent(engine: Engine, caster: int, target: int) -> int:
    """The target's Dodge against a projectile: none when it does not know of the caster (a
    dodge is a reaction), else 5% a point of its Dexterity and Dodge (the manual's)."""
    if target == caster or not stealth.aware_of(engine, target, caster):
        return 0
    parts = defence(engine.fighter(target)).parts
    return rules.dodge_percent(sum(p.amount for p in parts if p.kind in (DEXTERITY, DODGE)))


def cast_line(spell: Spell, result: rules.Attempt) -> str:
    """The wizard's roll display of a casting roll."""
    parts = ", ".join(f"{n:+d} {why}" if i else f"{n} {why}"
                      for i, (why, n) in enumerate(result.parts))
    line = f"cast {spell.name}: d100 {result.roll} vs {result.value} ({parts}): "
    if result.success:
        line += f"cast by {result.margin}"
        if result.force_roll:
            line += (f", Irresistible Force d100 {result.force_roll} vs "
                     f"{rules.bracket(result.margin)}: " + ("yes" if result.force else "no"))
        return line
    line += f"failed by {result.margin}, miscast d100 {result.miscast_roll} vs " \
            f"{rules.bracket(result.margin)}"
    return line + (f": miscast, 1d6 + level = {result.table}" if result.table else ": none")


def check_line(spell: Spell, result: rules.PowerCheck) -> str:
    """The wizard's roll display of one target's dodge and power check."""
    line = f"{spell.name}: "
    if result.dodge_roll:
        line += f"dodge d100 {result.dodge_roll} vs {result.dodge}%: "
        if result.dodged:
            return line + "dodged"
        line += "not dodged, "
    if result.roll == 0:
        return line + "Irresistible Force, no power check"
    verdict = "harms" if result.harms else "not powerful enough"
    return (line + f"power d100 {result.roll} vs {result.need} (Wp {result.power} against Wp "
            f"{result.defender}): {verdict}")
