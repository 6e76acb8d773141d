"""Gymnasium's checker with its defaults on a machine without a display, the observation
space's key order, and a message that keeps every line (issue 36)."""

from __future__ import annotations

import re
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import game.env as E
from game.env.keyboard import FULL_KEYS
from game.env.observations import MESSAGE_BYTES, words_within
from game.world.game import Game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "env.md"


@pytest.fixture
def no_display(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("env_id", sorted(E.IDS))
def test_the_checker_with_its_defaults_passes_without_a_display(env_id, no_display, capsys):
    """Its render check makes each render mode, "human" too: with no display, "human" prints
    the screen as text (a frame shown, nothing refused)."""
    made = gym.make(env_id)
    check_env(made.unwrapped)
    made.close()
    printed = capsys.readouterr().out
    assert "You enter the dungeon." in printed  # the opening, on the human mode's screen


def test_human_without_a_display_prints_each_frame(no_display, capsys):
    env = E.DungeonEnv(render_mode="human")
    env.reset(seed=3)
    env.step(E.ACTIONS.index("wait"))
    frames = capsys.readouterr().out
    assert frames.count("You enter the dungeon.") == 2  # the reset's frame and the step's
    assert type(env.window).__name__ == "Printed"
    env.close()


def docs_keys() -> list[str]:
    """The observation keys as docs/env.md's table lists them, in its order."""
    section = DOCS.read_text().split("## Observations", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(\w+)` \|", section, flags=re.M)


def test_the_spaces_keys_are_in_the_docs_order_and_the_order_asked_for():
    assert docs_keys() == list(E.KEYS)
    assert list(E.DungeonEnv(observation_keys=E.KEYS).observation_space.spaces) == list(E.KEYS)
    asked = ("stats", "tty_chars", "glyphs", "message")
    env = E.DungeonEnv(observation_keys=asked)
    obs, _ = env.reset(seed=1)
    assert list(env.observation_space.spaces) == list(asked) == list(obs)
    assert list(env.observation_space.sample()) == list(asked)
    env.close()


CROWD = "###########\n#kjrgbkjrg#\n#bkjr@gbkj#\n#rgbkjrgbk#\n###########"  # all in view
KINDS = {"k": "kobold", "j": "jackal", "r": "giant rat", "g": "goblin", "b": "cave beetle"}


def test_a_busy_step_keeps_every_line_in_info_and_says_the_message_was_cut():
    env = E.DungeonEnv(actions="full", wizard=True)
    env.begin(Game.scenario(CROWD, KINDS, wizard=True))
    obs, *_, info = env.step(FULL_KEYS.index("ctrl-k"))  # twenty deaths in one step
    text = info["message"]
    assert text.count("dies") + text.count("killed") >= 20 and len(text.encode()) > 256
    assert info["message_cut"] is True
    held = bytes(obs["message"]).rstrip(b"\0").decode()
    assert 0 < len(held.encode()) <= MESSAGE_BYTES
    assert text.startswith(held) and text[len(held)] == " "  # whole words, none cut
    _, *_, info = env.step(FULL_KEYS.index(" "))
    assert info["message_cut"] is False
    env.close()


def test_a_message_is_cut_between_words_and_never_inside_a_character():
    assert words_within("abc def", 5) == b"abc"
    assert words_within("abc def", 7) == b"abc def"
    assert words_within("abc defg hi", 8) == b"abc defg"  # the space after the limit ends it
    assert words_within("é" * 10, 5) == "é".encode() * 2  # one long word: whole characters
    np.testing.assert_array_equal(np.frombuffer(words_within("x " * 200, 256), np.uint8)[-1:],
                                  [ord("x")])
