"""The Gymnasium environment: Gymnasium's own checker, its options as recorded wizard
commands, episodes that verify, the observation and the reward."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from game import env as E
from game.persist.replay import verify
from game.persist.savefile import save
from game.rules import profiles
from game.world.core import actions as A
from game.world.core.components import Attributes, Equipment, Health, Player, Position
from game.world.game import Game
from game.world.play import fighters


@pytest.fixture
def env():
    made = E.DungeonEnv()
    yield made
    made.close()


def play(env: E.DungeonEnv, steps: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    total = 0.0
    for _ in range(steps):
        _, reward, terminated, _, _ = env.step(int(rng.integers(env.action_space.n)))
        total += reward
        if terminated:
            break
    return total


def test_gymnasium_makes_it_and_its_checker_passes():
    made = gym.make(E.ENV_ID)
    assert made.spec.max_episode_steps is None  # no TimeLimit: the env's own, as NLE's
    assert made.unwrapped.settings.max_episode_steps == E.MAX_EPISODE_STEPS
    assert made.action_space.n == len(E.ACTIONS)
    check_env(made.unwrapped, skip_render_check=True)
    made.close()


def test_render_ansi_draws_the_player():
    made = E.DungeonEnv(render_mode="ansi")
    made.reset(seed=5)
    text = made.render()
    assert "@" in text and "depth 1" in text
    made.close()


def test_same_seed_same_game(env):
    first, _ = env.reset(seed=9)
    play(env, 200, 1)
    again, _ = env.reset(seed=9)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    assert env.engine.seed == 9  # the env's seed is the game's seed


def test_observation_is_what_the_player_sees(env):
    obs, _ = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    stats = dict(zip(E.STATS, obs["stats"].tolist(), strict=True))
    assert obs["glyphs"][stats["y"], stats["x"]] == ord("@")
    assert (obs["colors"][stats["y"], stats["x"]] == 255).all()
    unexplored = ~env.engine.gamemap.explored.T
    assert (obs["glyphs"][unexplored] == ord(" ")).all()
    assert bytes(obs["message"]).rstrip(b"\0").decode().startswith("You enter the dungeon.")
    assert stats["depth"] == 1 and stats["hp"] == stats["max_hp"] > 0


def test_a_refused_action_says_why_and_records_nothing(env):
    env.reset(seed=4)
    obs, reward, terminated, truncated, _ = env.step(E.ACTIONS.index("up"))
    assert bytes(obs["message"]).rstrip(b"\0") == b"You will not leave without the " \
        b"amulet of the deep."
    assert (reward, terminated, truncated, env.engine.actions) == (0.0, False, False, [])


def test_bad_options_are_one_line_errors(env):
    for options, words in (({"speed": 3}, "unknown reset option 'speed'"),
                           ({"depth": 9}, "depth must be"),
                           ({"rules": "chess"}, "unknown rules"),
                           ({"awake": "yes"}, "awake must be"),
                           ({"auto_pickup": 1}, "auto_pickup must be"),
                           ({"character": "wizard of oz"}, "unknown character")):
        with pytest.raises(ValueError, match=words):
            env.reset(seed=1, options=options)


def test_options_are_recorded_wizard_commands_and_the_episode_verifies(tmp_path):
    env = E.DungeonEnv(wizard=True, record_dir=tmp_path / "kept")  # hashes taken as it plays
    env.reset(seed=6, options={"depth": 6, "awake": True, "invulnerable": True})
    engine = env.engine
    assert engine.setup.wizard  # a wizard env's game is one from its start
    assert [a.tag for a in engine.actions] == ["wiz.invulnerable", "wiz.depth", "wiz.wake"]
    assert engine.depth == 6 and engine.component(engine.player, Player).invulnerable
    assert all(c.awake for _, (c, _) in engine.creatures_here())
    play(env, 400, 2)
    assert not engine.over  # invulnerable
    path = save(engine, tmp_path / "env.json")
    code, message = verify(path)
    assert code == 0, message


def test_a_natural_episode_verifies(tmp_path):
    env = E.DungeonEnv(record_dir=tmp_path / "kept")  # a recording's hashes taken as it plays
    env.reset(seed=8, options={"character": "elf ranger"})
    play(env, 300, 3)
    assert env.engine.character == "elf ranger" and len(env.engine.actions) > 100
    assert verify(save(env.engine, tmp_path / "natural.json"))[0] == 0


def test_auto_pickup_is_the_worlds_option_off_unless_asked(tmp_path):
    """The env plays by the world's auto-pickup: off by default (episodes as they always
    were), on when a reset or the make asks; an episode with it saves it and verifies."""
    env = E.DungeonEnv(record_dir=tmp_path / "kept")
    env.reset(seed=8)
    assert env.engine.auto_pickup is False and "auto_pickup" not in env.engine.state()
    env.reset(seed=8, options={"auto_pickup": True})
    assert env.engine.auto_pickup and not env.engine.actions  # a game option, not an action
    play(env, 300, 3)
    assert verify(save(env.engine, tmp_path / "picks.json"))[0] == 0
    made = gym.make(E.ENV_ID, auto_pickup=True)
    try:
        made.reset(seed=2)
        assert made.unwrapped.engine.auto_pickup
        made.reset(seed=2, options={"auto_pickup": False})
        assert made.unwrapped.engine.auto_pickup is False
    finally:
        made.close()


def scenario(env: E.DungeonEnv, picture: str, legend: dict[str, str],
             character: str = "dwarf warrior") -> Game:
    env.begin(Game.scenario(picture, legend, character=character))
    return env.engine


def test_a_kill_is_worth_one(env):
    engine = scenario(env, "#####\n#@k.#\n#####", {"k": "kobold"})
    kobold = next(e for e, _ in engine.creatures_here())
    engine.component(kobold, Health).hp = 1
    rewards = []
    while engine.exists(kobold) and len(rewards) < 50:
        rewards.append(env.step(E.ACTIONS.index("east"))[1])
    assert not engine.exists(kobold)
    assert rewards[-1] == E.KILL_REWARD and sum(rewards[:-1]) == 0
    assert env.step(E.ACTIONS.index("wait"))[4]["outcome"] is None


def test_a_new_depth_is_worth_ten(env):
    engine = scenario(env, "#####\n#@>.#\n#####", {})
    assert env.step(E.ACTIONS.index("east"))[1] == 0
    obs, reward, *_ = env.step(E.ACTIONS.index("down"))
    assert engine.depth == 2 and reward == E.DEPTH_REWARD
    assert obs["stats"][E.STATS.index("deepest")] == 2


def test_death_terminates(env):
    engine = scenario(env, "######\n#@.o.#\n######", {"o": "orc warrior"})
    engine.component(engine.player, Health).hp = 1
    terminated = False
    for _ in range(100):
        _, _, terminated, _, info = env.step(E.ACTIONS.index("wait"))
        if terminated:
            break
    assert terminated and info["outcome"] == "dead"
    again = env.step(E.ACTIONS.index("wait"))
    assert again[2] is True and bytes(again[0]["message"]).startswith(b"The game is over.")


def test_fire_aims_at_the_nearest_creature_in_view(env):
    engine = scenario(env, "##########\n#r.@..k..#\n##########",
                      {"k": "kobold", "r": "giant rat"}, character="elf ranger")
    rat = next(e for e, (c, _) in engine.creatures_here() if c.kind == "giant rat")
    pos = engine.component(rat, Position)
    assert env.game_action(E.ACTIONS.index("fire")) == A.Fire(pos.x, pos.y)
    arrows = engine.item_count(engine.component(engine.player, Equipment).ammo)
    env.step(E.ACTIONS.index("fire"))
    assert engine.item_count(engine.component(engine.player, Equipment).ammo) == arrows - 1


def test_fire_with_nothing_ready_says_so(env):
    engine = scenario(env, "#####\n#@.k#\n#####", {"k": "kobold"})
    assert engine.fighter(engine.player).missile is None  # a dwarf warrior: a sword only
    assert env.game_action(E.ACTIONS.index("fire")) == "You have nothing ready to shoot or throw."
    obs, _, _, _, _ = env.step(E.ACTIONS.index("fire"))
    assert bytes(obs["message"]).startswith(b"You have nothing ready")
    assert engine.actions == []


def test_stance_actions_step_and_stop_at_the_end(env):
    env.reset(seed=1)
    assert env.game_action(E.ACTIONS.index("bold")) == A.SetStance("Aggressive")
    assert env.game_action(E.ACTIONS.index("normal")) == A.SetStance("Normal")
    for _ in range(3):
        env.step(E.ACTIONS.index("careful"))
    assert env.game_action(E.ACTIONS.index("careful")) == "You are already in the Coward stance."


def test_an_episode_under_another_combat_system_verifies(tmp_path):
    env = E.DungeonEnv(record_dir=tmp_path / "kept")
    other = E.RULES[-1]
    assert other != "manual"
    env.reset(seed=12, options={"rules": other})
    play(env, 150, 4)
    assert env.engine.rules == other
    assert verify(save(env.engine, tmp_path / "other.json"))[0] == 0


def fresh_defence(engine: Game) -> tuple[int, int]:
    """Dv and Pv from a Fighter built afresh, no cache on the way."""
    made = profiles.defence(fighters.fighter(engine.store, engine.catalog, engine.player,
                                             known_only=True))
    return made.total(), made.protection


def test_the_stats_defence_is_never_stale(env):
    """The stats' Dv and Pv come from kept Fighters and profiles: each observation's must be
    what a Fighter built afresh gives, over play and after changes made by hand."""
    dv, pv = E.STATS.index("defence"), E.STATS.index("protection")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(150):
        obs, *_ = env.step(int(rng.integers(env.action_space.n)))
        assert (obs["stats"][dv], obs["stats"][pv]) == fresh_defence(env.engine)
    engine, me = env.engine, env.engine.player
    before = obs["stats"][dv]
    engine.component(me, Attributes).dexterity += 8  # a bigger Dexterity part
    obs, *_ = env.step(E.ACTIONS.index("wait"))
    assert obs["stats"][dv] > before and obs["stats"][dv] == fresh_defence(engine)[0]
    worn = obs["stats"][pv]
    assert engine.component(me, Equipment).body is not None and worn > 0  # a leather jerkin
    engine.component(me, Equipment).body = None  # the armour taken off by hand
    obs, *_ = env.step(E.ACTIONS.index("wait"))
    assert obs["stats"][pv] < worn and obs["stats"][pv] == fresh_defence(engine)[1]
