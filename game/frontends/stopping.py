"""The signals that interrupt or end a game, caught as flags the front end's loop reads.

SIGINT (Ctrl-C) interrupts: the loop calls the app's ``interrupt()``, which during play asks
whether to quit, as Esc does. SIGTERM and SIGHUP (the terminal closed, an ssh session dropped)
end the game: the loop calls the app's ``hang_up()``, which saves without asking anything, as
DCSS and NetHack do on a hang-up, and leaves. The handlers only set flags, so the game is never
stopped half-way through an action: the loop acts on them between keys. A signal ignored when
the game started (``nohup``, a background job's SIGINT) stays ignored.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

HANG_UPS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                 if hasattr(signal, name))


class Stop:
    """What the signals asked for since the loop last looked."""

    interrupted = False  # SIGINT: ask the app
    signum: int | None = None  # SIGTERM or SIGHUP: save and leave
    hung_up = False  # the app was told (and has saved)


@contextlib.contextmanager
def stop_signals() -> Iterator[Stop]:
    """Catch SIGINT, SIGTERM and SIGHUP as flags for the duration of the game."""
    stop = Stop()

    def interrupt(signum: int, frame: object) -> None:
        stop.interrupted = True

    def hang_up(signum: int, frame: object) -> None:
        stop.signum = signum

    wanted = {signal.SIGINT: interrupt, **{sig: hang_up for sig in HANG_UPS}}
    saved = {}
    with contextlib.suppress(ValueError):  # not the main thread: signals keep their defaults
        for sig, handler in wanted.items():
            if signal.getsignal(sig) != signal.SIG_IGN:
                saved[sig] = signal.signal(sig, handler)
    try:
        yield stop
    finally:
        for sig, old in saved.items():
            signal.signal(sig, old)


def answer(app: object, stop: Stop, *, can_ask: bool = True) -> tuple[bool, int | None]:
    """Act on the flags: (whether the game goes on, the signal that ended it). An app without
    ``interrupt`` quits on Ctrl-C; where no question can be shown (``can_ask`` false: a
    terminal too small) Ctrl-C saves and quits like a hang-up."""
    if stop.signum is not None:
        hang_up(app, stop)
        return False, stop.signum
    if not stop.interrupted:
        return True, None
    stop.interrupted = False
    interrupt = getattr(app, "interrupt", None)
    if interrupt is None or not can_ask:
        hang_up(app, stop)
        return False, None
    return bool(interrupt()), None


def hang_up(app: object, stop: Stop) -> None:
    """Tell the app (once) to save without asking: the game ends now."""
    method = getattr(app, "hang_up", None)
    if method is not None and not stop.hung_up:
        stop.hung_up = True
        method()
