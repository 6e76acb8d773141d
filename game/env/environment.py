"""``DungeonEnv``: one game at a time, actions in and arrays out (``game.env`` registers it)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces

from game.ui import view
from game.world.core import actions as A
from game.world.core import engine as engine_module
from game.world.game import Game

from . import actions, observations, rewards
from .options import setup_actions

MAX_EPISODE_STEPS = 5000


class DungeonEnv(gym.Env):
    """One game at a time; ``engine`` is the game under way (its ``actions`` the recording)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 10}

    def __init__(self, render_mode: str | None = None,
                 character: str = "dwarf warrior", auto_pickup: bool = False) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.default_character = character
        self.default_auto_pickup = auto_pickup
        self.action_space = spaces.Discrete(len(actions.ACTIONS))
        self.observation_space = observations.space()
        self.engine: Game | None = None
        self.kills = self.deepest = 0
        self._observer = observations.Observer()

    # --- the Gymnasium API ----------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """A new game: ``seed`` is the game seed itself (as ``play --seed``); without one,
        the next seed of this env's own random generator."""
        super().reset(seed=seed)
        asked = dict(options or {})
        setup = setup_actions(asked)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        engine = Game(game_seed, asked.get("character", self.default_character),
                      rules=asked.get("rules", engine_module.systems.DEFAULT),
                      auto_pickup=asked.get("auto_pickup", self.default_auto_pickup))
        for action in setup:
            result = engine.submit(action)
            if isinstance(result, A.Impossible):
                engine.close()
                raise ValueError(f"reset option refused: {result.reason}")
        if self.engine is not None:
            self.engine.close()
        self.engine = engine
        self._observer.forget()
        self.kills, self.deepest = 0, engine.depth
        return self._observation(engine.log[-1].line if engine.log else ""), self._info()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self.engine is None:
            raise RuntimeError("call reset() before step()")
        if not (type(action) is int and 0 <= action < len(actions.ACTIONS)) \
                and not self.action_space.contains(action):  # a plain int in range: at once
            raise ValueError(f"not an action of this environment: {action!r}")
        engine = self.engine
        chosen = self.game_action(int(action))
        if isinstance(chosen, str):
            return self._observation(chosen), 0.0, engine.over, False, self._info()
        result = engine.submit(chosen)
        reward, text = 0.0, ""
        if isinstance(result, A.Impossible):
            text = result.reason
        elif isinstance(result, A.Done):
            reward, text = self._score(result.events)
        return self._observation(text), reward, engine.over, False, self._info()

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]  # gymnasium < 1.4
        """"ansi": the level as the player sees it, then the stats and the last message."""
        if self.render_mode != "ansi" or self.engine is None:
            return None
        ch, _ = view.seen_map(self.engine)
        rows = ["".join(map(chr, ch[:, y])) for y in range(ch.shape[1])]
        figures = self._observer.stats(self.engine, self.deepest, self.kills)
        stats = "  ".join(f"{n} {v}" for n, v in zip(observations.STATS, figures, strict=True))
        last = self.engine.log[-1].line if self.engine.log else ""
        return "\n".join([*rows, stats, last]) + "\n"

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    # --- actions --------------------------------------------------------------------------

    def game_action(self, index: int) -> A.Action | str:
        """The game action an env action stands for now, or why there is none."""
        assert self.engine is not None, "call reset() first"
        return actions.game_action(self.engine, index)

    def _score(self, events: tuple) -> tuple[float, str]:
        """The reward for this step's events, and the lines they logged."""
        engine = self.engine
        assert engine is not None, "call reset() first"
        kills, text = rewards.tally(engine.player, events) if events else (0, "")
        self.kills += kills
        new_depths = max(0, engine.depth - self.deepest)
        self.deepest += new_depths
        return rewards.score(kills, new_depths, engine.outcome == "won"), text

    # --- observations ---------------------------------------------------------------------

    def _observation(self, text: str) -> dict:
        assert self.engine is not None, "call reset() first"
        return self._observer.observe(self.engine, text, self.deepest, self.kills)

    def _info(self) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None, "call reset() first"
        return {"seed": engine.seed, "depth": engine.depth, "turn": engine.turn,
                "outcome": engine.outcome, "actions": len(engine.actions)}

