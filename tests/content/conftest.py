"""The overlay the tests of this folder share."""

from __future__ import annotations

from pathlib import Path

import pytest
from overlay_helpers import TOUGH, write_overlay


@pytest.fixture
def tough(tmp_path) -> Path:
    """An overlay named "tough": the kobold with 8 hit points and a short sword, and a new
    creature, the cave troll, common on depth 1."""
    return write_overlay(tmp_path / "tough", {"creatures.toml": TOUGH})
