"""The built-in bot's means beyond its weapon: spells, wands, throwing weapons, rage, scrolls
and the stairs as a way out (``game.world.play.bot``).

Each function reads the engine only and answers the action a careful player would take now,
or None. Aims are the creatures in view that a bolt or a throw would reach first (nothing in
the way), nearest first.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.content.magic import Consumable
from game.rules import talents
from game.rules.items import Weapon
from game.world.core import actions as A
from game.world.core.components import Creature, Health, Item, Powers, Spells, Stance

from . import choices, effects, knowledge, lines, progress, spells

if TYPE_CHECKING:
    from game.rules.spells import Spell
    from game.world.core.engine import Engine

THROW_KEEP = 6  # throwing weapons worth carrying
RAGE_FOE_HP = 12  # rage at a foe this tough (its maximum hit points), or when hurt
RAGE_WHEN_BELOW = 0.7
WARD_WHEN_BELOW = 0.8  # a shield spell when hurt below this share with a foe near
SAFE_SCROLLS = ("enchant weapon", "enchant armour", "magic mapping", "remove curse",
                "identify")  # read once known, with nothing in view
ESCAPE_SCROLL = "teleport"
EVEN = Fraction(1, 2)  # the least chance to cast worth a turn


def in_view(engine: Engine) -> list[int]:
    return [e for e, _ in engine.creatures_here() if engine.sees(e)]


def aims(engine: Engine, reach: int) -> list[tuple[int, int, int]]:
    """(eid, x, y) of the creatures in view a bolt or a throw of ``reach`` would strike
    first, nearest first."""
    me = engine.player
    found = []
    for _, eid in sorted((lines.distance(engine, me, e), e) for e in in_view(engine)):
        pos = engine.position(eid)
        if lines.distance(engine, me, eid) <= reach \
                and lines.flight(engine, me, pos.x, pos.y, reach).target == eid:
            found.append((eid, pos.x, pos.y))
    return found


def _max_hp(engine: Engine, eid: int) -> int:
    return engine.store.get(eid, Health).max_hp


def _hurt_below(engine: Engine, share: float) -> bool:
    health = engine.store.get(engine.player, Health)
    return health.hp < share * health.max_hp


def _near(engine: Engine, steps: int) -> list[int]:
    return [e for e in in_view(engine) if lines.distance(engine, engine.player, e) <= steps]


# --- spells and wands ------------------------------------------------------------------------


def _harm(spell: Spell) -> int:
    """How much a damaging spell hurts, on average (twice, to stay whole): 0 for the rest."""
    dice = spell.damage
    return dice.count * (dice.sides + 1) + 2 * dice.bonus if spell.effect == "damage" \
        and dice is not None else 0


def _spell_aim(engine: Engine, spell: Spell) -> tuple[int, int] | None:
    """Where to cast a damaging spell: at the nearest creature it strikes first; a ball only
    at one farther than its burst (it burns all around where it stops, the caster too)."""
    for eid, x, y in aims(engine, spell.range):
        if spell.shape == "ball" and lines.distance(engine, engine.player, eid) <= spell.radius:
            continue
        return x, y
    return None


def cast(engine: Engine, blow: int) -> A.Cast | None:
    """The most harmful spell it has the points for (and at least an even chance to cast),
    at a creature it reaches; or its ward when hurt with a foe near and none on. With a foe
    beside it, a spell only when it would do more on average than its ``blow`` (twice the
    average damage of its first blow, as ``_harm`` counts)."""
    book = engine.component(engine.player, Spells)
    if book is None:
        return None
    chance = {s.name: spells.cast_chance(engine, engine.player, s) for s in
              map(engine.catalog.magic.spells.get, book.known) if s is not None}
    known = [s for s in map(engine.catalog.magic.spells.get, book.known)
             if s is not None and spells.why_not(engine, engine.player, s) is None
             and chance[s.name] >= EVEN]
    if not known or not in_view(engine):
        return None
    ward = next((s for s in known if s.effect == "shield"), None)
    if ward is not None and _near(engine, 2) and _hurt_below(engine, WARD_WHEN_BELOW) \
            and not effects.active(engine, engine.player, ward.name):
        me = engine.position(engine.player)
        return A.Cast(ward.name, me.x, me.y)
    beside = bool(_near(engine, 1))
    for spell in sorted(known, key=lambda s: (-_harm(s), s.name)):
        if not _harm(spell) or (beside and _harm(spell) * chance[spell.name] <= blow):
            break
        aim = _spell_aim(engine, spell)
        if aim is not None:
            return A.Cast(spell.name, *aim)
    return None


def zap(engine: Engine) -> A.Zap | None:
    """A wand with charges (or not known to be empty) at a creature it reaches."""
    for item in engine.inventory():
        data = _consumable(engine, item)
        if data is None or data.kind != "wand":
            continue
        powers = engine.component(item, Powers)
        if powers is not None and powers.known and powers.charges <= 0:
            continue
        spell = engine.catalog.magic.spells[data.spell]
        aim = _spell_aim(engine, spell)
        if aim is not None:
            return A.Zap(item, *aim)
    return None


def _consumable(engine: Engine, item: int) -> Consumable | None:
    data = engine.catalog.lookup(engine.store.get(item, Item).name)
    return data if isinstance(data, Consumable) else None


# --- throwing weapons, rage ------------------------------------------------------------------


def throwing_weapons(engine: Engine) -> list[int]:
    """Weapons made for throwing carried and not in use."""
    found = []
    for item in engine.inventory():
        data = engine.catalog.lookup(engine.store.get(item, Item).name)
        if isinstance(data, Weapon) and data.made_for_throwing and not data.is_missile \
                and engine.equipped_slot(item) is None:
            found.append(item)
    return found


def throw(engine: Engine) -> A.Throw | None:
    """A throwing weapon at a creature not yet beside it, within its throw."""
    weapons = throwing_weapons(engine)
    if not weapons:
        return None
    item = weapons[0]
    data = engine.catalog.lookup(engine.store.get(item, Item).name)
    assert isinstance(data, Weapon)
    for eid, x, y in aims(engine, data.thrown_range):
        if lines.distance(engine, engine.player, eid) > 1:
            return A.Throw(item, x, y)
    return None


def rage(engine: Engine) -> A.Rage | None:
    """Rage (it costs no time) against a tough foe beside it, or when hurt with one there."""
    if talents.RAGE not in progress.talents_of(engine, engine.player) \
            or progress.raging(engine.store, engine.player):
        return None
    stance = engine.store.get(engine.player, Stance)
    if stance.stamina < talents.RAGE_STAMINA:
        return None
    beside = _near(engine, 1)
    if any(_max_hp(engine, e) >= RAGE_FOE_HP for e in beside) or (
            beside and _hurt_below(engine, RAGE_WHEN_BELOW)):
        return A.Rage()
    return None


# --- scrolls ---------------------------------------------------------------------------------


def _scrolls(engine: Engine) -> list[tuple[int, Consumable, bool]]:
    """(item, its table entry, whether its kind is known) for each scroll carried."""
    out = []
    for item in engine.inventory():
        data = _consumable(engine, item)
        if data is not None and data.kind in ("scroll", "book"):
            out.append((item, data, knowledge.kind_known(engine, data.name)))
    return out


def read(engine: Engine) -> A.Read | None:
    """With nothing in view: a book of a spell not known yet, a scroll known to help, or an
    unknown scroll, to learn what it is (a teleportation scroll is kept for a way out)."""
    if in_view(engine):
        return None
    book = engine.component(engine.player, Spells)
    for item, data, known in _scrolls(engine):
        if data.kind == "book":
            if book is not None and book.max_points > 0 and data.spell not in book.known:
                return A.Read(item)
        elif not known or data.effect in SAFE_SCROLLS:
            return A.Read(item)
    return None


def identify(engine: Engine) -> A.Identify | None:
    """The choice a scroll of identify left (``choices.owed_identify``): what is worn or
    held first, then the first unknown thing in the pack."""
    owed = choices.owed_identify(engine)
    if not owed:
        return None
    owed.sort(key=lambda item: engine.equipped_slot(item) is None)
    return A.Identify(owed[0])


def escape_scroll(engine: Engine) -> A.Read | None:
    return next((A.Read(item) for item, data, known in _scrolls(engine)
                 if known and data.effect == ESCAPE_SCROLL), None)


def wanted(engine: Engine, item: int) -> bool:
    """Scrolls and wands are worth picking up, and books for a caster."""
    data = engine.catalog.lookup(engine.store.get(item, Item).name)
    if not isinstance(data, Consumable):
        return False
    book = engine.component(engine.player, Spells)
    caster = book is not None and book.max_points > 0
    return data.kind in ("scroll", "wand") or (data.kind == "book" and caster)


def wanted_to_throw(engine: Engine, item: int) -> bool:
    """A throwing weapon, while it carries fewer than ``THROW_KEEP``."""
    data = engine.catalog.lookup(engine.store.get(item, Item).name)
    if not isinstance(data, Weapon) or not data.made_for_throwing or data.is_missile:
        return False
    carried = sum(engine.store.get(i, Item).count for i in throwing_weapons(engine))
    return carried < THROW_KEEP


def hostile_near(engine: Engine, steps: int) -> list[int]:
    """Creatures in view within ``steps`` that are not asleep or fleeing harmlessly: the
    ones to get away from."""
    return [e for e in _near(engine, steps) if engine.component(e, Creature) is not None]
