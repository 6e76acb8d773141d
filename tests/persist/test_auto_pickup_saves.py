"""Auto-pickup is a game option kept in the save: a game played with it saves, verifies, jumps
and goes on with it; a save from before the option (its auto-pickups recorded as PickUp
actions, no option written) loads with it off and replays exactly as it did."""

from __future__ import annotations

import json

import pytest
from persist_helpers import rewrite

from game.persist.replay import Seeker, replay, verify
from game.persist.savefile import SaveError, continue_game, crash_report, load, save
from game.world.core import actions as A
from game.world.core import engine as engine_module
from game.world.game import Game
from game.world.play import autopickup
from game.world.play.bot import Bot


def bot_played(engine: Game, actions: int, after_step=None) -> Game:
    bot = Bot(engine, engine.seed, turns=actions)
    while len(engine.actions) < actions and not engine.over:
        action = bot.next_action()
        result = engine.submit(action)
        if after_step is not None and isinstance(action, A.Move) \
                and isinstance(result, A.Done):
            after_step(engine)
    return engine


def old_ui_pickup(engine: Game) -> None:
    """What the interface did before auto-pickup was the world's: a recorded PickUp for each
    wanted thing on the cell stepped onto."""
    pos = engine.position(engine.player)
    for item in engine.items_at(pos.x, pos.y):
        if engine.over or not autopickup.wanted(engine, item):
            continue
        if not isinstance(engine.submit(A.PickUp(item)), A.Done):
            break


@pytest.fixture(scope="module")
def on_save(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine_module, "KEYFRAME_EVERY", 100)  # a keyframe to jump to
        engine = bot_played(Game(3, auto_pickup=True), 260)
    try:
        return save(engine, tmp_path_factory.mktemp("on") / "on.json")
    finally:
        engine.close()


def test_a_game_with_the_option_saves_it_and_verifies(on_save):
    raw = json.loads(on_save.read_text())
    assert raw["auto_pickup"] is True and raw["snapshot"]["auto_pickup"] is True
    data = load(on_save)
    assert data.auto_pickup and verify(on_save)[0] == 0
    with replay(data) as seeker:
        assert seeker.engine.auto_pickup
    with Seeker(data) as seeker:  # the first jump restores the save's keyframe at 200
        assert seeker.seek(230).auto_pickup and seeker.restores == 1
    continued = continue_game(on_save)
    try:
        assert continued.auto_pickup
    finally:
        continued.close()


def test_a_crash_report_replays_with_the_option(on_save, tmp_path):
    engine = continue_game(on_save)
    try:
        path = crash_report(engine, RuntimeError("boom"), tmp_path)
    finally:
        engine.close()
    assert load(path).auto_pickup and verify(path)[0] == 0


def test_a_save_from_before_the_option_replays_its_pickups_with_it_off(tmp_path):
    engine = bot_played(Game(3), 260, after_step=old_ui_pickup)
    try:
        path = save(engine, tmp_path / "old.json")
    finally:
        engine.close()
    raw = json.loads(path.read_text())
    assert "auto_pickup" not in raw and "auto_pickup" not in raw["snapshot"]
    data = load(path)
    assert sum(a.tag == "pickup" for a in data.actions) >= 3 and not data.auto_pickup
    assert verify(path)[0] == 0
    continued = continue_game(path)
    try:
        assert continued.auto_pickup is False  # the options file cannot change a saved game
    finally:
        continued.close()


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d.pop("auto_pickup"), "another auto-pickup"),
    (lambda d: d["snapshot"].pop("auto_pickup"), "final hash"),  # the option is game state
    (lambda d: d.__setitem__("auto_pickup", 1), "written only when it is true"),
])
def test_the_save_and_its_snapshot_must_agree_on_the_option(on_save, tmp_path, change, says):
    forged = tmp_path / "forged.json"
    forged.write_text(on_save.read_text())
    rewrite(forged, change)
    with pytest.raises(SaveError, match=says):
        load(forged)


def test_the_option_written_false_is_refused(tmp_path):
    engine = Game(4)
    try:
        path = save(engine, tmp_path / "off.json")
    finally:
        engine.close()
    rewrite(path, lambda d: d.__setitem__("auto_pickup", False))
    with pytest.raises(SaveError, match="written only when it is true"):
        load(path)


def test_a_resealed_snapshot_with_a_wrong_option_is_refused(tmp_path):
    """A forger who makes every hash agree again still cannot write anything but true."""
    from game.persist.savefile import snapshot_hash

    engine = Game(4)
    try:
        path = save(engine, tmp_path / "forged.json")
    finally:
        engine.close()

    def forge(data):
        data["snapshot"]["auto_pickup"] = "yes"
        data["final_hash"] = data["checkpoints"]["0"] = snapshot_hash(data["snapshot"])

    rewrite(path, forge)
    with pytest.raises(SaveError, match="auto-pickup should be true when written, not 'yes'"):
        load(path)
