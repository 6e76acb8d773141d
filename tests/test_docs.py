"""The project's documents stand alone: nothing points outside the repository."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_no_document_points_at_files_a_clone_does_not_have(doc):
    text = doc.read_text()
    assert "shared/" not in text and "../" not in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith(("http://", "https://")):
            assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"


def test_the_rules_are_told_in_the_projects_own_words():
    combat = (ROOT / "docs" / "combat.md").read_text()
    for rule in ("two twelve-sided dice", "Defence", "Protection", "critical", "bleed"):
        assert rule in combat
