"""``--plot FILE.png``: matplotlib is an optional extra, so its absence and a file that
cannot be written are each one line (exit 2) before any work; then the chart is written."""

from __future__ import annotations

import importlib.util

from .common import output_refused

SUFFIXES = (".png", ".svg", ".pdf")  # what matplotlib writes by the name alone
MISSING = "--plot needs matplotlib: python -m pip install -e '.[plots]'"


def refused(path: str | None) -> str | None:
    """Why ``--plot path`` cannot be done, or None (and None when no plot was asked for)."""
    if path is None:
        return None
    if importlib.util.find_spec("matplotlib") is None:
        return MISSING
    if not path.lower().endswith(SUFFIXES):
        return f"--plot {path}: name a .png file (or .svg, .pdf)"
    return output_refused(path)
