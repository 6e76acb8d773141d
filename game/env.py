"""The game as a Gymnasium environment: a front end for bots, actions in and arrays out.

Importing this module registers ``game/Dungeon-v0``::

    import gymnasium, game.env
    env = gymnasium.make("game/Dungeon-v0")
    obs, info = env.reset(seed=42, options={"depth": 6, "awake": True, "invulnerable": True})
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

The shape follows the NetHack Learning Environment's.

- **Actions** (``Discrete(len(ACTIONS))``, named in ``ACTIONS``): a step or bump attack in each
  of eight directions, wait, rest, pick up the first thing here, the stairs down and up, fire
  (or throw) at the nearest creature in view, drink a healing potion, and the stance one step
  more careful, one step bolder, or back to Normal. An action the game refuses takes no game
  time; the message says why.
- **Observation** (a ``Dict`` of numpy arrays): ``glyphs`` (40 x 80 character codes, rows
  first) and ``colors`` (40 x 80 x 3 RGB) of the level as the player sees it (unexplored cells
  blank, remembered ones dim, creatures only in view); ``stats`` (int32, named in ``STATS``);
  ``message``: every line this step logged, joined by spaces, as UTF-8 bytes padded with zeros
  to 256.
- **Reward**: +1 for each creature that dies in a step in which the player struck it, +10 for
  each depth reached deeper than any before in this episode (the starting depth counts as
  reached), +100 for escaping with the amulet.
- **terminated** at death or victory; **truncated** after ``MAX_EPISODE_STEPS`` steps (the
  registration's time limit, as NLE's).
- **reset options**: ``character`` (a starting character's name), ``rules`` (the combat
  system: one of ``RULES``, "manual" by default), ``auto_pickup`` (the game option: a step
  picks up potions, scrolls and the player's own shot or thrown missiles, as the world's
  rule; off unless asked, here or as ``gymnasium.make(ENV_ID, auto_pickup=True)``, so an
  episode plays as before the option existed), ``depth`` (start on this depth),
  ``awake`` (every creature on the starting level awake), ``invulnerable`` (the player
  cannot die). The last three are wizard commands, submitted as recorded actions, so the
  episode is a wizard game and its recording
  (``env.unwrapped.engine``: save it with ``game.persist.savefile.save``) replays and
  verifies like any other. ``content``: an overlay (a mod, as
  ``game.content.overlay.read_overlay(folder)`` reads it) the episode's game is played under;
  each game holds its own tables, so envs in one process may play under different overlays.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from game.ui import view  # what the player sees: the screen it observes

from .world.core import actions as A
from .world.core import engine as engine_module
from .world.core.components import Attributes, Health, Position, Stance
from .world.core.engine import MAP_HEIGHT, MAP_WIDTH
from .world.core.events import AttackEvent, Died, Message
from .world.core.mapgen import MAX_DEPTH
from .world.game import Game
from .world.play import choices, fighters
from .world.play import wizard_actions as W

ENV_ID = "game/Dungeon-v0"
MAX_EPISODE_STEPS = 5000
MESSAGE_BYTES = 256
RULES = tuple(engine_module.systems.NAMES)  # the combat systems: "manual" first
KILL_REWARD, DEPTH_REWARD, WIN_REWARD = 1.0, 10.0, 100.0

# Compass order as NLE's: N E S W, then NE SE SW NW.
MOVES = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0),
         "northeast": (1, -1), "southeast": (1, 1), "southwest": (-1, 1),
         "northwest": (-1, -1)}
ACTIONS = (*MOVES, "wait", "rest", "pickup", "down", "up", "fire", "quaff",
           "careful", "bold", "normal")
STATS = ("x", "y", "hp", "max_hp", "stamina", "max_stamina", "stance", "defence",
         "protection", "strength", "dexterity", "constitution", "willpower", "depth",
         "deepest", "turn", "kills", "actions")
OPTIONS = {"character", "rules", "auto_pickup", "depth", "awake", "invulnerable", "content"}
_SIMPLE = {"wait": A.Wait, "rest": A.Rest, "down": A.Descend, "up": A.Ascend}
# The actions that are the same whatever the game's state, made once (actions are frozen
# values: one Move(1, 0) serves every step east).
_FIXED = {ACTIONS.index(name): action for name, action in
          [*((name, A.Move(*move)) for name, move in MOVES.items()),
           *((name, kind()) for name, kind in _SIMPLE.items())]}
_STANCE_STEPS = {"careful": -1, "bold": 1, "normal": None}


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
        self.action_space = spaces.Discrete(len(ACTIONS))
        big = np.iinfo(np.int32)
        self.observation_space = spaces.Dict({
            "glyphs": spaces.Box(0, 0x10FFFF, (MAP_HEIGHT, MAP_WIDTH), np.int32),
            "colors": spaces.Box(0, 255, (MAP_HEIGHT, MAP_WIDTH, 3), np.uint8),
            "stats": spaces.Box(big.min, big.max, (len(STATS),), np.int32),
            "message": spaces.Box(0, 255, (MESSAGE_BYTES,), np.uint8),
        })
        self.engine: Game | None = None
        self.kills = self.deepest = 0
        self._last: tuple | None = None  # the last observation's arrays, and of what
        self._said: tuple[str | None, np.ndarray | None] = (None, None)  # see _message
        self._figures: tuple = (None, 0, 0)  # see _defence_figures

    # --- the Gymnasium API ----------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """A new game: ``seed`` is the game seed itself (as ``play --seed``); without one,
        the next seed of this env's own random generator."""
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            raise ValueError(f"unknown reset options {unknown}; known: {sorted(OPTIONS)}")
        setup = _setup_actions(options)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        engine = Game(game_seed, options.get("character", self.default_character),
                      rules=options.get("rules", engine_module.systems.DEFAULT),
                      auto_pickup=options.get("auto_pickup", self.default_auto_pickup),
                      content=options.get("content"))
        for action in setup:
            result = engine.submit(action)
            if isinstance(result, A.Impossible):
                engine.close()
                raise ValueError(f"reset option refused: {result.reason}")
        if self.engine is not None:
            self.engine.close()
        self.engine, self._last = engine, None
        self.kills, self.deepest = 0, engine.depth
        return self._observation(engine.log[-1].line if engine.log else ""), self._info()

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self.engine is None:
            raise RuntimeError("call reset() before step()")
        if not (type(action) is int and 0 <= action < len(ACTIONS)) \
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
        stats = "  ".join(f"{n} {v}" for n, v in zip(STATS, self._stats(), strict=True))
        last = self.engine.log[-1].line if self.engine.log else ""
        return "\n".join([*rows, stats, last]) + "\n"

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    # --- actions --------------------------------------------------------------------------

    def game_action(self, index: int) -> A.Action | str:
        """The game action an env action stands for now, or why there is none."""
        fixed = _FIXED.get(index)
        if fixed is not None:
            return fixed
        name = ACTIONS[index]
        engine = self.engine
        assert engine is not None, "call reset() first"
        if name == "pickup":
            pos = engine.position(engine.player)
            items = engine.items_at(pos.x, pos.y)
            return A.PickUp(items[0]) if items else "There is nothing here to pick up."
        if name == "fire":
            return _fire_at_nearest(engine)
        if name == "quaff":
            potions = choices.fitting(engine, "quaff")
            return A.Quaff(potions[0]) if potions else "You have nothing to drink."
        return choices.stance_change(engine, _STANCE_STEPS[name])

    def _score(self, events: tuple) -> tuple[float, str]:
        """The reward for this step's events, and the lines they logged."""
        engine = self.engine
        assert engine is not None, "call reset() first"
        kills, text = _tally(engine.player, events) if events else (0, "")
        self.kills += kills
        reward = KILL_REWARD * kills
        if engine.depth > self.deepest:
            reward += DEPTH_REWARD * (engine.depth - self.deepest)
            self.deepest = engine.depth
        if engine.outcome == "won":
            reward += WIN_REWARD
        return reward, text

    # --- observations ---------------------------------------------------------------------

    def _observation(self, text: str) -> dict[str, np.ndarray]:
        """The arrays are worked out again only when the game changed: a refused action
        changes nothing but the message (the engine records every action that does). What
        they are drawn from is kept, so each observation's arrays are new ones of its own."""
        engine = self.engine
        assert engine is not None, "call reset() first"
        last = self._last
        if last is None or last[0] is not engine or last[1] != len(engine.actions):
            last = self._last = (engine, len(engine.actions), view.seen_parts(engine),
                                 np.array(self._stats(), dtype=np.int32))
        glyphs, colors = view.drawn_rows(last[2])
        return {"glyphs": glyphs, "colors": colors, "stats": last[3].copy(),
                "message": self._message(text).copy()}

    def _message(self, text: str) -> np.ndarray:
        """The message's bytes, padded: the last one is kept (most steps say nothing)."""
        said = self._said
        if said[0] != text:
            raw = text.encode()[:MESSAGE_BYTES].ljust(MESSAGE_BYTES, b"\0")
            said = self._said = (text, np.frombuffer(raw, dtype=np.uint8))
        assert said[1] is not None  # made above for any text
        return said[1]

    def _stats(self) -> list[int]:
        engine = self.engine
        assert engine is not None, "call reset() first"
        comps = engine.components(engine.player)
        pos, health = comps[Position], comps[Health]
        stance, attrs = comps[Stance], comps[Attributes]
        dv, pv = self._defence_figures(fighters.known_defence(engine))
        return [pos.x, pos.y, health.hp, health.max_hp, stance.stamina, stance.max_stamina,
                choices.STANCE_ORDER.index(stance.name), dv, pv, attrs.strength,
                attrs.dexterity, attrs.constitution, attrs.willpower, engine.depth,
                self.deepest, engine.turn, self.kills, len(engine.actions)]

    def _defence_figures(self, defence) -> tuple[int, int]:
        """Dv and Pv of a defence profile: summed again only for another profile object (a
        profile is frozen, and the same object comes back while its Fighter is unchanged)."""
        known = self._figures
        if known[0] is not defence:
            known = self._figures = (defence, defence.total(), defence.protection)
        return known[1], known[2]

    def _info(self) -> dict[str, Any]:
        engine = self.engine
        assert engine is not None, "call reset() first"
        return {"seed": engine.seed, "depth": engine.depth, "turn": engine.turn,
                "outcome": engine.outcome, "actions": len(engine.actions)}


def _tally(player: int, events: tuple) -> tuple[int, str]:
    """The deaths of creatures the player struck in these events, and the lines logged."""
    lines: list[str]
    struck, kills, lines = set(), 0, []
    for event in events:
        if isinstance(event, AttackEvent):
            lines += event.lines
            if event.attacker == player:
                struck.add(event.target)
        elif isinstance(event, Message):
            lines.append(event.text)
        elif isinstance(event, Died) and event.entity in struck:
            kills += 1
    return kills, " ".join(lines)


def _setup_actions(options: dict[str, Any]) -> list[A.Action]:
    """The recorded wizard commands that make the asked-for start."""
    rules = options.get("rules", engine_module.systems.DEFAULT)
    if rules not in RULES:
        raise ValueError(f"unknown rules {rules!r}; known: {', '.join(RULES)}")
    depth = options.get("depth", 1)
    if not isinstance(depth, int | np.integer) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an integer from 1 to {MAX_DEPTH}, not {depth!r}")
    for flag in ("auto_pickup", "awake", "invulnerable"):
        if not isinstance(options.get(flag, False), bool):
            raise ValueError(f"{flag} must be True or False")
    content = options.get("content")
    if content is not None and not (hasattr(content, "files") and hasattr(content, "digest")):
        raise ValueError("content must be an overlay (game.content.overlay.read_overlay), "
                         f"not {type(content).__name__}")
    setup: list[A.Action] = []
    if options.get("invulnerable"):
        setup.append(W.Invulnerable())
    if depth > 1:
        setup.append(W.GoToDepth(int(depth)))
    if options.get("awake"):
        setup.append(W.WakeAll())
    return [W.Enable(), *setup] if setup else []


def _fire_at_nearest(engine: Game) -> A.Action | str:
    """Shoot (or throw) at the nearest creature in view, ties to the lowest id."""
    shot = choices.ready_shot(engine)
    if shot is None:
        return "You have nothing ready to shoot or throw."
    me = engine.position(engine.player)
    seen = sorted((max(abs(p.x - me.x), abs(p.y - me.y)), e, p.x, p.y)
                  for e, (_, p) in engine.creatures_here() if engine.sees(e))
    if not seen:
        return "There is nothing in view to shoot at."
    _, _, x, y = seen[0]
    return shot.at(x, y)


gym.register(id=ENV_ID, entry_point="game.env:DungeonEnv", max_episode_steps=MAX_EPISODE_STEPS)
