"""A game's setup is one value (``game.world.core.setup.Setup``), and every path a game takes
keeps it whole: a save and its loading, a game going on from its snapshot, a replay from the
seed, a replay's jump to a keyframe (its own or the save's), a crash report, the env's copy and
pickle, and the lab's jobs. Each test walks every field of ``Setup``, so a field that a path
forgets fails here by name. A new field is one edit here: its value in ``ASKED``."""

from __future__ import annotations

import pickle
from dataclasses import MISSING, fields, replace
from pathlib import Path

import pytest

from game.content.overlay import read_overlay
from game.env import DungeonEnv
from game.env.copies import GameCopy
from game.env.options import game_setup
from game.lab.bot_games import GameJob
from game.persist.replay import Seeker, replay
from game.persist.savefile import (
    continue_game,
    crash_report,
    keyframe_state,
    load,
    save,
    save_data,
)
from game.persist.versions import EARLIER
from game.rules import systems
from game.world.core import actions as A
from game.world.core.picture import Picture
from game.world.core.setup import ALWAYS, UNLESS, Setup
from game.world.game import Game

MOD = Path(__file__).resolve().parents[2] / "mods" / "tough-kobolds"

# every field of Setup, at a value that is not its default: a path that drops one shows
ASKED = {
    "seed": 11,
    "character": "elf ranger",
    "wizard": True,
    "rules": "qud",
    "rules_version": systems.FIRST_VERSION,  # qud's newest is later: the first is not the default
    "auto_pickup": True,
    "made_by": EARLIER[-1],
    "content": read_overlay(MOD),
    "level": Picture.of("#######\n#@...>#\n#..!..#\n#######", {"!": "healing potion"}),
}
SETUP = Setup(**ASKED)


def same(got: Setup, path: str) -> None:
    """``got`` is SETUP, field by field (a forgotten field is named)."""
    for f in fields(Setup):
        assert getattr(got, f.name) == getattr(SETUP, f.name), f"{path} forgets {f.name}"
    assert got == SETUP


def test_every_field_is_asked_for_at_a_value_that_is_not_its_default():
    """A new field of Setup fails here until it is given a value above: then every test of
    this file walks it through every path."""
    assert set(ASKED) == {f.name for f in fields(Setup)}
    # and each is written: always (ALWAYS), or when not what its absence stands for (UNLESS)
    assert sorted([*ALWAYS, *UNLESS]) == sorted(f.name for f in fields(Setup))
    for f in fields(Setup):
        if f.default is not MISSING:
            assert replace(SETUP, **{f.name: f.default}) != SETUP, f.name


@pytest.fixture
def game():
    engine = Game(SETUP)
    engine.checkpoint_every, engine.keyframe_every = 2, 4  # a keyframe in a short game
    for _ in range(6):
        assert isinstance(engine.submit(A.Wait()), A.Done)
    yield engine
    engine.close()


def test_a_game_holds_its_setup_and_reads_it_as_it_always_did(game):
    same(game.setup, "Game")
    assert (game.seed, game.character, game.rules, game.rules_version, game.auto_pickup,
            game.made_by, game.content) == (
        SETUP.seed, SETUP.character, SETUP.rules, SETUP.rules_version, SETUP.auto_pickup,
        SETUP.made_by, SETUP.content)
    with pytest.raises(AttributeError):
        game.made_by = "0.1.0"  # read-only: the setup is one value
    assert Game(7).setup == Game(Setup(7)).setup  # the shorthand makes the same setup


def test_the_setup_survives_a_save_and_its_loading(game, tmp_path):
    path = save(game, tmp_path / "game.json")
    loaded = load(path)
    same(loaded.setup, "save -> load")
    going_on = continue_game(path)
    try:
        same(going_on.setup, "continue_game (the snapshot restored)")
    finally:
        going_on.close()
    again = Game.from_state(game.state(), game.setup)
    try:
        same(again.setup, "Game.from_state")
    finally:
        again.close()


def test_the_setup_survives_a_replay_and_its_keyframes(game, tmp_path):
    path = save(game, tmp_path / "game.json")
    data = load(path)
    assert list(data.keyframes) == [4]
    with replay(data) as seeker:  # from the seed
        same(seeker.engine.setup, "replay")
    with Seeker(data) as seeker:  # a jump to the save's own keyframe
        seeker.seek(4)
        assert seeker.restores == 1
        same(seeker.engine.setup, "Seeker (the save's keyframe)")
    with Seeker(data, every=2, saved=False) as seeker:  # back to one the replay kept
        seeker.seek(6)
        seeker.seek(2)
        assert seeker.restores == 1
        same(seeker.engine.setup, "Seeker (its own keyframe)")
    same(Setup.of_state(keyframe_state(data, 4), wizard=True, made_by=SETUP.made_by,
                        content=SETUP.content), "keyframe_state")


def test_the_setup_survives_a_crash_report(game, tmp_path):
    game.pending = A.Wait()
    path = crash_report(game, RuntimeError("boom"), tmp_path)
    same(load(path).setup, "crash_report")


def test_the_setup_survives_the_envs_copies():
    env = DungeonEnv(wizard=True)  # SETUP's game is a wizard's
    try:
        env.begin(Game(SETUP))
        env.step(0)
        copy = env.clone_state()
        env.reset(seed=1)
        env.restore_state(copy)
        assert env.engine is not None
        same(env.engine.setup, "env clone_state/restore_state")
        twin = pickle.loads(pickle.dumps(env))
        try:
            same(twin.engine.setup, "env pickle")
        finally:
            twin.close()
    finally:
        env.close()
    made = GameCopy.of(Game(SETUP)).made()
    try:
        same(made.setup, "GameCopy")
    finally:
        made.close()


def test_the_setup_travels_whole_to_the_labs_jobs():
    job = pickle.loads(pickle.dumps(GameJob(print, SETUP)))
    same(job.setup, "GameJob")


def test_the_envs_reset_options_make_the_setup_fields_they_name():
    asked = {"character": "elf ranger", "rules": "qud", "auto_pickup": True,
             "content": ASKED["content"], "depth": 3, "awake": True, "invulnerable": False}
    assert game_setup(11, asked) == Setup(11, "elf ranger", rules="qud", auto_pickup=True,
                                          content=ASKED["content"])


def test_the_json_is_the_saves_fields_as_they_always_were():
    """A setup at its defaults writes the four fields every save has; each other field only
    when not its default, so older saves read as they did and the state hash is unchanged."""
    plain = Setup(7)
    assert plain.to_json() == {"game_version": plain.made_by, "seed": 7,
                               "character": "dwarf warrior", "wizard": False}
    assert plain.in_state() == {"seed": 7, "character": "dwarf warrior"}
    assert Setup.from_json(plain.to_json()) == plain
    assert set(SETUP.to_json()) == {"game_version", "seed", "character", "wizard", "rules",
                                    "auto_pickup", "content", "level"}  # (rules_version:
    # its rules' first version)
    same(Setup.from_json(SETUP.to_json()), "to_json -> from_json")
    newest = Setup(7, rules="qud")  # a version of its rules but the first is written
    assert newest.to_json()["rules_version"] == newest.in_state()["rules_version"] > 1
    assert Setup.from_json(newest.to_json()) == newest
    engine = Game(SETUP)
    try:
        data = save_data(engine)
        assert {k: data[k] for k in SETUP.to_json()} == SETUP.to_json()
        assert SETUP.differs(data["snapshot"]) is None
    finally:
        engine.close()


@pytest.mark.parametrize(("asked", "says"), [
    ({"seed": -1}, "the seed must be a whole number"),
    ({"seed": True}, "the seed must be a whole number"),
    ({"wizard": 1}, "wizard must be True or False"),
    ({"auto_pickup": "yes"}, "auto_pickup must be True or False"),
    ({"rules": "chess"}, "unknown rules 'chess'"),
    ({"rules": "qud", "rules_version": 99}, "the qud rules have versions 1 to"),
    ({"made_by": 3}, "made_by must be a game version"),
    ({"content": "mods/tough-kobolds"}, "content must be an overlay"),
])
def test_a_setup_out_of_range_is_one_line(asked, says):
    with pytest.raises(ValueError, match=says):
        Setup(**{"seed": 0, **asked})


def test_a_state_of_another_setup_is_refused(game):
    for name, other in (("seed", 12), ("rules", "manual"), ("auto_pickup", False),
                        ("content", None)):
        with pytest.raises(ValueError, match="bad game state: it (is of another game|was "
                                             "played)"):
            Game.from_state(game.state(), replace(SETUP, **{name: other}))
