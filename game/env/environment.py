"""``DungeonEnv``: one game at a time, actions in and arrays out (``game.env`` registers it).

Made with keyword arguments (``gymnasium.make(ENV_ID, **kwargs)`` passes them on), each checked
(``opts.settings``, ``game/env/options.py``: anything unknown or wrong is one ``ValueError``):

- ``render_mode``: ``"ansi"`` (the level as text), ``"rgb_array"`` (the terminal's screen as
  pixels, through the bundled font) or ``"human"`` (that screen in a window);
- ``character`` and ``auto_pickup``: a new game's, unless a reset's options say otherwise;
- ``task``: what a step is worth (``tasks``; each registered id names one);
- ``observation_keys``: the keys observed (``observations``);
- ``actions``: ``"simple"`` (the 18 of ``actions``) or ``"full"`` (every key of the game's key
  table, ``keyboard``);
- ``penalty_step``, ``penalty_time``: NLE's penalties (``tasks``);
- ``max_episode_steps``: the episode is truncated after this many steps (5,000, as NLE's);
- ``record_dir``: every episode is saved there as a recording (``recorder``);
- ``wizard``: every game a wizard game from its start, and the reset options that are wizard
  commands taken (``options``); without it no game of the env is a wizard game, and no key
  opens wizard mode (``info["wizard"]`` says which).

**terminated** at death, victory, or a task achieved; **truncated** after
``max_episode_steps`` steps. ``reset(seed=...)``: the seed is the game seed itself (a whole
number from 0 to 2**64 - 1, as ``play --seed``); without one, the next seed of this env's own
random generator.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from game.ui import view
from game.world.core import actions as A
from game.world.core.components import Player
from game.world.core.engine import MAP_HEIGHT, MAP_WIDTH
from game.world.game import Game

from . import actions, masks, observations, rewards, screen, tasks
from . import options as opts
from .copies import GameCopy, UiState
from .full_actions import FULL_ACTIONS_VERSION
from .keyboard import FULL_KEYS, MEANINGS, Keyboard, KeyboardCopy
from .recorder import Recorder

MAX_EPISODE_STEPS = opts.MAX_EPISODE_STEPS
GAME_OVER = "The game is over."
WIZARD_ENV = "this env was made with wizard=True: it plays wizard games only"
PLAIN_ENV = "a wizard game: only an env made with wizard=True plays one"


def is_wizard(engine: Game) -> bool:
    """Whether ``engine`` is a wizard game (begun so, or turned so since)."""
    return engine.store.get(engine.player, Player).wizard


@dataclass(slots=True)
class Episode:
    """What the env counts of the episode under way."""

    setup: int = 0  # the recorded wizard commands its reset options made
    opening: str = ""  # the lines the game began with
    steps: int = 0
    kills: int = 0
    deepest: int = 1
    saved: str | None = None  # where its recording was saved (record_dir), once it was


class DungeonEnv(gym.Env):
    """One game at a time; ``engine`` is the game under way (its ``actions`` the recording)."""

    metadata = {"render_modes": list(opts.RENDER_MODES), "render_fps": 10,
                "full_actions_version": FULL_ACTIONS_VERSION}

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        self.settings = opts.settings({"render_mode": render_mode, **kwargs},
                                         tasks=tuple(tasks.TASKS),
                                         keys=observations.KEYS)
        self.render_mode = self.settings.render_mode
        self.full = self.settings.actions == "full"
        self._action_count = len(FULL_KEYS if self.full else actions.ACTIONS)
        self.action_space = spaces.Discrete(self._action_count)
        self.observation_space = observations.space(self.settings.observation_keys)
        self.engine: Game | None = None
        self.episode = Episode()
        self.task = tasks.made(self.settings.task, self.settings.goal)
        self.screen: screen.Screen | None = None  # the terminal's, when something needs it
        self.keyboard: Keyboard | None = None  # the full keyboard's, on that screen
        self.window: screen.Window | screen.Printed | None = None  # "human"'s, once shown
        self._observer = observations.Observer(self.settings.observation_keys)
        self._frame = 0  # counts the observations made: the screen is drawn once for each
        self._said = ""  # the last observation's message, every line of it
        self._draws = (bool(self._observer.screen_keys) or self.full
                       or self.render_mode in ("rgb_array", "human"))
        folder = self.settings.record_dir
        self.recorder = None if folder is None else Recorder(folder)

    # --- the Gymnasium API ----------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        game_seed = opts.seed(seed)
        asked = opts.reset_options(options, self.settings)
        super().reset(seed=game_seed)
        setup = opts.setup_actions(asked)
        if game_seed is None:
            game_seed = int(self.np_random.integers(2**31))
        engine = Game(opts.game_setup(game_seed, asked))
        if self.recorder is None:  # no recording made: no checks of one taken along the way
            engine.checkpoint_every = engine.keyframe_every = 0
        opening = " ".join(message.line for message in engine.log)
        for action in setup:
            result = engine.submit(action)
            if isinstance(result, A.Impossible):
                engine.close()
                raise ValueError(f"reset option refused: {result.reason}")
        return self.begin(engine, Episode(setup=len(setup), opening=opening,
                                          deepest=engine.depth))

    def begin(self, engine: Game, episode: Episode | None = None) -> tuple[dict, dict]:
        """Start an episode on ``engine`` (a game made here by ``reset``, or one made
        elsewhere: a scenario, a loaded save), closing the game before (saved first, where
        the env records): its first observation and info, as ``reset`` gives them, and its
        steps counted from 0 (the env's own time limit, ``max_episode_steps``)."""
        if is_wizard(engine) != self.settings.wizard:
            raise ValueError(WIZARD_ENV if self.settings.wizard else PLAIN_ENV)
        if any(gm.width > MAP_WIDTH or gm.height > MAP_HEIGHT for gm in engine.levels.values()):
            raise ValueError(f"the env observes levels of at most {MAP_WIDTH} x {MAP_HEIGHT}")
        self._leave_episode()
        self._drop_game()
        self.engine = engine
        engine.wizard_barred = None if self.settings.wizard else opts.BARRED
        self.episode = episode or Episode(deepest=engine.depth)
        self.task.begin(engine)
        self._observer.forget()
        if self._draws:
            self.screen = screen.Screen(engine)
            self.keyboard = Keyboard(self.screen) if self.full else None
        obs = self._observation(self.episode.opening)
        self._show()
        return obs, self._info()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        engine = self.engine
        if engine is None:
            raise RuntimeError("call reset() before step()")
        if not (type(action) is int and 0 <= action < self._action_count) \
                and not self.action_space.contains(action):  # a plain int in range: at once
            raise ValueError(f"not an action of this environment: {action!r}")
        return self._stepped(engine, int(action), None)

    def step_game(self, action: A.Action) -> tuple[dict, float, bool, bool, dict]:
        """A step with a game action in place of an env action's index: a recording's, which
        the dataset loader (``game.env.dataset``) replays through the env's own observations
        and rewards, where no simple action may stand for it (a second thing picked up, a
        scroll read). Scored, observed and ended as ``step``; refused, the game's reason is
        the message. The simple actions' env only (the full keyboard's are keys)."""
        engine = self.engine
        if engine is None:
            raise RuntimeError("call reset() before step_game()")
        if self.full or not isinstance(action, A.Action):
            raise ValueError(f"step_game takes a game action on an env of simple actions, "
                             f"not {action!r}{' (this env has the full keyboard)' * self.full}")
        return self._stepped(engine, 0, action)

    def _stepped(self, engine: Game, index: int,
                 game_action: A.Action | None) -> tuple[dict, float, bool, bool, dict]:
        """``step``'s work: action ``index``, or ``game_action`` where one is given."""
        episode = self.episode
        episode.steps += 1
        truncated = episode.steps >= self.settings.max_episode_steps
        if engine.outcome is not None:  # the game is over
            if self.screen is not None:
                self.screen.refuse(GAME_OVER)
            return self._answer(GAME_OVER, 0.0, True, truncated)
        turn = engine.turn
        text, events = self._act(index) if game_action is None else self._perform(game_action)
        kills, lines = rewards.tally(engine.player, events) if events else (0, "")
        if lines:
            text = f"{lines} {text}" if text else lines
        new_depths = engine.depth - episode.deepest
        if new_depths > 0:
            episode.deepest = engine.depth
        else:
            new_depths = 0
        episode.kills += kills
        reward, done = self.task.reward(engine, kills, new_depths)
        settings = self.settings
        if settings.penalty_step and engine.turn == turn:
            reward += settings.penalty_step
        if settings.penalty_time:
            reward += settings.penalty_time * (engine.turn - turn)
        return self._answer(text, reward, done or engine.outcome is not None, truncated)

    def _act(self, index: int) -> tuple[str, tuple]:
        """Do what action ``index`` stands for: what it said, and the events it brought."""
        if self.keyboard is not None:
            return self.keyboard.press(FULL_KEYS[index])
        chosen = actions.game_action(self.engine, index)  # type: ignore[arg-type]  # reset
        shown = self.screen
        if isinstance(chosen, str):  # refused by the env itself: nothing happens
            if shown is not None:
                shown.refuse(chosen)
            return chosen, ()
        return self._perform(chosen)

    def _perform(self, chosen: A.Action) -> tuple[str, tuple]:
        """Submit a game action (on the screen, where there is one, as the UI does)."""
        shown = self.screen
        result = (shown.act(chosen) if shown is not None
                  else self.engine.submit(chosen))  # type: ignore[union-attr]  # reset
        if isinstance(result, A.Impossible):
            return result.reason, ()
        return "", result.events if isinstance(result, A.Done) else ()

    def _answer(self, text: str, reward: float, terminated: bool,
                truncated: bool) -> tuple[dict, float, bool, bool, dict]:
        obs = self._observation(text)
        if self.render_mode == "human":
            self._show()
        info = self._info()
        if (terminated or truncated) and self.recorder is not None \
                and self.episode.saved is None:
            info["recording"] = self._record()
        return obs, reward, terminated, truncated, info

    def _record(self) -> str:
        """Save the episode's recording (once); where."""
        assert self.recorder is not None and self.engine is not None, "recording a game"
        self.episode.saved = str(self.recorder.save(self.engine))
        return self.episode.saved

    def _leave_episode(self) -> None:
        """The episode under way is left: saved, where the env records and it was not."""
        if self.recorder is not None and self.engine is not None and self.episode.saved is None:
            self._record()

    def render(self) -> Any:
        """"ansi": the level as the player sees it, then the stats and the last message;
        "rgb_array": the terminal's screen as an (H, W, 3) uint8 array; "human": that
        screen in a window (shown at every step; this shows it again)."""
        if self.engine is None or self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return self._ansi()
        assert self.screen is not None, "an env that renders the screen has one"
        console = self.screen.draw(self._frame)
        if self.render_mode == "rgb_array":
            return screen.pixels(console)
        self._show()
        return None

    def _ansi(self) -> str:
        engine = self.engine
        assert engine is not None, "call reset() first"
        ch, _ = view.seen_map(engine)
        rows = ["".join(map(chr, ch[:, y])) for y in range(ch.shape[1])]
        figures = self._observer.stats(engine, self.episode)
        stats = "  ".join(f"{n} {v}" for n, v in zip(observations.STATS, figures, strict=True))
        last = engine.log[-1].line if engine.log else ""
        return "\n".join([*rows, stats, last]) + "\n"

    def _show(self) -> None:
        """render_mode "human": the screen in the window, opened at the first frame."""
        if self.render_mode != "human" or self.screen is None:
            return
        if self.window is None:
            self.window = screen.shown(self.metadata["render_fps"])
        self.window.show(self.screen.draw(self._frame))

    def close(self) -> None:
        self._leave_episode()
        self._drop_game()
        if self.window is not None:
            self.window.close()
            self.window = None

    def _drop_game(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None
        self.screen = self.keyboard = None

    # --- copies ---------------------------------------------------------------------------

    def clone_state(self) -> EnvCopy:
        """The env as it stands: its game, the episode's counts, the task's, the random
        generator, the screen's own state. Cheap (the game's snapshot and its levels'
        terrain, no level generated again); ``restore_state`` makes it again, here or in
        another env made with the same keyword arguments, as often as wanted."""
        engine = self.engine
        if engine is None:
            raise RuntimeError("call reset() before clone_state()")
        keys = None if self.keyboard is None else self.keyboard.copy()
        if keys is not None and keys.game is not None:  # screens open: as they began
            game, ui = keys.game, keys.ui
        else:
            game = GameCopy.of(engine)
            ui = None if self.screen is None else self.screen.ui_state()
        return EnvCopy(self.settings, game, dataclasses.replace(self.episode),
                       copy.deepcopy(self.task), copy.deepcopy(self._np_random), ui, keys)

    def restore_state(self, state: EnvCopy) -> None:
        """Go back (or over) to ``state`` (from ``clone_state``): from here the env steps
        exactly as the env it was taken from stepped from there."""
        if not isinstance(state, EnvCopy):
            raise ValueError(f"not a state from clone_state(): {type(state).__name__}")
        if state.settings != self.settings:
            raise ValueError("that state is of an env made with other keyword arguments")
        self._drop_game()
        engine = state.game.made()
        engine.wizard_barred = None if self.settings.wizard else opts.BARRED
        self.engine = engine
        self.episode = dataclasses.replace(state.episode)
        self.task = copy.deepcopy(state.task)
        self._np_random = copy.deepcopy(state.rng)
        self._observer.forget()
        if self._draws:
            self.screen = screen.Screen(engine, state.ui)
        if self.full:
            assert self.screen is not None and state.keys is not None, "a keyboard's copy"
            self.keyboard = Keyboard(self.screen)
            self.keyboard.again(state.keys)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied as its ``clone_state()`` (a window is not: a copy opens
        its own)."""
        kept = {k: v for k, v in self.__dict__.items() if k not in _LIVE}
        kept["_copy"] = None if self.engine is None else self.clone_state()
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        made = kept.pop("_copy")
        self.__dict__.update(kept)
        self.engine, self.screen, self.keyboard, self.window = None, None, None, None
        self._observer = observations.Observer(self.settings.observation_keys)
        if made is not None:
            self.restore_state(made)

    # --- actions --------------------------------------------------------------------------

    def action_meanings(self) -> tuple[str, ...]:
        """What each action is, by its index: the simple actions' names, or each key of the
        full keyboard with what the key table says it does."""
        return MEANINGS if self.full else actions.ACTIONS

    def action_masks(self) -> np.ndarray:
        """sb3-contrib's ``MaskablePPO`` convention: one bool for each action, true where it
        would pass game time or change what is shown, as the game answers it on a copy
        (``masks``). The simple actions only."""
        if self.full:
            raise ValueError("action masks are the simple actions': this env has the full "
                             "keyboard")
        if self.engine is None:
            raise RuntimeError("call reset() before action_masks()")
        return masks.simple_masks(self.engine, self.episode)

    def game_action(self, index: int) -> A.Action | str:
        """The game action a simple env action stands for now, or why there is none."""
        assert self.engine is not None, "call reset() first"
        if self.full:
            raise ValueError("the full keyboard's actions are keys: FULL_KEYS[index]")
        return actions.game_action(self.engine, index)

    # --- observations ---------------------------------------------------------------------

    def _observation(self, text: str) -> dict:
        engine = self.engine
        assert engine is not None, "call reset() first"
        self._frame += 1
        self._said = text
        return self._observer.observe(engine, text, self.episode, self.screen,
                                      self._frame)

    def _info(self) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None, "call reset() first"
        return {"seed": engine.seed, "depth": engine.depth, "turn": engine.turn,
                "outcome": engine.outcome,
                "actions": len(engine.actions) - self.episode.setup,
                "wizard": is_wizard(engine), "message": self._said,
                "message_cut": observations.cut(self._said)}


@dataclass(frozen=True, slots=True)
class EnvCopy:
    """An env as it stood (``DungeonEnv.clone_state``): opaque, never changed."""

    settings: opts.Settings
    game: GameCopy
    episode: Episode
    task: tasks.Task
    rng: Any  # the env's numpy Generator (Gymnasium's np_random), or None before any
    ui: UiState | None
    keys: KeyboardCopy | None  # the full keyboard's open screens


_LIVE = ("engine", "screen", "keyboard", "window", "_observer")  # made again, never pickled
