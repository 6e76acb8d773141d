"""Replays from the seed: bot games verify in sync, forgeries do not, seeking lands right."""

from __future__ import annotations

import shutil

import pytest
from persist_helpers import bot_save, rewrite

from game.persist.replay import OutOfSync, Seeker, replay, verify
from game.persist.savefile import load, snapshot_hash

CHARACTERS = ("dwarf warrior", "elf ranger", "human duelist")


@pytest.mark.parametrize("seed", range(8))
def test_bot_games_verify_in_sync(tmp_path, seed):
    path = bot_save(tmp_path / "bot.json", seed, 300, character=CHARACTERS[seed % 3])
    code, message = verify(path)
    assert code == 0, message
    assert message.startswith(f"{path}: in sync")


def forged(sample, tmp_path, change):
    path = tmp_path / "forged.json"
    shutil.copy(sample, path)
    rewrite(path, change)
    return path


def test_a_changed_action_is_caught_at_its_checkpoint(sample, tmp_path):
    def change(data):
        move = next(a for a in data["actions"][60:] if a["t"] == "move")
        move["dx"], move["dy"] = -move["dx"], -move["dy"]

    code, message = verify(forged(sample, tmp_path, change))
    assert code == 1
    assert "out of sync at action" in message and "\n" not in message
    # the tables are those its version played by: what changed is the game, and it says so
    assert "played them, so its play has changed" in message and "Engine.since" in message


def test_an_impossible_action_is_caught_where_it_is(sample, tmp_path):
    def change(data):
        data["actions"][41] = {"t": "descend"}

    code, message = verify(forged(sample, tmp_path, change))
    assert code == 1
    assert "out of sync at action 42: 'descend' was impossible" in message


def test_a_forged_snapshot_is_caught(sample, tmp_path):
    """A consistent forgery: snapshot, final hash, last checkpoint and checksum all redone."""
    def change(data):
        player = data["snapshot"]["player"]
        row = next(r for r in data["snapshot"]["entities"] if r[0] == player)
        row[1]["Health"]["hp"] = row[1]["Health"]["max_hp"] = 300  # within bounds.HEALTH
        final = snapshot_hash(data["snapshot"])
        data["final_hash"] = data["checkpoints"][str(len(data["actions"]))] = final

    code, message = verify(forged(sample, tmp_path, change))
    assert code == 1
    assert "out of sync at action 300" in message


def test_a_forged_log_changes_nothing_that_matters(sample, tmp_path):
    """The message log is display text, outside the state hash: verify does not judge it."""
    def change(data):
        data["snapshot"]["log"].append(["You feel lucky.", "info"])

    assert verify(forged(sample, tmp_path, change))[0] == 0


def test_replay_raises_out_of_sync(sample, tmp_path):
    def change(data):
        data["actions"][9] = {"t": "ascend"}

    with pytest.raises(OutOfSync) as caught:
        replay(forged(sample, tmp_path, change))
    assert caught.value.action == 10


def test_seeking_matches_replaying_from_the_start(sample):
    save = load(sample)
    steps = 0
    with Seeker(save, every=50) as seeker:
        real_step = seeker.step

        def counted():
            nonlocal steps
            steps += 1
            return real_step()

        seeker.step = counted
        for target in (230, 120, 299, 0, 251, 250, 49, 300, 175, 174):
            steps = 0
            before = seeker.index
            engine = seeker.seek(target)
            with replay(save, upto=target) as fresh:
                assert engine.state_hash() == fresh.engine.state_hash(), target
                assert engine.actions == fresh.engine.actions
            if target < before:  # back: from the keyframe at or before, never from 0
                assert steps == target % 50, (before, target, steps)
            else:
                assert steps <= target - before
        assert seeker.restores >= 5


def test_seeking_lands_on_the_recorded_checkpoints(sample):
    save = load(sample)
    with Seeker(save, every=40) as seeker:
        seeker.seek(save.checkpoints and max(save.checkpoints))
        for position, expected in sorted(save.checkpoints.items(), reverse=True):
            assert seeker.seek(position).state_hash() == expected


def test_seek_outside_the_recording(sample):
    with Seeker(load(sample)) as seeker, pytest.raises(ValueError):
        seeker.seek(301)
