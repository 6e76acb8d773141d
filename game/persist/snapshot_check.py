"""Checking a loaded snapshot in full before anything runs on it.

A user can edit a save and re-sign it (its checksum is plain SHA-256), so a snapshot that
passes the checksum is still untrusted. :func:`check` refuses, in one line, anything the game
itself could not have made: a reference to an entity that does not exist, a name the catalog
does not know, a number outside the range the game can reach, text that is not printable or is
too long. It is derived from the component schema (``game.world.core.state.COMPONENTS`` and each
dataclass's annotations): every field gets the rule :data:`FIELDS` names for it, and a field
that is not listed gets a default by its type (a test makes sure every field is listed, so a
new component is checked on purpose, not by accident).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from game.content.catalog import Catalog
from game.rules import bounds, levels, magic, stats, talents
from game.rules.quoting import quoted
from game.world.core import state
from game.world.core.engine import LOG_LIMIT, MAP_HEIGHT, MAP_WIDTH
from game.world.core.mapgen import MAX_DEPTH
from game.world.core.rng import SEEDS
from game.world.play import combat, fighters, vitals
from game.world.play.effects import ENDS as EFFECT_ENDS  # every timed effect but a spell's own
from game.world.play.traps import TRAP_NAMES
from game.world.play.wizard_actions import MAX_STAT, MIN_STAT, WIZARD_SPELL_POINTS

# The bounds of a save are the game's one table of bounds (game.rules.bounds), as are the
# tables': a save holds nothing the tables could not give.
MAX_TICKS = bounds.TIME.high  # game time (0.1 s)
MAX_COUNT = bounds.COUNT.high  # turns, counters, points: far beyond what play reaches
MAX_ENTITIES = bounds.ENTITIES.high  # entity ids
LAG_TICKS = 100_000  # how far a creature's next turn may lie from now, on the player's level
MAX_TEXT = bounds.SAVED_TEXT  # a name, a cause of death
MAX_LINE = bounds.SAVED_LINE  # a log line
MAX_ITEMS = bounds.SAVED_ITEMS  # entries in one list or dict field


class BadSnapshot(ValueError):
    """One line saying what in the snapshot the game could not have made."""


@dataclass(frozen=True, slots=True)
class Rule:
    """What one field may hold: ints in ``low..high``, entity ``ref``s, or names (``names``
    of the catalog, or any printable text up to ``length`` when ``names`` is None)."""

    low: int = -MAX_COUNT
    high: int = MAX_COUNT
    ref: bool = False  # an entity id that must exist (checked in _check_entities)
    names: Callable[[Catalog], Any] | None = None
    length: int = MAX_TEXT
    keys: Callable[[Catalog], Any] | None = None  # a dict field's keys (text otherwise)
    bounds: Callable[[Catalog], tuple[int, int]] | None = None  # low, high from the tables

    def range(self, catalog: Catalog) -> tuple[int, int]:
        return (self.low, self.high) if self.bounds is None else self.bounds(catalog)


def _attributes(c: Catalog) -> tuple[int, int]:
    """A stat is a character's own (race and class) or what a wizard may set."""
    values = [getattr(k, stat) for k in c.characters.values()
              for stat in ("strength", "dexterity", "constitution", "willpower")]
    return min(MIN_STAT, *values), max(MAX_STAT, *values)


def _constitutions(c: Catalog) -> list[int]:
    return [*_attributes(c), *(k.constitution for k in c.creatures.values())]


def _max_stamina(c: Catalog) -> tuple[int, int]:
    return (min(map(stats.max_stamina, _constitutions(c))),
            max(map(stats.max_stamina, _constitutions(c))))


def _max_spell_points(c: Catalog) -> tuple[int, int]:
    wills = [*_attributes(c), *(k.willpower for k in c.creatures.values())]
    return 0, max(WIZARD_SPELL_POINTS, *map(magic.max_spell_points, wills))


def _speeds(c: Catalog) -> tuple[int, int]:
    speeds = [stats.STEP_TICKS, *(k.speed for k in c.creatures.values())]
    return min(speeds), max(speeds)


def _supply(field: str) -> Callable[[Catalog], tuple[int, int]]:
    return lambda c: (0, max(getattr(k, field) for k in c.creatures.values()))


def _charges(c: Catalog) -> tuple[int, int]:
    return 0, max([0, *(k.charges.maximum for k in c.magic.consumables.values()
                        if k.charges is not None)])


def _effects(c: Catalog) -> set[str]:
    return {*EFFECT_ENDS, *c.magic.spells}


COUNT = Rule(0, MAX_COUNT)
TICKS = Rule(0, MAX_TICKS)
REF = Rule(ref=True)
TEXT = Rule()
LABEL = Rule(length=40)  # skills, styles, effects, kinds: short words
FIELDS: dict[str, Rule] = {
    "Position.x": Rule(0, MAP_WIDTH - 1), "Position.y": Rule(0, MAP_HEIGHT - 1),
    "Position.depth": Rule(1, MAX_DEPTH),
    "Renderable.glyph": Rule(length=1), "Renderable.colour": Rule(0, 255),
    "Renderable.layer": Rule(0, 9),
    "Named.name": TEXT, "Named.proper": TEXT,
    "Player.character": Rule(names=lambda c: c.characters), "Player.wizard": TEXT,
    "Player.invulnerable": TEXT, "Player.show_rolls": TEXT,
    "Creature.kind": Rule(names=lambda c: c.creatures), "Creature.awake": TEXT,
    "Creature.in_view": TEXT,
    "Creature.foe": REF,  # a creature or the player (_check_entities)
    "Hero.level": Rule(1, levels.MAX_LEVEL), "Hero.xp": COUNT,
    "Hero.rage": Rule(0, talents.RAGE_TICKS),
    "Hero.kills": Rule(1, MAX_COUNT, keys=lambda c: c.creatures),
    "Actor.next_tick": TICKS, "Actor.speed": Rule(bounds=_speeds),
    "Health.hp": Rule(bounds.HEALTH.low, bounds.HEALTH.high),
    "Health.max_hp": Rule(1, bounds.HEALTH.high),
    **{f"Attributes.{stat}": Rule(bounds=_attributes)
       for stat in ("strength", "dexterity", "constitution", "willpower")},
    "Training.skills": Rule(0, stats.MAX_RANK, keys=fighters.skill_names),
    "Training.styles": Rule(0, stats.MAX_RANK, keys=lambda c: stats.STYLES),
    "Training.points": Rule(0, stats.rank_cost(stats.MAX_RANK - 1) - 1,
                            keys=lambda c: {*fighters.skill_names(c), *stats.STYLES}),
    "Stance.name": Rule(names=lambda c: stats.STANCES), "Stance.stamina": COUNT,
    "Stance.max_stamina": Rule(bounds=_max_stamina),
    **{f"Equipment.{slot}": REF for slot in ("main", "off", "missile", "ammo", "body", "cloak",
                                             "head", "hands", "feet", "ring", "neck")},
    "Inventory.items": REF,
    "Item.name": Rule(names=lambda c: set(c.item_names())), "Item.count": Rule(1, MAX_COUNT),
    "Item.letter": Rule(names=lambda c: {"", *string.ascii_letters}),
    "Item.thrown": TEXT,
    "Vitals.next_tick": TICKS, "Vitals.bleeding": Rule(0, combat.WOUND_CAP),
    "Vitals.poison": Rule(0, combat.POISON_CAP), "Vitals.disease": Rule(0, combat.DISEASE),
    "Vitals.regen": Rule(0, 2 * vitals.REGEN_POINTS),
    "Trap.name": Rule(names=lambda c: TRAP_NAMES), "Trap.hidden": TEXT,
    "Supply.ammo": Rule(bounds=_supply("ammo_count")),
    "Supply.throws": Rule(bounds=_supply("throw_count")),
    "Powers.enchant": Rule(-magic.MAX_ENCHANT, magic.MAX_ENCHANT),
    "Powers.ego": Rule(names=lambda c: {"", *c.magic.affixes}),
    "Powers.cursed": TEXT, "Powers.known": TEXT, "Powers.charges": Rule(bounds=_charges),
    "Powers.uses": COUNT,
    "Spells.known": Rule(names=lambda c: c.magic.spells), "Spells.points": COUNT,
    "Spells.max_points": Rule(bounds=_max_spell_points),
    "Effects.ticks": Rule(0, MAX_COUNT, keys=_effects),
    "Knowledge.kinds": LABEL, "Choosing.identify": Rule(1, MAX_COUNT),
    "Reactions.round_start": TICKS, "Reactions.count": COUNT,
    "Casting.last": TICKS, "Casting.casts": Rule(0, MAX_COUNT, keys=lambda c: c.magic.spells),
    "Casting.penalty": COUNT, "Casting.power": COUNT, "Casting.bonus": COUNT,
    "Casting.forceless": TEXT, "Casting.silenced": TEXT, "Casting.idle_until": TICKS,
}
AT_MOST = {"Health": ("hp", "max_hp"), "Stance": ("stamina", "max_stamina"),
           "Spells": ("points", "max_points")}  # a value never above its maximum
_ROLES = ("Player", "Creature", "Item", "Trap")  # what an entity is; each needs its components


def check(snapshot: dict, catalog: Catalog, required: dict[str, set[str]]) -> None:
    """Raise BadSnapshot for the first thing in ``snapshot`` the game could not have made.
    ``required`` names, for each role, the components every such entity has."""
    _check_top(snapshot)
    rows = _entity_rows(snapshot)
    for eid, comps in rows.items():
        for name, data in comps.items():
            _check_component(eid, name, data, catalog)
    _check_entities(snapshot, rows, required)
    _check_log(snapshot.get("log", []))


def fail(where: str, what: str) -> BadSnapshot:
    return BadSnapshot(f"the snapshot's {where} {what}")


def _int(value: Any, low: int, high: int, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise fail(where, f"should be a whole number from {low} to {high}, not {quoted(value, 30)}")
    return value


def _text(value: Any, length: int, where: str) -> str:
    if not isinstance(value, str):
        raise fail(where, f"should be text, not {type(value).__name__}")
    if len(value) > length:
        raise fail(where, f"is longer than {length} characters")
    if not bounds.shows(value):
        raise fail(where, "holds characters that cannot be shown")
    return value


def _check_top(snap: dict) -> None:
    _int(snap.get("seed"), SEEDS.start, SEEDS.stop - 1, "seed")
    _int(snap.get("now"), 0, MAX_TICKS, "time")
    _int(snap.get("turn"), 0, MAX_COUNT * 100, "turn")
    _int(snap.get("depth"), 1, MAX_DEPTH, "depth")
    _int(snap.get("next_id"), 1, MAX_ENTITIES, "next entity id")
    _int(snap.get("player"), 1, MAX_ENTITIES, "player")
    if snap.get("outcome") not in (None, "dead", "won"):
        raise fail("outcome", f"{quoted(snap.get('outcome'), 30)} is not dead, won or none")
    _text(snap.get("cause"), MAX_TEXT, "cause of the end")
    if snap.get("auto_pickup", True) is not True:  # written only when on
        raise fail("auto-pickup",
                   f"should be true when written, not {quoted(snap['auto_pickup'], 30)}")
    explored = snap.get("explored")
    if not isinstance(explored, dict) or str(snap["depth"]) not in explored:
        raise fail("explored levels", "do not include the player's depth")
    for depth, runs in explored.items():
        _int(int(depth) if depth.isdigit() else None, 1, MAX_DEPTH, "explored level")
        if not isinstance(runs, list) or len(runs) > MAP_WIDTH * MAP_HEIGHT + 1:
            raise fail(f"explored map of depth {depth}", "is not a list of runs")
        for run in runs:
            _int(run, 0, MAP_WIDTH * MAP_HEIGHT, f"explored map of depth {depth}")
    seeds = snap.get("level_seeds", {})
    if not isinstance(seeds, dict):
        raise fail("level seeds", "are not a table")
    for depth, value in seeds.items():
        number = int(depth) if depth.lstrip("-").isdigit() and len(depth) < 4 else None
        number = _int(number, -MAX_DEPTH, MAX_DEPTH, "level seed's depth")
        _int(value, 0, SEEDS.stop - 1 if number > 0 else MAX_COUNT, f"level seed {depth}")


def _entity_rows(snap: dict) -> dict[int, dict]:
    rows = snap.get("entities")
    if not isinstance(rows, list) or len(rows) > MAX_ENTITIES:
        raise fail("entities", "are not a list")
    out: dict[int, dict] = {}
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[1], dict)):
            raise fail("entities", "hold a row that is not [id, components]")
        eid = _int(row[0], 1, snap["next_id"] - 1, "entity id")
        if eid in out:
            raise fail(f"entity {eid}", "appears twice")
        out[eid] = row[1]
    return out


def _check_component(eid: int, name: str, data: Any, catalog: Catalog) -> None:
    cls = state.COMPONENTS.get(name)
    if cls is None or not isinstance(data, dict):
        raise fail(f"entity {eid}", f"has an unknown component {quoted(name, 40)}")
    for spec in fields(cls):
        if spec.name in data:
            where = f"entity {eid}'s {name}.{spec.name}"
            rule = FIELDS.get(f"{name}.{spec.name}", TEXT)
            _check_value(data[spec.name], str(spec.type), rule, catalog, where)
    if name in AT_MOST:
        value, most = AT_MOST[name]
        if isinstance(data.get(value), int) and isinstance(data.get(most), int) \
                and data[value] > data[most]:
            raise fail(f"entity {eid}'s {name}.{value}", f"({data[value]}) is above its "
                       f"{most} ({data[most]})")


def _check_value(value: Any, annotation: str, rule: Rule, catalog: Catalog, where: str) -> None:
    """One field's value against its annotation's shape and its rule."""
    if value is None or isinstance(value, bool):
        return  # whether None or a bool may stand here is the type check's (state.py) to say
    if isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise fail(where, f"holds more than {MAX_ITEMS} entries")
        inner = annotation[annotation.find("[") + 1:].split(",")[0].rstrip("]")
        size = annotation.count(",") + 1  # a tuple of fixed size: "tuple[int, int, int]"
        if annotation.startswith("tuple[") and "..." not in annotation and len(value) != size:
            raise fail(where, f"should hold {size} entries, not {len(value)}")
        for item in value:
            _check_value(item, inner, rule, catalog, where)
    elif isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise fail(where, f"holds more than {MAX_ITEMS} entries")
        for key, item in value.items():
            _name(key, rule.keys, LABEL.length, catalog, f"{where} key")
            _check_value(item, "int", rule, catalog, f"{where}[{quoted(key, 30)}]")
    elif isinstance(value, int):
        if not rule.ref:
            _int(value, *rule.range(catalog), where)
    elif isinstance(value, str):
        _name(value, rule.names, rule.length, catalog, where)


def _name(value: Any, names: Callable[[Catalog], Any] | None, length: int, catalog: Catalog,
          where: str) -> None:
    _text(value, length, where)
    if names is not None and value not in names(catalog):
        raise fail(where, f"names {quoted(value, 40)}, which the game does not know")


def _check_entities(snap: dict, rows: dict[int, dict], required: dict[str, set[str]]) -> None:
    """References exist, roles have their components, things stand on levels that exist, and
    nobody's next turn lies so far from now that the game would spend ages catching up."""
    player = snap["player"]
    if "Player" not in rows.get(player, {}):
        raise fail("player", f"{player} is not an entity with a Player component")
    levels = {int(d) for d in snap["explored"]}
    carried: dict[int, int] = {}
    for eid, comps in rows.items():
        for role in _ROLES:
            missing = required.get(role, set()) - set(comps) if role in comps else set()
            if missing:
                raise fail(f"entity {eid}", f"({role.lower()}) lacks {', '.join(sorted(missing))}")
        items = comps.get("Inventory", {}).get("items", [])
        if not isinstance(items, list):
            raise fail(f"entity {eid}'s Inventory.items", "is not a list")
        for item in items:
            _item_ref(rows, item, f"entity {eid}'s inventory")
            if carried.setdefault(item, eid) != eid or "Position" in rows[item]:
                raise fail(f"item {item}", "is in two places at once")
        for slot, item in comps.get("Equipment", {}).items():
            if item is not None:
                _item_ref(rows, item, f"entity {eid}'s {slot} slot")
        foe = comps.get("Creature", {}).get("foe")
        if foe is not None:
            _foe_ref(rows, eid, foe)
        pos = comps.get("Position")
        if pos is not None and (type(pos.get("depth")) is not int  # [] cannot be looked up
                                or pos.get("depth") not in levels):
            raise fail(f"entity {eid}", f"stands on depth {pos.get('depth')}, never visited")
        if pos is not None and pos.get("depth") == snap["depth"]:
            _near_now(snap["now"], comps, eid)


def _item_ref(rows: dict[int, dict], item: Any, where: str) -> None:
    if not isinstance(item, int) or isinstance(item, bool) or "Item" not in rows.get(item, {}):
        raise fail(where, f"names {quoted(item, 20)}, which is not an item")


def _foe_ref(rows: dict[int, dict], eid: int, foe: Any) -> None:
    """A creature's foe is another creature or the player, standing somewhere (the game
    forgets a foe when it dies)."""
    other = rows.get(foe, {}) if isinstance(foe, int) and not isinstance(foe, bool) else {}
    if foe == eid or not ({"Creature", "Player"} & set(other)) or "Position" not in other:
        raise fail(f"entity {eid}'s Creature.foe", f"names {quoted(foe, 20)}, which is no creature")


def _near_now(now: int, comps: dict, eid: int) -> None:
    for name in ("Actor", "Vitals"):
        tick = comps.get(name, {}).get("next_tick", now)
        if isinstance(tick, int) and abs(tick - now) > LAG_TICKS:
            raise fail(f"entity {eid}'s {name}.next_tick", f"({tick}) is too far from now ({now})")


def _check_log(log: Any) -> None:
    if not isinstance(log, list) or len(log) > LOG_LIMIT:
        raise fail("log", f"is not a list of at most {LOG_LIMIT} lines")
    for line in log:  # [text, tone, turn, count]: older saves lack the count, or the turn
        if not isinstance(line, list) or not 2 <= len(line) <= 4:
            raise fail("log", "holds a line that is not [text, tone, turn, count]")
        _text(line[0], MAX_LINE, "log line")
        _text(line[1], 20, "log tone")
        if len(line) >= 3:
            _int(line[2], 0, MAX_COUNT * 100, "log line's turn")
        if len(line) == 4:  # refused moves count too, and take no turn: the same bound
            _int(line[3], 1, MAX_COUNT * 100, "log line's count")


_REQUIRED: dict[str, set[str]] = {}


def required_components() -> dict[str, set[str]]:
    """For each role, the components every such entity of a fresh game has (the game makes
    them all at creation and never takes them away): derived, not listed, so it keeps up."""
    if not _REQUIRED:
        from game.world.game import Game

        engine = Game(0)
        try:
            for role in _ROLES:
                names = ({type(c).__name__ for c in comps} for _, comps in engine.entities())
                sets = [kinds for kinds in names if role in kinds]
                if sets:
                    _REQUIRED[role] = set.intersection(*sets)
        finally:
            engine.close()
    return _REQUIRED
