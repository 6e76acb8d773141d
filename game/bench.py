"""``python -m game bench``: how fast the game is, as medians over repeated runs on fixed seeds.

Speed lives here, never in tests. Every figure is measured in this one process:

- headless turns per second: the built-in bot on depths 1 to 3 with every creature awake,
  FOV and AI included, nothing drawn (only the engine's time counts, not the bot's thinking);
- the same with the main screen drawn to a tcod Console and the ANSI diff written to a null
  sink, and the bytes a typical turn and a full redraw write;
- loading, verifying and seeking a 10,000-action save (1,000 with ``--quick``);
- the odds inspector's exact tables, and the fight simulator's attacks per second.
"""

from __future__ import annotations

import io
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import tcod.console

from game.frontends.terminal import AnsiRenderer
from game.persist.replay import Seeker, verify
from game.persist.savefile import load, save
from game.ui.app import GameApp
from game.wizard.fsim import Arena, simulate
from game.wizard.inspect import Side, inspect
from game.world import actions as A
from game.world.bot import Bot
from game.world.components import Player
from game.world.engine import Engine
from game.world.wizard_actions import Enable, GoToDepth, Invulnerable

SEEDS = (11, 22, 33)
KEYS = ("headless_turns_per_s", "render_turns_per_s", "frame_bytes_typical", "frame_bytes_full",
        "load_s", "verify_s", "seek_s", "odds_ms", "fsim_attacks_per_s")
"""The figures ``--json`` prints, in this order."""


class NullSink(io.TextIOBase):
    """Counts what a terminal would have been sent."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode())
        return len(text)

    def flush(self) -> None:
        pass


def _wake(engine: Engine) -> None:
    for _, (creature, _) in engine.creatures_here():
        creature.awake = True


def _game(seed: int, depth: int) -> tuple[Engine, Bot]:
    """A game on ``depth`` with every creature awake; the player cannot die, so the level
    stays busy for the whole run."""
    engine = Engine(seed)
    engine.component(engine.player, Player).invulnerable = True
    if depth > 1:
        engine.go_to_level(depth)
    _wake(engine)
    return engine, Bot(engine, seed, turns=10**6)


def frame_ms(seed: int, frames: int) -> float:
    """Milliseconds to draw one frame of a turn under way and write its ANSI diff."""
    engine, bot = _game(seed, 1)
    for _ in range(20):
        engine.submit(bot.next_action())
    app = GameApp.from_engine(engine)
    console = tcod.console.Console(80, 24, order="F")
    renderer = AnsiRenderer(NullSink(), truecolor=True)

    def frame() -> None:
        console.clear()
        app.draw(console)
        renderer.render(console)

    spent = timed(frame, frames) * 1000
    engine.close()
    return spent


def turns_per_second(seed: int, depth: int, turns: int, draw: bool) -> tuple[float, list[int]]:
    """Engine turns per second (drawing included when ``draw``), and the bytes of each frame."""
    engine, bot = _game(seed, depth)
    app = GameApp.from_engine(engine) if draw else None
    console = tcod.console.Console(80, 24, order="F")
    sink = NullSink()
    renderer = AnsiRenderer(sink, truecolor=True)
    frames: list[int] = []
    spent, done = 0.0, 0
    while done < turns and not engine.over:
        action = bot.next_action()
        start = time.perf_counter()
        engine.submit(action)
        if app is not None:
            console.clear()
            app.draw(console)
            frames.append(renderer.render(console))
        spent += time.perf_counter() - start
        done += 1
        if engine.depth != depth:  # stay on the level being measured
            engine.go_to_level(depth)
            _wake(engine)
    engine.close()
    return done / spent if spent else 0.0, frames[1:]


def full_frame_bytes() -> int:
    engine, _ = _game(SEEDS[0], 1)
    console = tcod.console.Console(80, 24, order="F")
    GameApp.from_engine(engine).draw(console)
    sink = NullSink()
    AnsiRenderer(sink, truecolor=True).render(console, full=True)
    engine.close()
    return sink.bytes


def make_save(path: Path, actions: int) -> int:
    """A bot game of ``actions`` actions: invulnerable, so it lasts, and sent back down
    whenever it would carry the amulet out, so it never ends. Returns the actions saved."""
    engine = Engine(SEEDS[0])
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


def save_figures(actions: int, repeats: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        saved = make_save(path, actions)
        # what continuing does (a won or lost game may not be continued, but loads the same)
        load_s = timed(lambda: Engine.from_state(load(path).snapshot).close(), repeats)
        verify_s = timed(lambda: verify(path), max(1, repeats // 2))
        seeker = Seeker(load(path))
        seeker.seek(seeker.length)  # watched to the end: keyframes on the way
        seek_s = timed(lambda: (seeker.seek(seeker.length // 2), seeker.seek(seeker.length)),
                       repeats) / 2
        seeker.close()
    return {"load_s": load_s, "verify_s": verify_s, "seek_s": seek_s, "save_actions": saved}


def odds_ms(repeats: int) -> float:
    engine = Engine(SEEDS[0])
    kind = engine.catalog.creatures["orc warrior"]
    you = Side("you", engine.fighter(engine.player), 14)
    it = Side(kind.name, kind.fighter(), kind.hit_points)
    engine.close()
    return timed(lambda: inspect(you, it), repeats) * 1000


def fsim_rate(rounds: int) -> float:
    arena = Arena("player", "orc warrior", seed=SEEDS[0])
    start = time.perf_counter()
    report = simulate(arena, rounds)
    return report.tally.attacks / (time.perf_counter() - start)


def run(quick: bool = False) -> dict[str, float]:
    turns, actions, repeats = (150, 1000, 3) if quick else (1500, 10_000, 5)
    headless = [turns_per_second(s, d, turns, False)[0] for s in SEEDS for d in (1, 2, 3)]
    drawn = [turns_per_second(s, d, turns // 3, True) for s in SEEDS for d in (1, 2, 3)]
    frames = [b for _, bs in drawn for b in bs]
    figures = {
        "headless_turns_per_s": statistics.median(headless),
        "render_turns_per_s": statistics.median(r for r, _ in drawn),
        "frame_bytes_typical": statistics.median(frames) if frames else 0,
        "frame_bytes_full": full_frame_bytes(),
        "frame_ms": frame_ms(SEEDS[0], 50 if quick else 300),
        **save_figures(actions, repeats),
        "odds_ms": odds_ms(repeats * 4),
        "fsim_attacks_per_s": fsim_rate(100 if quick else 2000),
    }
    return figures


UNITS = {
    "headless_turns_per_s": ("headless turns per second", "{:,.0f}"),
    "render_turns_per_s": ("turns per second, drawn", "{:,.0f}"),
    "frame_ms": ("draw and diff a frame (ms)", "{:.2f}"),
    "frame_bytes_typical": ("bytes per frame, typical turn", "{:,.0f}"),
    "frame_bytes_full": ("bytes per frame, full redraw", "{:,.0f}"),
    "load_s": ("load a save (s)", "{:.3f}"),
    "verify_s": ("verify a save (s)", "{:.3f}"),
    "seek_s": ("jump to the middle (s)", "{:.3f}"),
    "odds_ms": ("odds inspector (ms)", "{:.2f}"),
    "fsim_attacks_per_s": ("fight simulator attacks per s", "{:,.0f}"),
}


def table(figures: dict[str, float], quick: bool, saved: int) -> str:
    lines = [f"benchmark ({'quick' if quick else 'full'}; a save of {saved:,} actions; medians)"]
    for key in UNITS:
        label, form = UNITS[key]
        lines.append(f"  {label:<34}{form.format(figures[key]):>14}")
    return "\n".join(lines)


def main(quick: bool, as_json: bool) -> int:
    figures = run(quick)
    if as_json:
        print(json.dumps({key: figures[key] for key in KEYS}))
    else:
        print(table(figures, quick, figures["save_actions"]))
    return 0

