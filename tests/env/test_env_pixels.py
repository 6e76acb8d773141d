"""Pixels: the terminal's screen through the bundled font, as an array or in a window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import numpy as np

from game import env as E
from game.env import screen

ROOT = Path(__file__).resolve().parents[2]


def test_rgb_array_is_the_consoles_cells_through_the_font():
    env = gym.make(E.ENV_ID, render_mode="rgb_array", observation_keys=("tty_chars",))
    obs, _ = env.reset(seed=4)
    frame = env.render()
    tiles = screen.tileset()
    assert (tiles.tile_width, tiles.tile_height) == (14, 24)  # the window front end's font
    assert frame.shape == (24 * 24, 80 * 14, 3) and frame.dtype == np.uint8
    row, column = (int(v[0]) for v in np.nonzero(obs["tty_chars"] == ord("@")))
    cell = frame[row * 24:(row + 1) * 24, column * 14:(column + 1) * 14]
    alpha = tiles.get_tile(ord("@"))[..., 3].astype(int)  # the font's @, smoothed
    assert alpha.any() and (abs(cell.astype(int) - alpha[..., None]) <= 1).all()  # white on black
    blank = frame[: 24, : 14]
    assert obs["tty_chars"][0, 0] == ord(" ") and not blank.any()
    env.close()


def test_every_frame_is_the_frame_after_that_step():
    env = E.DungeonEnv(render_mode="rgb_array")
    env.reset(seed=2)
    first = env.render()
    assert np.array_equal(first, env.render())  # drawn once, the same
    env.step(E.ACTIONS.index("wait"))
    assert not np.array_equal(first, env.render())  # the turn on the status line moved on
    env.close()


def test_what_record_video_asks_of_an_env():
    """gymnasium's RecordVideo (with moviepy) takes ``render()`` after each step of an env
    whose render_mode is rgb_array, at its render_fps."""
    env = gym.make(E.ENV_ID, render_mode="rgb_array")
    assert env.render_mode == "rgb_array" and env.metadata["render_fps"] > 0
    env.reset(seed=1)
    frames = [env.render()]
    for _ in range(3):
        env.step(0)
        frames.append(env.render())
    assert len({f.shape for f in frames}) == 1 and all(f.dtype == np.uint8 for f in frames)
    listed = gym.make(E.ENV_ID, render_mode="rgb_array_list")
    listed.reset(seed=1)
    listed.step(0)
    assert len(listed.render()) == 2
    env.close()
    listed.close()


def test_human_opens_a_window_where_a_display_exists():
    script = ("import game.env\n"
              "env = game.env.DungeonEnv(render_mode='human')\n"
              "env.reset(seed=3)\n"
              "for _ in range(3):\n"
              "    env.step(8)\n"
              "print(env.render(), type(env.window).__name__, env.window.context.sdl_window_p "
              "is not None)\n"
              "env.close()\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["None", "Window", "True"]
