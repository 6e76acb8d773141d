"""``python -m game bench``: how fast the game is where it counts, measured honestly.

Every figure is measured in this one process, on fixed seeds:

- the Gymnasium environment's steps per second under a random policy, the whole loop (step,
  observation, resets) as NLE is measured: on natural play, and on a busy depth 6 (every
  creature awake, the player invulnerable, so the level stays busy);
- NLE (``NetHackScore-v0``) run the same way in the same run when it is installed (in turns
  with the env, round by round, so other work on the machine slows both alike; medians); a
  ratio to NLE is printed only against NLE measured so; where NLE is not installed the bench
  says so and how to install it (the optional extra ``pip install -e '.[bench]'``);
- what each observation key beyond the default costs: the env observing the default keys and
  that one, in turns with the default alone on the same actions, and the pixels of
  ``render_mode="rgb_array"`` (a frame drawn and rendered through the font);
- engine turns per second on that busy level, the engine's time only;
- the process's memory before and after the environment's long run;
- making, loading, the first jump anywhere in, and verifying a long bot recording;
- drawing and diffing the frame of a real turn (the screen changed), the bytes it writes;
- the odds inspector's exact tables, and the fight simulator's attacks per second.
"""

from __future__ import annotations

import io
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import tcod.console

from game.frontends.terminal import AnsiRenderer
from game.lab import progress
from game.persist.replay import Seeker, verify
from game.persist.savefile import load, save
from game.ui.app import GameApp
from game.wizard import scratch
from game.wizard.fsim import Arena, simulate
from game.wizard.inspect import inspect

from .world.core import actions as A
from .world.core.engine import KEYFRAME_EVERY
from .world.game import Game
from .world.play.bot import Bot
from .world.play.wizard_actions import Enable, GoToDepth, Invulnerable, WakeAll

SEEDS = (11, 22, 33)
BUSY = {"depth": 6, "awake": True, "invulnerable": True}
ROUNDS = 5  # the env and NLE taken in turns, five rounds of 4,000 steps each
ROUNDS_STEPS = 4_000
RATIO_STEPS = 5_000  # a run of fewer steps a side gives no ratio (--quick: 200 do not mean one)
NLE_INSTALL = "pip install -e '.[bench]'"
EXTRA_KEYS = ("blstats", "inv_letters", "inv_strs", "spells", "tty_chars", "tty_colors")
KEYS = ("env_natural_steps_per_s", "env_busy_steps_per_s", "env_all_keys_steps_per_s",
        "nle_steps_per_s", "nle_measured", "natural_vs_nle", "busy_vs_nle", "all_keys_vs_nle",
        *(f"key_{key}_us" for key in EXTRA_KEYS), "rgb_array_ms",
        "engine_turns_per_s", "rss_start_mb", "rss_end_mb", "recording_actions", "load_s",
        "seek_first_s", "verify_s", "frame_ms", "frame_bytes_typical", "frame_bytes_full",
        "odds_ms", "fsim_attacks_per_s")
"""The figures ``--json`` prints, in this order; NLE's and the ratios to it are null where
NLE was not measured (not installed), and the ratios in a quick run (too short to mean one)."""


class NullSink(io.TextIOBase):
    """Counts what a terminal would have been sent."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode())
        return len(text)

    def flush(self) -> None:
        pass


def rss_mb() -> float:
    """This process's resident memory now (0 where /proc is not there)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        return 0.0


# --- the environment, and NLE the same way ---------------------------------------------------


def random_policy_rate(env, steps: int, options: dict | None = None,
                       clock: Callable[[], float] = time.perf_counter) -> float:
    """Steps per second of uniformly random actions, resets included (seeded, as NLE)."""
    rng = np.random.default_rng(0)
    actions = rng.integers(env.action_space.n, size=steps).tolist()
    resets = iter(range(10**9))
    start = clock()
    env.reset(seed=SEEDS[next(resets) % len(SEEDS)], options=options)
    for action in actions:
        _, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            env.reset(seed=SEEDS[next(resets) % len(SEEDS)], options=options)
    return steps / (clock() - start)


def env_rates(steps: int, rounds: int) -> dict[str, float | None]:
    """The env on natural play, on the busy level and observing every key, and NLE, taken
    in turns: ``rounds`` rounds of ``steps`` steps each, so a machine shared with other work
    slows all alike (a run of fewer than ``RATIO_STEPS`` a side gives no ratio). Each figure
    is the median of its rounds, each ratio the median of the rounds' ratios (NLE's run in
    the same round)."""
    import gymnasium as gym

    from game.env import KEYS as ALL_KEYS  # (importing game.env registers game/Dungeon-v0)

    env = gym.make("game/Dungeon-v0")
    wizard = gym.make("game/Dungeon-v0", wizard=True)  # the busy level's setup is a wizard's
    every = gym.make("game/Dungeon-v0", observation_keys=ALL_KEYS)  # NLE's has all of its own
    nle = _nle_env()
    start_rss = rss_mb()
    natural, busy, all_keys, theirs = [], [], [], []
    for _ in range(rounds):
        natural.append(random_policy_rate(env, steps))
        busy.append(random_policy_rate(wizard, steps, BUSY))
        all_keys.append(random_policy_rate(every, steps))
        if nle is not None:
            theirs.append(random_policy_rate(nle, steps))
    for made in (env, wizard, every):
        made.close()
    end_rss = rss_mb()
    if nle is not None:
        nle.close()
    ratios = bool(theirs) and steps * rounds >= RATIO_STEPS
    return {"env_natural_steps_per_s": statistics.median(natural),
            "env_busy_steps_per_s": statistics.median(busy),
            "env_all_keys_steps_per_s": statistics.median(all_keys),
            "nle_steps_per_s": statistics.median(theirs) if theirs else None,
            "nle_measured": int(nle is not None),
            **{f"{name}_vs_nle": _median_ratio(ours, theirs) if ratios else None
               for name, ours in (("natural", natural), ("busy", busy),
                                  ("all_keys", all_keys))},
            "rss_start_mb": start_rss, "rss_end_mb": end_rss}


def key_costs(steps: int, rounds: int) -> dict[str, float]:
    """Microseconds a step each observation key beyond the default adds: the env observing
    the default keys and that key, against the default alone on the same seeds and actions,
    taken in turns (the median of the rounds' differences), in this process's CPU time (a
    difference of a few microseconds is lost in a shared machine's swings otherwise); and a
    frame of pixels."""
    import gymnasium as gym

    from game.env import DEFAULT_KEYS

    plain = gym.make("game/Dungeon-v0")
    made = {key: gym.make("game/Dungeon-v0", observation_keys=(*DEFAULT_KEYS, key))
            for key in EXTRA_KEYS}
    costs: dict[str, list[float]] = {key: [] for key in EXTRA_KEYS}
    cpu = time.process_time
    for _ in range(max(rounds, 3)):
        for key, env in made.items():
            base = random_policy_rate(plain, steps, clock=cpu)
            costs[key].append(1e6 / random_policy_rate(env, steps, clock=cpu) - 1e6 / base)
    for env in (plain, *made.values()):
        env.close()
    figures = {f"key_{key}_us": statistics.median(values) for key, values in costs.items()}
    pixels = gym.make("game/Dungeon-v0", render_mode="rgb_array")
    pixels.reset(seed=SEEDS[0])
    repeats = max(3, steps // 50)
    figures["rgb_array_ms"] = timed(lambda: (pixels.step(8), pixels.render()), repeats) * 1000
    pixels.close()
    return figures


def _median_ratio(ours: list[float], theirs: list[float]) -> float:
    return statistics.median(a / b for a, b in zip(ours, theirs, strict=True))


def _nle_env():
    """NLE's ``NetHackScore-v0``, reset once (its first reset loads the game: not part of
    a step); None when NLE is not installed."""
    try:
        import gymnasium as gym
        import nle  # noqa: F401  (registers NetHackScore-v0)
    except ImportError:
        return None
    env = gym.make("NetHackScore-v0")
    env.reset(seed=SEEDS[0])
    return env


# --- the engine ----------------------------------------------------------------------------


def busy_engine(seed: int) -> Game:
    engine = Game(seed)
    for action in (Enable(), Invulnerable(), GoToDepth(BUSY["depth"]), WakeAll()):
        engine.submit(action)
    return engine


def engine_turns_per_second(seed: int, turns: int) -> float:
    """Turns per second on a busy depth 6, random steps and waits; the engine's time only."""
    engine = busy_engine(seed)
    rng = np.random.default_rng(seed)
    choices: list[A.Action] = [A.Move(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    choices.append(A.Wait())
    spent, done = 0.0, 0
    while done < turns:
        action = choices[int(rng.integers(len(choices)))]
        start = time.perf_counter()
        result = engine.submit(action)
        spent += time.perf_counter() - start
        done += isinstance(result, A.Done)
    engine.close()
    return done / spent


# --- a long recording ----------------------------------------------------------------------


def make_save(path: Path, actions: int) -> int:
    """A bot game of ``actions`` actions: invulnerable, so it lasts, and sent back down
    whenever it would carry the amulet out, so it never ends. Returns the actions saved."""
    engine = Game(SEEDS[0])
    engine.submit(Enable())
    engine.submit(Invulnerable())
    bot = Bot(engine, SEEDS[0], turns=actions)
    tries = 4 * actions
    while len(engine.actions) < actions and not engine.over and tries:
        action = bot.next_action()
        if isinstance(action, A.Ascend) and engine.depth == 1:
            action = GoToDepth(2 + len(engine.actions) % 5)
        engine.submit(action)
        tries -= 1
    save(engine, path)
    engine.close()
    return len(engine.actions)


def timed(work: Callable[[], object], repeats: int) -> float:
    """Median seconds of ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def first_seek(path: Path, position: int) -> float:
    """Seconds from opening the recording to showing the game at ``position``."""
    start = time.perf_counter()
    seeker = Seeker(load(path))
    seeker.seek(position)
    spent = time.perf_counter() - start
    seeker.close()
    return spent


def save_figures(actions: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        saved = make_save(path, actions)
        load_s = timed(lambda: Game.from_state(load(path).snapshot).close(), 3)
        # the worst place: just before the next keyframe (the most actions to replay)
        ends = [saved - 1, min(saved - 1, saved // 2 + KEYFRAME_EVERY - 1), saved // 3]
        seek_s = statistics.median(max(first_seek(path, p) for p in ends) for _ in range(3))
        start = time.perf_counter()
        code, message = verify(path)
        verify_s = time.perf_counter() - start
        if code != 0:
            raise RuntimeError(f"the benchmark's own recording does not verify: {message}")
    return {"recording_actions": saved, "load_s": load_s, "seek_first_s": seek_s,
            "verify_s": verify_s}


# --- drawing -------------------------------------------------------------------------------


def frame_figures(seed: int, frames: int) -> dict[str, float]:
    """Milliseconds to draw and diff the frame after each of ``frames`` real turns (the
    bot's, on a busy level), and the bytes a typical one and a full redraw write."""
    engine = busy_engine(seed)
    bot = Bot(engine, seed, turns=10**6)
    app = GameApp.from_engine(engine)
    console = tcod.console.Console(80, 24, order="F")
    sink = NullSink()
    renderer = AnsiRenderer(sink, truecolor=True)
    renderer.render(console)
    times, sizes = [], []
    for _ in range(frames):
        engine.submit(bot.next_action())
        before = sink.bytes
        start = time.perf_counter()
        console.clear()
        app.draw(console)
        renderer.render(console)
        times.append(time.perf_counter() - start)
        sizes.append(sink.bytes - before)
    full = NullSink()
    AnsiRenderer(full, truecolor=True).render(console, full=True)
    engine.close()
    return {"frame_ms": statistics.median(times) * 1000,
            "frame_bytes_typical": statistics.median(sizes), "frame_bytes_full": full.bytes}


def odds_ms(repeats: int) -> float:
    you, it = scratch.side("dwarf warrior"), scratch.side("orc warrior")
    return timed(lambda: inspect(you, it), repeats) * 1000


def fsim_rate(rounds: int) -> float:
    arena = Arena("player", "orc warrior", seed=SEEDS[0])
    start = time.perf_counter()
    report = simulate(arena, rounds)
    return report.tally.attacks / (time.perf_counter() - start)


def run(quick: bool = False) -> dict[str, float | None]:
    steps, turns, actions, frames = (200, 100, 400, 15) if quick else \
        (ROUNDS * ROUNDS_STEPS, 3_000, 100_000, 300)
    rounds = 1 if quick else ROUNDS
    stages: list[tuple[str, Callable[[], Mapping[str, float | None]]]] = [
        ("the env and NLE", lambda: env_rates(steps // rounds, rounds)),
        ("key costs", lambda: key_costs(steps // rounds, rounds)),
        ("engine turns", lambda: {"engine_turns_per_s": statistics.median(
            engine_turns_per_second(s, turns) for s in SEEDS)}),
        ("a long recording", lambda: save_figures(actions)),
        ("drawing frames", lambda: frame_figures(SEEDS[0], frames)),
        ("odds and fsim", lambda: {"odds_ms": odds_ms(12 if quick else 20),
                                   "fsim_attacks_per_s": fsim_rate(100 if quick else 2000)}),
    ]
    figures: dict[str, float | None] = {}
    # A bar of the stages on a terminal's stderr, drawn between two stages only: no stage's
    # timing pays for it.
    with progress.bar(len(stages), unit="stage", desc="bench") as bar:
        for name, stage in stages:
            bar.set_description_str(f"bench: {name}")
            figures |= stage()
            bar.update(1)
    return figures


UNITS = {
    "env_natural_steps_per_s": ("env steps/s, natural play",
                                "random actions, whole loop with resets, depth 1 on"),
    "env_busy_steps_per_s": ("env steps/s, busy depth 6",
                             "the same on depth 6, every creature awake, invulnerable"),
    "env_all_keys_steps_per_s": ("env steps/s, every key", "natural play observing all ten keys"),
    "nle_steps_per_s": ("NLE steps/s", "NetHackScore-v0 (all its keys, tty_chars too) the same "
                        "way, in turns"),
    **{f"key_{key}_us": (f"  + {key} (us a step)", "observed beside the default keys (CPU)")
       for key in EXTRA_KEYS},
    "rgb_array_ms": ("a frame of pixels (ms)", "render_mode rgb_array: a step and its frame"),
    "engine_turns_per_s": ("engine turns/s, busy depth 6",
                           "random steps and waits, the engine's time only"),
    "rss_start_mb": ("memory before the env runs (MB)", "resident, this process"),
    "rss_end_mb": ("memory after them (MB)", "after both runs and their resets"),
    "recording_actions": ("long recording (actions)", "a bot game, invulnerable"),
    "load_s": ("load it (s)", "read, check and restore the snapshot"),
    "seek_first_s": ("first jump in it (s)",
                     "open and jump anywhere: worst of three places, median of 3 runs"),
    "verify_s": ("verify it (s)", "replay every action from the seed"),
    "frame_ms": ("draw and diff a frame (ms)", "after a real turn: the screen changed"),
    "frame_bytes_typical": ("bytes per frame, typical turn", "ANSI written after a turn"),
    "frame_bytes_full": ("bytes per frame, full redraw", "ANSI of a whole screen"),
    "odds_ms": ("odds inspector (ms)", "exact tables, dwarf warrior v orc warrior"),
    "fsim_attacks_per_s": ("fight simulator attacks/s", "player v orc warrior"),
}


def table(figures: dict[str, float | None], quick: bool) -> str:
    lines = [f"benchmark ({'quick' if quick else 'full'}; medians on seeds {SEEDS})"]
    for key, (label, why) in UNITS.items():
        value = figures[key]
        if value is None:  # NLE, not measured
            lines.append(f"  {label:<34}{'-':>12}  not measured: NLE is not installed here "
                         f"({NLE_INSTALL})")
            continue
        decimals = abs(value) < 100 and key.endswith(("_s", "_ms", "_mb", "_us")) \
            and not key.endswith("_per_s")
        text = f"{value:,.2f}" if decimals else f"{value:,.0f}"
        lines.append(f"  {label:<34}{text:>12}  {why}")
    if figures["nle_measured"] and figures["natural_vs_nle"] is None:
        lines.append(f"  against NLE: a quick run is too short to mean a ratio (the full bench "
                     f"takes {ROUNDS} rounds of {ROUNDS_STEPS:,} steps)")
    elif figures["nle_measured"]:
        lines.append(f"  against NLE measured in this run (median of the rounds' ratios): "
                     f"natural {figures['natural_vs_nle']:.2f}x (target 1x), busy "
                     f"{figures['busy_vs_nle']:.2f}x (target 0.5x), every key "
                     f"{figures['all_keys_vs_nle']:.2f}x (target 0.5x, NLE with all of its)")
    else:
        lines.append(f"  against NLE: not measured, so no ratio (install it: {NLE_INSTALL})")
    return "\n".join(lines)


def main(quick: bool, as_json: bool) -> int:
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        from game.commands.common import fail

        return fail("the benchmark needs gymnasium: python -m pip install -e '.[env]'")
    figures = run(quick)
    if as_json:
        print(json.dumps({key: figures[key] for key in KEYS}))
    else:
        print(table(figures, quick))
    return 0
