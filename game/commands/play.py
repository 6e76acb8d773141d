"""``python -m game [play]``: a new game, or ``--load PATH`` to continue a saved one.

The game is saved to ``saves/<character>-<seed>.json`` (or back to the loaded file) on S, on
every change of level, on quitting and when it ends. An unexpected exception writes a crash
report before the terminal is restored.
"""

from __future__ import annotations

import argparse
import secrets
import traceback
from pathlib import Path

from game.content import ContentError
from game.content.catalog import load_catalog
from game.persist import savefile
from game.rules import systems
from game.ui import options_file, palette
from game.ui.app import GameApp
from game.ui.options import DEFAULT, Options
from game.world.engine import Engine

from .common import EXIT_USAGE, fail, unknown


def save_path(engine: Engine, folder: Path = savefile.DEFAULT_DIR) -> Path:
    """``dwarf-warrior-3.json``; a game under other rules than the manual's says which:
    ``dwarf-warrior-3-qud.json``."""
    rules = "" if engine.rules == systems.DEFAULT else f"-{engine.rules}"
    return folder / f"{engine.character.replace(' ', '-')}-{engine.seed}{rules}.json"


def saver_to(path: Path | None):
    """Save to ``path``, or to the game's own name under saves/."""
    def save(engine: Engine) -> str:
        return str(savefile.save(engine, path or save_path(engine)))
    return save


def report_crash(engine: Engine, error: BaseException) -> Path | None:
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
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    app = GameApp(seed, character=args.char, saver=saver_to(None), on_crash=report_crash,
                  wizard=args.wizard, options=args.options, rules=rules)
    return run_frontend(app, window=args.window)


def _continue(args: argparse.Namespace) -> int:
    try:
        engine = savefile.continue_game(args.load)
    except savefile.SaveError as err:
        return fail(str(err), 2)
    app = GameApp.from_engine(engine, saver=saver_to(Path(args.load)), on_crash=report_crash,
                              options=args.options)
    return run_frontend(app, window=args.window)


def _farewell(app) -> None:
    """Say where the game was saved, and how to go on with it."""
    session = getattr(app, "session", None)
    where = getattr(session, "saved_to", None)
    if where is None:
        return
    engine = session.engine
    if engine.over:
        print(f"The game is over; its recording is in {where} "
              f"(python -m game replay {where}).")
    else:
        print(f"Saved in {where}; continue with: python -m game play --load {where}")


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
            _farewell(app)
            return 0
        from game.frontends.terminal import NoTerminal
        from game.frontends.terminal import run as run_terminal

        try:
            run_terminal(app)
        except NoTerminal as err:
            return fail(str(err))
        _farewell(app)
        return 0
    except Exception:
        traceback.print_exc()
        report = getattr(app, "crash_report", None)
        where = (f"its recording is in {report}: python -m game replay {report} reproduces it"
                 if report else "no crash report could be written")
        return fail(f"the game crashed; {where}", 3)
