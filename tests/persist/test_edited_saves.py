"""Hand-edited saves, re-signed (the checksum recomputed): refused in one line before anything
runs, or, when self-consistent, shown out of sync; never a crash or a hang."""

from __future__ import annotations

import copy
import json
import shutil

import pytest
import tcod.console
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from persist_helpers import rewrite

from game.persist import savefile
from game.persist.replay import OutOfSync, Seeker, replay, verify
from game.persist.savefile import SaveError, canonical, checksum, continue_game, load
from game.persist.snapshot_check import FIELDS
from game.ui.app import GameApp
from game.ui.replay import ReplayApp
from game.world.core import state
from game.world.core.actions import Impossible, Move


def resealed(path, change):
    """Edit the snapshot and make every hash agree again: what a careful forger does."""
    def edit(data):
        change(data["snapshot"])
        final = savefile.snapshot_hash(data["snapshot"])
        data["final_hash"] = final
        data["checkpoints"][str(len(data["actions"]))] = final
    rewrite(path, edit)


def entity(snapshot, component):
    return next(c for _, c in snapshot["entities"] if component in c)


EDITS = {
    "stance": (lambda s: entity(s, "Stance")["Stance"].__setitem__("name", "Flying"),
               "names 'Flying', which the game does not know"),
    "main hand": (lambda s: entity(s, "Equipment")["Equipment"].__setitem__("main", 9999),
                  "main slot names 9999, which is not an item"),
    "inventory": (lambda s: entity(s, "Inventory")["Inventory"]["items"].append(9998),
                  "inventory names 9998, which is not an item"),
    "inventory not a list": (lambda s: entity(s, "Inventory")["Inventory"].__setitem__(
        "items", 7), "Inventory.items is not a list"),
    "item": (lambda s: entity(s, "Item")["Item"].__setitem__("name", "vorpal spoon"),
             "names 'vorpal spoon', which the game does not know"),
    "colour": (lambda s: entity(s, "Renderable")["Renderable"].__setitem__("colour", []),
               "Renderable.colour should hold 3 entries, not 0"),
    "surrogate": (lambda s: s["log"].append(["\udc80 boo", "info", 1]),
                  "log line holds characters that cannot be shown"),
    "huge time": (lambda s: s.update(now=10**18, turn=10**18),
                  "time should be a whole number from 0 to"),
    "long line": (lambda s: s["log"].append(["x" * 2_000_000, "info", 1]),
                  "log line is longer than 1000 characters"),
    "next id": (lambda s: s.__setitem__("next_id", 10**7),
                "next entity id should be a whole number from 1 to 1000000"),
    "far turn": (lambda s: entity(s, "Creature")["Actor"].__setitem__("next_tick", 0)
                 if s["now"] > 200_000 else s.__setitem__("now", s["now"] + 200_000),
                 "is too far from now"),
}


def _other_item(s) -> int:
    return next(eid for eid, c in s["entities"] if "Item" in c)


def _creature_row(s) -> tuple[int, dict]:
    return next((eid, c) for eid, c in s["entities"] if "Creature" in c)


def _set_foe(s, foe) -> None:
    _creature_row(s)[1]["Creature"]["foe"] = foe(s)


EDITS["foe"] = (lambda s: _set_foe(s, _other_item), "Creature.foe names")

# The character's fields, each past the bound the game can reach (game.persist.snapshot_check)
CHARACTER_EDITS = {
    "level": (lambda s: entity(s, "Hero")["Hero"].update(level=11),
              "Hero.level should be a whole number from 1 to 10, not 11"),
    "rage": (lambda s: entity(s, "Hero")["Hero"].update(rage=11),
             "Hero.rage should be a whole number from 0 to 10, not 11"),
    "tumble": (lambda s: entity(s, "Training")["Training"]["skills"].update(Tumble=11),
               "Training.skills['Tumble'] should be a whole number from 0 to 10, not 11"),
    "stealth points": (lambda s: entity(s, "Training")["Training"]["points"].update(Stealth=100),
                       "should be a whole number from 0 to 99, not 100"),
    "unknown skill": (lambda s: entity(s, "Training")["Training"]["skills"].update(Juggling=1),
                      "names 'Juggling', which the game does not know"),
    "unknown style": (lambda s: entity(s, "Training")["Training"]["styles"].update(Kata=1),
                      "names 'Kata', which the game does not know"),
    "strength": (lambda s: entity(s, "Attributes")["Attributes"].update(strength=99),
                 "Attributes.strength should be a whole number from 1 to 30, not 99"),
    "stamina": (lambda s: entity(s, "Stance")["Stance"].update(max_stamina=99),
                "Stance.max_stamina should be a whole number from 4 to"),
    "stamina above": (lambda s: entity(s, "Stance")["Stance"].update(stamina=15, max_stamina=14),
                      "Stance.stamina (15) is above its max_stamina (14)"),
    "hit points above": (lambda s: entity(s, "Hero")["Health"].update(hp=300),
                         "Health.hp (300) is above its max_hp"),
    "bleeding": (lambda s: entity(s, "Vitals")["Vitals"].update(bleeding=21),
                 "Vitals.bleeding should be a whole number from 0 to 20, not 21"),
    "enchant": (lambda s: entity(s, "Item").__setitem__("Powers", {"enchant": 4}),
                "Powers.enchant should be a whole number from -3 to 3, not 4"),
    "effect": (lambda s: entity(s, "Hero").__setitem__("Effects", {"ticks": {"flying": 3}}),
               "names 'flying', which the game does not know"),
    "foe missing": (lambda s: _set_foe(s, lambda s: 99_999), "names 99999, which is no creature"),
    "foe itself": (lambda s: _set_foe(s, lambda s: _creature_row(s)[0]), "which is no creature"),
    "foe an item": (lambda s: _set_foe(s, _other_item), "which is no creature"),
}


def _refused_in_one_line(tmp_path, sample, change, message: str):
    """The sample edited by ``change`` and re-signed: continuing it is refused in one line
    naming ``message``. Returns the edited file."""
    path = tmp_path / "edited.json"
    shutil.copy(sample, path)
    resealed(path, change)
    with pytest.raises(SaveError, match="snapshot") as refused:
        continue_game(path)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    return path


@pytest.mark.parametrize("name", sorted(CHARACTER_EDITS))
def test_a_character_field_past_its_reach_is_refused_in_one_line(tmp_path, sample, name):
    change, message = CHARACTER_EDITS[name]
    _refused_in_one_line(tmp_path, sample, change, message)


def test_a_foe_that_is_the_player_or_a_creature_loads(tmp_path, sample):
    """The bounds are the game's own: a foe the game makes is not refused."""
    path = tmp_path / "fine.json"
    shutil.copy(sample, path)
    resealed(path, lambda s: _set_foe(s, lambda s: s["player"]))
    continue_game(path).close()


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_re_signed_edit_is_refused_in_one_line_before_anything_runs(tmp_path, sample, name,
                                                                     game_main):
    change, message = EDITS[name]
    path = _refused_in_one_line(tmp_path, sample, change, message)
    run = game_main("play", "--load", str(path))
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1
    assert message in run.stderr


LOG_EDITS = {  # a saved log line's count (its fourth entry) must be a whole number from 1 up
    "count zero": (["There is a wall in the way.", "info", 1, 0], "should be a whole number"),
    "count text": (["There is a wall in the way.", "info", 1, "!"], "not '!'"),
    "count true": (["There is a wall in the way.", "info", 1, True], "not True"),
    "count huge": (["There is a wall in the way.", "info", 1, 10**12], "from 1 to 100000000"),
    "five entries": (["There is a wall in the way.", "info", 1, 2, 3], "[text, tone, turn, c"),
}


@pytest.mark.parametrize("name", sorted(LOG_EDITS))
def test_a_bad_count_in_the_log_is_refused_in_one_line(tmp_path, sample, name):
    line, message = LOG_EDITS[name]
    _refused_in_one_line(tmp_path, sample, lambda s: s["log"].append(line), message)


def _wall_step(engine) -> Move:
    """A step from the player into a wall."""
    pos = engine.position(engine.player)
    return next(Move(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy)
                and not engine.gamemap.walkable.item(pos.x + dx, pos.y + dy))


def test_a_count_spelled_into_an_older_line_is_text_and_the_next_bump_counts_anew(
        tmp_path, sample):
    """An older save folded the count into the text; "(x!)" there once crashed the next wall
    bump, which parsed it back. Now such a line is text, and the bump is a line of its own."""
    path = tmp_path / "count.json"
    shutil.copy(sample, path)
    resealed(path, lambda s: s["log"].append(["There is a wall in the way. (x!)", "info", 1]))
    engine = continue_game(path)
    try:
        step = _wall_step(engine)
        for _ in range(2):
            assert isinstance(engine.submit(step), Impossible)
        old, new = engine.log[-2:]
        assert (old.line, old.count) == ("There is a wall in the way. (x!)", 1)
        assert (new.text, new.count, new.line) == ("There is a wall in the way.", 2,
                                                   "There is a wall in the way. (x2)")
    finally:
        engine.close()


def test_every_component_field_has_a_rule():
    """A new component or field must say what it may hold (game/persist/snapshot_check.py)."""
    fields = {f"{name}.{f}" for name, cls in state.COMPONENTS.items()
              for f in cls.__dataclass_fields__}
    assert sorted(fields - set(FIELDS)) == []


def test_the_replay_viewer_shows_out_of_sync_and_stays_open(tmp_path, sample):
    path = tmp_path / "forged.json"
    shutil.copy(sample, path)

    def forge(data):  # a different action at 150, every hash after it still the old ones
        data["actions"][149] = {"t": "wait"}
    rewrite(path, forge)
    save = load(path)
    with Seeker(save) as seeker:
        app = ReplayApp(seeker)
        for key in ("g", "2", "9", "0", "enter"):
            assert app.handle_key(key) is True
        assert "the recording stops here" in app.broken and seeker.index < 290
        assert app.broken.startswith("out of sync at action")
        app.handle_key(".")
        assert "the recording stops here" in app.note
        console = tcod.console.Console(80, 24, order="F")
        app.draw(console)
        text = "".join(chr(c) for c in console.ch.T.flatten())
        assert "out of sync at action" in text
        app.handle_key(" ")
        app.tick()
        for key in ("g", "1", "0", "enter"):  # back before the break: it plays again
            app.handle_key(key)
        assert seeker.index == 10 and not app.broken


def _mutations():
    """A path into the snapshot and a new value for it."""
    values = st.one_of(st.integers(-2**70, 2**70), st.text(max_size=30), st.booleans(),
                       st.none(), st.lists(st.integers(-5, 5), max_size=3),
                       st.sampled_from(["Flying", "vorpal spoon", "\udc80", "kobold", ""]))
    return st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), values)


def _apply(snapshot, pick):
    """Walk to a random leaf of the snapshot (chosen by the numbers) and replace it."""
    first, second, value = pick
    node = snapshot
    for number in (first, second, first ^ second, first + second):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = keys[number % len(keys)]
        child = node[key]
        if not isinstance(child, dict | list) or not child:
            node[key] = value
            return
        node = child
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if keys:
        node[keys[first % len(keys)]] = value


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(picks=st.lists(_mutations(), min_size=1, max_size=3))
@example(picks=[(255, 25864, [])])  # a depth made a list: the check crashed looking it up
def test_random_re_signed_edits_are_refused_or_played_never_crashed_on(tmp_path_factory,
                                                                      short_sample, picks):
    data = json.loads(short_sample.read_text())
    snapshot = copy.deepcopy(data["snapshot"])
    for pick in picks:
        _apply(snapshot, pick)
    data["snapshot"] = snapshot
    try:
        final = savefile.snapshot_hash(snapshot)
    except (TypeError, ValueError):
        return
    data["final_hash"] = final
    data["checkpoints"][str(len(data["actions"]))] = final
    data["checksum"] = checksum(data)
    path = tmp_path_factory.mktemp("edit") / "edit.json"
    path.write_text(canonical(data) + "\n")
    code, message = verify(path)
    assert code in (0, 1, 2) and "\n" not in message
    try:
        engine = continue_game(path)
    except SaveError as err:
        assert "\n" not in str(err)
        return
    try:
        app = GameApp.from_engine(engine)
        console = tcod.console.Console(80, 24, order="F")
        app.draw(console)
        for key in ("s", "h", "i", "escape", "@", "escape"):
            app.handle_key(key)
            app.draw(console)
    finally:
        engine.close()
    try:
        with replay(load(path)):
            pass
    except OutOfSync:
        pass
