"""``balance --csv FILE``'s file and ``balance --from FILE``: a CSV that says how it was made.

One header row, then a row a game (plain ``\\n`` newlines, what the ``csv`` module reads and
writes). Each row gives the game (character, rules, seed, outcome, reached, depth, ...) and
then how the run was made, the same in every row but the overlay's: the game's version, the
version it played as, the overlay's name and digest (empty: none), the first seed and how
many, the depth target, whether it played to win, and the most actions a game. ``--from``
reads those settings back (checked as the command line's are: plain digits, the bounds) and
plays the same games again; nothing in the file is evaluated.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .common import plain_number

if TYPE_CHECKING:
    from .balance import Ended

DEPTHS = 6
GAME = ("character", "rules", "seed", "outcome", "reached", "depth", "died_on", "cause",
        "level", "actions", "turns", *(f"level_on_depth_{d}" for d in range(1, DEPTHS + 1)))
MADE = ("game_version", "as_version", "overlay", "overlay_digest", "first_seed", "seeds",
        "target", "win", "most_actions")  # how the run was made: the same in every row
COLUMNS = (*GAME, *MADE)
MOST_ROWS = 1_000_000  # far beyond any run: a longer file is refused, not read to the end


@dataclass(frozen=True, slots=True)
class Made:
    """A run's settings: ``plays_as`` the game version it played as (None: its own)."""

    version: str
    plays_as: str | None
    first: int
    seeds: int
    target: int
    win: bool
    actions: int


@dataclass(frozen=True, slots=True)
class Read:
    """What ``--from`` takes from a file: the settings, the characters and systems (in the
    order the rows met them) and the overlays' (name, digest), A's then B's ("": none)."""

    made: Made
    characters: tuple[str, ...]
    rules: tuple[str, ...]
    overlays: tuple[tuple[str, str], ...]


def row(game: Ended, made: Made, reached: bool) -> list[object]:
    levels = [*game.levels, *[0] * DEPTHS][:DEPTHS]
    return [game.character, game.rules, game.seed, game.outcome, int(reached), game.depth,
            game.died_on, game.cause, game.level, game.actions, game.turns, *levels,
            made.version, made.plays_as or "", game.overlay, game.digest, made.first,
            made.seeds, made.target, int(made.win), made.actions]


def read(path: str) -> Read | str:
    """The file's settings, or the one line saying why it cannot be read back."""
    try:
        with open(path, newline="", encoding="utf-8") as src:
            return _read(path, csv.reader(src))
    except (OSError, UnicodeDecodeError) as err:
        return f"--from {path}: {getattr(err, 'strerror', None) or err}"
    except csv.Error as err:
        return f"--from {path}: not a CSV balance wrote ({err})"


def _read(path: str, rows: object) -> Read | str:
    it = iter(rows)  # type: ignore[call-overload]
    head = next(it, None)
    if head is None or tuple(head) != COLUMNS:
        return (f"--from {path}: not a CSV balance --csv wrote (its first row is not the "
                "header: " + ",".join(COLUMNS[:4]) + ",...)")
    characters: dict[str, None] = {}
    rules: dict[str, None] = {}
    overlays: dict[tuple[str, str], None] = {}
    settings: set[tuple[str, ...]] = set()
    for n, line in enumerate(it, 2):
        if n > MOST_ROWS:
            return f"--from {path}: more than {MOST_ROWS:,} rows"
        if len(line) != len(COLUMNS):
            return f"--from {path}: row {n} has {len(line)} fields, not {len(COLUMNS)}"
        values = dict(zip(COLUMNS, line, strict=True))
        characters[values["character"]] = None
        rules[values["rules"]] = None
        overlays[(values["overlay"], values["overlay_digest"])] = None
        settings.add(tuple(values[k] for k in MADE if k not in ("overlay", "overlay_digest")))
    if not settings:
        return f"--from {path}: no games in it"
    if len(settings) > 1:
        return f"--from {path}: its rows were not made by one run (their settings differ)"
    made = _made(path, dict(zip([k for k in MADE if k not in ("overlay", "overlay_digest")],
                                next(iter(settings)), strict=True)))
    if isinstance(made, str):
        return made
    return Read(made, tuple(characters), tuple(rules), tuple(overlays))


def _made(path: str, values: dict[str, str]) -> Made | str:
    numbers = {}
    for key in ("first_seed", "seeds", "target", "win", "most_actions"):
        number = plain_number(values[key])
        if number is None or number < 0:
            return f"--from {path}: {key} {values[key][:20]!r} is not a whole number"
        numbers[key] = number
    if numbers["win"] not in (0, 1):
        return f"--from {path}: win is 0 or 1, not {numbers['win']}"
    return Made(values["game_version"], values["as_version"] or None, numbers["first_seed"],
                numbers["seeds"], numbers["target"], bool(numbers["win"]),
                numbers["most_actions"])
