"""The command line: ``python -m game [play] [--seed N] [--char NAME] [--window]``.

Bad input gets one clear line and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import secrets
import sys

from game import __version__

EXIT_USAGE = 2


def character_name(text: str) -> str:
    """ "dwarf-warrior", "Dwarf Warrior" and "dwarf warrior" all name the same build."""
    return " ".join(text.replace("-", " ").replace("_", " ").lower().split())


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m game",
                                  description="A roguelike whose combat follows its manual.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command")
    play = commands.add_parser("play", help="start a new game (the default)")
    add_play_options(top)
    add_play_options(play, default=argparse.SUPPRESS)  # "--seed 3 play" keeps the 3
    return top


def add_play_options(p: argparse.ArgumentParser, default=None) -> None:
    p.add_argument("--seed", type=int, default=default,
                   help="the game seed (random when left out)")
    p.add_argument("--char", type=character_name, metavar="NAME", default=default,
                   help="starting character, e.g. 'dwarf warrior' (a start screen otherwise)")
    p.add_argument("--window", action="store_true", default=default or False,
                   help="play in a window (SDL) instead of the terminal")


def fail(message: str, code: int = 1) -> int:
    print(f"python -m game: {message}", file=sys.stderr)
    return code


def play(args: argparse.Namespace) -> int:
    from game.content import ContentError
    from game.content.catalog import load_catalog

    try:
        catalog = load_catalog()
    except ContentError as err:
        return fail(str(err))
    if args.char is not None and args.char not in catalog.characters:
        known = ", ".join(sorted(catalog.characters))
        return fail(f"unknown character {args.char!r}; choose one of: {known}", EXIT_USAGE)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    from game.ui.app import GameApp

    app = GameApp(seed, character=args.char)
    return run_frontend(app, window=args.window)


def run_frontend(app, *, window: bool) -> int:
    if window:
        from game.frontends.window import NoWindow
        from game.frontends.window import run as run_window

        try:
            run_window(app)
        except NoWindow as err:
            return fail(str(err))
        return 0
    from game.frontends.terminal import NoTerminal
    from game.frontends.terminal import run as run_terminal

    try:
        run_terminal(app)
    except NoTerminal as err:
        return fail(str(err))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return play(args)


if __name__ == "__main__":
    sys.exit(main())
