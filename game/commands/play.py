"""``python -m game [play]``: a new game, or ``--load PATH`` to continue a saved one.

The game is saved to ``saves/<character>-<seed>.json`` (or the first free ``-2``, ``-3``
beside it: ``game.persist.slot``; or back to the loaded file, held under its lock while the
game runs) on S, on every change of level, on quitting and when it ends; the start screen
offers the games under way saved there, to continue (``saved_games``). A quit whose save
fails asks what to do;
a hang-up (SIGHUP, SIGTERM) saves without asking, to the rescue file in the system's
temporary folder if the save itself fails. An unexpected exception writes a crash report
before the terminal is restored.
"""

from __future__ import annotations

import argparse
import os
import secrets
import stat
import sys
import tempfile
import traceback
from pathlib import Path

from game.persist import savefile
from game.persist.files import clean_stale_temps
from game.persist.locks import Busy
from game.persist.slot import SaveSlot, Unlocked, is_named_for, morgue_of, own_name
from game.rules import systems
from game.ui import options_file, palette
from game.ui.app import GameApp
from game.ui.options import DEFAULT, Options
from game.ui.start import SavedGame, StartScreen
from game.world.game import Game

from .common import EXIT_USAGE, fail, tables, unknown
from .endings import CaughtUp, catch_up, finish, hall_of_fame


def save_path(engine: Game, folder: Path = savefile.DEFAULT_DIR) -> Path:
    """``dwarf-warrior-3.json``; a game under other rules than the manual's says which:
    ``dwarf-warrior-3-qud.json``."""
    return folder / own_name(engine.character, engine.seed, engine.rules)


def saved_games(folder: Path = savefile.DEFAULT_DIR,
                slot: SaveSlot | None = None) -> list[SavedGame]:
    """Every game under way in ``folder`` saved under its own name (or the free name a new
    game took beside it), newest first; dead, ended, crashed and unreadable files, and
    whatever else the folder holds (links to nowhere, pipes, folders), are left out
    (``play --load`` and ``verify`` say what is wrong with those). Opening one claims it for
    ``slot``."""
    slot = slot if slot is not None else SaveSlot(folder=folder)
    games = []
    for _, _, path in _json_files(folder):
        if os.path.lexists(morgue_of(path)):
            continue  # a game that ended (its morgue is written last): not read at all
        try:
            save = savefile.load(path)
        except Exception:  # any file that cannot be read: catch_up names it, once
            continue
        if save.dead or save.crash is not None or save.snapshot.get("outcome") is not None \
                or not is_named_for(path.name, own_name(save.character, save.seed, save.rules)):
            continue
        games.append(SavedGame(_label(save), str(path), _opener(path, slot)))
    return games


def _json_files(folder: Path) -> list[tuple[float, str, Path]]:
    """The regular ``*.json`` files of ``folder``, newest first, each looked at on its own
    (one that vanishes, loops or cannot be read is passed over, not the folder)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = Path(folder) / name
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(info.st_mode) and info.st_size <= savefile.MAX_BYTES:
            found.append((info.st_mtime, name, path))
    return sorted(found, reverse=True)


def _label(save: savefile.SaveData) -> str:
    """ "continue the human mage: depth 2, turn 107" (its rules and wizard mode if so)."""
    snap = save.snapshot
    extra = "" if save.rules == systems.DEFAULT else f", {save.rules} rules"
    extra += ", wizard" if save.wizard_game else ""
    extra += f", {save.content.name} overlay" if save.content is not None else ""
    return (f"continue the {save.character}: depth {snap.get('depth')}, "
            f"turn {snap.get('turn')}{extra}")


def _opener(path: Path, slot: SaveSlot):
    def open_game() -> Game | str:
        try:
            return claim_and_continue(slot, path)
        except savefile.SaveError as err:
            return str(err)
    return open_game


class InUse(savefile.SaveError):
    """Another process plays that save."""


def claim_and_continue(slot: SaveSlot, path: Path) -> Game:
    """Hold the save, then read it (so nobody saves it between the two); SaveError if another
    process plays it or it cannot be continued (the claim let go again)."""
    try:
        slot.claim(Path(path))
    except Busy as err:
        raise InUse(f"{err.strerror}: it is being played there") from None
    try:
        return savefile.continue_game(path)
    except BaseException:
        slot.release()
        slot.path = None
        raise


def saver_to(path: Path | None):
    """Save to ``path``, or to the game's own name (a free one beside it) under saves/."""
    return SaveSlot(path).save


def saver_for(typed: str):
    """The saver for a file the player typed (``~`` is the home folder)."""
    return saver_to(Path(typed).expanduser())


def rescue(engine: Game) -> str:
    """Where a hang-up saves when the game's own save fails: the temporary folder."""
    name = save_path(engine).stem
    slot = SaveSlot()  # a free name there, under its lock: never over another rescue
    try:
        slot.take_free(Path(tempfile.gettempdir()) / f"{name}-rescued.json")
        return slot.save(engine)
    finally:
        slot.release()


def hooks(path: Path | None, slot: SaveSlot | None = None) -> dict:
    """What every GameApp of the command line is given: how it saves (to ``slot``, which holds
    the file), reports a crash, and ends (the morgue and the score)."""
    slot = slot if slot is not None else SaveSlot(path)

    def save_as(typed: str):
        target = Path(typed).expanduser()

        def save(engine: Game) -> str:
            if slot.path != target:
                slot.claim(target)
            return slot.save(engine)
        return save

    return dict(saver=slot.save, saver_for=save_as, rescue=rescue,
                on_crash=report_crash, on_end=lambda session: finish(session, slot))


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
    for warning in options.warnings:  # seen before the game takes the screen, and in it
        print(f"warning: {where}: {warning}", file=sys.stderr)
    return options


def run(args: argparse.Namespace) -> int:
    if args.load is not None and getattr(args, "content", None) is not None:
        return fail("a saved game keeps the overlay it was begun under (its save holds it); "
                    "leave out --content with --load", EXIT_USAGE)
    found = tables(args)
    if isinstance(found, int):
        return found
    content, catalog = found
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
    plain = args.seed is None and args.rules is None and not args.wizard and content is None
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    clean_stale_temps(savefile.DEFAULT_DIR)
    caught = catch_up(savefile.DEFAULT_DIR)
    tell(caught)
    slot = SaveSlot()
    saved = saved_games(slot=slot) if plain and args.char is None else []
    app = GameApp(seed, character=args.char, wizard=args.wizard, options=args.options,
                  rules=rules, saved=saved, content=content, hall=hall_of_fame,
                  **hooks(None, slot))
    if isinstance(app.screen, StartScreen) and caught.passed:  # said on the screen too
        more = len(caught.passed) - 1
        app.screen.notice = caught.passed[0] + (f" (and {more} more, named when you quit)"
                                                if more else "")
    try:
        return run_frontend(app, window=args.window)
    finally:
        slot.release()


def tell(caught: CaughtUp) -> None:
    """What the catch-up did, seen before the game takes the screen (and after it, above)."""
    for line in caught.done:
        print(line, file=sys.stderr)
    for line in caught.passed + caught.failed:
        fail(line)


def _continue(args: argparse.Namespace) -> int:
    path = Path(args.load)
    slot = SaveSlot(path)
    try:
        engine = claim_and_continue(slot, path)
    except (InUse, Unlocked) as err:
        return fail(str(err))
    except savefile.SaveError as err:
        return fail(str(err), 2)
    try:
        clean_stale_temps(path.parent)
        tell(catch_up(savefile.DEFAULT_DIR))  # saves/ only: a folder loaded from is only read
        app = GameApp.from_engine(engine, options=args.options, **hooks(path, slot))
        return run_frontend(app, window=args.window)
    finally:
        slot.release()


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
