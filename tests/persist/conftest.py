"""Fixtures for the save, replay and verify tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from persist_helpers import bot_save


@pytest.fixture(scope="session")
def sample(tmp_path_factory) -> Path:
    """A 300-action bot recording; copy it before changing it."""
    return bot_save(tmp_path_factory.mktemp("sample") / "sample.json", 3, 300)
