"""No door to the wizard: an env game is a wizard game only when the env was made with
``wizard=True``; no key of the full keyboard opens wizard mode otherwise (issue 36)."""

from __future__ import annotations

import numpy as np
import pytest

import game.env as E
from game.env.keyboard import FULL_KEYS
from game.env.options import BARRED
from game.world.core.components import Player
from game.world.game import Game


def full(**kwargs) -> E.DungeonEnv:
    return E.DungeonEnv(actions="full", **kwargs)


def press(env: E.DungeonEnv, keys: list[str]) -> list[dict]:
    infos = []
    for key in keys:
        *_, info = env.step(FULL_KEYS.index(key))
        infos.append(info)
    return infos


def wizard(env: E.DungeonEnv) -> bool:
    engine = env.engine
    return engine.store.get(engine.player, Player).wizard


# the issue's own sequence: enter wizard mode, wish for the amulet, pick it up, go up
ISSUE = ["&", "y", "e", "s", "enter", "ctrl-w", *"amulet of the deep", "enter", "g", "U", "<"]


def test_the_issues_sequence_opens_no_wizard_and_wins_nothing():
    env = full(task="win")
    _, info = env.reset(seed=3)
    assert info["wizard"] is False
    total = 0.0
    for key in ISSUE:
        _, reward, terminated, _, info = env.step(FULL_KEYS.index(key))
        total += reward
        assert info["wizard"] is False and not wizard(env), key
    assert total == 0.0 and env.engine.outcome is None
    assert any(m.line == BARRED for m in env.engine.log)  # the typed "yes" was answered
    assert BARRED == "Wizard mode is not for this game: the env was made without wizard=True."
    # (in those words, as docs/env.md quotes them)
    assert not any(a.tag.startswith("wiz.") for a in env.engine.actions)
    env.close()


def test_ctrl_d_takes_no_one_down():
    env = full()
    env.reset(seed=4)
    press(env, ["ctrl-d", *"6", "enter"])
    assert env.engine.depth == 1 and not wizard(env)
    env.close()


def test_random_keys_over_the_whole_keyboard_never_make_a_wizard_game():
    """A fixed-seed fuzz: keys drawn from the whole keyboard, with the wizard's keys and the
    letters of "yes" drawn often, over several episodes; the game never turns wizard."""
    env = full(character="human mage")
    rng = np.random.default_rng(36)
    hot = [FULL_KEYS.index(k) for k in ("&", "y", "e", "s", "enter", "ctrl-w", "ctrl-d")]
    for episode in range(3):
        env.reset(seed=100 + episode)
        for _ in range(700):
            action = int(rng.choice(hot)) if rng.random() < 0.3 else \
                int(rng.integers(len(FULL_KEYS)))
            *_, terminated, truncated, info = env.step(action)
            assert info["wizard"] is False
            if terminated or truncated:
                break
        assert not wizard(env)
        assert not any(a.tag.startswith("wiz.") for a in env.engine.actions)
    env.close()


def test_a_copy_and_a_restored_state_stay_barred():
    env = full()
    env.reset(seed=5)
    press(env, ["&", "y"])  # a screen open: the copy presses them again
    other = full()
    other.restore_state(env.clone_state())
    press(other, ["e", "s", "enter"])
    assert not wizard(other) and other.engine.wizard_barred == BARRED
    env.close()
    other.close()


def test_a_wizard_env_plays_wizard_games_and_says_so_every_step():
    env = full(wizard=True, task="win")
    _, info = env.reset(seed=3)
    assert info["wizard"] is True and env.engine.setup.wizard
    infos = press(env, ["ctrl-w", *"amulet of the deep", "enter", "g", "U", "<"])
    assert all(info["wizard"] for info in infos)
    assert env.engine.outcome == "won"  # the wizard's keys work where asked for
    env.close()


@pytest.mark.parametrize("options", [{"depth": 2}, {"awake": True}, {"invulnerable": True}])
def test_the_wizards_reset_options_need_a_wizard_env(options):
    env = E.DungeonEnv()
    with pytest.raises(ValueError, match="is a wizard command: only an env made with "
                                         "wizard=True plays wizard games"):
        env.reset(seed=1, options=options)
    env.close()


def test_begin_takes_only_a_game_of_the_envs_kind():
    plain, wizardly = E.DungeonEnv(), E.DungeonEnv(wizard=True)
    with pytest.raises(ValueError, match="a wizard game: only an env made with wizard=True"):
        plain.begin(Game(1, wizard=True))
    with pytest.raises(ValueError, match="plays wizard games only"):
        wizardly.begin(Game(1))
    with pytest.raises(ValueError, match="wizard must be True or False"):
        E.DungeonEnv(wizard="yes")
