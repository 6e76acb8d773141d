"""``replay SAVE --cast FILE``: the game as an asciicast v2 file. It parses as one (a header
line, then ``[time, "o", text]`` lines, times never going back, no wait past the idle limit),
and played into a terminal of its size (pyte) it shows the game's first screen and its last,
for a recording of every version, at 80x24 or the size asked."""

from __future__ import annotations

import json
from pathlib import Path

import pyte
import pytest
from share_helpers import EARLIER, dead_save, screen_at, share

from game.persist import savefile
from game.rules.stats import STEP_TICKS
from game.share.frames import Pace


def read_cast(path: Path) -> tuple[dict, list[list]]:
    """The header and the events, each line checked to be asciicast v2."""
    header_line, *event_lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(header_line)
    assert header["version"] == 2
    events = [json.loads(line) for line in event_lines]
    for event in events:
        assert len(event) == 3 and event[1] == "o" and isinstance(event[2], str)
        assert isinstance(event[0], int | float) and event[0] >= 0
    times = [e[0] for e in events]
    assert times == sorted(times) and times[0] == 0
    idle = header["idle_time_limit"]
    assert all(b - a <= idle + 1e-9 for a, b in zip(times, times[1:], strict=False))
    return header, events


def played(header: dict, events: list[list], upto: int | None = None) -> list[str]:
    """What a terminal of the header's size shows after the first ``upto`` events."""
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for _, _, text in events[:upto]:
        stream.feed(text)
    return screen.display


def check_first_and_last(path: Path, cast: Path, size=(80, 24)) -> None:
    header, events = read_cast(cast)
    assert (header["width"], header["height"]) == size
    first, _ = screen_at(path, 0, size)
    assert played(header, events, 1) == first
    last, below = screen_at(path, None, size)
    assert played(header, events)[below:] == last[below:]


@pytest.mark.parametrize("version", sorted(EARLIER))
def test_a_recording_of_each_earlier_version_casts_as_it_was_played(version, tmp_path):
    cast = tmp_path / "game.cast"
    assert share(str(EARLIER[version]), "--cast", str(cast)) == 0
    assert savefile.load(EARLIER[version]).game_version == version
    check_first_and_last(EARLIER[version], cast)
    header, events = read_cast(cast)
    assert len(events) >= len(savefile.load(EARLIER[version]).actions) // 2  # a screen each


def test_a_game_that_ended_ends_on_its_end_screen(tmp_path):
    path = dead_save(tmp_path)
    cast = tmp_path / "dead.cast"
    assert share(str(path), "--cast", str(cast)) == 0
    check_first_and_last(path, cast)
    header, events = read_cast(cast)
    shown = "\n".join(played(header, events))
    assert "You die..." in shown and "human rogue" in "\n".join(played(header, events, 1))


def test_the_size_asked(tmp_path):
    cast = tmp_path / "wide.cast"
    assert share(str(EARLIER["0.3.0"]), "--cast", str(cast), "--size", "120x40") == 0
    check_first_and_last(EARLIER["0.3.0"], cast, (120, 40))


def test_the_speed_asked_and_idle_time_capped(tmp_path):
    times = {}
    for speed, idle in (("1", "60"), ("4", "60"), ("1", "0.5")):
        cast = tmp_path / f"{speed}-{idle}.cast"
        assert share(str(EARLIER["0.3.0"]), "--cast", str(cast), "--speed", speed,
                     "--idle", idle) == 0
        header, events = read_cast(cast)
        assert header["idle_time_limit"] == float(idle)
        times[speed, idle] = [e[0] for e in events]
    slow, fast, capped = times["1", "60"], times["4", "60"], times["1", "0.5"]
    assert len(slow) == len(fast) == len(capped)
    assert fast[-2] == pytest.approx(slow[-2] / 4, rel=1e-4)  # the last screen's time
    gaps = [b - a for a, b in zip(slow, slow[1:], strict=False)]
    assert max(gaps) > 0.5  # the game has a long wait (a rest) the cap shortens
    capped_gaps = [b - a for a, b in zip(capped, capped[1:], strict=False)]
    assert max(capped_gaps) == pytest.approx(0.5)
    assert capped[-1] < slow[-1]


def test_a_wait_follows_the_game_clock():
    pace = Pace(speed=1, idle=2)
    assert pace.wait(STEP_TICKS) == 0.25  # a step, four a second
    assert pace.wait(2 * STEP_TICKS) == 0.5
    assert pace.wait(100 * STEP_TICKS) == 2  # a long rest: the idle limit
    assert pace.wait(0) == 0.05  # no game time: shown all the same
    assert Pace(speed=2, idle=2).wait(STEP_TICKS) == 0.125


def test_the_same_recording_makes_the_same_file(tmp_path):
    one, two = tmp_path / "1.cast", tmp_path / "2.cast"
    for cast in (one, two):
        assert share(str(EARLIER["0.1.0"]), "--cast", str(cast)) == 0
    assert one.read_bytes() == two.read_bytes()
