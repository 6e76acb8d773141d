"""The headless commands: ``verify`` a save and let the ``bot`` play."""

from __future__ import annotations

import argparse
import os
import secrets
import signal
from pathlib import Path

from game.frontends.stopping import Stop, stop_signals
from game.lab import progress
from game.persist import scores
from game.persist.replay import verify
from game.persist.savefile import DEFAULT_DIR, SaveError
from game.persist.slot import SaveSlot
from game.rules import systems
from game.world.core.setup import Setup
from game.world.game import Game
from game.world.play.bot import Bot

from .common import EXIT_INTERRUPTED, EXIT_USAGE, fail, tables, under, unknown


def run_verify(args: argparse.Namespace) -> int:
    try:
        with progress.bar(0, unit="action", desc="verify") as bar:
            code, message = verify(args.path, _counted(bar))
    except KeyboardInterrupt:  # verify only reads: nothing to save or undo
        return fail(f"{args.path}: verify interrupted (Ctrl-C); nothing was changed",
                    EXIT_INTERRUPTED)
    if code == 2:
        return fail(message, 2)
    print(message)
    return code


def bot_setup(args: argparse.Namespace, seed: int) -> Setup | int:
    """The bot's game of ``seed`` as its arguments ask (``--char``, ``--rules``,
    ``--content``, ``--auto-pickup``), or, having said in one line what is wrong, the exit
    code (the bot's and the dataset's)."""
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    characters = catalog.characters
    char = getattr(args, "char", None) or "dwarf warrior"
    if char not in characters:
        return fail(unknown("character", char, characters), EXIT_USAGE)
    rules = getattr(args, "rules", None) or systems.DEFAULT
    if rules not in systems.NAMES:
        return fail(systems.unknown_rules(rules), EXIT_USAGE)
    return Setup(seed, char, rules=rules, content=content,
                 auto_pickup=getattr(args, "auto_pickup", False))


def run_bot(args: argparse.Namespace) -> int:
    seed = args.seed if getattr(args, "seed", None) is not None else secrets.randbits(32)
    setup = bot_setup(args, seed)
    if isinstance(setup, int):
        return setup
    char, rules, content = setup.character, setup.rules, setup.content
    engine = Game(setup)
    with stop_signals() as stop:
        stopped = play_bot(engine, seed, args.turns, stop)
        try:
            path = save_free(engine, Path(args.out) if args.out else
                             DEFAULT_DIR / f"bot-{seed}.json")
        except SaveError as err:
            return fail(str(err))
    rules_words = "" if rules == systems.DEFAULT else f" under {rules} rules"
    summary = (f"seed {seed}, {char}{rules_words}{under(content)}: {len(engine.actions)} "
               f"actions, turn {engine.turn}, depth {engine.depth}")
    if stopped is not None:
        return fail(f"bot interrupted: {summary}; what it played is saved to {path}",
                    128 + stopped)
    outcome = engine.cause if engine.over else "alive"
    print(f"bot: {summary}, {outcome}; saved to {path}")
    return 0


def save_free(engine: Game, wanted: Path) -> Path:
    """Save under ``wanted``, or the first free name beside it, held under its lock while it
    is written, as every writer of a save does: never over another game (one being played,
    or an earlier bot's)."""
    slot = SaveSlot()
    slot.game_id = None  # a recording, never scored: its save is its seed's and turns' alone
    try:
        slot.take_free(wanted)
        return Path(slot.save(engine))
    except OSError as err:  # no free name, or a folder that cannot be made
        raise SaveError(f"{wanted}: cannot save: {err.strerror or err}") from None
    finally:
        slot.release()


def _counted(bar: progress.Bar):
    """verify's ``progress``: the bar learns the recording's length, then counts the actions
    replayed (a bar shows only on a terminal, once a second has passed: a long recording)."""
    def tell(done: int, total: int) -> None:
        if bar.total != total:
            bar.total = total
        bar.update(done - bar.n)
    return tell


class _Stopped(Exception):
    pass


def play_bot(engine: Game, seed: int, turns: int, stop: Stop) -> int | None:
    """Let the bot play; a signal (Ctrl-C, SIGTERM, SIGHUP) stops it between two actions, never
    half-way through one, so what it played stays a whole recording. Returns that signal."""

    def submit(action):
        if stop.interrupted or stop.signum is not None:
            raise _Stopped
        return engine.submit(action)

    try:
        Bot(engine, seed, turns=turns).play(submit, turns)
    except _Stopped:
        return signal.SIGINT if stop.signum is None else stop.signum
    return None


def run_scores(args: argparse.Namespace) -> int:
    """Print the high-score table; a bad score file (or a --file that names none) is one
    line and exit 2. A game whose end a crash or a full disk cut short, saved beside the
    table, has its score and morgue written first; one that still cannot be is said, and the
    exit is 1."""
    path = Path(args.file) if args.file else scores.DEFAULT
    from .endings import catch_up, scores_lines  # imported here: verify and bot need no morgue

    if args.file and (problem := _unnamed(path)) not in (None, FileNotFoundError):
        return fail(f"{path}: the score file cannot be read ({problem})", 2)
    caught = catch_up(path.parent)
    for line in caught.done:
        print(line)
    for line in caught.passed + caught.failed:
        fail(line)
    if args.file and _unnamed(path) is FileNotFoundError:  # (the catch-up may have made it)
        return fail(f"{path}: no such score file", 2)
    try:
        table = scores.read(path)
    except scores.ScoresError as err:
        return fail(str(err), 2)
    print("\n".join(scores_lines(table)))
    return 1 if caught.failed else 0


def _unnamed(path: Path) -> str | type[FileNotFoundError] | None:
    """None when ``path`` names a file, FileNotFoundError when nothing is there, else why
    it cannot even be looked at (a name too long, a loop of links)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return FileNotFoundError
    except (OSError, ValueError) as err:
        return getattr(err, "strerror", None) or str(err)
    return None
