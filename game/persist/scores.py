"""The high-score table: ``saves/scores.json``, written atomically, never overwritten blindly.

A score is 100 points for each depth reached, 10 for each creature that died during the game,
and 1,000 for escaping with the amulet. Wizard games are listed, marked "W"; modded games (played
under a content overlay) hold the overlay's name (``"content"``, only in their rows), and are
marked "M", the table naming their overlays beneath. A file that cannot
be read or is not a score table is a :class:`ScoresError` line, and it is left as it is: the
new score is then not recorded rather than the old table lost. Adding a score reads, changes
and writes the table under a lock beside it (:mod:`game.persist.locks`), so games that end at
the same moment keep every row.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from pathlib import Path
from typing import Any

from .files import read_regular, write_atomic
from .locks import Busy, Lock, Unlockable

DEFAULT = Path("saves") / "scores.json"
FORMAT = 1
MAX_BYTES = 4 * 1024 * 1024
KEEP = 100
SHOWN = 10
WIDTH = 77  # columns of a table line: the end screen sets it in by one, in 80
WAIT = 10.0  # seconds a game's end waits for another's to write the table
_FIELDS = {"score": int, "character": str, "seed": int, "outcome": str, "cause": str,
           "depth": int, "turns": int, "wizard": bool, "date": str}
CONTENT = "content"  # a modded game's row only: the name of the overlay it was played under
RULES = "rules"  # the combat system; rows written before it was kept have none: "manual"
UNNAMED_RULES = "manual"
GAME_ID = "game_id"  # the id of the game's playing (its saves'): the row is that game's
_OPTIONAL = {CONTENT: str, RULES: str, GAME_ID: str}


class ScoresError(Exception):
    """One line: what is wrong with the score file."""


def points(deepest: int, kills: int, won: bool) -> int:
    return 100 * deepest + 10 * kills + (1000 if won else 0)


def read(path: Path = DEFAULT) -> list[dict[str, Any]]:
    """The scores, best first; an absent file is an empty table."""
    path = Path(path)
    try:
        os.stat(path)
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as err:  # a name too long, a loop of links: one line
        raise ScoresError(f"{path}: the score file cannot be read ({_short(err)})") from None
    try:
        data = json.loads(read_regular(path, MAX_BYTES).decode("utf-8"))
    except Exception as err:  # unreadable, not UTF-8, not JSON: one line, whatever it was
        raise ScoresError(f"{path}: the score file cannot be read ({_short(err)}); "
                          "it was left as it is") from None
    if not (isinstance(data, dict) and data.get("format") == FORMAT
            and isinstance(data.get("scores"), list)
            and all(_valid(row) for row in data["scores"])):
        raise ScoresError(f"{path}: this is not a score table; it was left as it is")
    return sorted(data["scores"], key=lambda r: -r["score"])


def _valid(row: Any) -> bool:
    return (isinstance(row, dict) and set(_FIELDS) <= set(row) <= set(_FIELDS) | set(_OPTIONAL)
            and all(type(row[k]) is t for k, t in {**_FIELDS, **_OPTIONAL}.items() if k in row))


def record(entry: dict[str, Any], path: Path = DEFAULT, *,
           once: bool = False) -> tuple[list[dict[str, Any]], int]:
    """Add ``entry`` (today's date is added) and write the table; returns it and the entry's
    place (1 = best). ``once``: a row of the same game (its ``game_id``; for a game saved
    before rows had one, a row equal to it but for the date) is not added again.
    Raises ScoresError (the file untouched) when the old table is bad or its lock cannot be
    taken (another writer for ``WAIT`` seconds, or a folder, pipe or link in its place)."""
    path = Path(path)
    entry = {**entry, "date": datetime.date.today().isoformat()}
    lock = Lock(path)
    try:
        lock.take(wait=WAIT)
    except (Busy, Unlockable) as err:  # never written unlocked: rows would be lost
        raise ScoresError(f"{path}: the score could not be recorded: {err.strerror}") from None
    try:
        return _add(entry, path, once)
    finally:
        lock.release()


def _add(entry: dict[str, Any], path: Path, once: bool) -> tuple[list[dict[str, Any]], int]:
    scores = read(path)
    if GAME_ID in entry:
        same = [r for r in scores if r.get(GAME_ID) == entry[GAME_ID]]
    else:
        same = [r for r in scores if {**r, "date": entry["date"]} == entry]
    if once and same:
        return scores[:KEEP], scores.index(same[0]) + 1
    scores.append(entry)
    scores.sort(key=lambda r: -r["score"])
    place = scores.index(entry) + 1
    kept = scores[:KEEP]
    text = json.dumps({"format": FORMAT, "scores": kept}, indent=1, sort_keys=True)
    try:
        write_atomic(path, (text + "\n").encode())
    except OSError as err:
        raise ScoresError(f"{path}: the score could not be written: {_short(err)}") from None
    return kept, place


def table(scores: list[dict[str, Any]], mark: int | None = None, shown: int = SHOWN,
          width: int | None = WIDTH) -> list[str]:
    """The table as lines of text (at most ``width`` columns, so the end screen, which sets
    them in by a column, need not wrap a row: a cause too long is cut at a word, marked
    "..."; ``width`` None: every line whole, for a pipe); ``mark`` (a place) gets an arrow."""
    if not scores:
        return ["No scores yet."]
    lines = ["  #  score  character        rules  depth  turns how it ended"]
    for place, row in enumerate(scores[:shown], 1):
        flag = ">" if place == mark else " "
        sign = "W" if row["wizard"] else "M" if CONTENT in row else " "
        rules = row.get(RULES, UNNAMED_RULES)
        start = (f"{flag}{place:>2} {row['score']:>6}{sign} {row['character']:<16} "
                 f"{rules:<6} {row['depth']:>5} {row['turns']:>6} ")
        cause = re.sub(r" on depth \d+$", "", row["cause"])  # the depth has its column
        lines.append(start + (cause if width is None else _cut(cause, width - len(start))))
    if any(r["wizard"] for r in scores[:shown]):
        lines.append("  W: a wizard game")
    overlays = sorted({r[CONTENT] for r in scores[:shown] if CONTENT in r})
    if overlays:
        line = f"  M: a modded game, under {', '.join(map(repr, overlays))}"
        lines.append(line if width is None else _cut(line, width))
    return lines


def _cut(text: str, room: int) -> str:
    """``text`` in ``room`` columns: cut at a word where it must be, marked with "..."."""
    if len(text) <= room:
        return text
    return text[:max(room - 3, 0)].rsplit(" ", 1)[0] + "..."


def _short(err: BaseException) -> str:
    return " ".join(str(getattr(err, "strerror", None) or err).split())[:120]
