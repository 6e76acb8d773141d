"""A recording is read by the game versions that replay it as it was played: this one and
the earlier ones in ``game.persist.versions.EARLIER``. Any other version's is refused in one
line naming both versions (exit 2), never found out of sync."""

from __future__ import annotations

import shutil

import pytest
from persist_helpers import ROOT, bot_save, rewrite

from game import __version__
from game.persist import versions
from game.persist.replay import verify
from game.persist.savefile import SaveError, continue_game, load


def relabelled(tmp_path, sample, version: str):
    """The sample as if made by game ``version``, re-signed (the checksum recomputed)."""
    path = tmp_path / "made-by.json"
    shutil.copy(sample, path)
    rewrite(path, lambda data: data.__setitem__("game_version", version))
    return path


@pytest.mark.parametrize("version", ["9.9.9", "0.2.0-beta", "banana"])
def test_another_version_is_refused_by_verify_in_one_line(tmp_path, sample, game_main,
                                                          version):
    path = relabelled(tmp_path, sample, version)
    run = game_main("verify", str(path))
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1
    assert repr(version) in run.stderr and __version__ in run.stderr
    assert "out of sync" not in run.stderr
    code, message = verify(path)
    assert code == 2 and repr(version) in message and __version__ in message


@pytest.mark.parametrize("command", ["replay", "play"])
def test_the_replay_viewer_and_play_refuse_it_too(tmp_path, sample, game_main, command):
    path = relabelled(tmp_path, sample, "9.9.9")
    run = game_main(*(("replay", str(path)) if command == "replay" else ("play", "--load",
                                                                         str(path))))
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
    assert "'9.9.9'" in run.stderr and __version__ in run.stderr


def test_the_committed_sample_still_verifies():
    code, message = verify(ROOT / "saves" / "sample.json")
    assert code == 0, message


@pytest.mark.parametrize("version", versions.EARLIER)
def test_an_earlier_readable_version_verifies_and_goes_on_from_its_snapshot(tmp_path, version):
    # played as that version plays (0.3.0's tuning changes a bot game of this one)
    path = bot_save(tmp_path / "made-by.json", 3, 300, made_by=version)
    assert verify(path)[0] == 0
    assert load(path).game_version == version
    engine = continue_game(path)
    try:
        assert engine.state_hash() == load(path).final_hash
    finally:
        engine.close()


def test_the_table_holds_earlier_versions_only():
    def number(version: str) -> tuple[int, ...]:
        return tuple(int(part) for part in version.split("."))
    assert all(number(v) < number(__version__) for v in versions.EARLIER)
    assert versions.refusal(__version__) is None


def test_a_refusal_is_a_save_error_naming_the_file(tmp_path, sample):
    path = relabelled(tmp_path, sample, "9.9.9")
    with pytest.raises(SaveError, match=r"made-by\.json: made by game version '9\.9\.9'"):
        load(path)
