"""The observation keys to choose: each inside its exact space, each what the player sees, and
a key not asked for costing nothing."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.console

from game import env as E
from game.env import observations
from game.ui.app import GameApp
from game.ui.inventory import inventory_screen
from game.ui.screen import Session
from game.world.core.components import Health, Hero, Vitals
from game.world.game import Game
from game.world.play import progress


def text(row: np.ndarray) -> str:
    return bytes(row).rstrip(b"\0").decode()


def test_every_key_stays_inside_its_exact_space_over_play():
    env = E.DungeonEnv(observation_keys=E.KEYS, character="human mage", wizard=True)
    obs, _ = env.reset(seed=3, options={"depth": 3, "awake": True, "invulnerable": True})
    assert list(obs) == list(E.KEYS)
    rng = np.random.default_rng(0)
    for _ in range(150):
        for key, value in obs.items():
            assert env.observation_space[key].contains(value), key
        obs = env.step(int(rng.integers(18)))[0]
    env.close()


@pytest.mark.parametrize("keys", [E.DEFAULT_KEYS, E.KEYS], ids=["default", "every key"])
def test_each_observation_has_arrays_of_its_own(keys):
    """No two calls share an array (Gymnasium's checker asks it: users keep what they are
    handed), a step refused included: writing to one changes no other, before or after."""
    env = E.DungeonEnv(observation_keys=keys)
    first, _ = env.reset(seed=2)
    kept = {key: value.copy() for key, value in first.items()}
    again = env.step(E.ACTIONS.index("up"))[0]  # refused: the way out asks for the amulet
    waited = env.step(E.ACTIONS.index("wait"))[0]
    assert again["stats"][17] == 0 and waited["stats"][17] == 1
    for key in keys:
        assert first[key] is not again[key] and not np.shares_memory(first[key], again[key])
        assert first[key].flags.writeable
        first[key].flat[0] += 1
    later = env.step(E.ACTIONS.index("up"))[0]
    for key in keys:
        assert np.array_equal(later[key], waited[key]) or key in ("message", "tty_chars",
                                                                  "tty_colors", "stats")
        assert np.array_equal(again[key], kept[key]) or key in ("message", "tty_chars",
                                                                "tty_colors")
    env.close()


def test_keys_come_in_the_order_asked_and_only_those():
    env = E.DungeonEnv(observation_keys=("message", "blstats"))
    obs, _ = env.reset(seed=1)
    assert list(obs) == ["message", "blstats"] and set(env.observation_space) == set(obs)
    env.close()


def test_keys_not_asked_for_cost_nothing(monkeypatch):
    """No screen is made, no inventory listed, no spell looked at for the default keys."""
    def never(*args):
        raise AssertionError("worked out for a key not asked for")

    for name in ("_inventory", "_spells", "_blstats"):
        monkeypatch.setattr(observations, name, never)
    monkeypatch.setattr(observations.Screen, "tty", never)
    env = E.DungeonEnv()
    env.reset(seed=2)
    for action in range(len(E.ACTIONS)):
        env.step(action)
    assert env.screen is None
    env.close()


def test_the_stats_are_blstats_first_fields():
    env = E.DungeonEnv(observation_keys=("stats", "blstats"))
    obs, _ = env.reset(seed=5)
    assert (obs["blstats"][:len(E.STATS)] == obs["stats"]).all()
    env.close()


def test_blstats_names_level_experience_spell_points_and_conditions():
    env = E.DungeonEnv(observation_keys=("blstats",), character="human mage")
    env.reset(seed=3)
    engine, me = env.engine, env.engine.player
    engine.component(me, Vitals).bleeding = 5
    engine.component(me, Vitals).poison = 2
    engine.component(me, Hero).xp = 12  # past level 2's 10
    obs = env.step(E.ACTIONS.index("wait"))[0]
    stat = dict(zip(E.BLSTATS, obs["blstats"].tolist(), strict=True))
    bits = {E.CONDITIONS[i] for i in range(len(E.CONDITIONS)) if stat["condition"] >> i & 1}
    assert {"bleeding", "poisoned"} <= bits and "raging" not in bits
    assert stat["experience"] == 12 and stat["max_spell_points"] > 0
    assert stat["time"] == engine.now and stat["level"] == engine.component(me, Hero).level
    level = stat["level"]  # the game's own step (0.3.0's: 12 x L x (L - 1)), not 0.2.0's
    following = progress.xp_for_level(engine, level + 1)
    assert stat["next_level"] == following == 12 * (level + 1) * level
    env.close()


def test_the_inventory_is_what_its_screen_lists_unknown_magic_unknown():
    env = E.DungeonEnv(observation_keys=("inv_letters", "inv_strs"))
    env.begin(Game.scenario("#####\n#@!.#\n#####", {"!": "potion of speed"}))
    env.step(E.ACTIONS.index("east"))
    obs = env.step(E.ACTIONS.index("pickup"))[0]
    assert env.screen is None  # this env draws no screen: the lines are the screen's words
    shown = [(e.key, e.label) for e in inventory_screen(Session(env.engine)).entries]
    rows = [(chr(letter), text(line)) for letter, line in zip(obs["inv_letters"],
                                                             obs["inv_strs"], strict=True)
            if letter]
    assert rows == shown and len(rows) == len(env.engine.inventory())
    potion = next(label for _, label in rows if "potion" in label)
    assert "speed" not in potion  # not identified: its appearance, as the player sees it
    env.close()


def test_spells_are_as_the_cast_menu_shows_them():
    env = E.DungeonEnv(observation_keys=("spells",), character="human mage")
    obs, _ = env.reset(seed=3)
    names, known = E.spell_names(), env.engine.component(env.engine.player,
                                                         observations.Spells).known
    rows = {name: dict(zip(E.SPELL_COLUMNS, obs["spells"][i].tolist(), strict=True))
            for i, name in enumerate(names)}
    assert known and all(rows[n]["known"] == 1 and rows[n]["menu_row"] == known.index(n) + 1
                         for n in known)
    unknown = [n for n in names if n not in known]
    assert all(rows[n]["known"] == rows[n]["menu_row"] == 0 for n in unknown)
    assert all(0 < r["chance_percent"] <= 100 and r["cost"] > 0 for r in rows.values())
    env.close()


def test_the_tty_is_the_terminals_screen_status_line_included():
    env = E.DungeonEnv(observation_keys=("tty_chars", "tty_colors"))
    env.reset(seed=4)
    obs = env.step(E.ACTIONS.index("wait"))[0]
    lines = ["".join(map(chr, row)) for row in obs["tty_chars"]]
    assert obs["tty_chars"].shape == (24, 80) and obs["tty_colors"].shape == (24, 80, 3)
    assert any("HP " in line and "dwarf warrior" in line for line in lines)
    assert any(line.lstrip().startswith("Depth 1") and "Seed 4" in line for line in lines)
    assert any("@" in line for line in lines[:17])  # the map's part of the screen
    app = GameApp.from_engine(env.engine)  # the terminal's app, as the terminal draws it
    app.session.marker = env.screen.session.marker
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    assert (obs["tty_chars"] == console.ch.T).all()
    assert (console.fg.transpose(1, 0, 2) == obs["tty_colors"]).all()
    env.close()


@pytest.mark.parametrize("key", [k for k in E.KEYS if k not in E.DEFAULT_KEYS])
def test_each_key_alone_is_a_working_env(key):
    env = E.DungeonEnv(observation_keys=(key,))
    obs, _ = env.reset(seed=9)
    assert env.observation_space.contains(obs)
    health = env.engine.component(env.engine.player, Health)
    assert health.hp > 0
    for action in (0, 1, 2, 3, 8):
        assert env.observation_space.contains(env.step(action)[0])
    env.close()


def test_spells_chance_under_tides_is_the_worlds_and_moves_with_wounds():
    """Tides 4 casts by its own roll (wounds, armour, the encounter): the env shows the
    chance the cast menu and the cast itself use, not the manual's 2d12 chance."""
    from game.rules import spells as manual_spells
    from game.world.core.components import Attributes, Health
    from game.world.play import spells as play_spells

    env = E.DungeonEnv(observation_keys=("spells",), character="human mage")
    obs, _ = env.reset(seed=3, options={"rules": "tides"})
    engine, names = env.engine, E.spell_names()
    column = E.SPELL_COLUMNS.index("chance_percent")

    def shown_and_worlds(obs):
        book = engine.catalog.magic.spells
        return ([int(obs["spells"][i][column]) for i in range(len(names))],
                [round(100 * play_spells.cast_chance(engine, engine.player, book[n]))
                 for n in names])

    shown, worlds = shown_and_worlds(obs)
    assert shown == worlds
    will = engine.component(engine.player, Attributes).willpower
    manual = [round(100 * manual_spells.cast_chance(engine.catalog.magic.spells[n], will))
              for n in names]
    assert shown != manual  # the manual's chance is not tides'
    engine.component(engine.player, Health).hp -= 3  # a point a wound lost: harder
    obs, *_ = env.step(E.ACTIONS.index("wait"))
    after, worlds = shown_and_worlds(obs)
    assert after == worlds and after != shown
    env.close()
