"""``python -m game replay SAVE --cast FILE`` and ``--html FILE``: a recorded game to share,
as a terminal cast (asciicast v2) or a web page that plays it (``game.share``). Either or
both in one replay; nothing needs a terminal. This module is light (argparse only) until a
recording is shared, so ``--help`` loads no game."""

from __future__ import annotations

import argparse
import math
import os
import re
from pathlib import Path

from game.share.limits import IDLE, IDLES, MOST, SIZE, SPEED, SPEEDS

from .common import EXIT_USAGE, fail, given, output_refused


def add_share_options(replay: argparse.ArgumentParser) -> None:
    """The replay command's flags for sharing (the command line's parser calls this)."""
    replay.add_argument("--cast", type=given, metavar="FILE",
                        help="write the game as an asciicast v2 file (asciinema's format) "
                             "instead of watching it")
    replay.add_argument("--html", type=given, metavar="FILE",
                        help="write the game as one web page that plays it, the morgue "
                             "beside it (no network needed)")
    replay.add_argument("--size", type=size, metavar="WxH",
                        help=f"the screen the game is drawn at (default {SIZE[0]}x{SIZE[1]}, "
                             f"at most {MOST[0]}x{MOST[1]})")
    replay.add_argument("--speed", type=number(*SPEEDS), metavar="X",
                        help="X times the game's pace: a step a quarter second at 1, "
                             f"a rest as long as its turns (default {SPEED:g})")
    replay.add_argument("--idle", type=number(*IDLES), metavar="SECONDS",
                        help="no screen waits longer than this for the next "
                             f"(default {IDLE:g})")


SIZE_TEXT = re.compile(r"([0-9]{1,4})[xX]([0-9]{1,4})")
NUMBER_TEXT = re.compile(r"[0-9]{1,6}(\.[0-9]{0,6})?|\.[0-9]{1,6}")  # plain digits 0-9


def size(text: str) -> tuple[int, int]:
    """ "100x30" -> (100, 30), from the game's least screen to the largest drawn."""
    found = SIZE_TEXT.fullmatch(text.strip())
    wide, high = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (SIZE[0] <= wide <= MOST[0] and SIZE[1] <= high <= MOST[1]):
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT in plain digits from {SIZE[0]}x{SIZE[1]} (the game's "
            f"least) to {MOST[0]}x{MOST[1]}, not {text[:40]!r}")
    return wide, high


def number(least: float, most: float):
    """The argparse type of a number from ``least`` to ``most`` in plain digits (``2``,
    ``0.5``): not ``nan``, ``inf``, ``1e3``, ``1_000`` nor another script's digits, which
    Python's ``float`` would take."""
    def parse(text: str) -> float:
        value = float(text) if NUMBER_TEXT.fullmatch(text.strip()) else math.nan
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(
                f"expected a number in plain digits from {least:g} to {most:g}, not "
                f"{text[:40]!r}")
        return value
    parse.__name__ = "number"
    return parse


def wanted(args: argparse.Namespace) -> bool:
    """Whether this replay shares the game rather than shows it (or is told how to share
    it, and refused: the viewer takes none of the sharing flags)."""
    return any(getattr(args, name, None) is not None for name in FLAGS)


FLAGS = ("cast", "html", "size", "speed", "idle")


def run(args: argparse.Namespace) -> int:
    """Write the cast and/or the page; one line and exit 2 for a file that cannot be read or
    written, 1 for a recording the replay leaves (out of sync); nothing half written."""
    from game.persist import savefile
    from game.persist.files import write_atomic
    from game.persist.replay import OutOfSync
    from game.share import frames
    from game.share.cast import Cast
    from game.share.page import Page

    outputs = [p for p in (args.cast, args.html) if p]
    if not outputs:
        return fail("--size, --speed and --idle go with --cast FILE or --html FILE (the "
                    "viewer's own keys change its speed)", EXIT_USAGE)
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
    screen = args.size or SIZE
    pace = frames.Pace(args.speed or SPEED, args.idle or IDLE)
    title = frames.title(save)
    makers = {path: (Cast if path == args.cast else Page)(screen, pace, title)
              for path in outputs}
    try:
        for frame in frames.walk(save, screen):
            for maker in makers.values():
                maker.add(frame)
    except OutOfSync as err:
        return fail(f"{args.path}: {err}; nothing written", 1)
    for path, maker in makers.items():
        try:
            write_atomic(Path(path), maker.text().encode("utf-8"))  # never half a file
        except OSError as err:
            return fail(f"{path}: could not be written: {err.strerror or err}", EXIT_USAGE)
        print(f"Written {path}.")
    return 0
