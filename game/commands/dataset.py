"""``python -m game dataset --games N --out DIR``: N bot games written as recordings, a dataset
that ``game.env.dataset.load(DIR, keys=...)`` turns into (observation, action, reward) again.

Each game is the bot's (``python -m game bot``), played and saved by the bot's own code: the
seeds ``--first`` to ``--first + N - 1``, each saved under its own name
(``dwarf-warrior-3.json``) or the first free one beside it, under its lock, so a dataset never
writes over another file (an earlier dataset's, a game being played). Ctrl-C stops between
two actions: the games so far, and the one cut short, are saved.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path

from .common import character_name, count, fail, given, seed

GAMES = 10


def add_dataset(commands, turns: int) -> None:
    """The command's arguments (``turns``: the bot's own default length of a game)."""
    p = commands.add_parser("dataset", help="write bot games as recordings: a dataset that "
                            "game.env.dataset.load turns into observations (docs/env.md)")
    p.add_argument("--games", type=count, default=GAMES, metavar="N",
                   help=f"how many games (default {GAMES})")
    p.add_argument("--out", type=given, required=True, metavar="DIR",
                   help="the folder to write them into (made if it is not there)")
    p.add_argument("--first", type=seed, default=0, metavar="S",
                   help="the first game's seed (default 0): seeds S to S+N-1")
    p.add_argument("--turns", type=count, default=turns, metavar="T",
                   help=f"player actions in each game, at most (default {turns})")
    p.add_argument("--char", type=character_name, metavar="NAME",
                   help="the starting character (default dwarf warrior)")
    p.add_argument("--rules", type=given, metavar="NAME",
                   help="the combat system, as the bot's --rules (default manual)")
    p.add_argument("--auto-pickup", action="store_true",
                   help="play with the auto-pickup game option on (off by default)")


def run(args: argparse.Namespace) -> int:
    from game.commands.tools import bot_setup, play_bot, save_free
    from game.frontends.stopping import stop_signals
    from game.lab import progress
    from game.persist.savefile import SaveError
    from game.persist.slot import own_name
    from game.world.core.rng import SEEDS
    from game.world.game import Game

    out = Path(args.out)
    if os.path.lexists(out) and not out.is_dir():
        return fail(f"dataset: {out} is not a folder", 2)
    last = args.first + args.games - 1
    if last not in SEEDS:
        return fail(f"dataset: seeds {args.first} to {last} run past the last seed, "
                    f"{SEEDS.stop - 1}", 2)
    setup = bot_setup(args, args.first)
    if isinstance(setup, int):
        return setup
    actions = 0
    with stop_signals() as stop, progress.bar(args.games, unit="game", desc="dataset") as bar:
        for number, game_seed in enumerate(range(args.first, last + 1), 1):
            engine = Game(dataclasses.replace(setup, seed=game_seed))
            try:
                stopped = play_bot(engine, game_seed, args.turns, stop)
                save_free(engine, out / own_name(setup.character, game_seed, setup.rules))
                actions += len(engine.actions)
            except SaveError as err:
                return fail(f"dataset: {err}")
            finally:
                engine.close()
            bar.update()
            if stopped is not None:
                return fail(f"dataset interrupted: {number} of {args.games} games saved to "
                            f"{out} (the last cut short)", 128 + stopped)
    print(f"dataset: {args.games} bot games (seeds {args.first} to {last}, "
          f"{setup.character}, at most {args.turns} actions each), {actions:,} actions in all, "
          f"saved to {out}; game.env.dataset.load({str(out)!r}) replays them")
    return 0

