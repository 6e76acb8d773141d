"""docs/rules.md's conversion tables are the systems' own numbers for every fighter."""

from __future__ import annotations

from pathlib import Path

from game.content.catalog import load_catalog
from game.wizard import rules_tables

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_the_tables_in_the_rules_page_are_current():
    text = DOC.read_text()
    assert rules_tables.markdown() in text, (
        "docs/rules.md is out of date: python -m game.wizard.rules_tables")


def test_every_character_and_creature_has_a_row_and_the_ordinary_one_is_ordinary():
    catalog = load_catalog()
    text = rules_tables.markdown(catalog)
    for name in [*catalog.characters, *catalog.creatures]:
        assert text.count(f"| {name} |") == 4
    assert "| (ordinary, unarmoured) | +0 | 0 | 1d3 | 6 | 0 |" in text  # qud: DV 6, AV 0
    assert "| (ordinary, unarmoured) | +0 | 1 | 1d3 | 10 |" in text  # d20: AC 10
    assert "| (ordinary, unarmoured) | 50 | 1d3 | 0 | no | 25 | 0 |" in text  # coc: Dodge 25
    assert "| (ordinary, unarmoured) | 30 | 30 | 1d3 | 30 | 30 | 30 | 0 |" in text  # tides
