"""Every table's fields in one list, and of them every field that names something: another
entry (a creature's weapon, a class's spells, a character's race) or a name of the rules (a
weapon's skill, an attack's damage kind, a creature's tags).

A name field is a ``Spec`` with ``choices`` (the names it may take, known when the field is
checked) or ``refers`` (what it names, looked up when the entry is built); either way a name
that names nothing is one ContentError line naming the file, the entry and the field, with a
did-you-mean (``loader.unknown``, ``loader.suggestion``). ``tests/content/test_references.py``
misspells every field of :func:`references` through an overlay, so a name field added to a
table is tried without anyone remembering to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rules.items import Armoury

from .characters import CHARACTERS_FILE, character_specs
from .creatures import ATTACK_FIELDS, CREATURES_FILE, creature_specs
from .feuds import FEUD_FIELDS, FEUDS_FILE
from .heroes import CLASSES_FILE, RACE_SPECS, RACES_FILE, class_specs
from .loader import AMMO_FIELDS, ARMOUR_FIELDS, ARMOUR_FILE, WEAPON_FIELDS, WEAPONS_FILE, Spec
from .magic import (
    AFFIX_FIELDS,
    APPEARANCE_FIELDS,
    CONSUMABLE_FIELDS,
    CONSUMABLE_KINDS,
    MAGIC_FILE,
    SPELL_FIELDS,
    SPELLS_FILE,
    WEARABLES_FILE,
)
from .misc import MISC_FIELDS, MISC_FILE


@dataclass(frozen=True, slots=True)
class Table:
    """The entries ``[what."name"]`` of ``file``, each checked against ``specs``; ``within``
    names the field of the entry whose array of tables these specs check instead (a
    creature's ``attacks``)."""

    file: str
    what: str
    specs: Mapping[str, Spec]
    within: str = ""


def tables(armoury: Armoury, spells: tuple[str, ...] = ()) -> tuple[Table, ...]:
    """Every table a file of ``assets/`` (or an overlay) may give, with its fields."""
    return (
        Table(WEAPONS_FILE, "weapon", WEAPON_FIELDS),
        Table(WEAPONS_FILE, "ammo", AMMO_FIELDS),
        Table(ARMOUR_FILE, "armour", ARMOUR_FIELDS),
        Table(WEARABLES_FILE, "armour", ARMOUR_FIELDS),
        Table(CREATURES_FILE, "creature", creature_specs(armoury)),
        Table(CREATURES_FILE, "creature", ATTACK_FIELDS, within="attacks"),
        Table(CHARACTERS_FILE, "character", character_specs(armoury)),
        Table(RACES_FILE, "race", RACE_SPECS),
        Table(CLASSES_FILE, "class", class_specs(armoury, spells)),
        Table(SPELLS_FILE, "spell", SPELL_FIELDS),
        Table(MAGIC_FILE, "affix", AFFIX_FIELDS),
        *(Table(MAGIC_FILE, kind, CONSUMABLE_FIELDS) for kind in CONSUMABLE_KINDS),
        Table(MAGIC_FILE, "appearances", APPEARANCE_FIELDS),  # one entry, "words"
        Table(FEUDS_FILE, "feud", FEUD_FIELDS),
        Table(MISC_FILE, "misc", MISC_FIELDS),
    )


@dataclass(frozen=True, slots=True)
class Reference:
    """One field that names something."""

    table: Table
    field: str
    spec: Spec

    @property
    def names(self) -> str:
        return self.spec.refers or f"one of {len(self.spec.choices)} names"


def references(armoury: Armoury, spells: tuple[str, ...] = ()) -> tuple[Reference, ...]:
    """Every field of every table that names something (``choices`` or ``refers``)."""
    return tuple(Reference(table, key, spec) for table in tables(armoury, spells)
                 for key, spec in table.specs.items() if spec.choices or spec.refers)
