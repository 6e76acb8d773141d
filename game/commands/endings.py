"""A game's end, recorded whatever the disk does: the dead save, then the score, then the morgue.

The save that says the character is dead is written first (by the app, as the game ends); the
score and the morgue only after it. If that save cannot be written, the living save it would
have replaced is removed (or, where it cannot be, emptied), so the death cannot be undone by
continuing it, and the player is told. The morgue is written last, so a save that is over
and has no morgue beside it is an end whose record a crash or a kill cut short: the next
``play`` (or ``scores``) writes its score, unless the table has it already, and its morgue,
from the save itself.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from game.persist import savefile, scores
from game.persist.files import write_atomic
from game.persist.slot import SaveSlot, is_named_for, morgue_of, own_name
from game.ui.morgue import kills_by_kind, morgue_text
from game.world.core.components import Player
from game.world.game import Game


def morgue_path(save: Path) -> Path:
    return morgue_of(save)


def finish(session, slot: SaveSlot | None = None) -> list[str]:
    """The game has ended: make sure its death stands, record its score in the table of the
    save's folder and write its morgue beside the save; the lines for the end screen."""
    engine = session.engine
    lines = []
    if session.save_error is not None and slot is not None:
        lines.append(bury(slot, session))
    if session.saved_to:
        save = Path(session.saved_to)
    elif slot is not None and slot.path is not None:
        save = slot.path
    else:
        save = savefile.DEFAULT_DIR / own_name(engine.character, engine.seed, engine.rules)
    return lines + record_end(engine, save, once=False)


def bury(slot: SaveSlot, session) -> str:
    """The dead save failed: remove the living save so that it cannot be continued."""
    why = f"The end of the game could not be saved ({session.save_error})"
    path = slot.path
    if path is None or not os.path.lexists(path):
        return f"{why}; there is no earlier save to continue: this death stands."
    session.saved_to = None
    try:
        os.unlink(path)
        return f"{why}: {path} was removed, so this death stands."
    except OSError:
        pass
    try:
        os.truncate(path, 0)
        return f"{why}: {path} was emptied, so this death stands."
    except OSError as err:
        return (f"{why}, and {path} could not be removed ({err.strerror or err}): "
                "it holds this character alive; do not continue it.")


def record_end(engine: Game, save: Path, *, once: bool = True) -> list[str]:
    """The score, then the morgue (its presence says the end is recorded); ``once``: not
    when the table already holds that very row (an end recorded again after a crash)."""
    deepest, won = max(engine.levels, default=engine.depth), engine.outcome == "won"
    score = scores.points(deepest, sum(kills_by_kind(engine).values()), won)
    flags = engine.store.get(engine.player, Player)
    entry = {"score": score, "character": flags.character, "seed": engine.seed,
             "outcome": engine.outcome or "", "cause": engine.cause, "depth": deepest,
             "turns": engine.turn, "wizard": flags.wizard, scores.RULES: engine.rules}
    if engine.content is not None:  # a modded game's row names its overlay
        entry[scores.CONTENT] = engine.content.name
    try:
        table, place = scores.record(entry, save.parent / scores.DEFAULT.name, once=once)
        shown = scores.table(table, place, shown=5)
    except scores.ScoresError as err:
        shown = [str(err)]
    morgue = morgue_path(save)
    try:
        write_atomic(morgue, morgue_text(engine, score).encode())
        first = f"Character dump: {morgue}"
    except OSError as err:
        first = f"The character dump could not be written: {err.strerror or err}"
    return [first, *shown]


def scores_lines(table: list[dict], out: TextIO | None = None) -> list[str]:
    """The score table as ``scores`` prints it: into a pipe or a file, which have no width,
    every line whole; at a terminal a cause too long for its width goes on under its column,
    wrapped at words."""
    out = sys.stdout if out is None else out
    lines = scores.table(table, width=None)
    if not out.isatty():
        return lines
    columns = max(40, shutil.get_terminal_size().columns - 1)
    under = lines[0].find(CAUSE_HEADING) if lines else -1
    indent = " " * (under if 0 < under < columns - 20 else 8)
    return [part for line in lines
            for part in (textwrap.wrap(line, columns, subsequent_indent=indent)
                         if len(line) > columns else [line])]


CAUSE_HEADING = "how it ended"  # the score table's last column


ENDED_SHOWN = 10  # games that have ended, listed in the hall of fame (the newest)
MORGUE_END = morgue_of(Path("x.json")).name.removeprefix("x")  # "-morgue.txt"


def hall_of_fame(folder: Path = savefile.DEFAULT_DIR) -> list[str]:
    """The start screen's hall of fame: the best scores of the folder's table, as
    ``scores`` prints them into a pipe (every line whole: the screen wraps them at words),
    then the games that have ended there (their character dumps), newest first."""
    try:
        best = scores.table(scores.read(folder / scores.DEFAULT.name), width=None)
    except scores.ScoresError as err:
        best = [str(err)]
    dumps = []
    with contextlib.suppress(OSError):
        for name in os.listdir(folder):
            if name.endswith(MORGUE_END) and not name.startswith("."):
                with contextlib.suppress(OSError, ValueError):  # one file blocks nothing
                    dumps.append((os.stat(folder / name).st_mtime, name))
    ended = [name for _, name in sorted(dumps, reverse=True)]
    lines = ["The best scores:", *best, "", "Games that have ended (their character dumps, "
             f"in {folder}):"]
    if not ended:
        return [*lines, "  none yet"]
    more = len(ended) - ENDED_SHOWN
    return [*lines, *(f"  {name}" for name in ended[:ENDED_SHOWN]),
            *([f"  and {more} more"] if more > 0 else [])]


@dataclass
class CaughtUp:
    """What :func:`catch_up` did: a line for each end it recorded (``done``), and one for
    each file it could not read or record (``passed``: named, and passed over)."""

    done: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)


def catch_up(folder: Path) -> CaughtUp:
    """Record the ends a crash cut short: each finished game saved under its own name in
    ``folder`` with no morgue beside it. One file, whatever is wrong with it, blocks nothing:
    it is named in one line and passed over."""
    caught = CaughtUp()
    for path in _finished_without_morgue(folder):
        try:
            line = _catch_up_one(path)
        except (savefile.SaveError, scores.ScoresError) as err:
            caught.passed.append(f"{_one_line(err)}; passed over")
        except Exception as err:  # any other failure of one file: named, not a crash
            caught.passed.append(f"{path}: cannot be read ({type(err).__name__}: "
                                 f"{_one_line(err)}); passed over")
        else:
            if line is not None:
                caught.done.append(line)
    return caught


def _catch_up_one(path: Path) -> str | None:
    """Record the end of the game saved at ``path``, if it is a finished one under its own
    name; the line saying so, or None when there is nothing to record."""
    save = savefile.load(path)
    if save.crash is not None or save.snapshot.get("outcome") is None \
            or not is_named_for(path.name, own_name(save.character, save.seed, save.rules)):
        return None
    try:
        engine = Game.from_state(save.snapshot, save.setup)
    except Exception as err:  # checked, yet a snapshot may still fail to restore
        raise savefile.SaveError(f"{path}: the snapshot cannot be restored: "
                                 f"{_one_line(err)}") from None
    try:
        lines = record_end(engine, path)
    finally:
        engine.close()
    return f"{path}: the end of this game is now recorded ({lines[0]})"


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())[:200] or type(err).__name__


def _finished_without_morgue(folder: Path) -> list[Path]:
    """Regular ``*.json`` files without a morgue beside them (the cheap test, before any is
    read)."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    out = []
    for name in names:
        path = Path(folder) / name
        if not name.endswith(".json") or name.startswith(".") or name == scores.DEFAULT.name \
                or os.path.lexists(morgue_path(path)):
            continue
        with contextlib.suppress(OSError):
            info = os.stat(path)
            if stat.S_ISREG(info.st_mode) and info.st_size <= savefile.MAX_BYTES:
                out.append(path)
    return out
