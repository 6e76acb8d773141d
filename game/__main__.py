"""The command line: ``python -m game [play] [--seed N] [--char NAME] [--window]``,
``python -m game verify PATH`` and ``python -m game bot [--seed N] [--turns T] [--out PATH]``.

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
    add_tool_commands(commands)
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


# --- verify and bot ------------------------------------------------------------------------

BOT_TURNS = 500


def add_tool_commands(commands) -> None:
    """The headless commands; each sets ``run`` to the function that carries it out."""
    check = commands.add_parser("verify", help="replay a save from its seed and check it "
                                "(exit 0 in sync, 1 out of sync, 2 unreadable)")
    check.add_argument("path", metavar="PATH", help="the save file")
    check.set_defaults(run=run_verify)
    bot = commands.add_parser("bot", help="let the built-in bot play headlessly and save "
                              "the recording")
    bot.add_argument("--seed", type=int, default=argparse.SUPPRESS,
                     help="the game seed (random when left out)")
    bot.add_argument("--char", type=character_name, metavar="NAME", default=argparse.SUPPRESS,
                     help="starting character (default: dwarf warrior)")
    bot.add_argument("--turns", type=count, metavar="T", default=BOT_TURNS,
                     help=f"player actions to play (default {BOT_TURNS})")
    bot.add_argument("--out", metavar="PATH", default=None,
                     help="where to save (default: saves/bot-SEED.json)")
    bot.set_defaults(run=run_bot)


def count(text: str) -> int:
    """A whole number, 0 or more (argparse reports anything else)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number, 0 or more, not {text!r}")
    return value


def run_verify(args: argparse.Namespace) -> int:
    import game.wizard.actions  # noqa: F401  (registers the wizard's recorded actions)
    from game.persist.replay import verify

    code, message = verify(args.path)
    if code == 2:
        return fail(message, 2)
    print(message)
    return code


def run_bot(args: argparse.Namespace) -> int:
    from game.content.catalog import load_catalog
    from game.persist.savefile import DEFAULT_DIR, Recording, SaveError
    from game.world.bot import Bot
    from game.world.engine import Engine

    char = getattr(args, "char", None) or "dwarf warrior"
    if char not in load_catalog().characters:
        known = ", ".join(sorted(load_catalog().characters))
        return fail(f"unknown character {char!r}; choose one of: {known}", EXIT_USAGE)
    seed = args.seed if getattr(args, "seed", None) is not None else secrets.randbits(32)
    recording = Recording(Engine(seed, char))
    engine = recording.engine
    Bot(engine, seed, turns=args.turns).play(recording.submit, args.turns)
    try:
        path = recording.save(args.out or DEFAULT_DIR / f"bot-{seed}.json")
    except SaveError as err:
        return fail(str(err))
    outcome = engine.cause if engine.over else "alive"
    print(f"bot: seed {seed}, {char}: {len(engine.actions)} actions, turn {engine.turn}, "
          f"depth {engine.depth}, {outcome}; saved to {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    run = getattr(args, "run", None)
    if run is not None:
        return run(args)
    return play(args)


if __name__ == "__main__":
    sys.exit(main())
