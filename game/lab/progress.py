"""Progress bars on stderr, only when stderr is a terminal: games done, the rate and the time
left (tqdm's own line). Anywhere else (a pipe, a file, a test) nothing at all is written.

tqdm is a small, pure-Python dependency with nothing under it, kept up for years and made for
exactly this: a bar, a rate and a time left, redrawn in place and cleared when done. A bar
shows only once a run has taken ``DELAY`` seconds, so quick runs stay silent.
"""

from __future__ import annotations

import sys
from typing import IO, Protocol

DELAY = 1.0  # seconds before a bar appears: a run shorter than that shows nothing


class Bar(Protocol):
    """What the commands use of a tqdm bar."""

    total: float | None
    n: float

    def update(self, n: float | None = 1) -> bool | None: ...

    def set_description_str(self, desc: str | None = None, refresh: bool = True) -> None: ...

    def __enter__(self) -> Bar: ...

    def __exit__(self, *exc: object) -> None: ...


def shows(stream: IO[str] | None = None) -> bool:
    """Whether a bar would be drawn on ``stream`` (stderr by default): only on a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or no stream at all
        return False


def bar(total: float, *, unit: str = "job", desc: str = "", stream: IO[str] | None = None,
        delay: float | None = None) -> Bar:
    """A bar counting up to ``total`` in ``unit``s on ``stream`` (stderr), cleared when it
    closes, shown after ``delay`` seconds (``DELAY``); a bar that draws nothing where
    ``stream`` is not a terminal."""
    from tqdm import tqdm

    stream = sys.stderr if stream is None else stream
    return tqdm(total=total, unit=unit, desc=desc or None, file=stream,
                disable=not shows(stream), delay=DELAY if delay is None else delay,
                leave=False, dynamic_ncols=True, smoothing=0.1)
