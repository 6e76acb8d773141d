"""Recordings made by game 0.2.0 (bot games under every system, with missiles, spells,
auto-pickup, deep levels) verify and go on as 0.2.0 played: every change of play since is
asked for by ``Engine.since`` and kept away from them. ``earlier/make_recordings.txt`` is the
script that made them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import version_number
from game.persist import savefile
from game.persist.replay import verify

EARLIER = Path(__file__).parent / "earlier"
RECORDINGS = sorted(EARLIER.glob("*.json"))


def test_the_recordings_are_there():
    assert len(RECORDINGS) == 7


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.stem)
def test_a_0_2_0_recording_verifies_and_goes_on_as_0_2_0(path):
    code, message = verify(path)
    assert code == 0, message
    game = savefile.continue_game(path)
    try:
        assert game.made_by == "0.2.0"
        assert game.since("0.2.0") and not game.since("0.3.0")
    finally:
        game.close()


def test_versions_compare_as_numbers():
    assert version_number("0.10.0") > version_number("0.9.0") > version_number("0.2.0")


HELD = sorted({*Path(__file__).parents[2].glob("tests/**/*.json"),
               *Path(__file__).parents[2].glob("saves/*.json")} - set(RECORDINGS))


@pytest.mark.parametrize("path", HELD, ids=lambda p: p.name)
def test_every_other_recording_the_repository_holds_verifies(path):
    """A recording made while a version was being written (a test's scene) is made again
    when that version's play changes: none is left out of sync."""
    code, message = verify(path)
    assert code == 0, message
