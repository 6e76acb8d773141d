"""The conversion tables of docs/rules.md: every starting character and creature in each
combat system's numbers, made by the systems' own ``numbers`` (a test keeps the page true).

Regenerate with ``python -m game tables --write`` (``game/commands/tables.py``).
"""

from __future__ import annotations

from game.content.catalog import Catalog, load_catalog
from game.rules import profiles, systems

from . import scratch

BEGIN = "<!-- conversion tables: python -m game tables --write -->"
END = "<!-- end of conversion tables -->"


def rows(catalog: Catalog) -> list[tuple[str, profiles.Fighter]]:
    """An ordinary unarmoured fighter, then the starting characters, then the creatures, each
    as play builds it (``scratch.fighter``)."""
    out = [("(ordinary, unarmoured)", profiles.Fighter())]
    out += [(name, scratch.fighter(name, catalog)) for name in catalog.characters]
    out += [(name, scratch.fighter(name, catalog)) for name in catalog.creatures]
    return out


def table(rules: str, catalog: Catalog) -> list[str]:
    system = systems.get(rules)
    lines = [f"### {rules}: {system.SUMMARY}", "",
             "| fighter | " + " | ".join(system.COLUMNS) + " |",
             "|---|" + "---|" * len(system.COLUMNS)]
    for name, fighter in rows(catalog):
        lines.append(f"| {name} | " + " | ".join(system.numbers(fighter).row()) + " |")
    return lines


def markdown(catalog: Catalog | None = None) -> str:
    catalog = catalog or load_catalog()
    parts = [BEGIN]
    for rules in systems.NAMES[1:]:
        parts += ["", *table(rules, catalog)]
    return "\n".join([*parts, "", END])
