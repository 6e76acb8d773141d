"""Recordings cost what they are: a recording without its checkpoint every 50 actions is
refused before anything is replayed (20,000 regenerations without one took 27 s to fail), and
a long recording loads in memory a small multiple of its file (4.4 million waits, 57 MB, took
1.3 GB: a dict for every action). Every recording the game has kept from its versions still
has them."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from game.persist import savefile, streamed
from game.persist.replay import verify
from game.persist.savefile import SaveError, canonical, checksum, load, snapshot_hash
from game.world.core import actions as A
from game.world.game import Game

ROOT = Path(__file__).resolve().parents[2]
KEPT = sorted(p for folder in ("saves", "tests/persist/earlier", "tests/systems",
                               "tests/ui/recordings")
              for p in (ROOT / folder).rglob("*.json") if "scores" not in p.name)


def forged(path: Path, actions: list, checkpoints: dict[str, str] | None) -> Path:
    """A short game's save given ``actions`` and ``checkpoints`` (all but the last, which
    the final hash takes), made self-consistent and sealed, as a careful forger makes it."""
    engine = Game(3)
    engine.submit(A.Wait())
    data = savefile.save_data(engine)
    engine.close()
    data["actions"] = actions
    data["final_hash"] = snapshot_hash(data["snapshot"])
    data["checkpoints"] = {**(checkpoints or {}), str(len(actions)): data["final_hash"]}
    data["checksum"] = checksum(data)
    path.write_text(canonical(data) + "\n")
    return path


def test_a_recording_without_its_checkpoints_is_refused_before_any_replay(tmp_path):
    path = forged(tmp_path / "rests.json", [{"t": "rest"}] * 20_000, None)
    code, said = verify(path)
    assert code == 2 and said == (
        f"{path}: no checkpoint after action 50: a recording holds one every 50 actions "
        "(this one was not made by the game, or was cut)")


def test_one_checkpoint_missing_is_refused_too(tmp_path):
    marks = {str(k): "0" * 64 for k in range(50, 300, 50) if k != 150}
    with pytest.raises(SaveError, match="no checkpoint after action 150"):
        load(forged(tmp_path / "waits.json", [{"t": "wait"}] * 300, marks))


@pytest.mark.parametrize("path", KEPT, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_kept_recording_of_every_version_has_its_checkpoints(path):
    data = json.loads(path.read_text())
    assert set(range(50, len(data["actions"]) + 1, 50)) <= {int(k) for k in data["checkpoints"]}
    assert load(path).game_version == data["game_version"]


def test_a_long_recording_loads_in_a_small_multiple_of_its_file(tmp_path):
    count = 200_000
    marks = {str(k): "0" * 64 for k in range(50, count, 50)}
    path = forged(tmp_path / "waits.json", [{"t": "wait"}, {"t": "move", "dx": 1, "dy": 0}]
                  * (count // 2), marks)
    size = path.stat().st_size
    tracemalloc.start()
    try:
        save = load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(save.actions) == count and save.actions[1] == A.Move(1, 0)
    assert peak < 5 * size, f"{peak / size:.1f} times the file"  # it was 20 times


@pytest.mark.parametrize("text", [
    '{"actions":[],"b":1}',
    '{"actions":[{"t":"wait"},{"t":"wait"},{"t":"say","s":"}"}],"z":[1,{"a":2}]}',
    '{"actions":[{"a":{"b":1}},{"a":{"b":1}},{"a":{"b":2}}]}',
    '{ "actions" : [ {"t" : "wait"} , {"t":"wait"} ] , "x" : 2 }\n',
    '{"actions":[1,"two",[3]],"actions":[4]}',
    '{"b":1,"actions":[{"t":"wait"}]}',
])
def test_the_streamed_reading_is_what_json_reads(text):
    got = streamed.loads(text, parse_constant=float, object_pairs_hook=None)
    assert got == json.loads(text)


@pytest.mark.parametrize("text, error", [
    ('{"actions":[{"t":"wait"} {"t":"wait"}]}', json.JSONDecodeError),
    ('{"actions":[{"t":"wait"}] "x":1}', json.JSONDecodeError),
    ('{"actions":[{"t":"wait"}]}{}', json.JSONDecodeError),
    ('{"actions":[],"actions":[]}', ValueError),
    ('{"actions":[{"t":"wait","t":"rest"}]}', ValueError),
])
def test_the_streamed_reading_refuses_what_json_refuses(text, error):
    def once(pairs):
        if len(dict(pairs)) != len(pairs):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    with pytest.raises(error):
        streamed.loads(text, parse_constant=float, object_pairs_hook=once)


def test_a_replay_keeps_its_states_in_bounded_memory(sample, monkeypatch):
    """Watching a long recording kept a state every 100 actions for ever (4.4 million
    actions: 44,000 of them); past ``KEPT_MOST`` bytes every other one is let go."""
    from game.persist import replay as R

    save = load(sample)
    fresh = Game(save.setup)
    one = len(canonical(fresh.state()))
    fresh.close()
    monkeypatch.setattr(R, "KEPT_MOST", 2 * one)  # room for about two states
    with R.Seeker(save, every=50, saved=False) as seeker, R.replay(save, upto=120) as alone:
        seeker.seek(300)
        assert seeker.kept <= 3 * one and len(seeker.keyframes) <= 4 and seeker.every > 50
        assert seeker.seek(120).state_hash() == alone.engine.state_hash()
