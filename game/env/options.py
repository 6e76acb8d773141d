"""What an env is made with and what a reset asks for, checked: anything wrong is one clear
``ValueError`` naming what was given and what would do.

Keyword arguments of ``DungeonEnv`` (and so of ``gymnasium.make``) are checked into one frozen
``Settings``. Reset options: ``character`` (a starting character's name), ``rules`` (the
combat system: one of ``RULES``, "manual" by default), ``auto_pickup`` (the game option),
``depth`` (start on this depth), ``awake`` (every creature on the starting level awake),
``invulnerable`` (the player cannot die), and ``content``: an overlay (a mod, as
``game.content.overlay.read_overlay(folder)`` reads it) the episode's game is played under
(each game holds its own tables, so envs in one process may play under different overlays).
``depth``, ``awake`` and ``invulnerable`` are wizard commands, submitted as recorded actions:
only an env made with ``wizard=True`` takes them, whose every game is a wizard game from its
start (``Setup(wizard=True)``); its recordings replay and verify like any other. An env made
without it never plays a wizard game: no key opens wizard mode (``BARRED``, the engine's
``wizard_barred``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from game.content.catalog import load_catalog
from game.content.editions import catalog_for
from game.content.overlay import Overlay
from game.rules.quoting import quoted
from game.world.core import actions as A
from game.world.core import engine as engine_module
from game.world.core.mapgen import MAX_DEPTH
from game.world.core.picture import Picture
from game.world.core.rng import SEEDS
from game.world.core.setup import Setup
from game.world.play import wizard_actions as W

RULES = tuple(engine_module.systems.NAMES)  # the combat systems: "manual" first
OPTIONS = ("character", "rules", "auto_pickup", "depth", "awake", "invulnerable", "content")
GOALS = ("stairs", "kill", "pickup")  # a level's (``tasks.Level``)
DEFAULT_LEVEL = """
#########
#@......#
#.......#
#......>#
#########"""  # game/Level-v0's, unless given: a small room, the stairs across it
DEFAULT_LEGEND: dict[str, str] = {}
WIZARD_OPTIONS = ("depth", "awake", "invulnerable")  # wizard commands: wizard=True only
NOT_ASKED = {"depth": 1, "awake": False, "invulnerable": False}
BARRED = "Wizard mode is not for this game: the env was made without wizard=True."
RENDER_MODES = ("ansi", "rgb_array", "human")
ACTION_SETS = ("simple", "full")
DEFAULT_CHARACTER = "dwarf warrior"
MAX_EPISODE_STEPS = 5000  # NLE's


@dataclass(frozen=True, slots=True)
class Settings:
    """What an env was made with (its keyword arguments, checked)."""

    render_mode: str | None = None
    character: str = DEFAULT_CHARACTER
    auto_pickup: bool = False
    task: str = "score"
    observation_keys: tuple[str, ...] = ("glyphs", "colors", "stats", "message")
    actions: str = "simple"
    penalty_step: float = 0.0
    penalty_time: float = 0.0
    max_episode_steps: int = MAX_EPISODE_STEPS
    record_dir: Path | None = None
    wizard: bool = False
    level: Picture | None = None  # the first level drawn (given as its text and a legend)
    goal: str | None = None  # the level task's (``tasks.GOALS``): "stairs" unless given


KEYWORDS = (*Settings.__dataclass_fields__, "legend")


def settings(given: dict[str, Any], *, tasks: tuple[str, ...],
             keys: tuple[str, ...]) -> Settings:
    """``given`` (the env's keyword arguments) checked; ``tasks`` and ``keys`` are the task
    names and observation keys there are."""
    unknown = sorted(set(given) - set(KEYWORDS))
    if unknown:
        raise ValueError(f"unknown keyword argument{'s' * (len(unknown) > 1)} "
                         f"{', '.join(map(quoted, unknown))}; known: {', '.join(KEYWORDS)}")
    given = dict(given)
    legend = given.pop("legend", None)
    made = Settings(**given)
    if made.render_mode is not None and made.render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                         f"not {quoted(made.render_mode)}")
    character(made.character)
    flag("auto_pickup", made.auto_pickup)
    if made.task not in tasks:
        raise ValueError(f"unknown task {quoted(made.task)}; known: {', '.join(tasks)}")
    if made.actions not in ACTION_SETS:
        raise ValueError(f"actions must be one of {', '.join(ACTION_SETS)}, "
                         f"not {quoted(made.actions)}")
    for name in ("penalty_step", "penalty_time"):
        value = getattr(made, name)
        if not _real(value):
            raise ValueError(f"{name} must be a finite number, not {quoted(value)}")
    steps = made.max_episode_steps
    if not _whole(steps) or steps < 1:
        raise ValueError(f"max_episode_steps must be a whole number of at least 1, "
                         f"not {quoted(steps)}")
    record_dir = made.record_dir
    if record_dir is not None and (not isinstance(record_dir, str | Path) or not str(record_dir)):
        raise ValueError(f"record_dir must be a folder's path, not {quoted(record_dir)}")
    level, goal = drawn(made.task, made.level, legend, made.goal)
    return Settings(made.render_mode, made.character, made.auto_pickup, made.task,
                    observation_keys(made.observation_keys, keys), made.actions,
                    float(made.penalty_step), float(made.penalty_time), int(steps),
                    None if record_dir is None else Path(record_dir),
                    flag("wizard", made.wizard), level, goal)


def drawn(task: str, level: Any, legend: Any, goal: Any) -> tuple[Picture | None, str | None]:
    """The level's picture (its text and legend checked, each name one of the tables'), and
    the level task's goal, which its picture must hold: a ``>``, a creature, a thing."""
    if level is None and legend is not None:
        raise ValueError("a legend is a level's: give its picture too (level=...)")
    if task != "level":
        if goal is not None:
            raise ValueError(f"goal is the level task's (game/Level-v0), not {quoted(task)}'s")
    elif goal is None:
        goal = GOALS[0]
    elif goal not in GOALS:
        raise ValueError(f"unknown goal {quoted(goal)}; known: {', '.join(GOALS)}")
    if level is None:
        level = DEFAULT_LEVEL if task == "level" else None
        legend = DEFAULT_LEGEND
    if level is None:
        return None, None
    picture = Picture.of(level, legend)
    catalog = load_catalog()
    items, kinds = set(catalog.item_names()), set(catalog.creatures)
    picture.check_names(items | kinds)
    names = [name for _, _, name in picture.placed()]
    needs = {"stairs": (">" in picture.text, "a > (the stairs down)"),
             "kill": (any(n in kinds for n in names), "a creature"),
             "pickup": (any(n in items for n in names), "a thing")}
    if goal is not None and not needs[goal][0]:
        raise ValueError(f"the goal {quoted(goal)} needs {needs[goal][1]} in the level")
    return picture, goal


def observation_keys(asked: Any, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The keys asked for, each one there is, none twice, at least one."""
    if isinstance(asked, str) or not isinstance(asked, list | tuple):
        raise ValueError(f"observation_keys must be a tuple of key names, not {quoted(asked)}")
    unknown = [k for k in asked if k not in keys]
    if unknown:
        raise ValueError(f"unknown observation key{'s' * (len(unknown) > 1)} "
                         f"{', '.join(map(quoted, unknown))}; known: {', '.join(keys)}")
    if not asked or len(set(asked)) != len(asked):
        raise ValueError(f"observation_keys must name each key once, and at least one: "
                         f"{quoted(tuple(asked))}")
    return tuple(asked)


def character(name: Any, content: Overlay | None = None) -> str:
    """A starting character's name, of the tables (under ``content``, if given)."""
    known = (load_catalog() if content is None else catalog_for(content)).characters
    if not isinstance(name, str) or name not in known:
        raise ValueError(f"unknown character {quoted(name)}; known: {', '.join(sorted(known))}")
    return name


def flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool | np.bool_):
        raise ValueError(f"{name} must be True or False, not {quoted(value)}")
    return bool(value)


def seed(value: Any) -> int | None:
    """A reset's seed: None, or a whole number a game may have."""
    if value is None:
        return None
    if not _whole(value) or int(value) not in SEEDS:
        raise ValueError(f"a seed is a whole number from {SEEDS.start} to {SEEDS.stop - 1}, "
                         f"not {quoted(value)}")
    return int(value)


def reset_options(options: Any, settings: Settings) -> dict[str, Any]:
    """A reset's options checked, with the env's own defaults filled in."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise ValueError(f"reset options must be a dict, not {quoted(options)}")
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise ValueError(f"unknown reset option{'s' * (len(unknown) > 1)} "
                         f"{', '.join(map(quoted, unknown))}; known: {', '.join(OPTIONS)}")
    asked = {"character": settings.character, "rules": engine_module.systems.DEFAULT,
             "auto_pickup": settings.auto_pickup, **NOT_ASKED, "content": None, **options}
    if asked["content"] is not None and not isinstance(asked["content"], Overlay):
        raise ValueError("content must be an overlay (game.content.overlay.read_overlay), "
                         f"not {type(asked['content']).__name__}")
    character(asked["character"], asked["content"])
    if not isinstance(asked["rules"], str) or asked["rules"] not in RULES:
        raise ValueError(f"unknown rules {quoted(asked['rules'])}; known: {', '.join(RULES)}")
    depth = asked["depth"]
    if not _whole(depth) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be a whole number from 1 to {MAX_DEPTH}, "
                         f"not {quoted(depth)}")
    asked["depth"] = int(depth)
    for name in ("auto_pickup", "awake", "invulnerable"):
        asked[name] = flag(name, asked[name])
    wished = [name for name in WIZARD_OPTIONS if asked[name] != NOT_ASKED[name]]
    if wished and not settings.wizard:
        what = "are wizard commands" if len(wished) > 1 else "is a wizard command"
        raise ValueError(f"{', '.join(wished)} {what}: only an env made with wizard=True "
                         "plays wizard games")
    asked["wizard"] = settings.wizard
    asked["level"] = settings.level
    return asked


def game_setup(seed: int, asked: dict[str, Any]) -> Setup:
    """The episode's game's ``Setup``: the seed, and every reset option that is one of its
    fields (the character, the rules, auto-pickup, the overlay)."""
    names = {f.name for f in fields(Setup)}
    return Setup(seed, **{name: value for name, value in asked.items() if name in names})


def setup_actions(asked: dict[str, Any]) -> list[A.Action]:
    """The recorded wizard commands that make the asked-for start (``reset_options``)."""
    setup: list[A.Action] = []
    if asked["invulnerable"]:
        setup.append(W.Invulnerable())
    if asked["depth"] > 1:
        setup.append(W.GoToDepth(asked["depth"]))
    if asked["awake"]:
        setup.append(W.WakeAll())
    return setup  # (a wizard env's games are begun in wizard mode: Setup(wizard=True))


def _whole(value: Any) -> bool:
    """A whole number, not a truth value (``True`` is an int to Python, not a depth)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _real(value: Any) -> bool:
    return (isinstance(value, int | float | np.integer | np.floating)
            and not isinstance(value, bool | np.bool_) and math.isfinite(value))
