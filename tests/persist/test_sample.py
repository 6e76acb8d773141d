"""The sample recording in saves/ (the README shows how to watch it) still replays in sync."""

from pathlib import Path

from game.persist.replay import verify

SAMPLE = Path(__file__).resolve().parents[2] / "saves" / "sample.json"


def test_the_sample_recording_verifies():
    code, message = verify(SAMPLE)
    assert code == 0, message
