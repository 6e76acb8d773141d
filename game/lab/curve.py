"""``curve``: the exact odds against one varied stat of the attacker or the defender.

``--vary [attacker.|defender.]NAME=LOW..HIGH`` (the defender's when no side is named) takes
each whole number from LOW to HIGH in turn. NAME is a whole-number field of that side's entry
in the tables (``creatures.toml`` for a creature: ``hit_points``, ``strength``,
``natural_defence``, ...; ``characters.toml`` for a starting character: ``base_hp``,
``strength``, ...), changed in a copy of the tables and built by the one builder of fighters
(``game.wizard.scratch``), so the fighter is what play would make of that entry; or one of
``TOTALS``: ``defence`` (the Defence the side meets a blow with) or ``protection`` (its
Protection), set to each value whatever it is made of, by a part of its own added to the
fighter play built. Each point's figures are the odds inspector's (``game.wizard.inspect``):
the chance that the attacker's blow hits and that it kills the defender first, under each
combat system asked for. The points are jobs of a sweep (``game.lab.sweep``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from game.content.catalog import Catalog
from game.content.characters import character_specs
from game.content.creatures import creature_specs
from game.content.editions import catalog_for
from game.content.loader import WEAPON_FIELDS
from game.content.overlay import Overlay
from game.rules import bounds, profiles
from game.rules.levels import MAX_LEVEL
from game.rules.names import did_you_mean
from game.rules.systems.common import manual_defence, protection
from game.wizard import scratch
from game.wizard.inspect import Side, inspect
from game.wizard.shares import rounded

from . import sweep

ATTACKER, DEFENDER = "attacker", "defender"
TOTALS = ("defence", "protection")  # set whatever they are made of, not a table's field
TOTAL_BOUNDS = {"defence": bounds.TOTAL_DEFENCE, "protection": bounds.TOTAL_PROTECTION}
MOST_POINTS = 201
REASON = "set by the curve"  # the part that makes a total what the curve asks
SYNTAX = "expected [attacker.|defender.]NAME=LOW..HIGH, e.g. defence=8..24"


class BadVary(ValueError):
    """A --vary the command refuses: one line for exit 2."""


@dataclass(frozen=True, slots=True)
class Vary:
    side: str  # ATTACKER or DEFENDER
    name: str
    low: int
    high: int

    @property
    def values(self) -> range:
        return range(self.low, self.high + 1)

    def text(self) -> str:
        return f"{self.name}={self.low}..{self.high}"


def parse(text: str) -> Vary:
    """``[attacker.|defender.]NAME=LOW..HIGH`` as a Vary; the range must hold a value."""
    match = re.fullmatch(r"\s*(?:(attacker|defender)\.)?((?:weapon\.)?[a-z_]+)\s*=\s*"
                         r"(-?[0-9]{1,9})\s*\.\."
                         r"\s*(-?[0-9]{1,9})\s*", text)  # plain digits: no other script's
    if match is None:
        raise BadVary(f"--vary {text[:60]!r}: {SYNTAX}")
    side, name, low, high = match[1] or DEFENDER, match[2], int(match[3]), int(match[4])
    if high < low:
        raise BadVary(f"--vary {text.strip()}: the range is empty ({low} is above {high}; "
                      "give the smaller value first)")
    if high - low + 1 > MOST_POINTS:
        raise BadVary(f"--vary {text.strip()}: {high - low + 1} values; at most {MOST_POINTS}")
    return Vary(side, name, low, high)


def _table(name: str, catalog: Catalog) -> tuple[str, dict, dict]:
    """(the table's word, its entries, its field specs) for the entry ``name``."""
    if name in catalog.characters:
        return "character", catalog.characters, character_specs(catalog.armoury)
    return "creature", catalog.creatures, creature_specs(catalog.armoury)


def stat_names(name: str, catalog: Catalog) -> list[str]:
    """What a curve may vary of ``name``: its table's whole-number fields, then the totals."""
    _, entries, specs = _table(name, catalog)
    own = {f.name for f in fields(next(iter(entries.values())))}
    grown = [LEVEL] if name in catalog.characters else []
    return [*sorted(k for k, spec in specs.items() if spec.kind == "int" and k in own), *TOTALS,
            *grown]


LEVEL = "level"  # a starting character's level, grown as play grows it
WEAPON = "weapon."  # --vary weapon.NAME: a field of the side's weapon in hand
WEAPON_SLOT = {"character": "main_hand", "creature": "weapon"}  # where each entry holds it


def weapon_names() -> list[str]:
    """The whole-number fields of a weapon a curve may vary (``weapon.to_hit``, ...)."""
    return sorted(WEAPON + k for k, spec in WEAPON_FIELDS.items() if spec.kind == "int")


def _check_weapon(vary: Vary, name: str, catalog: Catalog) -> None:
    word, entries, _ = _table(name, catalog)
    if getattr(entries[name], WEAPON_SLOT[word], None) is None:
        raise BadVary(f"--vary {vary.text()}: the {word} {name!r} holds no weapon")
    names = weapon_names()
    if vary.name not in names:
        raise BadVary("--vary: a weapon has no " + did_you_mean(
            "field", vary.name, names).removeprefix("unknown "))
    spec = WEAPON_FIELDS[vary.name.removeprefix(WEAPON)]
    if spec.low is not None and vary.low < spec.low:
        raise BadVary(f"--vary {vary.text()}: a weapon's {spec_name(vary)} is at least "
                      f"{spec.low}")
    if spec.high is not None and vary.high > spec.high:
        raise BadVary(f"--vary {vary.text()}: a weapon's {spec_name(vary)} is at most "
                      f"{spec.high}")


def spec_name(vary: Vary) -> str:
    return vary.name.removeprefix(WEAPON)


def check(vary: Vary, name: str, catalog: Catalog) -> None:
    """That ``name`` has the stat and that every value is one its table allows."""
    if vary.name.startswith(WEAPON):
        return _check_weapon(vary, name, catalog)
    if vary.name == LEVEL:
        if name not in catalog.characters:
            raise BadVary(f"--vary {vary.text()}: only a starting character has a level, "
                          f"not the {name}")
        if vary.low < 1 or vary.high > MAX_LEVEL:
            raise BadVary(f"--vary {vary.text()}: a level is 1 to {MAX_LEVEL}")
        return None
    word, _, specs = _table(name, catalog)
    names = stat_names(name, catalog)
    if vary.name not in names:
        raise BadVary(f"--vary: the tables give the {word} {name!r} no " + did_you_mean(
            "stat", vary.name, names).removeprefix("unknown "))
    bound = TOTAL_BOUNDS.get(vary.name)
    least, most = (bound.low, bound.high) if bound is not None else \
        (specs[vary.name].low, specs[vary.name].high)
    if least is not None and vary.low < least:
        raise BadVary(f"--vary {vary.text()}: the {name}'s {vary.name} is at least {least}")
    if most is not None and vary.high > most:
        raise BadVary(f"--vary {vary.text()}: the {name}'s {vary.name} is at most {most}")


def varied(name: str, stat: str, value: int, catalog: Catalog) -> Side:
    """``name`` as the inspector sees it with ``stat`` at ``value``: its table entry changed
    in a copy of the tables and built by play's builder, or a total set on that build."""
    if stat in TOTALS:
        return with_total(scratch.side(name, catalog), stat, value)
    if stat == LEVEL:
        return scratch.side(name, catalog, level=value)
    word, entries, _ = _table(name, catalog)
    if stat.startswith(WEAPON):
        return scratch.side(name, _with(name, stat, value, catalog))
    changed = {**entries, name: replace(entries[name], **{stat: value})}
    tables = replace(catalog, characters=changed) if name in catalog.characters else \
        replace(catalog, creatures=changed)
    return scratch.side(name, tables)


def _with(name: str, stat: str, value: int, catalog: Catalog) -> Catalog:
    """The tables with ``name``'s ``stat`` (a field, or its weapon's) at ``value``."""
    word, entries, _ = _table(name, catalog)
    if not stat.startswith(WEAPON):
        entry = replace(entries[name], **{stat: value})
        changed = {**entries, name: entry}
        return replace(catalog, characters=changed) if word == "character" else \
            replace(catalog, creatures=changed)
    # the weapon's entry in the tables (what play hands out by its name) and the one the
    # side's entry holds: every holder of that weapon holds the changed one
    slot = WEAPON_SLOT[word]
    held = getattr(entries[name], slot)
    weapon = replace(held, **{stat.removeprefix(WEAPON): value})
    armoury = replace(catalog.armoury, weapons={**catalog.armoury.weapons, held.name: weapon})
    changed = {**entries, name: replace(entries[name], **{slot: weapon})}
    if word == "character":
        return replace(catalog, armoury=armoury, characters=changed)
    return replace(catalog, armoury=armoury, creatures=changed)


def total(fighter: profiles.Fighter, stat: str) -> int:
    """The fighter's Defence against a blow, or its Protection (every system's numbers are
    made of them)."""
    return manual_defence(fighter) if stat == "defence" else protection(fighter)


def with_total(side: Side, stat: str, value: int) -> Side:
    """``side`` with its Defence (as dodge, the kind that adds up) or Protection made
    ``value`` by a part of its own."""
    f = side.fighter
    change = value - total(f, stat)
    kind = "dodge" if stat == "defence" else "protection"
    if change:
        f = replace(f, magic=(*f.magic, profiles.Magic(kind, change, REASON)))
    assert total(f, stat) == value, (stat, value, total(f, stat))
    return replace(side, fighter=f)


@dataclass(frozen=True, slots=True)
class Job:
    """One point of a curve: the two sides, the stat at one value, the systems, and the
    overlay the tables are under (it travels whole)."""

    attacker: str
    defender: str
    side: str
    stat: str
    value: int
    rules: tuple[str, ...]
    content: Overlay | None = None
    second: tuple[str, str, int] | None = None  # a heat map's second stat: (side, stat, value)


@dataclass(frozen=True, slots=True)
class Point:
    """The figures at one value (a heat map's: at one pair of values), a pair (hit, kill
    first) for each system, exact."""

    value: int
    figures: dict[str, tuple[Fraction, Fraction]]
    value2: int | None = None


def point(job: Job) -> Point:
    """One point (what ``sweep.run`` sends out)."""
    catalog = catalog_for(job.content)
    sides = {ATTACKER: job.attacker, DEFENDER: job.defender}
    changes = [(job.side, job.stat, job.value), *([job.second] if job.second else [])]
    built = {which: changed(name, [(s, v) for w, s, v in changes if w == which], catalog)
             for which, name in sides.items()}
    you, it = built[ATTACKER], built[DEFENDER]
    out = {}
    for rules in job.rules:
        ins = inspect(you, it, rules)
        out[rules] = (ins.your_hit, ins.duel.first_wins)
    return Point(job.value, out, job.second[2] if job.second else None)


def changed(name: str, stats: Sequence[tuple[str, int]], catalog: Catalog) -> Side:
    """``name`` with each (stat, value) of ``stats``: its table's fields first (one copy of
    the entry), then any total set on that build."""
    if not stats:
        return scratch.side(name, catalog)
    level = dict(stats).get(LEVEL, 1)
    if level > 1:  # the other stat set in the tables, then the character grown
        rest = [(s, v) for s, v in stats if s not in (LEVEL, *TOTALS)]
        tables = _with(name, *rest[0], catalog) if rest else catalog
        side = scratch.side(name, tables, level=level)
        for stat, value in stats:
            if stat in TOTALS:
                side = with_total(side, stat, value)
        return side
    stats = [(s, v) for s, v in stats if s != LEVEL]
    own = [(s, v) for s, v in stats if s not in TOTALS]
    if len(own) == 2 and any(s.startswith(WEAPON) for s, _ in own):
        first_, second_ = own
        catalog = _with(name, *first_, catalog)
        side = varied(name, *second_, catalog)
    elif len(own) == 2:
        _, entries, _ = _table(name, catalog)
        entry = replace(entries[name], **dict(own))
        first = {**entries, name: entry}
        tables = replace(catalog, characters=first) if name in catalog.characters else \
            replace(catalog, creatures=first)
        side = scratch.side(name, tables)
    elif own:
        side = varied(name, *own[0], catalog)
    else:
        side = scratch.side(name, catalog)
    for stat, value in stats:
        if stat in TOTALS:
            side = with_total(side, stat, value)
    return side


def curve(attacker: str, defender: str, vary: Vary, rules: Sequence[str],
          where: sweep.Where = sweep.HERE, content: Overlay | None = None) -> list[Point]:
    """Every point of the curve, in order of the values (under the overlay ``content``)."""
    return curve_each([content], attacker, defender, vary, rules, where)[0]


def curve_each(contents: Sequence[Overlay | None], attacker: str, defender: str, vary: Vary,
               rules: Sequence[str], where: sweep.Where = sweep.HERE) -> list[list[Point]]:
    """The curve under each of ``contents`` (A and B of ``--versus``), every point of them
    one job of one sweep."""
    jobs = [Job(attacker, defender, vary.side, vary.name, v, tuple(rules), content)
            for content in contents for v in vary.values]
    done = sweep.run(point, jobs, where, unit="point", desc="curve")
    n = len(vary.values)
    return [done[k * n:(k + 1) * n] for k in range(len(contents))]


FIGURES = ("you hit it", "you kill it first")


def title(attacker: str, defender: str, vary: Vary, under: str = "") -> str:
    """What the table and the chart are headed with (``under``: ", under the overlay ...")."""
    whose = attacker if vary.side == ATTACKER else defender
    return (f"{attacker} against {defender}: the {whose}'s {vary.name} from {vary.low} to "
            f"{vary.high}, exact odds{under}")


def table(attacker: str, defender: str, vary: Vary, points: list[Point],
          under: str = "") -> list[str]:
    """The curve as text: a block for each figure, a row for each value, a column for each
    system (what the chart draws)."""
    rules = list(points[0].figures)
    label = vary.name[:12]
    width = max(8, len(label) + 2)
    lines = [title(attacker, defender, vary, under)]
    for n, figure in enumerate(FIGURES):
        lines += ["", f"{figure} (%)",
                  f"{label:<{width}}" + "".join(f"{name:>8}" for name in rules)]
        for p in points:
            lines.append(f"{p.value:<{width}}" + "".join(
                f"{rounded(p.figures[name][n]):>8}" for name in rules))
    return lines


def versus_table(attacker: str, defender: str, vary: Vary, a: list[Point], b: list[Point],
                 names: tuple[str, str]) -> list[str]:
    """``curve --versus``: for each figure, a row a value and, for each system, A, B and
    B less A in percentage points (exact: no chance in them)."""
    rules = list(a[0].figures)
    label = vary.name[:12]
    width = max(8, len(label) + 2)
    lines = [title(attacker, defender, vary, f", A ({names[0]}) against B ({names[1]})")]
    for n, figure in enumerate(FIGURES):
        lines += ["", f"{figure} (%)",
                  f"{'':<{width}}" + "".join(f"{name:^24}" for name in rules),
                  f"{label:<{width}}" + "".join(f"{'A':>8}{'B':>8}{'B - A':>8}"
                                                for _ in rules)]
        for p, q in zip(a, b, strict=True):
            cells = []
            for name in rules:
                x, y = p.figures[name][n], q.figures[name][n]
                d = ("+" if y > x else "") + rounded(y - x)
                cells.append(f"{rounded(x):>8}{rounded(y):>8}{d:>8}")
            lines.append(f"{p.value:<{width}}" + "".join(cells))
    return lines


# --- two stats at once: a heat map ------------------------------------------------------------


def grid(attacker: str, defender: str, vary: Vary, vary2: Vary, rules: Sequence[str],
         where: sweep.Where = sweep.HERE, content: Overlay | None = None) -> list[Point]:
    """The figures at every pair of values (``vary``'s a row, ``vary2``'s a column), row by
    row, each pair one job of one sweep."""
    if (vary.side, vary.name) == (vary2.side, vary2.name):
        raise BadVary(f"--vary2 {vary2.text()}: the same stat as --vary; name another")
    if len(vary.values) * len(vary2.values) > MOST_GRID:
        raise BadVary(f"--vary and --vary2: {len(vary.values) * len(vary2.values)} pairs; "
                      f"at most {MOST_GRID}")
    jobs = [Job(attacker, defender, vary.side, vary.name, v, tuple(rules), content,
                (vary2.side, vary2.name, w)) for v in vary.values for w in vary2.values]
    return sweep.run(point, jobs, where, unit="point", desc="curve")


MOST_GRID = 2_500  # pairs of a heat map: 50 by 50


def grid_title(attacker: str, defender: str, vary: Vary, vary2: Vary, under: str = "") -> str:
    def whose(v: Vary) -> str:
        return attacker if v.side == ATTACKER else defender

    return (f"{attacker} against {defender}: the {whose(vary)}'s {vary.name} "
            f"{vary.low}..{vary.high} (rows) by the {whose(vary2)}'s {vary2.name} "
            f"{vary2.low}..{vary2.high} (columns), exact odds{under}")


def grid_table(attacker: str, defender: str, vary: Vary, vary2: Vary, points: list[Point],
               under: str = "") -> list[str]:
    """The heat map as text: for each system and figure, a row a value of ``vary``, a
    column a value of ``vary2``, the share in %."""
    rules = list(points[0].figures)
    columns = list(vary2.values)
    lines = [grid_title(attacker, defender, vary, vary2, under)]
    label = f"{vary.name[:10]}\\{vary2.name[:10]}"
    width = max(6, len(label) + 1)
    for name in rules:
        for n, figure in enumerate(FIGURES):
            lines += ["", f"{figure} (%), {name} rules",
                      f"{label:<{width}}" + "".join(f"{w:>6}" for w in columns)]
            for k, v in enumerate(vary.values):
                row = points[k * len(columns):(k + 1) * len(columns)]
                lines.append(f"{v:<{width}}" + "".join(
                    f"{rounded(p.figures[name][n], 0):>6}" for p in row))
    return lines
