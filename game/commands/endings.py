"""A game's end, recorded whatever the disk does: the dead save, then the score, then the morgue.

The save that says the character is dead is written first (by the app, as the game ends); the
score and the morgue only after it. If that save cannot be written, the living save it would
have replaced is removed (or, where it cannot be, emptied), so the death cannot be undone by
continuing it, and the player is told. The morgue is written last, so a save that is over
and has no morgue beside it is an end whose record a crash or a kill cut short; a score that
could not be written (a full disk) leaves an empty mark beside the save that it is owed. The
next ``play`` (or ``scores``) records each such end from the save itself: its score, unless
the table holds that game's row already (by the id of the game's playing, which its saves and
its row hold, not by what the row says: two games alike are two rows), and its morgue.
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
from game.persist.slot import SaveSlot, is_named_for, morgue_of, own_name, unscored_of
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
    game_id = slot.game_id if slot is not None else None
    return lines + record_end(engine, save, game_id=game_id, once=game_id is not None).lines


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


@dataclass
class End:
    """What recording a game's end wrote: its ``lines`` for the end screen, and whether its
    score is in the table (``scored``) and its morgue beside the save (``morgue``)."""

    lines: list[str]
    scored: bool
    morgue: bool
    problem: str = ""  # why the score could not be written


def record_end(engine: Game, save: Path, *, game_id: str | None = None,
               once: bool = True) -> End:
    """The score, then the morgue (its presence, with no mark that a score is owed, says the
    end is recorded). ``once``: not when the table holds this game's row already (its
    ``game_id``: an end recorded again after a crash). A score that cannot be written leaves
    a mark (``unscored_of``) that the next start records it; where even the mark cannot be
    made, the morgue is not written either, so its absence says the same."""
    deepest, won = max(engine.levels, default=engine.depth), engine.outcome == "won"
    score = scores.points(deepest, sum(kills_by_kind(engine).values()), won)
    flags = engine.store.get(engine.player, Player)
    entry = {"score": score, "character": flags.character, "seed": engine.seed,
             "outcome": engine.outcome or "", "cause": engine.cause, "depth": deepest,
             "turns": engine.turn, "wizard": flags.wizard, scores.RULES: engine.rules}
    if engine.content is not None:  # a modded game's row names its overlay
        entry[scores.CONTENT] = engine.content.name
    if game_id is not None:
        entry[scores.GAME_ID] = game_id
    try:
        table, place = scores.record(entry, save.parent / scores.DEFAULT.name, once=once)
        shown, scored = scores.table(table, place, shown=5), True
    except scores.ScoresError as err:
        shown, scored = [str(err)], False
    problem = "" if scored else shown[0]
    if not scored:
        if not _mark_unscored(save):
            return End([*shown, "Neither the score nor a note that it is owed could be "
                        "written: the next start records it, with the character dump."],
                       False, False, problem)
        shown.append("The score will be recorded when the game next starts (or: "
                     "python -m game scores).")
    morgue = morgue_path(save)
    try:
        write_atomic(morgue, morgue_text(engine, score).encode())
        first, written = f"Character dump: {morgue}", True
    except OSError as err:
        first, written = f"The character dump could not be written: {err.strerror or err}", \
            False
    return End([first, *shown], scored, written, problem)


def _mark_unscored(save: Path) -> bool:
    """Make the empty file that says this end's score is owed (a full disk still takes an
    empty file: it needs no block)."""
    try:
        with open(unscored_of(save), "a"):
            return True
    except OSError:
        return False


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
    """What :func:`catch_up` did: a line for each end it recorded (``done``), for each end it
    could not record yet (``failed``: tried again at the next start), and for each file it
    could not read (``passed``: named, and passed over)."""

    done: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)


class _NotRecorded(Exception):
    pass


def catch_up(folder: Path) -> CaughtUp:
    """Record the ends a crash or a full disk cut short: each finished game saved under its
    own name in ``folder`` with no morgue beside it, or a mark that its score is owed. One
    file, whatever is wrong with it, blocks nothing: it is named in one line and passed
    over."""
    caught = CaughtUp()
    for path in _unrecorded(folder):
        try:
            line = _catch_up_one(path)
        except _NotRecorded as err:
            caught.failed.append(str(err))
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
        end = record_end(engine, path, game_id=save.game_id)
    finally:
        engine.close()
    if not end.scored:
        raise _NotRecorded(f"{path}: the end of this game could not be recorded yet "
                           f"({end.problem}); it will be tried again")
    with contextlib.suppress(OSError):
        os.unlink(unscored_of(path))
    return f"{path}: the end of this game is now recorded ({end.lines[0]})"


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())[:200] or type(err).__name__


def _unrecorded(folder: Path) -> list[Path]:
    """Regular ``*.json`` files without a morgue beside them, or with a mark that their score
    is owed (the cheap tests, before any is read)."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    out = []
    for name in names:
        path = Path(folder) / name
        if not name.endswith(".json") or name.startswith(".") or name == scores.DEFAULT.name \
                or (os.path.lexists(morgue_path(path))
                    and not os.path.lexists(unscored_of(path))):
            continue
        with contextlib.suppress(OSError, ValueError):
            info = os.stat(path)
            if stat.S_ISREG(info.st_mode) and info.st_size <= savefile.MAX_BYTES:
                out.append(path)
    return out
