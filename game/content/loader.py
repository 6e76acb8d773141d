"""Load the manual's weapon, ammunition and armour tables from ``assets/*.toml``.

Every entry is checked strictly against the frozen types of ``game.rules.items``: unknown
fields, missing fields, wrong types (a boolean is not an integer), bad dice, values outside
their range. Any problem is a ``ContentError`` whose message is one line naming the file,
the entry and the field::

    assets/weapons.toml: weapon 'long sword': field 'damage': not a dice expression: '1x9' ...
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import RELEASES, version_number
from game.rules import bounds as B
from game.rules.bounds import Bound
from game.rules.dice import Dice
from game.rules.items import (
    ARMOUR_KINDS,
    DAMAGE_TYPES,
    HOLDS,
    MISSILE,
    SLOTS,
    THROWN_ONLY,
    Ammo,
    Armour,
    Armoury,
    Weapon,
)
from game.rules.stats import WEAPON_SKILLS

REPO_ROOT = Path(__file__).resolve().parents[2]
ASSETS_DIR = REPO_ROOT / "assets"
WEAPONS_FILE = "weapons.toml"
ARMOUR_FILE = "armour.toml"

CATEGORIES = ("Armour", "Shield")
"""The Defence kinds a piece of armour can give (the manual's "Category" column)."""

ATTACK_EFFECTS = ("poison", "disease")
"""What a hit that does damage may open besides bleeding (creature attacks)."""


class ContentError(ValueError):
    """A content file that cannot be loaded. The message is a single line."""


class _Bad(Exception):
    """A field's problem, before the caller adds which file and entry it is in."""


@dataclass(frozen=True, slots=True)
class Source:
    """A table file's data already read (and laid over by overlays: ``game.content.layers``),
    for the loaders to check as they check a file. ``label`` names the file; ``origins`` names
    the overlay file that gave or changed an entry, by (table, entry name), so a message about
    that entry names the overlay's file."""

    label: str
    data: dict[str, Any]
    origins: Mapping[tuple[str, str], str]


class Label(str):
    """How messages name a file (a ``str``), and the overlay files that gave its entries."""

    origins: Mapping[tuple[str, str], str]

    def __new__(cls, text: str, origins: Mapping[tuple[str, str], str]) -> Label:
        label = super().__new__(cls, text)
        label.origins = origins
        return label


def entry_where(label: str, what: str, name: str) -> str:
    """ "assets/creatures.toml: creature 'kobold'": where an entry's messages say it is; an
    entry an overlay gave or changed is in the overlay's file."""
    origins = getattr(label, "origins", {})
    return f"{origins.get((what, name), label)}: {what} {name!r}"


@dataclass(frozen=True, slots=True)
class Spec:
    """What one field of an entry must be.

    ``kind`` is "int", "str", "bool", "dice" or "names" (an array of strings, read as a tuple;
    a required one must name at least one; ``unique`` forbids naming one twice). Integers must
    lie in ``bound`` (``game.rules.bounds``: every integer a table gives has one, which sets
    ``low`` and ``high``); strings, when ``choices`` is given, must be one of them. ``refers``
    says what a name names (a weapon, a spell, a skill): a name that refers to another entry or
    to a name of the rules, checked against it with a did-you-mean
    (``game.content.references`` lists them all). Also: "ranks" (a table of integers in
    ``low..high`` by name, names from ``choices`` when given, read as a dict), "colour" (an
    array of three integers 0 to 255, read as a tuple) and "tables" (an array of tables, read
    as a tuple of dicts for the caller to check with :func:`check_fields`).
    """

    kind: str
    required: bool = False
    low: int | None = 0
    high: int | None = None
    choices: tuple[str, ...] = ()
    unique: bool = True
    bound: Bound | None = None
    refers: str = ""

    def __post_init__(self) -> None:
        if self.bound is not None:
            object.__setattr__(self, "low", self.bound.low)
            object.__setattr__(self, "high", self.bound.high)


WEAPON_FIELDS: dict[str, Spec] = {
    "noun": Spec("str", required=True),
    "damage": Spec("dice", required=True),
    "threat_from": Spec("int", required=True, bound=B.THREAT),
    "multiplier": Spec("int", required=True, bound=B.MULTIPLIER),
    "skill": Spec("str", required=True, choices=WEAPON_SKILLS, refers="weapon skill"),
    "held": Spec("str", required=True, choices=HOLDS),
    "damage_types": Spec("names", required=True, choices=DAMAGE_TYPES, refers="damage kind"),
    "ticks": Spec("int", bound=B.TICKS),
    "to_hit": Spec("int", bound=B.TO_HIT),
    "thrown_range": Spec("int", bound=B.RANGE),
    "parry": Spec("int", bound=B.PARRY),
    "strength_needed": Spec("int", bound=B.STRENGTH_NEEDED),
    "pierce": Spec("int", bound=B.PIERCE),
    "finesse": Spec("bool"),
    "ammo": Spec("str", refers="ammunition kind"),
    "range": Spec("int", bound=B.RANGE),
    "weight": Spec("int", bound=B.WEIGHT),
    "effects": Spec("names", choices=ATTACK_EFFECTS),
    "frequency": Spec("int", bound=B.FREQUENCY),
    "depth": Spec("int", bound=B.DEPTH),
}

AMMO_FIELDS: dict[str, Spec] = {
    "kind": Spec("str", required=True),
    "pierce": Spec("int", bound=B.PIERCE),
    "damage_bonus": Spec("int", bound=B.DAMAGE_BONUS),
    "to_hit": Spec("int", bound=B.TO_HIT),
    "break_chance": Spec("int", bound=B.PERCENT),
    "weight": Spec("int", bound=B.WEIGHT),
    "frequency": Spec("int", bound=B.FREQUENCY),
}

ARMOUR_FIELDS: dict[str, Spec] = {
    "slot": Spec("str", required=True, choices=SLOTS),
    "defence": Spec("int", bound=B.DEFENCE),
    "category": Spec("str", choices=CATEGORIES),
    "protection": Spec("int", bound=B.PROTECTION),
    "max_dex": Spec("int", bound=B.MAX_DEX),
    "bash": Spec("dice"),
    "weight": Spec("int", bound=B.WEIGHT),
    "noun": Spec("str"),
    "against": Spec("ranks", choices=ARMOUR_KINDS, bound=B.AGAINST, refers="damage kind"),
    "frequency": Spec("int", bound=B.FREQUENCY),
    "depth": Spec("int", bound=B.DEPTH),
}

COLOUR = Spec("int", bound=B.COLOUR)  # each channel of a "colour"

_TOML_TYPES = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
               list: "an array", dict: "a table"}


# --- public API -------------------------------------------------------------------------


def load_armoury(assets_dir: Path | None = None) -> Armoury:
    """Every weapon, ammunition and armour of ``assets_dir`` (default: the repository's)."""
    folder = ASSETS_DIR if assets_dir is None else Path(assets_dir)
    weapons, ammo = load_weapons(folder / WEAPONS_FILE)
    return Armoury(weapons=weapons, ammo=ammo, armour=load_armour(folder / ARMOUR_FILE))


def load_weapons(path: Path | Source) -> tuple[dict[str, Weapon], dict[str, Ammo]]:
    """The ``[weapon.*]`` and ``[ammo.*]`` tables of ``path``, each keyed by name in file order."""
    label, data = _read(path, allowed=("weapon", "ammo"), required=("weapon",))
    ammo = {name: Ammo(name=name, **fields)
            for name, fields in _entries(label, "ammo", data.get("ammo", {}), AMMO_FIELDS)}
    kinds = {piece.kind for piece in ammo.values()}
    weapons = {}
    for name, fields in _entries(label, "weapon", data["weapon"], WEAPON_FIELDS):
        weapons[name] = _checked_weapon(Weapon(name=name, **fields), kinds, label)
    return weapons, ammo


def load_armour(path: Path | Source) -> dict[str, Armour]:
    """The ``[armour.*]`` table of ``path``, keyed by name in file order."""
    label, data = _read(path, allowed=("armour",), required=("armour",))
    armour = {}
    for name, fields in _entries(label, "armour", data["armour"], ARMOUR_FIELDS):
        if "against" in fields:
            fields["against"] = tuple((k, v) for k, v in fields["against"].items() if v)
        armour[name] = _checked_armour(Armour(name=name, **fields), label)
    return armour


# --- helpers for other content files (creatures, characters) ----------------------------


def read_toml(path: Path | Source, allowed: tuple[str, ...],
              required: tuple[str, ...]) -> tuple[str, dict]:
    """``path``'s label and data, with only the ``allowed`` top-level tables, ``required`` ones
    present, each a table of entries."""
    return _read(path, allowed, required)


def check_entries(label: str, what: str, table: Mapping[str, Any],
                  specs: Mapping[str, Spec]) -> list[tuple[str, dict[str, Any]]]:
    """Each entry's lower-case name and fields checked against ``specs``."""
    return _entries(label, what, table, specs)


def check_fields(where: str, entry: Mapping[str, Any],
                 specs: Mapping[str, Spec]) -> dict[str, Any]:
    """One table's fields checked against ``specs``; errors start with ``where``."""
    return _fields(where, entry, specs)


def field_error(where: str, key: str, problem: str) -> ContentError:
    """The one-line error for a problem found across fields, after the fields' own checks."""
    return ContentError(f"{where}: field {key!r}: {_one_line(problem)}")


def unknown(what: str, name: str, known: Any) -> str:
    """ "unknown weapon 'spaer'; did you mean 'spear'?": a name that names nothing it may."""
    return f"unknown {what} {name!r}{suggestion(name, known)}"


def suggestion(name: str, known: Any) -> str:
    """ "; did you mean 'Maces and clubs'?" for the known names closest to ``name`` (difflib),
    or nothing when none is close."""
    names = sorted(set(known))
    close = difflib.get_close_matches(name, names, n=3)
    if not close:  # case aside: "long Sword"
        folded = {n.lower(): n for n in names}
        close = [folded[n] for n in difflib.get_close_matches(name.lower(), folded, n=3)]
    return f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""


# --- files and entries ------------------------------------------------------------------


def load_named(path: Path | Source, kind: str, specs: Mapping[str, Spec],
               build: Callable[[str, str, dict[str, Any]], Any]) -> dict[str, Any]:
    """Every ``[kind."name"]`` entry of a file, checked against ``specs`` and turned into a
    value by ``build(where, name, fields)``, keyed by name in file order."""
    label, data = read_toml(path, allowed=(kind,), required=(kind,))
    entries = check_entries(label, kind, data[kind], specs)
    return {name: build(entry_where(label, kind, name), name, fields) for name, fields in entries}


def file_label(path: Path) -> str:
    """How messages name a file: relative to the repository when inside it (as given when it
    cannot be resolved: a symlink loop)."""
    try:
        return Path(path).resolve().relative_to(REPO_ROOT).as_posix()
    except (ValueError, RuntimeError, OSError):
        return str(path)


def _read(path: Path | Source, allowed: tuple[str, ...],
          required: tuple[str, ...]) -> tuple[str, dict]:
    if isinstance(path, Source):
        label: str = Label(path.label, path.origins)
        data = path.data
    else:
        label, data = parse_toml(path)
        as_of(None, data, label)  # a file read alone is read as this version plays it
    for key, value in data.items():
        if key not in allowed:
            raise ContentError(f"{label}: unknown table {key!r} (expected {_names(allowed)})")
        if not isinstance(value, dict):
            raise ContentError(f"{label}: {key!r} must be a table of entries, not {_type(value)}")
    for key in required:
        if key not in data:
            raise ContentError(f"{label}: no [{key}] table")
    return label, data


def parse_text(label: str, text: str) -> dict:
    """The data of TOML ``text`` (a file's, named ``label``); one ContentError line if it is
    not TOML, or holds what no table may (``checked_data``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{label}: invalid TOML: {_one_line(error)}") from None
    except RecursionError:
        raise ContentError(f"{label}: values nested too deeply (at most {B.NESTING} "
                           "levels)") from None
    except ValueError:  # an integer beyond Python's conversion limit (4,300 digits)
        raise ContentError(f"{label}: a number too long (at most {B.DIGITS} digits)") from None
    return checked_data(label, data)


def checked_data(label: str, data: dict) -> dict:
    """``data`` (a table file's, read as TOML) if every text in it, keys included, can be shown
    as a save's text must (``bounds.shows``: no control characters or escape sequences) and is
    not too long, every number has at most ``bounds.DIGITS`` digits, and nothing nests deeper
    than ``bounds.NESTING``; else one ContentError line naming the file and where in it."""
    stack: list[tuple[tuple[str, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if len(path) > B.NESTING:
            raise ContentError(f"{label}: {_at(path[:3])}values nested too deeply (at most "
                               f"{B.NESTING} levels)")
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(label, path, key, B.NAME_LENGTH, "a name")
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, f"[{i}]"), item) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(label, path, value, B.TEXT_LENGTH, "text")
        elif isinstance(value, int) and not isinstance(value, bool) \
                and abs(value) >= 10 ** B.DIGITS:
            raise ContentError(f"{label}: {_at(path)}a number too long (at most {B.DIGITS} "
                               "digits)")
    return data


def _check_text(label: str, path: tuple[str, ...], text: str, most: int, what: str) -> None:
    where = _at((*path, text) if what == "a name" and len(path) < 3 else path)
    if not B.shows(text):
        raise ContentError(f"{label}: {where}{what} holding characters that cannot be shown "
                           f"(control characters, escape sequences): {_show(text)[:40]}")
    if len(text) > most:
        raise ContentError(f"{label}: {where}{what} longer than {most} characters")


def _at(path: tuple[str, ...]) -> str:
    """ "creature 'kobold': field 'description': " for a place in a table file."""
    words = []
    if len(path) >= 2:
        words.append(f"{path[0]} {path[1]!r}")
    elif path:
        words.append(f"table {path[0]!r}")
    if len(path) >= 3:
        words.append(f"field {path[2]!r}")
    return "".join(f"{w}: " for w in words)


def parse_toml(path: Path) -> tuple[str, dict]:
    """A TOML file's label and data; a file that cannot be read or is not TOML is a one-line
    ContentError."""
    label = file_label(path)
    try:
        with Path(path).open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{label}: no such file") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{label}: invalid TOML: {_one_line(error)}") from None
    except UnicodeDecodeError:
        raise ContentError(f"{label}: not UTF-8 text") from None
    except OSError as error:
        raise ContentError(f"{label}: cannot read: {_one_line(error.strerror)}") from None
    except RecursionError:
        raise ContentError(f"{label}: values nested too deeply (at most {B.NESTING} "
                           "levels)") from None
    except ValueError:  # an integer beyond Python's conversion limit
        raise ContentError(f"{label}: a number too long (at most {B.DIGITS} digits)") from None
    return label, checked_data(label, data)


def _entries(label: str, what: str, table: Mapping[str, Any],
             specs: Mapping[str, Spec]) -> list[tuple[str, dict[str, Any]]]:
    """Each entry's name and checked fields, ready to be passed to its type."""
    out = []
    for name, entry in table.items():
        where = entry_where(label, what, name)
        if not name or name != name.strip().lower():
            raise ContentError(f"{where}: a name must be lower case, without outer spaces")
        if not isinstance(entry, dict):
            raise ContentError(f"{where}: must be a table of fields, not {_type(entry)}")
        out.append((name, _fields(where, entry, specs)))
    return out


def _fields(where: str, entry: Mapping[str, Any], specs: Mapping[str, Spec]) -> dict[str, Any]:
    for key in entry:
        if key not in specs:
            raise ContentError(f"{where}: field {key!r}: unknown field "
                               f"(expected one of {_names(specs)})")
    fields = {}
    for key, spec in specs.items():
        if key not in entry:
            if spec.required:
                raise ContentError(f"{where}: field {key!r}: missing required field")
            continue
        try:
            fields[key] = convert(entry[key], spec)
        except _Bad as problem:
            raise ContentError(f"{where}: field {key!r}: {problem}") from None
    return fields


# --- one field --------------------------------------------------------------------------


def convert(value: Any, spec: Spec) -> Any:
    """``value`` checked against ``spec`` and turned into what the type holds; else ``_Bad``."""
    if spec.kind == "int":
        return _integer(value, spec)
    if spec.kind == "bool":
        return _expect(value, bool)
    if spec.kind == "str":
        return _string(value, spec.choices)
    if spec.kind == "dice":
        return _dice(value)
    if spec.kind == "names":
        return _string_list(value, spec)
    if spec.kind == "ranks":
        return _ranks(value, spec)
    if spec.kind == "colour":
        return _colour(value)
    if spec.kind == "tables":
        return tuple(_expect(item, dict) for item in _expect(value, list))
    raise AssertionError(f"unknown field kind {spec.kind!r}")


def _expect(value: Any, kind: type) -> Any:
    # type() rather than isinstance(): a TOML boolean is no integer here.
    if type(value) is not kind:
        raise _Bad(f"expected {_TOML_TYPES[kind]}, not {_type(value)}: {_show(value)}")
    return value


def _integer(value: Any, spec: Spec) -> int:
    number = _expect(value, int)
    if spec.low is not None and number < spec.low:
        raise _Bad(f"{number} is below {spec.low}" + _bounds(spec))
    if spec.high is not None and number > spec.high:
        raise _Bad(f"{number} is above {spec.high}" + _bounds(spec))
    return number


def _dice(value: Any) -> Dice:
    text = _expect(value, str)
    try:
        dice = Dice.parse(text)
    except ValueError as error:
        raise _Bad(_one_line(error)) from None
    for number, bound, what in ((dice.count, B.DICE_COUNT, "dice"),
                                (dice.sides, B.DICE_SIDES, "sides"),
                                (dice.bonus, B.DICE_BONUS, "a bonus")):
        if number not in bound:
            raise _Bad(f"{text!r}: {what} from {bound.low} to {bound.high}, not {number}")
    return dice


def _bounds(spec: Spec) -> str:
    if spec.low is not None and spec.high is not None:
        return f" (must be {spec.low} to {spec.high})"
    return ""


def _string(value: Any, choices: tuple[str, ...]) -> str:
    text = _expect(value, str)
    if not text.strip():
        raise _Bad("must not be empty (leave the field out instead)")
    if choices and text not in choices:
        raise _Bad(f"{text!r} is not one of {_names(choices)}{suggestion(text, choices)}")
    return text


def _string_list(value: Any, spec: Spec) -> tuple[str, ...]:
    items = tuple(_string(item, spec.choices) for item in _expect(value, list))
    if spec.required and not items:
        raise _Bad("must name at least one")
    if spec.unique and len(set(items)) != len(items):
        raise _Bad(f"names one twice: {list(items)!r}")
    return items


def _ranks(value: Any, spec: Spec) -> dict[str, int]:
    ranks = {}
    for name, rank in _expect(value, dict).items():
        if spec.choices and name not in spec.choices:
            raise _Bad(f"{name!r} is not one of {_names(spec.choices)}"
                       f"{suggestion(name, spec.choices)}")
        try:
            ranks[name] = _integer(rank, spec)
        except _Bad as problem:
            raise _Bad(f"{name!r}: {problem}") from None
    return ranks


def _colour(value: Any) -> tuple[int, int, int]:
    channels = _expect(value, list)
    if len(channels) != 3:
        raise _Bad(f"expected [red, green, blue], not {len(channels)} numbers")
    red, green, blue = (_integer(c, COLOUR) for c in channels)
    return red, green, blue


# --- checks across fields ---------------------------------------------------------------


def _checked_weapon(weapon: Weapon, ammo_kinds: set[str], label: str) -> Weapon:
    def fail(key: str, problem: str) -> ContentError:
        return ContentError(f"{entry_where(label, 'weapon', weapon.name)}: field {key!r}: "
                            f"{problem}")

    if weapon.is_missile:
        if not weapon.ammo:
            raise fail("ammo", "a missile weapon needs the kind of ammunition it shoots")
        if weapon.ammo not in ammo_kinds:
            raise fail("ammo", f"no [ammo] entry is of kind {weapon.ammo!r}"
                               f"{suggestion(weapon.ammo, ammo_kinds)}")
        if weapon.range < 1:
            raise fail("range", "a missile weapon needs a range of at least 1 step")
    else:
        if weapon.ammo:
            raise fail("ammo", f"only a missile weapon ({MISSILE!r}) shoots ammunition")
        if weapon.range:
            raise fail("range", "only a missile weapon has a range; use 'thrown_range'")
    if weapon.held == THROWN_ONLY and weapon.thrown_range < 1:
        raise fail("thrown_range", f"a weapon held {THROWN_ONLY!r} needs a throwing range")
    return weapon


def _checked_armour(piece: Armour, label: str) -> Armour:
    def fail(key: str, problem: str) -> ContentError:
        return ContentError(f"{entry_where(label, 'armour', piece.name)}: field {key!r}: "
                            f"{problem}")

    if piece.is_shield != (piece.bash is not None):
        raise fail("bash", "a shield needs its bash dice" if piece.is_shield
                   else "only a shield has bash dice")
    if piece.is_shield != (piece.category == "Shield"):
        raise fail("category", "a shield's category is 'Shield', and only a shield's")
    if piece.defence and not piece.category:
        raise fail("category", "a piece that gives Defence needs the kind it gives")
    return piece


# --- edition data ------------------------------------------------------------------------


SINCE = "since"  # the field of any entry that names the version it came in


def as_of(made_by: str | None, tables: dict[str, Any], label: str) -> None:
    """Each entry's ``since`` checked and taken out of ``tables`` (a file's data, named by
    ``label``), and the entries that came in after game version ``made_by`` dropped (None:
    this version, which holds them all): the tables as that version played them."""
    made = version_number(made_by) if made_by is not None else None
    for table, entries in tables.items():
        if not isinstance(entries, dict):
            continue
        for name in list(entries):
            entry = entries[name]
            if not isinstance(entry, dict) or SINCE not in entry:
                continue
            since = entry.pop(SINCE)
            if since not in RELEASES:
                raise ContentError(f"{entry_where(label, table, name)}: field {SINCE!r}: "
                                   f"{_show(since)} is not a version of the game (one of "
                                   f"{_names(RELEASES)})")
            if made is not None and version_number(since) > made:
                del entries[name]


# --- message helpers --------------------------------------------------------------------


def _type(value: Any) -> str:
    return _TOML_TYPES.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    """A value as the TOML file spells it, near enough: ``true``, ``'1x9'``, ``6.6``."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def _names(names: Any) -> str:
    return ", ".join(repr(name) for name in names)


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())
