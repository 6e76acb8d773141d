"""``python -m game [play]``: a new game, or ``--load PATH`` to continue a saved one.

The game is saved to ``saves/<character>-<seed>.json`` (or back to the loaded file) on S, on
every change of level, on quitting and when it ends; the start screen offers the games under
way saved there, to continue (``saved_games``). A quit whose save fails asks what to do;
a hang-up (SIGHUP, SIGTERM) saves without asking, to the rescue file in the system's
temporary folder if the save itself fails. An unexpected exception writes a crash report
before the terminal is restored.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import traceback
from pathlib import Path

from game.content import ContentError
from game.content.catalog import load_catalog
from game.persist import savefile, scores
from game.persist.files import clean_stale_temps, short_name, write_atomic
from game.rules import systems
from game.ui import options_file, palette
from game.ui.app import GameApp
from game.ui.morgue import kills_by_kind, morgue_text
from game.ui.options import DEFAULT, Options
from game.ui.start import SavedGame
from game.world.core.components import Player
from game.world.game import Game

from .common import EXIT_USAGE, fail, unknown


def save_path(engine: Game, folder: Path = savefile.DEFAULT_DIR) -> Path:
    """``dwarf-warrior-3.json``; a game under other rules than the manual's says which:
    ``dwarf-warrior-3-qud.json``."""
    return folder / _save_name(engine.character, engine.seed, engine.rules)


def _save_name(character: str, seed: int, rules: str) -> str:
    suffix = "" if rules == systems.DEFAULT else f"-{rules}"
    return short_name(f"{character.replace(' ', '-')}-{seed}{suffix}")


SAVES_LOOKED_AT = 10  # the newest files of saves/ the start screen reads


def saved_games(folder: Path = savefile.DEFAULT_DIR) -> list[SavedGame]:
    """The games under way in ``folder`` that S saved under their own names (so saving again
    writes the same file), newest first; dead, ended, crashed and unreadable files are left
    out (``play --load`` and ``verify`` say what is wrong with those)."""
    try:
        files = sorted(((p.stat().st_mtime, p.name, p) for p in folder.glob("*.json")),
                       reverse=True)[:SAVES_LOOKED_AT]
    except OSError:
        return []
    games = []
    for _, _, path in files:
        try:
            save = savefile.load(path)
        except (savefile.SaveError, OSError):
            continue
        if save.dead or save.crash is not None or save.snapshot.get("outcome") is not None \
                or path.name != _save_name(save.character, save.seed, save.rules):
            continue
        games.append(SavedGame(_label(save), str(path), _opener(path)))
    return games


def _label(save: savefile.SaveData) -> str:
    """ "continue the human mage: depth 2, turn 107" (its rules and wizard mode if so)."""
    snap = save.snapshot
    extra = "" if save.rules == systems.DEFAULT else f", {save.rules} rules"
    extra += ", wizard" if save.wizard_game else ""
    return (f"continue the {save.character}: depth {snap.get('depth')}, "
            f"turn {snap.get('turn')}{extra}")


def _opener(path: Path):
    def open_game() -> Game | str:
        try:
            return savefile.continue_game(path)
        except savefile.SaveError as err:
            return str(err)
    return open_game


def saver_to(path: Path | None):
    """Save to ``path``, or to the game's own name under saves/."""
    def save(engine: Game) -> str:
        return str(savefile.save(engine, path or save_path(engine)))
    return save


def saver_for(typed: str):
    """The saver for a file the player typed (``~`` is the home folder)."""
    return saver_to(Path(typed).expanduser())


def rescue(engine: Game) -> str:
    """Where a hang-up saves when the game's own save fails: the temporary folder."""
    name = save_path(engine).stem
    return str(savefile.save(engine, Path(tempfile.gettempdir()) / f"{name}-rescued.json"))


def hooks(path: Path | None) -> dict:
    """What every GameApp of the command line is given: how it saves, reports a crash, and
    ends (the morgue and the score)."""
    return dict(saver=saver_to(path), saver_for=saver_for, rescue=rescue,
                on_crash=report_crash, on_end=finish)


def finish(session) -> list[str]:
    """The game has ended: write the morgue beside the save and add the score to the table
    in the same folder; the lines to show on the end screen (a problem is one of them)."""
    engine = session.engine
    save = Path(session.saved_to) if session.saved_to else save_path(engine)
    deepest, won = max(engine.levels, default=engine.depth), engine.outcome == "won"
    score = scores.points(deepest, sum(kills_by_kind(engine).values()), won)
    lines = []
    morgue = save.with_name(save.stem + "-morgue.txt")
    try:
        write_atomic(morgue, morgue_text(engine, score).encode())
        lines.append(f"Character dump: {morgue}")
    except OSError as err:
        lines.append(f"The character dump could not be written: {err.strerror or err}")
    flags = engine.component(engine.player, Player)
    entry = {"score": score, "character": flags.character, "seed": engine.seed,
             "outcome": engine.outcome or "", "cause": engine.cause, "depth": deepest,
             "turns": engine.turn, "wizard": flags.wizard}
    try:
        table, place = scores.record(entry, save.parent / scores.DEFAULT.name)
        lines += scores.table(table, place, shown=5)
    except scores.ScoresError as err:
        lines.append(str(err))
    return lines


def report_crash(engine: Game, error: BaseException) -> Path | None:
    """Write the crash report; a failure here must not hide the crash itself."""
    try:
        return savefile.crash_report(engine, error)
    except Exception:  # the original error matters more: it is raised on regardless
        return None


def read_options(path: str | None) -> Options:
    """The options file named, else ./options.toml if there is one; its colours take effect."""
    where = path if path is not None else options_file.default_path()
    if where is None:
        return DEFAULT
    options = options_file.load(where)
    palette.apply(options.colours)
    return options


def run(args: argparse.Namespace) -> int:
    try:
        catalog = load_catalog()
    except ContentError as err:
        return fail(str(err))
    try:
        args.options = read_options(getattr(args, "options", None))
    except options_file.OptionsError as err:
        return fail(str(err), EXIT_USAGE)
    if args.load is not None:
        if args.rules is not None:
            return fail("a saved game keeps the rules it was begun under; "
                        "leave out --rules with --load", EXIT_USAGE)
        return _continue(args)
    rules = args.rules or systems.DEFAULT
    if rules not in systems.NAMES:
        return fail(systems.unknown_rules(rules), EXIT_USAGE)
    if args.char is not None and args.char not in catalog.characters:
        return fail(unknown("character", args.char, catalog.characters), EXIT_USAGE)
    plain = args.seed is None and args.rules is None and not args.wizard
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    clean_stale_temps(savefile.DEFAULT_DIR)
    saved = saved_games() if plain and args.char is None else []
    app = GameApp(seed, character=args.char, wizard=args.wizard, options=args.options,
                  rules=rules, saved=saved, **hooks(None))
    return run_frontend(app, window=args.window)


def _continue(args: argparse.Namespace) -> int:
    try:
        engine = savefile.continue_game(args.load)
    except savefile.SaveError as err:
        return fail(str(err), 2)
    clean_stale_temps(Path(args.load).parent)
    app = GameApp.from_engine(engine, options=args.options, **hooks(Path(args.load)))
    return run_frontend(app, window=args.window)


def _farewell(app) -> int:
    """Say where the game was saved and how to go on with it, or that it was not saved (then
    exit 1, unless the player chose so)."""
    session = getattr(app, "session", None)
    if session is None:
        return 0
    where = session.saved_to
    if session.abandoned:
        since = f"; the last save is in {where}" if where else ""
        print(f"Quit without saving{since}.")
        return 0
    if session.save_error is not None:
        return fail(f"The game could not be saved: {session.save_error}")
    if where is None:
        return 0
    if session.engine.over:
        print(f"The game is over; its recording is in {where} "
              f"(python -m game replay {where}).")
    else:
        print(f"Saved in {where}; continue with: python -m game play --load {where}")
    return 0


def _after(app) -> int:
    """The farewell, which a hung-up terminal may no longer take (the game is saved)."""
    try:
        code = _farewell(app)
        sys.stdout.flush()
    except OSError:
        return 1 if getattr(getattr(app, "session", None), "save_error", None) else 0
    return code


def run_frontend(app, *, window: bool) -> int:
    """Run the app in the terminal (or a window); a crash prints where its report went."""
    try:
        if window:
            from game.frontends.window import NoWindow
            from game.frontends.window import run as run_window

            try:
                run_window(app)
            except NoWindow as err:
                return fail(str(err))
            return _after(app)
        from game.frontends.terminal import NoTerminal
        from game.frontends.terminal import run as run_terminal

        try:
            run_terminal(app)
        except NoTerminal as err:
            return fail(str(err))
        return _after(app)
    except Exception:
        traceback.print_exc()
        report = getattr(app, "crash_report", None)
        where = (f"its recording is in {report}: python -m game replay {report} reproduces it"
                 if report else "no crash report could be written")
        return fail(f"the game crashed; {where}", 3)
