"""The command line: ``python -m game [play|replay|verify|bot|balance|odds|fsim|curve|bench]``.

This module only parses and dispatches; each command lives in ``game/commands/``. Bad input
gets one clear line and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

from game import __version__
from game.commands.common import (
    EXIT_INTERRUPTED,
    EXIT_PIPE,
    character_name,
    count,
    depth,
    fail,
    given,
    seed,
    signal_name,
    steps,
    whole,
)

BOT_TURNS = 500
FSIM_ROUNDS = 1000


NUMBERS = ("Numbers are written in plain digits 0-9: 1000, not 1_000, 1,000 or another "
           "script's digits. An option given twice is refused, not the first one forgotten.")


class Parser(argparse.ArgumentParser):
    """Bad arguments are one line (and exit 2), not a usage block and a line; an option that
    takes a value is taken once (``--char a --char b`` is refused: the first was silently
    replaced); every --help says how numbers are written."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("epilog", NUMBERS)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see --help)\n")

    def parse_known_args(self, args=None, namespace=None):
        outermost = not Once.parsing
        if outermost:  # a parse of its own (a command's parser is called within it)
            Once.given, Once.parsing = set(), True
        try:
            return super().parse_known_args(args, namespace)
        finally:
            if outermost:
                Once.parsing = False

    def add_argument(self, *names, **kwargs):
        if names and names[0].startswith("-") and kwargs.get("action", "store") == "store":
            kwargs["action"] = Once
        return super().add_argument(*names, **kwargs)


class Once(argparse.Action):
    """An option's value, refused when the option is given a second time, before the
    command's name or after it (``--char a play --char b``: a command's options are read
    into a namespace of their own, so the options given are kept here, a set for each
    outermost parse)."""

    given: set[str] = set()
    parsing = False

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if self.dest in Once.given:
            parser.error(f"{option_string} is given twice; give it once")
        Once.given.add(self.dest)
        setattr(namespace, self.dest, values)


def parser() -> argparse.ArgumentParser:
    from game.commands.baselines import add_baselines
    from game.commands.dataset import add_dataset
    from game.commands.sharing import add_share_options

    top = Parser(prog="python -m game",
                                  description="A roguelike whose combat follows its manual.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    add_play_options(top)
    commands = top.add_subparsers(dest="command")
    play = commands.add_parser("play", help="start a new game (the default) or --load one")
    add_play_options(play, default=argparse.SUPPRESS)  # "--seed 3 play" keeps the 3
    play.add_argument("--load", type=given, metavar="PATH", help="continue a saved game")
    play.add_argument("--wizard", action="store_true",
                      help="a wizard game from the start (marked as such for good)")
    play.add_argument("--options", type=given, metavar="FILE",
                      help="the options file (default: options.toml here, if there is one)")
    replay = commands.add_parser("replay", help="watch a recording (t takes over)")
    replay.add_argument("path", type=given, metavar="PATH")
    add_share_options(replay)  # --cast, --html (game.commands.sharing)
    verify = commands.add_parser("verify", help="replay a save from its seed and check it "
                                 "(exit 0 in sync, 1 out of sync, 2 unreadable or made by "
                                 "a game version this one does not read)")
    verify.add_argument("path", type=given, metavar="PATH")
    add_bot(commands)
    add_wizard_tools(commands)
    board = commands.add_parser("scores", help="the high-score table (W marks wizard games)")
    board.add_argument("--file", type=given, metavar="PATH", help="the score file (default "
                       "saves/scores.json)")
    add_balance(commands)
    made = commands.add_parser("tables", help="whether the docs' tables and the released "
                               "versions' fingerprints are current; --write writes them")
    made.add_argument("--write", action="store_true", help="write what is stale")
    made.add_argument("--diff", type=given, metavar="DIR",
                      help="list what the overlay DIR changes in the game's tables, entry by "
                           "entry (field: old -> new)")
    bench = commands.add_parser("bench", help="measure how fast the game is")
    bench.add_argument("--quick", action="store_true", help="a short run (under 10 s)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    add_baselines(commands)
    add_dataset(commands, BOT_TURNS)
    return top


def add_play_options(p: argparse.ArgumentParser, default=None) -> None:
    p.add_argument("--seed", type=seed, default=default,
                   help="the game seed (random when left out)")
    p.add_argument("--char", type=character_name, metavar="NAME", default=default,
                   help="starting character, e.g. 'dwarf warrior' (a start screen otherwise)")
    p.add_argument("--window", action="store_true", default=default or False,
                   help="play in a window (SDL) instead of the terminal")
    add_rules(p, default)
    add_content(p, default)


def add_content(p: argparse.ArgumentParser, default=None) -> None:
    """--content DIR: an overlay (a mod) laid over the game's tables (read by the command, so
    a bad folder is one line)."""
    p.add_argument("--content", type=given, metavar="DIR", default=default,
                   help="lay the .toml tables of DIR over the game's own (a mod): its entries "
                        "change or add creatures, weapons, armour, spells, races, classes")


def add_versus(p: argparse.ArgumentParser) -> None:
    """--versus DIR: the same command under the overlay DIR too, side by side (A against B)."""
    p.add_argument("--versus", type=given, metavar="DIR",
                   help="also under the overlay DIR, side by side with the game's tables (or "
                        "--content's): each figure, the difference, and for a simulated "
                        "share whether it is more than chance")


def add_rules(p: argparse.ArgumentParser, default=None, *, extra: str = "") -> None:
    """--rules NAME: the combat system (checked by the command, so a bad name is one line)."""
    p.add_argument("--rules", type=given, metavar="NAME", default=default,
                   help="the combat system: manual (the default), qud, d20, coc or tides"
                   + extra)


def add_seed_and_char(p: argparse.ArgumentParser) -> None:
    """--seed and --char after the command name too ("bot --seed 3")."""
    p.add_argument("--seed", type=seed, default=argparse.SUPPRESS, help="the seed")
    p.add_argument("--char", type=character_name, metavar="NAME", default=argparse.SUPPRESS,
                   help="the starting character (default dwarf warrior)")


def add_bot(commands) -> None:
    bot = commands.add_parser("bot", help="let the built-in bot play headlessly and save")
    add_seed_and_char(bot)
    add_rules(bot, argparse.SUPPRESS)
    add_content(bot, argparse.SUPPRESS)
    bot.add_argument("--turns", type=count, metavar="T", default=BOT_TURNS,
                     help=f"player actions to play (default {BOT_TURNS})")
    bot.add_argument("--out", type=given, metavar="PATH",
                     help="where to save (default saves/bot-SEED.json)")
    bot.add_argument("--auto-pickup", action="store_true",
                     help="play with the auto-pickup game option on (off by default)")


def add_sweep(p: argparse.ArgumentParser) -> None:
    """--jobs N and --ray ADDRESS: where a sweep's independent jobs run (game.lab.sweep)."""
    from game.commands.sweeps import ray_address
    from game.lab.sweep import JOBS

    p.add_argument("--jobs", type=whole(1, JOBS), default=1, metavar="J",
                   help="jobs run at once, in J local processes (default 1: in this one)")
    p.add_argument("--ray", type=ray_address, metavar="ADDRESS",
                   help="run the jobs on the Ray cluster at ADDRESS ('local' starts one here; "
                        "pip install -e '.[cluster]')")


def add_plot(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plot", type=given, metavar="FILE.png",
                   help="draw a chart into FILE.png (pip install -e '.[plots]')")


def add_balance(commands) -> None:
    from game.commands.balance import ACTIONS, SEEDS, TARGET, WIN_ACTIONS

    balance = commands.add_parser("balance", help="how often the bot reaches a depth or wins, "
                                  "over fixed seeds, for each ready character (docs/balance.md)")
    balance.add_argument("--seeds", type=count, default=None, metavar="N",
                         help=f"games per character and system (default {SEEDS})")
    balance.add_argument("--first", type=seed, default=None, metavar="S",
                         help="the first seed (default 0): seeds S to S+N-1")
    balance.add_argument("--depth", type=depth, default=None, metavar="D",
                         help=f"the depth to reach (default {TARGET})")
    balance.add_argument("--win", action="store_true",
                         help="play on to win: find the amulet and bring it up and out")
    balance.add_argument("--actions", type=count, default=None, metavar="A",
                         help=f"the most actions per game (default {ACTIONS}, "
                              f"{WIN_ACTIONS:,} with --win)")
    balance.add_argument("--char", type=character_name, metavar="NAME", default=None,
                         help="one character, or 'all' (every race and class; default: "
                              "every ready one)")
    add_rules(balance, extra=", or all of them, a row each")
    balance.add_argument("--as", dest="as_version", type=given, metavar="VERSION",
                         default=None, help="play as an earlier game version did (its "
                                            "numbers), to compare")
    balance.add_argument("--csv", type=given, metavar="FILE",
                         help="write every game, with how the run was made in its columns")
    balance.add_argument("--from", dest="from_csv", type=given, metavar="CSV",
                         help="play again the run a --csv file records (its seeds, depth, "
                              "actions, characters, systems; its overlays given again with "
                              "--content and --versus)")
    add_sweep(balance)
    add_content(balance)
    add_versus(balance)
    add_plot(balance)


def add_wizard_tools(commands) -> None:
    odds = commands.add_parser("odds", help="the exact odds between two fighters")
    fsim = commands.add_parser("fsim", help="simulate many fights between two fighters")
    for p in (odds, fsim):
        add_seed_and_char(p)
        add_rules(p, argparse.SUPPRESS, extra=", or all of them side by side")
        add_content(p, argparse.SUPPRESS)
        add_versus(p)
        p.add_argument("attacker", type=character_name, metavar="ATTACKER",
                       help="a creature, a starting character, or 'player'")
        p.add_argument("defender", type=character_name, metavar="DEFENDER")
        p.add_argument("--shoot", type=steps, default=0, metavar="STEPS",
                       help="the player shoots from STEPS away (with what t readies) while it "
                            "has shots, as the defender closes in")
    fsim.add_argument("--rounds", type=count, default=FSIM_ROUNDS, metavar="N")
    fsim.add_argument("--csv", type=given, metavar="FILE",
                      help="write each fight's result (with a rules column)")
    fsim.add_argument("--as-play", action="store_true",
                      help="fight as play does: training, stamina, bleeding, poison, "
                           "regeneration and spells during the fight (by default as the "
                           "exact figure assumes)")
    add_sweep(fsim)
    add_plot(odds)
    add_plot(fsim)
    curve = commands.add_parser("curve", help="the exact odds (hit, kill first) against one "
                                "varied stat of the defender or the attacker")
    add_seed_and_char(curve)
    add_rules(curve, argparse.SUPPRESS, extra=", or all of them side by side")
    add_content(curve, argparse.SUPPRESS)
    add_versus(curve)
    curve.add_argument("attacker", type=character_name, metavar="ATTACKER",
                       help="a creature, a starting character, or 'player'")
    curve.add_argument("defender", type=character_name, metavar="DEFENDER")
    curve.add_argument("--vary", type=given, required=True,
                       metavar="[attacker.|defender.]NAME=LOW..HIGH",
                       help="the stat to vary (the defender's unless attacker. is given): a "
                            "whole-number field of its entry in the tables (hit_points, "
                            "strength, natural_defence, ...), or defence or protection; "
                            "e.g. defence=8..24")
    curve.add_argument("--vary2", type=given, metavar="[attacker.|defender.]NAME=LOW..HIGH",
                       help="a second stat, varied with the first: the odds at every pair "
                            "of values, a heat map (a table, or a chart with --plot)")
    add_plot(curve)
    add_sweep(curve)


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        command = args.command or "play"
        try:
            code = run(command, args)
        except KeyboardInterrupt as stop:  # a command that does not answer it itself
            signum = getattr(stop, "signum", EXIT_INTERRUPTED - 128)  # (a sweep's SIGTERM)
            code = fail(f"{command} interrupted ({signal_name(signum)})", 128 + signum)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        return _pipe_closed()


def _pipe_closed() -> int:
    """Whoever read the output stopped reading (``| head -1``): end quietly, as a shell tool
    does (the Python docs' recipe: devnull in place of stdout, so the last flush at exit
    writes nowhere rather than raise again)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_PIPE


def run(command: str, args: argparse.Namespace) -> int:
    if command == "play":
        from game.commands import play

        args.load = getattr(args, "load", None)
        args.rules = getattr(args, "rules", None)
        args.wizard = getattr(args, "wizard", False)
        args.options = getattr(args, "options", None)
        args.content = getattr(args, "content", None)
        return play.run(args)
    if command == "replay":
        from game.commands import replay

        return replay.run(args)
    if command == "scores":
        from game.commands import tools

        return tools.run_scores(args)
    if command in ("verify", "bot"):
        from game.commands import tools

        return tools.run_verify(args) if command == "verify" else tools.run_bot(args)
    if command == "balance":
        from game.commands import balance

        return balance.run(args)
    if command in ("odds", "fsim", "curve"):
        args.char = args.char or "dwarf warrior"
        args.seed = args.seed if args.seed is not None else 0
        if command == "curve":
            from game.commands import curve

            return curve.run(args)
        from game.commands import wizard

        return wizard.run_odds(args) if command == "odds" else wizard.run_fsim(args)
    if command == "tables":
        from game.commands import tables

        return tables.run(args)
    if command == "baselines":
        from game.commands import baselines

        return baselines.run(args)
    if command == "dataset":
        from game.commands import dataset

        return dataset.run(args)
    from game import bench

    return bench.main(args.quick, args.json)


if __name__ == "__main__":
    sys.exit(main())
