"""What an overlay changes in the game's tables, entry by entry (``tables --diff DIR``).

Both sides are the tables as laid (``catalog.laid_tables``: this version's editions, then
the overlay), before the loaders turn them into a catalog, so a line names a field as the
overlay's file does: ``creature "kobold" hit_points: 6 -> 8``. An entry the base tables lack
is new, its fields listed as they are given.
"""

from __future__ import annotations

from typing import Any

from .overlay import Overlay


def changes(overlay: Overlay) -> list[str]:
    """One line a field the overlay changes or adds, in the tables' file order."""
    from game import __version__

    from .catalog import laid_tables
    from .editions import PAST, editions

    layers = editions(__version__, PAST)
    before = laid_tables(None, layers, None)
    after = laid_tables(None, (*layers, overlay), None)
    out: list[str] = []
    for file, source in after.items():
        old_tables = before[file].data
        for table, entries in source.data.items():
            old_entries = old_tables.get(table, {})
            if not isinstance(entries, dict):
                continue
            for name, entry in entries.items():
                out += _entry(table, name, old_entries.get(name), entry)
    return out


def _entry(table: str, name: str, old: Any, new: Any) -> list[str]:
    where = f"{table} {_text(name)}"
    if old == new:
        return []
    if old is None:
        fields = ", ".join(f"{k} = {_text(v)}" for k, v in new.items()) \
            if isinstance(new, dict) else _text(new)
        return [f"{where}: new ({fields})"]
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [f"{where}: {_text(old)} -> {_text(new)}"]
    return [f"{where} {field}: {_text(old.get(field, '(not given)'))} -> "
            f"{_text(new.get(field, '(not given)'))}"
            for field in [*old, *(k for k in new if k not in old)]
            if old.get(field) != new.get(field)]


def _text(value: Any) -> str:
    """A value as the TOML files spell it, near enough: strings quoted, lists bracketed."""
    if isinstance(value, str) and value != "(not given)":
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_text(v)}" for k, v in value.items()) + " }"
    return str(value)
