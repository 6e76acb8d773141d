"""``python -m game balance``: how often the built-in bot, a careful player, reaches a depth.

The early game's balance is measured, not guessed: the bot plays each ready character over the
same fixed seeds (0, 1, 2, ... by default), each game ending when it reaches the target depth,
dies or has played its actions. It prints, per character, the share that reached the depth and
what killed the rest (and where), so a change to the content or the bot can be compared before
and after on identical games. Nothing is saved. See docs/balance.md.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lab import bot_games
from game.lab.sweep import SweepError

from . import sweeps
from .common import EXIT_USAGE, fail, tables, under, unknown

if TYPE_CHECKING:
    from game.content.overlay import Overlay

SEEDS = 100
TARGET = 3
ACTIONS = 1500


@dataclass(frozen=True)
class Ended:
    """How one bot game ended: the deepest depth reached and the cause if it died."""

    seed: int
    depth: int
    cause: str  # "" when it lived


def play_one(character: str, seed: int, *, target: int = TARGET,
             actions: int = ACTIONS, content: Overlay | None = None) -> Ended:
    """One bot game on ``seed`` until it reaches ``target``, dies or has played ``actions``
    (under the overlay ``content``, if any)."""
    from game.world.game import Game as Game
    from game.world.play.bot import Bot  # imported here: --help should not load the world

    engine = Game(seed, character, content=content)
    try:
        bot = Bot(engine, seed, turns=actions)
        deepest, tries = engine.depth, 4 * actions + 100
        while (len(engine.actions) < actions and not engine.over and deepest < target
               and tries):
            engine.submit(bot.next_action())
            deepest, tries = max(deepest, engine.depth), tries - 1
        return Ended(seed, deepest, engine.cause if engine.outcome == "dead" else "")
    finally:
        engine.close()


def killer(cause: str) -> str:
    """ "killed by a kobold on depth 2" -> "a kobold (depth 2)"."""
    match = re.fullmatch(r"(?:killed by )?(.*) on depth (\d+)", cause)
    return f"{match[1]} (depth {match[2]})" if match else cause


def report(character: str, games: list[Ended], target: int) -> list[str]:
    reached = sum(g.depth >= target for g in games)
    dead = [g for g in games if g.cause and g.depth < target]
    short = len(games) - reached - len(dead)
    lines = [f"{character}: {reached}/{len(games)} reached depth {target} "
             f"({100 * reached // len(games)}%), {len(dead)} died before it, "
             f"{short} alive but short of it"]
    for cause, n in Counter(killer(g.cause) for g in dead).most_common():
        lines.append(f"  {n:3d}  {cause}")
    return lines


def run(args: argparse.Namespace) -> int:
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    characters = catalog.characters
    chosen = [args.char] if getattr(args, "char", None) else \
        [name for name, kind in characters.items() if kind.ready]
    for name in chosen:
        if name not in characters:
            return fail(unknown("character", name, characters), EXIT_USAGE)
    from game.world.core.rng import SEEDS as ALL

    if args.first + args.seeds > ALL.stop:
        return fail(f"seeds {args.first} to {args.first + args.seeds - 1} go past the last "
                    f"seed, {ALL.stop - 1}", EXIT_USAGE)
    where = sweeps.where(args)
    if isinstance(where, str):
        return fail(where, EXIT_USAGE)
    seeds = range(args.first, args.first + args.seeds)
    try:  # each game stands alone: the same figures however and wherever they are played
        played = bot_games.play(play_one, [(name, s) for name in chosen for s in seeds],
                                where, target=args.depth, actions=args.actions,
                                content=content)
    except SweepError as err:
        return fail(str(err), EXIT_USAGE)
    for name in chosen:
        print("\n".join(report(name + under(content), played[name], args.depth)),
              flush=True)
    return 0
