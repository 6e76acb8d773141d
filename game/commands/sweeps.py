"""Where a command's sweep runs, from ``--jobs N`` and ``--ray ADDRESS`` (``game.lab.sweep``)."""

from __future__ import annotations

import argparse

from game.lab.sweep import LOCAL, Where, refused


def where(args: argparse.Namespace) -> Where | str:
    """The place asked for, or why it cannot be (one line for exit 2): ``--jobs`` and
    ``--ray`` together, or ``--ray`` without Ray installed."""
    jobs, ray = getattr(args, "jobs", 1) or 1, getattr(args, "ray", None)
    if ray is not None and jobs != 1:
        return ("--jobs and --ray do not go together: on Ray the cluster's CPUs decide how "
                "many run at once")
    chosen = Where(jobs, ray.strip() if ray is not None else None)
    return refused(chosen) or chosen


def ray_address(text: str) -> str:
    """The argparse type of ``--ray``: "local", "auto", host:port or ray://host:port."""
    text = text.strip()
    if not text:
        raise argparse.ArgumentTypeError(f"expected {LOCAL!r} or a cluster's address, "
                                         "not an empty one")
    return text
