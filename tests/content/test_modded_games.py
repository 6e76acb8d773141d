"""A game played under an overlay: it plays by the overlay's tables, its save carries the
overlay (so it verifies, replays and goes on without the folder), it says it is modded, and
games under different overlays live side by side in one process."""

from __future__ import annotations

import json
import shutil

import pytest
import tcod.console
from overlay_helpers import TOUGH, write_overlay

from game.commands.play import hooks
from game.content.editions import catalog_for
from game.content.overlay import Overlay, read_overlay
from game.persist import savefile, scores
from game.persist.replay import replay
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.morgue import morgue_text
from game.ui.status import status_lines
from game.ui.wizard_fsim import FsimScreen
from game.ui.wizard_odds import odds_lines, odds_screen
from game.wizard import scratch
from game.world.core.components import Creature, Health
from game.world.game import Game

PIC = "#####\n#.@k#\n#####\n"


def kobold_hp(engine: Game) -> int:
    eid = next(e for e, (c, _) in engine.creatures_here() if c.kind == "kobold")
    return engine.store.get(eid, Health).max_hp


def test_a_game_under_the_overlay_plays_by_its_tables(tough):
    overlay = read_overlay(tough)
    modded, plain = Game(1, content=overlay), Game(1)
    try:
        kinds = {c.kind for _, (c, _) in modded.creatures_here()}
        assert "cave troll" in kinds  # the overlay's new kind, common on depth 1
        assert "cave troll" not in {c.kind for _, (c, _) in plain.creatures_here()}
        assert modded.state()["content"] == overlay.digest and "content" not in plain.state()
        assert modded.state_hash() != plain.state_hash()
    finally:
        modded.close()
        plain.close()


def test_games_under_different_overlays_share_one_process(tmp_path, tough):
    other = write_overlay(tmp_path / "other", {"c.toml": '[creature."kobold"]\nhit_points = 9\n'})
    a = Game.scenario(PIC, {"k": "kobold"}, content=read_overlay(tough))
    b = Game.scenario(PIC, {"k": "kobold"}, content=read_overlay(other))
    c = Game.scenario(PIC, {"k": "kobold"})
    try:
        assert (kobold_hp(a), kobold_hp(b), kobold_hp(c)) == (8, 9, 6)
        eid = next(e for e, _ in a.creatures_here())
        assert a.fighter(eid).main_hand.name == "short sword"  # a's own, after b was made
    finally:
        for engine in (a, b, c):
            engine.close()


def bot_save(folder, path, seed=3, actions=40) -> None:
    from game.__main__ import main

    assert main(["bot", "--seed", str(seed), "--turns", str(actions), "--content",
                 str(folder), "--out", str(path)]) == 0


def test_a_modded_save_verifies_replays_and_goes_on_without_its_folder(tmp_path, tough,
                                                                        game_main):
    path = tmp_path / "modded.json"
    bot_save(tough, path)
    shutil.rmtree(tough)
    out = game_main("verify", str(path))
    assert out.returncode == 0 and "in sync" in out.stdout
    assert "under the overlay 'tough'" in out.stdout
    with replay(path) as seeker:
        assert seeker.engine.content is not None and seeker.engine.content.name == "tough"
    engine = savefile.continue_game(path)
    try:
        assert engine.catalog.creatures["kobold"].hit_points == 8
        second = status_lines(engine, 78)[1]
        assert tuple(t for t, _ in second if "MOD" in t) == ("MOD tough", )
    finally:
        engine.close()


def test_a_save_without_an_overlay_holds_nothing_new(tmp_path):
    engine = Game(2)
    try:
        data = savefile.save_data(engine)
    finally:
        engine.close()
    assert set(data) == {"format", "game_version", "seed", "character", "wizard", "actions",
                         "checkpoints", "snapshot", "final_hash", "dead", "checksum"}
    assert "content" not in data["snapshot"]


def edited(path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_an_overlay_edited_inside_a_save_is_caught(tmp_path, tough):
    path = tmp_path / "modded.json"
    bot_save(tough, path, actions=10)
    tougher = TOUGH.replace("hit_points = 8", "hit_points = 80")

    def edit(data):
        data["content"]["files"]["creatures.toml"] = tougher

    edited(path, edit)
    with pytest.raises(savefile.SaveError, match="checksum mismatch"):
        savefile.load(path)

    def sign(data):
        data["checksum"] = savefile.checksum(data)

    edited(path, sign)  # re-signed: the snapshot's digest no longer matches the overlay
    with pytest.raises(savefile.SaveError, match="played under another overlay than the save"):
        savefile.load(path)


def test_an_overlay_inside_a_save_is_checked_as_the_assets_are(tmp_path, tough):
    """A consistent forgery whose overlay is bad: refused in one line when it loads."""
    path = tmp_path / "modded.json"
    bot_save(tough, path, actions=10)

    def forge(data):
        files = {"creatures.toml": TOUGH.replace("hit_points = 8", "hit_points = 0")}
        data["content"]["files"] = files
        snap = data["snapshot"]
        snap["content"] = Overlay("tough", tuple(files.items())).digest
        data["final_hash"] = savefile.snapshot_hash(snap)
        data["checkpoints"][str(len(data["actions"]))] = data["final_hash"]
        data["checksum"] = savefile.checksum(data)

    edited(path, forge)
    with pytest.raises(savefile.SaveError) as caught:
        savefile.load(path)
    assert str(caught.value) == (
        f"{path}: the overlay 'tough' it was played under: tough/creatures.toml: creature "
        "'kobold': field 'hit_points': 0 is below 1 (must be 1 to 150)")


def test_the_wizards_inspector_and_simulator_use_the_games_tables(tough):
    overlay = read_overlay(tough)
    engine = Game.scenario(PIC, {"k": "cave troll"}, content=overlay)
    try:
        eid = next(e for e, _ in engine.creatures_here())
        assert any("cave troll (30 hp)" in line for line in odds_lines(engine, eid))
        assert "overlay 'tough'" in odds_screen(engine, eid, "manual").title
        fsim = FsimScreen(engine, eid, rounds=3)
        assert fsim.done is not None and "overlay 'tough'" in fsim.done.title
        assert fsim.report.tally.fights == 3
    finally:
        engine.close()
    side = scratch.side("kobold", catalog_for(overlay))
    assert side.hp == 8 and side.fighter.main_hand.name == "short sword"


def test_the_morgue_the_scores_and_the_end_screen_say_the_game_was_modded(tmp_path, tough):
    engine = Game.scenario("#####\n#k@k#\n#####\n", {"k": "kobold"},
                           content=read_overlay(tough))
    engine.store.get(engine.player, Health).hp = 1
    app = GameApp.from_engine(engine, **hooks(tmp_path / "hero.json"))
    for _ in range(60):
        if engine.over:
            break
        app.handle_key("s")
    while not isinstance(app.screen, EndScreen):
        app.handle_key(" ")
    assert morgue_text(engine).splitlines()[0] == "dwarf warrior (modded: the overlay 'tough')"
    assert (tmp_path / "hero-morgue.txt").read_text().startswith(
        "dwarf warrior (modded: the overlay 'tough')")
    table = scores.read(tmp_path / "scores.json")
    assert table[0]["content"] == "tough"
    lines = scores.table(table)
    assert lines[1][10] == "M" and lines[-1] == "  M: a modded game, under 'tough'"
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    shown = "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))
    assert "Modded: the overlay 'tough'." in shown


def test_an_unmodded_score_table_still_reads_and_a_creature_stays_its_tables(tmp_path, tough):
    """Rows without the overlay field read as before; a kobold's kind names the overlay's."""
    path = tmp_path / "scores.json"
    scores.record({"score": 100, "character": "dwarf warrior", "seed": 1, "outcome": "dead",
                   "cause": "killed", "depth": 1, "turns": 5, "wizard": False}, path)
    assert "M" not in "".join(scores.table(scores.read(path)))
    engine = Game.scenario(PIC, {"k": "kobold"}, content=read_overlay(tough))
    try:
        eid = next(e for e, _ in engine.creatures_here())
        assert engine.store.get(eid, Creature).kind == "kobold"
        assert engine.catalog.creatures["kobold"].weapon.name == "short sword"
    finally:
        engine.close()


def test_the_env_plays_each_episode_under_the_overlay_it_is_given(tmp_path, tough):
    env_module = pytest.importorskip("game.env")
    overlay = read_overlay(tough)
    env = env_module.DungeonEnv()
    try:
        env.reset(seed=1, options={"content": overlay})
        assert env.engine is not None and env.engine.content == overlay
        savefile.save(env.engine, tmp_path / "episode.json")
        assert savefile.load(tmp_path / "episode.json").content == overlay
        env.reset(seed=1)
        assert env.engine.content is None
        with pytest.raises(ValueError, match="content must be an overlay"):
            env.reset(seed=1, options={"content": str(tough)})
    finally:
        env.close()


def test_a_modded_games_crash_report_keeps_its_overlay(tmp_path, tough):
    engine = Game(4, content=read_overlay(tough))
    try:
        path = savefile.crash_report(engine, RuntimeError("boom"), tmp_path)
    finally:
        engine.close()
    report = savefile.load(path)
    assert report.content is not None and report.content.name == "tough"
    assert report.catalog.creatures["kobold"].hit_points == 8
