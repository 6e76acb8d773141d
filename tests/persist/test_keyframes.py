"""A long recording keeps keyframes (the whole state every ``KEYFRAME_EVERY`` actions) so a
replay's first jump restores the nearest one instead of replaying from the seed."""

from __future__ import annotations

import json
import shutil

import pytest
from persist_helpers import bot_save, rewrite

from game.persist.keyframes import MAX_STATE, pack, unpack
from game.persist.replay import OutOfSync, Seeker, verify
from game.persist.savefile import SaveError, canonical, continue_game, load, save, snapshot_hash
from game.world.core import engine as engine_module

EVERY = 100  # instead of 1,000, to keep the recording short


@pytest.fixture(scope="module")
def long_save(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_module, "KEYFRAME_EVERY", EVERY)
        return bot_save(tmp_path_factory.mktemp("long") / "long.json", 5, 350)


def test_the_save_holds_a_keyframe_at_every_hundredth_action(long_save):
    data = load(long_save)
    assert sorted(data.keyframes) == [100, 200, 300] and len(data.actions) >= 300
    assert all(k in data.checkpoints for k in data.keyframes)


def test_the_first_jump_starts_from_the_nearest_stored_keyframe(long_save):
    data = load(long_save)
    with Seeker(data) as seeker, Seeker(data, every=0) as plain:
        steps = []
        original = seeker.step
        seeker.step = lambda: steps.append(1) or original()
        engine = seeker.seek(250)
        assert (seeker.restores, len(steps)) == (1, 50)
        assert engine.state_hash() == plain.seek(250).state_hash() == data.checkpoints[250]


def test_verify_replays_from_the_seed_whatever_the_keyframes(long_save):
    assert verify(long_save)[0] == 0


def test_a_forged_keyframe_is_caught_when_jumped_to(long_save, tmp_path):
    forged = tmp_path / "forged.json"
    shutil.copy(long_save, forged)

    def more_hp(data):
        frame = json.loads(unpack(data["keyframes"]["200"]))  # a keyframe is written packed
        for _, components in frame["entities"]:
            if "Player" in components:
                components["Health"]["hp"] += 50
                components["Health"]["max_hp"] += 50  # self-consistent: only the hash tells
        data["keyframes"]["200"] = pack(canonical(frame))

    rewrite(forged, more_hp)
    assert verify(forged)[0] == 0  # verify never trusts a keyframe
    with Seeker(load(forged)) as seeker, pytest.raises(OutOfSync, match="keyframe differs"):
        seeker.seek(230)


def test_a_keyframe_off_the_checkpoints_is_refused(long_save, tmp_path):
    odd = tmp_path / "odd.json"
    shutil.copy(long_save, odd)
    rewrite(odd, lambda data: data["keyframes"].update({"123": data["keyframes"]["100"]}))
    with pytest.raises(SaveError, match="keyframe '123' is not at a checkpoint"):
        load(odd)


def test_continuing_and_saving_again_keeps_the_keyframes(long_save, tmp_path):
    engine = continue_game(long_save)
    again = save(engine, tmp_path / "again.json")
    engine.close()
    assert load(again).keyframes == load(long_save).keyframes


def test_a_short_recording_has_no_keyframes_field(sample):
    assert "keyframes" not in sample.read_text()


def test_verify_replays_every_action(long_save, monkeypatch):
    steps = []
    original = Seeker.step
    monkeypatch.setattr(Seeker, "step", lambda self: steps.append(1) or original(self))
    assert verify(long_save)[0] == 0
    assert len(steps) == len(load(long_save).actions)


def test_a_keyframe_is_written_packed_smaller_than_its_text(long_save):
    frames = json.loads(long_save.read_text())["keyframes"]
    for stored in frames.values():
        text = unpack(stored)
        assert json.loads(text)["seed"] == 5 and len(stored) < len(text) * 3 / 4


@pytest.mark.parametrize("form", ["object", "text"])
def test_an_older_save_with_unpacked_keyframes_still_jumps(long_save, tmp_path, form):
    older = tmp_path / "older.json"
    shutil.copy(long_save, older)
    spell = {"object": lambda v: json.loads(unpack(v)), "text": unpack}[form]
    rewrite(older, lambda data: data.__setitem__(
        "keyframes", {k: spell(v) for k, v in data["keyframes"].items()}))
    with Seeker(load(older)) as seeker:
        assert seeker.seek(250).state_hash() == load(long_save).checkpoints[250]
        assert seeker.restores == 1


def test_keyframes_from_older_objects_are_packed_as_they_load(long_save, tmp_path):
    older = tmp_path / "older.json"
    shutil.copy(long_save, older)
    rewrite(older, lambda data: data.__setitem__(
        "keyframes", {k: json.loads(unpack(v)) for k, v in data["keyframes"].items()}))
    assert load(older).keyframes == load(long_save).keyframes


def forge_keyframe(path, change):
    """Edit the keyframe at 200 and make its checkpoint agree: what a careful forger does."""
    def edit(data):
        frame = json.loads(unpack(data["keyframes"]["200"]))
        change(frame)
        data["keyframes"]["200"] = pack(canonical(frame))
        data["checkpoints"]["200"] = snapshot_hash(frame)
    rewrite(path, edit)


def stance(frame):
    return next(c for _, c in frame["entities"] if "Player" in c)["Stance"]


@pytest.mark.parametrize(("change", "words"), [
    (lambda f: stance(f).__setitem__("name", "Flying"), "'Flying', which the game does not"),
    (lambda f: f.__setitem__("seed", 6), "of another game"),
    (lambda f: f.__setitem__("now", -5), "time should be a whole number"),
])
def test_a_resealed_forged_keyframe_is_checked_as_a_snapshot_when_jumped_to(
        long_save, tmp_path, change, words):
    forged = tmp_path / "forged.json"
    shutil.copy(long_save, forged)
    forge_keyframe(forged, change)
    data = load(forged)  # loading parses no keyframe: the forgery shows when it is used
    with Seeker(data) as seeker, pytest.raises(OutOfSync, match=f"keyframe is broken.*{words}"):
        seeker.seek(230)
    with Seeker(data) as seeker:  # the keyframes after it are still good
        assert seeker.seek(300).state_hash() == data.checkpoints[300]


BOMB = pack("{" + " " * (MAX_STATE + 1))  # deflates to a few KB, inflates past the bound


@pytest.mark.parametrize(("stored", "words", "kept"), [
    ("not base64 at all!", "not a packed game state", [100, 300]),
    (pack("[1, 2]")[:-8], "not a packed game state|cut short", [100, 300]),
    (BOMB, "larger than any game state", [100, 300]),
    (pack("[1, 2]"), "not a game state", [100, 200, 300]),  # unpacks: refused when used
])
def test_a_keyframe_that_does_not_unpack_is_refused_when_jumped_to(
        long_save, tmp_path, stored, words, kept):
    bad = tmp_path / "bad.json"
    shutil.copy(long_save, bad)
    rewrite(bad, lambda data: data["keyframes"].__setitem__("200", stored))
    broken = f"keyframe is broken.*({words})"
    with Seeker(load(bad)) as seeker, pytest.raises(OutOfSync, match=broken):
        seeker.seek(230)
    engine = continue_game(bad)  # going on from the save leaves out what does not unpack
    assert sorted(engine.keyframes) == kept
    engine.close()


def test_more_keyframes_than_the_recording_could_hold_are_refused_before_any_unpacks(
        tmp_path, long_save, monkeypatch):
    """Thousands of small strings, each inflating to the one-state cap, would exhaust memory
    together: their number is checked first, in one line."""
    path = tmp_path / "many.json"
    shutil.copy(long_save, path)
    bomb = pack(" " * 1000)

    def many(data):
        count = len(data["actions"])
        for k in range(1, count + 1):
            data["checkpoints"].setdefault(str(k), "0" * 64)
            data["keyframes"][str(k)] = bomb
    rewrite(path, many)
    unpacked = []
    monkeypatch.setattr("game.persist.savefile.unpack", lambda *a: unpacked.append(1))
    with pytest.raises(SaveError, match=r"keyframes: more than a recording of \d+ actions holds"):
        continue_game(path)
    assert unpacked == []


def test_a_game_going_on_unpacks_its_keyframes_up_to_a_total(long_save, monkeypatch):
    from game.persist import savefile

    whole = savefile.engine_keyframes(load(long_save))
    assert sorted(whole) == [100, 200, 300]
    monkeypatch.setattr(savefile, "MAX_TOTAL", len(whole[300]) + len(whole[200]))
    assert sorted(savefile.engine_keyframes(load(long_save))) == [200, 300]
