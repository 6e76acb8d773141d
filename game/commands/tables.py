"""``python -m game tables``: the pages and files made from the tables, kept current.

What the tables make besides play: the conversion tables of ``docs/rules.md`` (every fighter in
each combat system's numbers) and the fingerprint of each released version's tables
(``content.fingerprints``). ``--write`` writes what is stale and the fingerprints not yet
written; a test fails while any is stale, so a change of the tables is one command away from
its docs. A released version's fingerprint is never written again: the tables as it played
them changed is a mistake, named entry by entry, with what to do.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.content import fingerprints
from game.content.loader import REPO_ROOT, ContentError
from game.wizard import rules_tables

from .common import fail

RULES_PAGE = REPO_ROOT / "docs" / "rules.md"


def pages() -> dict[Path, str]:
    """Each page made from the tables, as it should read now."""
    text = RULES_PAGE.read_text()
    start = text.index(rules_tables.BEGIN)
    end = text.index(rules_tables.END, start) + len(rules_tables.END)
    return {RULES_PAGE: text[:start] + rules_tables.markdown() + text[end:]}


def stale() -> list[str]:
    """What ``--write`` would write, and released tables that changed (one line each)."""
    out = [f"{_name(page)} is out of date" for page, text in pages().items()
           if page.read_text() != text]
    out += [f"{_name(fingerprints.path(v))} is not written" for v in fingerprints.missing()]
    out += [fingerprints.advice(v, found) for v in fingerprints.RELEASES
            if (found := fingerprints.changes(v))]
    return out


def run(args: argparse.Namespace) -> int:
    if getattr(args, "diff", None) is not None:
        return run_diff(args.diff)
    try:
        changed = [fingerprints.advice(v, found) for v in fingerprints.RELEASES
                   if (found := fingerprints.changes(v))]
        if changed:
            return fail(changed[0], 1)
        if not args.write:
            found = stale()
            for line in found:
                print(line)
            print("every page and fingerprint made from the tables is current" if not found
                  else "python -m game tables --write writes them")
            return 1 if found else 0
        for page, text in pages().items():
            if page.read_text() != text:
                page.write_text(text)
                print(f"wrote {_name(page)}")
        for version in fingerprints.missing():
            print(f"wrote {_name(fingerprints.write(version))}")
    except ContentError as err:
        return fail(str(err), 2)
    except (OSError, ValueError) as err:  # a page without its markers, a folder not writable
        return fail(f"cannot make the pages from the tables: {err}", 2)
    return 0


def run_diff(folder: str) -> int:
    """``tables --diff DIR``: what the overlay in DIR changes, a line a field; exit 2 for a
    folder that is not an overlay, or one whose tables the loaders refuse."""
    from game.content.diff import changes
    from game.content.editions import catalog_for
    from game.content.overlay import read_overlay

    try:
        overlay = read_overlay(folder)
        catalog_for(overlay)  # checked as play would check it: a bad entry is one line
        found = changes(overlay)
    except ContentError as err:
        return fail(str(err), 2)
    print(f"The overlay {overlay.name!r} ({overlay.where}) makes {len(found)} "
          f"change{'s' if len(found) != 1 else ''} to the game's tables:" if found else
          f"The overlay {overlay.name!r} ({overlay.where}) changes nothing in the game's "
          "tables.")
    for line in found:
        print(f"  {line}")
    return 0


def _name(path: Path) -> str:
    return path.relative_to(REPO_ROOT).as_posix()
