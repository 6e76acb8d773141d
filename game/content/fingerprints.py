"""What each released version's tables were, entry by entry, so a change is named, not guessed.

A recording replays only under the tables its version played by: an entry changed or added
without its edition data (``since``, or the old value under ``assets/past/``) puts every
game of that version out of sync. ``assets/released/<version>.json`` holds a short digest of
every entry of the tables as that version played them, in the tables' order (the order of a
draw's pool is part of play). ``changes`` compares them with the tables as that version plays
them now: the test of the released tables, and the words of ``verify`` when a game of that
version is out of sync, both name the entries. ``python -m game tables --write`` writes the
fingerprint of a version that has none; one already written is never written again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game import RELEASES, __version__

from .catalog import FILES, laid_tables
from .editions import PAST, editions
from .layers import APPEARANCES
from .loader import ASSETS_DIR

RELEASED = ASSETS_DIR / "released"
Tables = dict[str, list[list[str]]]  # table -> [[entry name, digest], ...] in order


def fingerprint(version: str) -> Tables:
    """Every entry of the tables as game ``version`` plays them, by table, in order."""
    older = None if version == __version__ else version
    laid = laid_tables(None, editions(version, PAST), older)
    out: Tables = {}
    for name in FILES:
        for table, entries in laid[name].data.items():
            if table == APPEARANCES[0]:
                out.setdefault(table, []).append([APPEARANCES[1], _digest(entries)])
                continue
            out.setdefault(table, []).extend([entry, _digest(value)]
                                             for entry, value in entries.items())
    return out


def path(version: str) -> Path:
    return RELEASED / f"{version}.json"


def released(version: str) -> Tables | None:
    """The fingerprint written for ``version``, or None when there is none (or unreadable)."""
    try:
        data = json.loads(path(version).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def changes(version: str) -> list[str]:
    """How the tables as ``version`` plays them differ from what it was released with
    ("weapon 'war pick' added", "creature 'kobold' changed"); none when they are the same
    or nothing was written for it."""
    then = released(version)
    return [] if then is None else differences(then, fingerprint(version))


def differences(then: Tables, now: Tables) -> list[str]:
    out = []
    for table in sorted({*then, *now}):
        old = {row[0]: row[1] for row in then.get(table, [])}
        new = {row[0]: row[1] for row in now.get(table, [])}
        found = [f"{table} {name!r} added" for name in new if name not in old]
        found += [f"{table} {name!r} gone" for name in old if name not in new]
        found += [f"{table} {name!r} changed" for name in new
                  if name in old and old[name] != new[name]]
        if not found and list(old) != list(new):
            found.append(f"the {table} entries in another order")
        out += found
    return out


def missing() -> list[str]:
    """The versions with no fingerprint written."""
    return [version for version in RELEASES if not path(version).exists()]


def write(version: str) -> Path:
    """Write ``version``'s fingerprint, one entry a line (a change reads as a short diff)."""
    tables = fingerprint(version)
    lines = [f"  {json.dumps(table)}: [\n" + ",\n".join(
        f"    {json.dumps(row, ensure_ascii=False)}" for row in rows) + "\n  ]"
        for table, rows in tables.items()]
    RELEASED.mkdir(exist_ok=True)
    target = path(version)
    target.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    return target


def advice(version: str, found: list[str]) -> str:
    """What to do when the tables as ``version`` plays them have ``found`` changes."""
    shown = "; ".join(found[:4]) + (f"; and {len(found) - 4} more" if len(found) > 4 else "")
    after = "a new version (one more name in game.RELEASES)" if version == __version__ \
        else f"the version after {version}"
    return (f"The tables as game {version} played them have changed since its release: "
            f"{shown}. Each change is of {after}: an entry it adds says since = \"<that "
            f"version>\", an old value goes under assets/past/<that version>/ "
            f"(docs/architecture.md, 'Adding to the tables')")


def _digest(value: object) -> str:
    spelled = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                         default=str)  # a TOML date, should a table ever hold one
    return hashlib.sha256(spelled.encode()).hexdigest()[:12]
