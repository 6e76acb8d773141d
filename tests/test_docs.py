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


def test_the_env_page_names_what_the_env_has():
    import gymnasium as gym

    from game import env as E
    from game.env.keyboard import FULL_KEYS

    page = (ROOT / "docs" / "env.md").read_text()
    for key in E.KEYS:
        assert f"| `{key}` |" in page, key
    for env_id in E.IDS:
        assert f"`{env_id}`" in page and env_id in gym.registry
    for word in ("clone_state()", "restore_state(s)", "record_dir", "penalty_step",
                 "penalty_time", "action_meanings()", '"rgb_array"', '"human"',
                 f"{len(FULL_KEYS)} keys", "pip install -e '.[bench]'"):
        assert word in page, word
    for block in re.findall(r"```python\n(.*?)```", page, re.S):
        compile(block, "docs/env.md", "exec")
    assert "docs/env.md" in (ROOT / "README.md").read_text()
