"""Laying overlays over the tables: what an overlay's entry changes, and where.

Each top-level table of an overlay's files belongs to one file of ``assets/`` (``TABLES``):
``[creature."kobold"]`` to ``creatures.toml``, ``[armour."ring"]`` to ``wearables.toml``
(where the ring is) and any other armour to ``armour.toml``. An entry of a name the table
has changes only the fields it gives (a field given is given whole: ``skills = {...}`` is the
new ranks, not ranks added to the old); an entry of a new name is added after the others.
``[appearances]`` gives the word lists it names. Nothing is taken away: to undo a field, give
its default; a field a version gave an entry the older versions had is undone for them by
naming it in the entry's ``unset`` (``unset = ["depth"]`` in ``assets/past/0.4.0/``), so the
tables as they played them hold the entry as it was. The result is, for each table file, a
``loader.Source``: the laid data, checked afterwards by the same loaders as the assets, and
which overlay file gave each entry (so an error about it names that file).

Layers are laid in order; within one overlay the same entry may come from one file only.

Any entry of any table may say the version it came in (``since = "0.4.0"``): the tables as
an older version played them do not hold it (``lay(..., made_by=)``), so a new entry is undone
for the older versions' games by its own data, and never reaches the loaders' checks there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .characters import CHARACTERS_FILE
from .creatures import CREATURES_FILE
from .feuds import FEUDS_FILE
from .heroes import CLASSES_FILE, RACES_FILE
from .loader import (
    ARMOUR_FILE,
    WEAPONS_FILE,
    ContentError,
    Label,
    Source,
    as_of,
    entry_where,
    parse_text,
)
from .magic import CONSUMABLE_KINDS, MAGIC_FILE, SPELLS_FILE, WEARABLES_FILE
from .misc import MISC_FILE
from .overlay import Overlay

TABLES: dict[str, str] = {
    "weapon": WEAPONS_FILE, "ammo": WEAPONS_FILE, "armour": ARMOUR_FILE,
    "creature": CREATURES_FILE, "character": CHARACTERS_FILE, "race": RACES_FILE,
    "class": CLASSES_FILE, "spell": SPELLS_FILE, "feud": FEUDS_FILE, "affix": MAGIC_FILE,
    **{kind: MAGIC_FILE for kind in CONSUMABLE_KINDS}, "appearances": MAGIC_FILE,
    "misc": MISC_FILE,
}
"""Each table an overlay may give, and the file of ``assets/`` that holds it."""

UNSET = "unset"  # an entry's fields to take away (an older version's tables had none)
APPEARANCES = ("appearances", "words")  # how the loader names the [appearances] table


def lay(base: dict[str, tuple[str, dict]], layers: Sequence[Overlay],
        made_by: str | None = None) -> dict[str, Source]:
    """``base`` (each table file's label and data) with ``layers`` laid over it in order,
    as a game made by game version ``made_by`` plays them (None: this version): without the
    entries that came in after it."""
    data = {name: _copy(tables) for name, (_, tables) in base.items()}
    origins: dict[str, dict[tuple[str, str], str]] = {name: {} for name in base}
    for overlay in layers:
        given: dict[tuple[str, str], str] = {}
        for file, text in overlay.files:
            label = overlay.label(file)
            _lay_file(label, parse_text(label, text), data, origins, given)
    for name in base:
        as_of(made_by, data[name], Label(base[name][0], origins[name]))
    return {name: Source(base[name][0], data[name], origins[name]) for name in base}


def _lay_file(label: str, tables: dict[str, Any], data: dict[str, dict],
              origins: dict[str, dict[tuple[str, str], str]],
              given: dict[tuple[str, str], str]) -> None:
    for table, entries in tables.items():
        if table not in TABLES:
            raise ContentError(f"{label}: unknown table {table!r} (an overlay gives "
                               f"{', '.join(repr(t) for t in TABLES)})")
        if not isinstance(entries, dict):
            raise ContentError(f"{label}: {table!r} must be a table of entries, "
                               f"not {type(entries).__name__}")
        if table == "appearances":
            _once(label, APPEARANCES, given)
            data[TABLES[table]].setdefault(table, {}).update(entries)
            origins[TABLES[table]][APPEARANCES] = label
            continue
        for name, entry in entries.items():
            file = _file_of(table, name, data)
            _once(label, (table, name), given)
            held = data[file].setdefault(table, {})
            old = held.get(name)
            held[name] = {**old, **entry} if isinstance(old, dict) and isinstance(entry, dict) \
                else entry
            if isinstance(entry, dict) and UNSET in entry:
                held[name] = _unset(entry_where(label, table, name), held[name])
            origins[file][(table, name)] = label


def _unset(where: str, entry: dict) -> dict:
    """The entry without the fields its ``unset`` names (nor ``unset`` itself)."""
    names = entry[UNSET]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ContentError(f"{where}: field {UNSET!r}: must be an array of field names")
    return {key: value for key, value in entry.items() if key != UNSET and key not in names}


def _file_of(table: str, name: str, data: dict[str, dict]) -> str:
    """The file an entry goes to: armour that the wearables hold goes there."""
    if table == "armour" and name in data.get(WEARABLES_FILE, {}).get("armour", {}):
        return WEARABLES_FILE
    return TABLES[table]


def _once(label: str, key: tuple[str, str], given: dict[tuple[str, str], str]) -> None:
    """An overlay gives each entry in one of its files only (which would win is no rule)."""
    earlier = given.setdefault(key, label)
    if earlier != label:
        where = f"{label}: appearances" if key == APPEARANCES else entry_where(label, *key)
        raise ContentError(f"{where}: also given in {earlier}; an overlay gives each entry "
                           "in one of its files")


def _copy(tables: dict) -> dict:
    """Tables and entries copied, so laying changes no one else's data."""
    return {table: {name: dict(entry) if isinstance(entry, dict) else entry
                    for name, entry in entries.items()} if isinstance(entries, dict)
            else entries for table, entries in tables.items()}
