"""``python -m game replay SAVE --cast FILE`` and ``--html FILE``: a recorded game to share,
as a terminal cast (asciicast v2) or a web page that plays it (``game.share``). Either or
both in one replay; nothing needs a terminal. This module is light (argparse only) until a
recording is shared, so ``--help`` loads no game."""

from __future__ import annotations

import argparse
import math
import os

from game.rules.bounds import DIGITS

from .common import EXIT_USAGE, fail, given, output_refused

SPEED = (0.01, 100.0)  # --speed: from a hundredth to a hundred times the game's pace
IDLE = (0.1, 60.0)  # --idle seconds
LEAST, MOST = (80, 24), (400, 200)  # --size: the game's least screen, and the largest drawn


def add_share_options(replay: argparse.ArgumentParser) -> None:
    """The replay command's flags for sharing (the command line's parser calls this)."""
    replay.add_argument("--cast", type=given, metavar="FILE",
                        help="write the game as an asciicast v2 file (asciinema's format) "
                             "instead of watching it")
    replay.add_argument("--html", type=given, metavar="FILE",
                        help="write the game as one web page that plays it, the morgue "
                             "beside it (no network needed)")
    replay.add_argument("--size", type=size, default=LEAST, metavar="WxH",
                        help="the screen the game is drawn at (default 80x24, at most "
                             f"{MOST[0]}x{MOST[1]})")
    replay.add_argument("--speed", type=number(*SPEED), default=1.0, metavar="X",
                        help="X times the game's pace: a step a quarter second at 1, "
                             "a rest as long as its turns (default 1)")
    replay.add_argument("--idle", type=number(*IDLE), default=2.0, metavar="SECONDS",
                        help="no screen waits longer than this for the next (default 2)")


def size(text: str) -> tuple[int, int]:
    """ "100x30" -> (100, 30), from 80x24 to the largest drawn."""
    parts = text.lower().split("x")
    try:
        wide, high = (int(p) for p in parts) if len(parts) == 2 and len(text) <= 20 else (0, 0)
    except ValueError:
        wide = high = 0
    if not (LEAST[0] <= wide <= MOST[0] and LEAST[1] <= high <= MOST[1]):
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT from {LEAST[0]}x{LEAST[1]} to {MOST[0]}x{MOST[1]} "
            f"(the game needs 80x24), not {text[:40]!r}")
    return wide, high


def number(least: float, most: float):
    """The argparse type of a number from ``least`` to ``most`` (no nan, no inf)."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= DIGITS else math.nan
        except ValueError:
            value = math.nan
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(
                f"expected a number from {least:g} to {most:g}, not {text[:40]!r}")
        return value
    parse.__name__ = "number"
    return parse


def wanted(args: argparse.Namespace) -> bool:
    """Whether this replay shares the game rather than shows it."""
    return bool(getattr(args, "cast", None) or getattr(args, "html", None))


def run(args: argparse.Namespace) -> int:
    """Write the cast and/or the page; one line and exit 2 for a file that cannot be read or
    written, 1 for a recording the replay leaves (out of sync); nothing half written."""
    from game.persist import savefile
    from game.persist.replay import OutOfSync
    from game.share import frames
    from game.share.cast import Cast
    from game.share.page import Page

    outputs = [p for p in (args.cast, args.html) if p]
    if args.cast and args.html and os.path.abspath(args.cast) == os.path.abspath(args.html):
        return fail(f"{args.cast}: --cast and --html name the same file", EXIT_USAGE)
    for path in outputs:
        problem = output_refused(path)
        if problem:
            return fail(problem, EXIT_USAGE)
    try:
        save = savefile.load(args.path)
    except savefile.SaveError as err:
        return fail(str(err), EXIT_USAGE)
    pace, title = frames.Pace(args.speed, args.idle), frames.title(save)
    makers = {path: (Cast if path == args.cast else Page)(args.size, pace, title)
              for path in outputs}
    try:
        for frame in frames.walk(save, args.size):
            for maker in makers.values():
                maker.add(frame)
    except OutOfSync as err:
        return fail(f"{args.path}: {err}; nothing written", 1)
    for path, maker in makers.items():
        try:
            with open(path, "w", encoding="utf-8", newline="\n") as out:
                out.write(maker.text())
        except OSError as err:
            return fail(f"{path}: could not be written: {err.strerror or err}", EXIT_USAGE)
        print(f"Written {path}.")
    return 0
