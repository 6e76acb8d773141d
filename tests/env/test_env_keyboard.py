"""``actions="full"``: every key of the game's key table an action, pressed on the terminal's
own app, menus included; copies taken with screens open step as the original."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from game import env as E
from game.env.keyboard import FULL_KEYS, STAYING
from game.persist.replay import verify
from game.persist.savefile import save
from game.ui.app import GameApp
from game.ui.keys import BINDINGS
from game.world.core.components import Item, Spells
from game.world.game import Game

KEYS = ("tty_chars", "tty_colors", "blstats", "message", "inv_strs")


def full(**kwargs) -> E.DungeonEnv:
    return E.DungeonEnv(actions="full", observation_keys=KEYS, **kwargs)


def press(env, *keys: str):
    answer = None
    for key in keys:
        answer = env.step(FULL_KEYS.index(key))
    return answer


def screen_text(obs) -> str:
    return "\n".join("".join(map(chr, row)) for row in obs["tty_chars"])


def test_every_key_of_the_key_table_is_an_action_with_its_meaning():
    env = full()
    assert {key for b in BINDINGS for key in b.keys} <= set(FULL_KEYS)
    assert {"enter", "escape", " ", "a", "Z", "z"} <= set(FULL_KEYS)
    assert len(set(FULL_KEYS)) == len(FULL_KEYS) == env.action_space.n
    meanings = env.action_meanings()
    assert len(meanings) == env.action_space.n
    assert meanings[FULL_KEYS.index("Z")] == "Z: cast a spell"
    assert meanings[FULL_KEYS.index("k")] == "k: move or attack north"
    assert E.DungeonEnv().action_space.n == 18 == len(E.DungeonEnv().action_meanings())


def test_keys_go_through_the_terminals_own_key_handling(monkeypatch):
    pressed = []
    handle = GameApp.handle_key
    monkeypatch.setattr(GameApp, "handle_key",
                        lambda app, key: pressed.append(key) or handle(app, key))
    env = full()
    env.reset(seed=1)
    press(env, "l", "i", "escape")
    assert pressed == ["l", "i", "escape"]


def test_a_mage_casts_through_the_menus_and_the_episode_verifies(tmp_path):
    env = full(character="human mage")
    env.reset(seed=3)
    book = env.engine.component(env.engine.player, Spells)
    points = book.points
    obs = press(env, "Z")[0]
    assert "Cast which spell?" in screen_text(obs)
    obs, *_ = press(env, chr(ord("a") + book.known.index("magic shield")))
    assert "Cast which spell?" not in screen_text(obs)
    assert book.points < points and "magic shield" in bytes(obs["message"]).decode()
    assert env.engine.actions[-1].tag == "cast"
    assert verify(save(env.engine, tmp_path / "mage.json"))[0] == 0


def test_an_inventory_menu_drinks_what_is_chosen():
    env = full(character="human mage")
    env.reset(seed=3)
    before = len(env.engine.inventory())
    obs = press(env, "q")[0]
    assert "Quaff what?" in screen_text(obs)
    potion = next(i for i in env.engine.inventory() if "potion" in env.engine.item_name(i))
    press(env, env.engine.component(potion, Item).letter)
    assert env.engine.actions[-1].tag == "quaff" and len(env.engine.inventory()) <= before


@pytest.mark.parametrize("keys", [("S",), ("escape", "y")])
def test_leaving_is_answered_not_done(keys):
    env = full()
    env.reset(seed=2)
    obs, _, terminated, truncated, _ = press(env, *keys)
    assert not (terminated or truncated) and len(env.keyboard.app.stack) == 1
    assert STAYING in bytes(obs["message"]).rstrip(b"\0").decode()
    obs = press(env, "l")[0]
    assert env.engine.turn >= 1


FIVE_KINDS = {"k": "kobold", "j": "jackal", "r": "giant rat", "g": "goblin", "b": "cave beetle"}
# five kinds, so the wizard's kill-all says five lines (one line said again counts "(x2)")


def test_more_waits_for_its_key():
    env = full(wizard=True)
    env.begin(Game.scenario("#########\n#@.kjrgb#\n#########", FIVE_KINDS, wizard=True))
    obs = press(env, "ctrl-k")[0]  # the wizard kills all: a line each, more than fit
    assert type(env.keyboard.app.screen).__name__ == "MoreScreen"
    assert "--more--" in screen_text(obs)
    turn = env.engine.turn
    press(env, "l")  # a movement key does not turn the page
    assert env.engine.turn == turn and type(env.keyboard.app.screen).__name__ == "MoreScreen"
    press(env, " ")
    assert len(env.keyboard.app.stack) == 1


def same(a: dict, b: dict) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("where", ["inventory", "cast menu", "aiming", "more"])
def test_a_copy_with_a_screen_open_steps_as_the_original(where):
    env = full(character="human mage", wizard=True)
    env.begin(Game.scenario("##########\n#@....kjr#\n#.gb.....#\n##########", FIVE_KINDS,
                            character="human mage", wizard=True))
    opening = {"inventory": ("i",), "cast menu": ("Z",), "aiming": ("Z", "a"),
               "more": ("ctrl-k",)}[where]
    press(env, *opening)
    assert len(env.keyboard.app.stack) > 1
    other = copy.deepcopy(env)
    assert [type(s) for s in other.keyboard.app.stack] == \
        [type(s) for s in env.keyboard.app.stack]
    later = ["escape", "l", "Z", "a", "l", "enter", "i", "b", "escape", " ", "j", "q"]
    for key in later:
        one, two = press(env, key), press(other, key)
        assert same(one[0], two[0]) and one[1:] == two[1:], key


def test_random_keys_copied_anywhere_step_as_the_original():
    """Random keys open and close every kind of screen; a copy taken after each of many
    steps, open screens or not, goes on exactly as the original went on."""
    env = full(character="human mage", wizard=True)
    env.reset(seed=5, options={"invulnerable": True, "awake": True})
    keys = np.random.default_rng(7).integers(len(FULL_KEYS), size=300).tolist()
    answers, copies, open_screens = [], {}, 0
    for i, key in enumerate(keys):
        answers.append(env.step(key))
        if i % 15 == 14 and i + 15 < len(keys):
            copies[i] = env.clone_state()
            open_screens += len(env.keyboard.app.stack) > 1
    assert open_screens >= 3  # copies with screens open were taken
    for i, state in copies.items():
        env.restore_state(state)
        for j in range(i + 1, i + 16):
            again = env.step(keys[j])
            assert same(again[0], answers[j][0]) and again[1:] == answers[j][1:], (i, j)
