"""``python -m game balance``: how often the built-in bot, a careful player, reaches a depth
or wins.

The balance is measured, not guessed: the bot plays each chosen character under each chosen
combat system over the same fixed seeds (0, 1, 2, ... by default). A game ends when it
reaches the target depth (or, with ``--win``, when the bot climbs out with the amulet), dies
or has played its actions. The report has one row per character and system: the share that
reached the depth (or won), where the rest died (by depth, and the commonest causes), and the
character's level when it first reached depths 4 and 6, so a change to the content or the bot
can be compared before and after on identical games. ``--csv FILE`` writes every game.
``--as VERSION`` plays as an earlier game version did (its numbers), to compare the two.
With a class in more than one race (``--char all``), a line for each class over its races
follows. Nothing is saved. See docs/balance.md.
"""

from __future__ import annotations

import argparse
import csv
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from game.lab import bot_games, versus
from game.lab.sweep import Cut, Interrupted, SweepError
from game.lab.versus import name_of
from game.wizard import shares

from . import balance_csv, plots, sweeps
from .common import EXIT_USAGE, fail, output_refused, signal_name, tables, under, unknown
from .common import versus as versus_tables

if TYPE_CHECKING:
    from game.content.catalog import Catalog
    from game.content.overlay import Overlay
    from game.world.core.setup import Setup

SEEDS = 100
TARGET = 3
ACTIONS = 1500  # enough to reach depth 3
WIN_ACTIONS = 10_000  # enough to go down to depth 6 and back up (a win takes about 3,000)
ALL = "all"  # --char all, --rules all
DEPTHS = 6  # the columns of "died on depth": the dungeon's depths
LEVEL_ON = (4, 6)  # the depths whose arrival level the report shows
TOP_CAUSES = 4  # causes of death named under each row


@dataclass(frozen=True)
class Ended:
    """How one bot game ended. ``levels[d - 1]`` is the character's level when it first
    reached depth d (0 where it never did)."""

    seed: int
    depth: int  # the deepest depth reached
    cause: str  # "" when it lived
    won: bool = False
    died_on: int = 0  # the depth it died on (0: it lived)
    level: int = 1  # the character's level at the end
    actions: int = 0
    turns: int = 0
    levels: tuple[int, ...] = ()
    character: str = ""
    rules: str = ""
    overlay: str = ""  # the name of the overlay it was played under ("" for none)
    digest: str = ""  # and its digest (Overlay.digest)

    @property
    def outcome(self) -> str:
        return "won" if self.won else "dead" if self.died_on else "alive"


def play_one(setup: Setup, *, target: int = TARGET, actions: int = ACTIONS,
             win: bool = False) -> Ended:
    """One bot game of ``setup`` (its seed, character, rules, the version it plays as: that
    version's tables and play, its overlay): until it reaches ``target`` (with ``win``, until
    it has won), dies or has played ``actions``."""
    from game.world.core.components import Hero
    from game.world.game import Game
    from game.world.play.bot import Bot  # imported here: --help should not load the world

    engine = Game(setup)
    seed, character, rules = setup.seed, setup.character, setup.rules
    try:
        bot = Bot(engine, seed, turns=actions)
        hero = engine.store.get(engine.player, Hero)
        levels = {1: hero.level}
        tries = 4 * actions + 100

        def going() -> bool:
            if len(engine.actions) >= actions or engine.over or not tries:
                return False
            return win or max(levels) < target

        while going():
            engine.submit(bot.next_action())
            tries -= 1
            levels.setdefault(engine.depth, hero.level)
        dead = engine.outcome == "dead"
        return Ended(seed, max(levels), engine.cause if dead else "", engine.outcome == "won",
                     engine.depth if dead else 0, hero.level, len(engine.actions), engine.turn,
                     tuple(levels.get(d, 0) for d in range(1, max(levels) + 1)), character,
                     rules, *_overlay(setup))
    finally:
        engine.close()


def _overlay(setup: Setup) -> tuple[str, str]:
    """(name, digest) of the overlay a game is played under; ("", "") for none."""
    content = setup.content
    return ("", "") if content is None else (content.name, content.digest)


def killer(cause: str) -> str:
    """ "killed by a kobold on depth 2" -> "a kobold (depth 2)"."""
    match = re.fullmatch(r"(?:killed by )?(.*) on depth (\d+)", cause)
    return f"{match[1]} (depth {match[2]})" if match else cause


def _share(n: int, out_of: int) -> str:
    return shares.of(n, out_of)


def _span(n: int, out_of: int) -> str:
    """ "41-60%": the share's 95% (Wilson) interval, whole percents."""
    return shares.span(n, out_of, 0) if out_of else "-"


def _mean_level(games: Sequence[Ended], depth: int) -> str:
    at = [g.levels[depth - 1] for g in games if len(g.levels) >= depth]
    return f"{sum(at) / len(at):.1f}" if at else "-"


def header(target: int, win: bool) -> list[str]:
    goal = "won" if win else f"d{target}"
    died = " ".join(f"{d:>3d}" for d in range(1, DEPTHS + 1))
    lvl = " ".join(f"{f'lvl@{d}':>5}" for d in LEVEL_ON)
    return [f"{'':55}{'died on depth':^23}",
            f"{'character':<22} {'rules':<9} {'games':>5} {goal:>5} {'95%':>9} {died} "
            f"{'alive':>5} {lvl}"]


def row(games: Sequence[Ended], target: int, win: bool) -> list[str]:
    """One row (and a line of the commonest causes of death) for one character and system."""
    first = games[0]
    goal = sum(g.won if win else g.depth >= target for g in games)
    dead = [g for g in games if g.died_on and not (not win and g.depth >= target)]
    by_depth = Counter(g.died_on for g in dead)
    alive = len(games) - goal - len(dead)
    died = " ".join(f"{by_depth[d]:>3d}" for d in range(1, DEPTHS + 1))
    lvl = " ".join(f"{_mean_level(games, d):>5}" for d in LEVEL_ON)
    lines = [f"{first.character:<22} {first.rules:<9} {len(games):>5} "
             f"{_share(goal, len(games)):>5} {_span(goal, len(games)):>9} {died} {alive:>5} "
             f"{lvl}"]
    causes = Counter(killer(g.cause) for g in dead).most_common(TOP_CAUSES)
    if causes:
        more = len(dead) - sum(n for _, n in causes)
        lines.append("    " + ", ".join(f"{cause} x{n}" for cause, n in causes)
                     + (f", {more} more" if more else ""))
    return lines


def report(groups: Iterable[Sequence[Ended]], target: int, win: bool) -> list[str]:
    """The table: a header, then a row for each group of games (one character and system)."""
    lines = header(target, win)
    total = won = 0
    for games in groups:
        lines += row(games, target, win)
        total += len(games)
        won += sum(g.won if win else g.depth >= target for g in games)
    what = "won (the amulet brought up and out)" if win else f"reached depth {target}"
    lines.append(f"all: {won}/{total} {what} ({_share(won, total)}, 95% interval "
                 f"{_span(won, total)})")
    return lines


def by_class(groups: Iterable[Sequence[Ended]], classes: dict[str, str], target: int,
             win: bool) -> list[str]:
    """A line for each class over its races' games (the aim of the whole game is a class's):
    its games, the share won (or that reached the depth) and the deaths on depth 1."""
    games: dict[str, list[Ended]] = {}
    for group in groups:
        for game in group:
            games.setdefault(classes.get(game.character, game.character), []).append(game)
    goal = "won" if win else f"d{target}"
    lines = [f"{'class':<22} {'games':>5} {goal:>5} {'died on depth 1':>16}"]
    for name, played in games.items():
        reached = sum(g.won if win else g.depth >= target for g in played)
        first = sum(g.died_on == 1 for g in played)
        lines.append(f"{name:<22} {len(played):>5} {_share(reached, len(played)):>5} "
                     f"{first:>8} ({_share(first, len(played))})")
    return lines


def csv_header() -> list[str]:
    return list(balance_csv.COLUMNS)


def _chosen(args: argparse.Namespace, catalog: Catalog
            ) -> tuple[list[str], tuple[str, ...]] | str:
    """(characters, systems) asked for, or why not."""
    from game.rules import systems

    characters = catalog.characters
    char = getattr(args, "char", None)
    if char == ALL:
        names = list(characters)
    elif char:
        if char not in characters:
            return unknown("character", char, [*characters, ALL])
        names = [char]
    else:
        names = [name for name, kind in characters.items() if kind.ready]
    rules = getattr(args, "rules", None) or systems.DEFAULT
    if rules != ALL and rules not in systems.NAMES:
        return systems.unknown_rules(rules) + " (or all)"
    return names, systems.NAMES if rules == ALL else (rules,)


def _version(asked: str | None) -> str | None:
    """The game version to play as (None: this one); a ValueError names the versions this
    game plays as when it is none of them."""
    from game import __version__
    from game.persist.versions import EARLIER

    if asked is None or asked == __version__:
        return None
    if asked not in EARLIER:
        raise ValueError(f"--as {asked!r:.20}: the versions this game plays as are "
                         f"{', '.join((*EARLIER, __version__))}")
    return asked


def run(args: argparse.Namespace) -> int:
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
    other = versus_tables(args, content)
    if isinstance(other, int):
        return other
    plan = _plan(args, content, other)
    if isinstance(plan, str):
        return fail(plan, EXIT_USAGE)
    chosen = plan.chosen or _chosen(args, catalog)
    if isinstance(chosen, str):
        return fail(chosen, EXIT_USAGE)
    names, systems_ = chosen
    for tables_, under_ in ((catalog, ""), *(((other[1], other[0].name),) if other else ())):
        if missing := [n for n in names if n not in tables_.characters]:
            return fail(("under --versus " + repr(under_) + ": " if under_ else "")
                        + unknown("character", missing[0], tables_.characters), EXIT_USAGE)
    try:
        version = _version(plan.made.plays_as)
    except ValueError as err:
        return fail(str(err), EXIT_USAGE)
    from game.world.core.setup import Setup

    made = plan.made
    where = sweeps.where(args)
    if isinstance(where, str):
        return fail(where, EXIT_USAGE)
    win, actions, target = made.win, made.actions, made.target
    seeds = range(made.first, made.first + made.seeds)
    if getattr(args, "csv", None) and (problem := output_refused(args.csv)):
        return fail(problem, EXIT_USAGE)
    if problem := plots.refused(getattr(args, "plot", None)):
        return fail(problem, EXIT_USAGE)
    rows = Rows(getattr(args, "csv", None), made)
    contents = [content] + ([other[0]] if other is not None else [])
    setups = [Setup(s, name, rules=rules, made_by=version, content=c)
              for c in contents for rules in systems_ for name in names for s in seeds]
    shown = Shown(len(seeds), target, win, quiet=other is not None)
    try:
        if other is None:
            print("\n".join(header(target, win)), flush=True)
        try:  # each game stands alone: the same figures however and wherever played
            def each(game: Ended) -> None:
                rows.add(game)
                shown.add(game)

            bot_games.play(play_one, setups, where, each=each, label=_label,
                           target=target, actions=actions, win=win)
        except Interrupted as stop:
            return fail(f"balance interrupted ({signal_name(stop.signum)}) after "
                        f"{rows.count} games{rows.kept()}", 128 + stop.signum)
        except Cut as err:
            return fail(f"{err}{rows.kept()}")
        except SweepError as err:
            return fail(str(err), EXIT_USAGE)
        if other is not None:
            half = len(shown.groups) // 2
            names_ = (name_of(content), name_of(other[0]))
            lines, rows_ = versus_lines(shown.groups[:half], shown.groups[half:], names_,
                                        target, win)
            print("\n".join(lines))
            code = _chart(getattr(args, "plot", None),
                          lambda: versus.chart(lines[0], *names_, rows_))
        else:
            classes = {name: catalog.characters[name].class_ for name in names}
            if len(set(classes.values())) < len(names):  # a class in more than one race
                print("\n".join(by_class(shown.groups, classes, target, win)))
            print(report(shown.groups, target, win)[-1] + under(content))
            code = _chart(getattr(args, "plot", None), lambda: _balance_chart(
                shown.groups, target, win, under(content)))
    finally:
        rows.close()
    if rows.error is not None:
        return fail(f"{args.csv}: the games could not all be written: {rows.error} "
                    f"({rows.written} of {rows.count} written)")
    return code


def _chart(plot: str | None, make: Callable[[], Any]) -> int:
    """``--plot FILE``: the chart ``make`` makes, written (0), or the line saying why not."""
    if plot is None:
        return 0
    from game.lab import charts

    try:
        charts.save(make(), plot)
    except OSError as err:
        return fail(f"{plot}: the chart could not be written: {err.strerror or err}")
    print(f"Drawn in {plot}.")
    return 0


def _balance_chart(groups: Sequence[Sequence[Ended]], target: int, win: bool,
                   heading: str) -> Any:
    from game.lab import charts

    goal = "won" if win else f"reached depth {target}"
    return charts.balance_chart(f"The share of the bot's games that {goal}{heading}",
                                [(f"{g[0].character} ({g[0].rules})", reached(g, target, win),
                                  len(g)) for g in groups])


@dataclass(frozen=True)
class Plan:
    """How the run is made (from the command line, or ``--from FILE``'s), and with
    ``--from`` the characters and systems its rows name."""

    made: balance_csv.Made
    chosen: tuple[list[str], tuple[str, ...]] | None = None


FROM_ONLY = ("seeds", "first", "depth", "actions", "char", "rules", "as_version")


def _plan(args: argparse.Namespace, content: Overlay | None,
          other: tuple[Overlay, Catalog] | None) -> Plan | str:
    """The run's settings, or the line refusing them: the command line's, or (``--from``)
    the file's, whose overlays must be the ones given (--content, --versus)."""
    from game import __version__

    source = getattr(args, "from_csv", None)
    if source is None:
        win = getattr(args, "win", False)
        made = balance_csv.Made(__version__, getattr(args, "as_version", None),
                                _or(args, "first", 0), _or(args, "seeds", SEEDS),
                                _or(args, "depth", TARGET), win,
                                _or(args, "actions", WIN_ACTIONS if win else ACTIONS))
        return _checked(Plan(made))
    given = [f"--{k.replace('_version', '').replace('_', '-')}" for k in FROM_ONLY
             if getattr(args, k, None) is not None] + (["--win"] if args.win else [])
    if given:
        return (f"--from {source}: the run's settings are the file's; leave out "
                f"{', '.join(given)}")
    found = balance_csv.read(source)
    if isinstance(found, str):
        return found
    if found.made.version != __version__:
        return (f"--from {source}: made by game {found.made.version}; this is "
                f"{__version__}, whose games are not those (give --as to play as an older "
                "version, and make the file again)")
    ours = [("", "") if content is None else (content.name, content.digest),
            *([(other[0].name, other[0].digest)] if other is not None else [])]
    if list(found.overlays) != ours:
        return f"--from {source}: made under {_tables_words(found.overlays)}; " \
               f"this run is under {_tables_words(ours)} (give --content and --versus as " \
               "it was made)"
    return _checked(Plan(found.made, (list(found.characters), found.rules)))


def _or(args: argparse.Namespace, name: str, default: int) -> int:
    value = getattr(args, name, None)
    return default if value is None else value


def _tables_words(overlays: Sequence[tuple[str, str]]) -> str:
    return " and ".join(f"the overlay {n!r} ({d[:12]})" if n else "the game's own tables"
                        for n, d in overlays)


def _checked(plan: Plan) -> Plan | str:
    """The plan, or why its numbers cannot be (a file's are checked as the options are)."""
    from game.rules.systems import NAMES, unknown_rules
    from game.world.core.mapgen import MAX_DEPTH
    from game.world.core.rng import SEEDS as ALL_SEEDS

    from .common import MOST

    m = plan.made
    if not 1 <= m.seeds <= MOST or not 1 <= m.actions <= MOST:
        return f"seeds and actions are whole numbers from 1 to {MOST:,}"
    if not 1 <= m.target <= MAX_DEPTH:
        return f"the depth to reach is 1 to {MAX_DEPTH}, not {m.target}"
    if m.first not in ALL_SEEDS or m.first + m.seeds > ALL_SEEDS.stop:
        return (f"seeds {m.first} to {m.first + m.seeds - 1} go past the last seed, "
                f"{ALL_SEEDS.stop - 1}")
    if plan.chosen is not None and (bad := [r for r in plan.chosen[1] if r not in NAMES]):
        return unknown_rules(bad[0])
    return plan


def _label(setup: Setup) -> str:
    """What the bar says it is on: the system (and the overlay, where there is one)."""
    return setup.rules + ("" if setup.content is None else f" ({setup.content.name})")


class Shown:
    """The games as they end, in order: a group each ``size`` games (one character, system
    and overlay), its row printed as it is whole (unless ``quiet``: --versus prints its own
    table at the end)."""

    def __init__(self, size: int, target: int, win: bool, quiet: bool = False) -> None:
        self.size, self.target, self.win, self.quiet = size, target, win, quiet
        self.groups: list[list[Ended]] = []
        self.open: list[Ended] = []

    def add(self, game: Ended) -> None:
        self.open.append(game)
        if len(self.open) < self.size:
            return
        self.groups.append(self.open)
        self.open = []
        if not self.quiet:
            print("\n".join(row(self.groups[-1], self.target, self.win)), flush=True)


def reached(games: Sequence[Ended], target: int, win: bool) -> int:
    return sum(g.won if win else g.depth >= target for g in games)


def versus_lines(a: Sequence[Sequence[Ended]], b: Sequence[Sequence[Ended]],
                 names: tuple[str, str], target: int, win: bool
                 ) -> tuple[list[str], list[versus.Row]]:
    """``balance --versus``: a row for each character and system, the share that reached
    the depth (or won) under A and under B, the difference and whether it is more than
    chance; then all of them."""
    goal = "won" if win else f"reached depth {target}"
    rows = [versus.rate(f"{x[0].character} ({x[0].rules})", reached(x, target, win), len(x),
                        reached(y, target, win), len(y)) for x, y in zip(a, b, strict=True)]
    every_a = [g for x in a for g in x]
    every_b = [g for y in b for g in y]
    rows.append(versus.rate("all", reached(every_a, target, win), len(every_a),
                            reached(every_b, target, win), len(every_b)))
    return [f"The share that {goal}, A against B ({len(every_a)} games each)",
            *versus.table(*names, rows)], rows


class Rows:
    """``--csv FILE``: opened when the first game ends (a run that cannot start, on a cluster
    that does not answer, leaves an old file as it was), each game's row written and flushed
    as it ends (Ctrl-C keeps every finished game); a write that fails (a full disk) is kept
    to be said at the end, and the run goes on."""

    def __init__(self, path: str | None, made: balance_csv.Made) -> None:
        self.path, self.made = path, made
        self.out: TextIO | None = None
        self.writer: Any = None
        self.error: str | None = None
        self.count = self.written = 0  # games ended, rows written

    def add(self, game: Ended) -> None:
        self.count += 1
        if self.path is None or self.error is not None:
            return
        try:
            if self.out is None:
                self.out = open(self.path, "w", newline="", encoding="utf-8")  # noqa: SIM115
                self.writer = csv.writer(self.out, lineterminator="\n")
                self.writer.writerow(csv_header())
            made = self.made
            self.writer.writerow(balance_csv.row(game, made, bool(reached([game], made.target,
                                                                          made.win))))
            self.out.flush()
            self.written += 1
        except OSError as err:
            self.error = err.strerror or str(err)
            self.close()

    def kept(self) -> str:
        """ "; the 12 finished games are in games.csv", or nothing."""
        if self.path is None or not self.written:
            return ""
        return f"; the {self.written} finished games are in {self.path}"

    def close(self) -> None:
        out, self.out = self.out, None
        if out is None:
            return
        try:
            out.close()
        except OSError as err:
            self.error = self.error or err.strerror or str(err)
