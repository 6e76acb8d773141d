"""Fixtures for the save, replay and verify tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from persist_helpers import bot_save


@pytest.fixture(scope="session")
def sample(tmp_path_factory) -> Path:
    """A 300-action bot recording; copy it before changing it."""
    return bot_save(tmp_path_factory.mktemp("sample") / "sample.json", 3, 300)


@pytest.fixture(scope="session")
def short_sample(tmp_path_factory) -> Path:
    """A 60-action bot recording, for property tests that verify it once per example (its
    snapshot holds the same kinds of thing as ``sample``'s)."""
    return bot_save(tmp_path_factory.mktemp("short") / "short.json", 3, 60)
