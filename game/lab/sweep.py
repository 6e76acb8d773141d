"""Run a list of independent jobs and gather their results, in order, whichever way they run.

A job is plain data (a seed and its parameters); ``work(job)`` returns plain data and depends on
nothing else, so the results are the same in-process, over ``--jobs N`` local processes or on a
Ray cluster (``--ray ADDRESS``; ``--ray local`` starts one on this machine), and come back in the
order of the jobs. ``work`` must be a module-level function (or a ``functools.partial`` of one),
so other processes can import it by name.

A progress bar (``game.lab.progress``) counts the jobs' sizes as each job ends. Ctrl-C stops a
sweep: ``Interrupted`` (a KeyboardInterrupt) carries the results of the jobs finished in order
before the first that did not, for a caller that can report what was done.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import signal
import socket
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from . import progress

J = TypeVar("J")
R = TypeVar("R")

JOBS = 64  # local processes at most: more would only wait on each other
LOCAL = "local"  # --ray local: start a Ray instance on this machine for the run
RAY_MISSING = "--ray needs Ray: python -m pip install -e '.[cluster]'"
# What a cluster's nodes are not sent of the project (the code and assets/ are all they need).
NOT_SENT = [".git", ".ci", "saves", "tests", "docs", "**/__pycache__", "*.png", "*.csv"]
PROJECT = Path(__file__).resolve().parents[2]  # the folder holding game/ and assets/
CONNECT_SECONDS = 60  # a cluster that has not let us in by then will not


@dataclass(frozen=True, slots=True)
class Where:
    """Where a sweep runs: in this process (jobs 1), over ``jobs`` local processes, or on the
    Ray cluster at ``ray`` ("local": one started here for the run)."""

    jobs: int = 1
    ray: str | None = None


HERE = Where()  # in this process, one job after another


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a sweep: ``done`` holds the results of the first jobs, all that ended
    before the first one that did not."""

    def __init__(self, done: list) -> None:
        super().__init__()
        self.done = done


class SweepError(Exception):
    """A sweep could not start where it was asked to (Ray missing, a cluster unreachable): one
    line for the command to say."""


def refused(where: Where) -> str | None:
    """Why ``where`` cannot be used at all, found before any work: Ray not installed."""
    if where.ray is not None and importlib.util.find_spec("ray") is None:
        return RAY_MISSING
    return None


def run(work: Callable[[J], R], jobs: Sequence[J], where: Where = HERE, *,
        sizes: Sequence[int] | None = None, unit: str = "job", desc: str = "") -> list[R]:
    """``[work(job) for job in jobs]``, run where ``where`` says; a bar on a terminal's
    stderr counts ``sizes`` (1 a job by default) in ``unit``s."""
    sizes = list(sizes) if sizes is not None else [1] * len(jobs)
    with progress.bar(sum(sizes), unit=unit, desc=desc) as bar:
        if where.ray is not None:
            return _on_ray(work, jobs, where.ray, sizes, bar)
        if where.jobs > 1 and len(jobs) > 1:
            return _in_processes(work, jobs, min(where.jobs, len(jobs)), sizes, bar)
        done: list[R] = []
        try:
            for job, size in zip(jobs, sizes, strict=True):
                done.append(work(job))
                bar.update(size)
        except KeyboardInterrupt:
            raise Interrupted(done) from None
        return done


def _prefix(results: dict[int, Any]) -> list:
    """The results of jobs 0, 1, 2, ... up to the first missing one."""
    out: list = []
    while len(out) in results:
        out.append(results[len(out)])
    return out


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the sweep (which stops it), rather than each one
    printing its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _in_processes(work: Callable[[J], R], jobs: Sequence[J], processes: int,
                  sizes: list[int], bar: progress.Bar) -> list[R]:
    results: dict[int, R] = {}
    pool = ProcessPoolExecutor(processes, initializer=_quiet_worker)
    try:
        futures: dict[Future, int] = {pool.submit(work, job): n for n, job in enumerate(jobs)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                n = futures[future]
                results[n] = future.result()
                bar.update(sizes[n])
    except KeyboardInterrupt:
        pool.shutdown(wait=True, cancel_futures=True)
        for future, n in futures.items():
            if future.done() and not future.cancelled() and future.exception() is None:
                results.setdefault(n, future.result())
        raise Interrupted(_prefix(results)) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return [results[n] for n in range(len(jobs))]


def _on_ray(work: Callable[[J], R], jobs: Sequence[J], address: str, sizes: list[int],
            bar: progress.Bar) -> list[R]:
    ray = _start_ray(address)
    try:
        remote = ray.remote(work)
        refs = [remote.remote(job) for job in jobs]
        index = {ref: n for n, ref in enumerate(refs)}
        results: dict[int, R] = {}
        pending = list(refs)
        try:
            while pending:
                finished, pending = ray.wait(pending, num_returns=1, timeout=1.0)
                for ref in finished:
                    n = index[ref]
                    results[n] = ray.get(ref)
                    bar.update(sizes[n])
        except KeyboardInterrupt:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise Interrupted(_prefix(results)) from None
        return [results[n] for n in range(len(jobs))]
    finally:
        ray.shutdown()


def _start_ray(address: str) -> Any:
    """Ray, connected to ``address`` (or to an instance started here for "local"). A cluster
    is sent this project's code and tables (``runtime_env`` working_dir), so every node runs
    exactly what this process runs; a local instance's workers import it from here already.
    Ray retries an address that does not answer, or refuses it, for ever: a host:port that
    takes no connection is refused at once, and a connection not made in ``CONNECT_SECONDS``
    (tried in a thread of its own) is given up. A local instance is started in this thread:
    the processes Ray starts end when the thread that started them does."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no prompt, nothing sent
    try:
        import ray
    except ImportError:
        raise SweepError(RAY_MISSING) from None
    if (problem := _unreachable(address)) is not None:
        raise SweepError(f"--ray {address}: {problem}")
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False,
                             "configure_logging": True}
    failed: list[BaseException] = []
    if address == LOCAL:  # started here, in this thread: Ray's processes die with the thread
        _init(ray, {"address": "local", "include_dashboard": False, **quiet}, failed)
        if failed:
            raise SweepError(f"--ray local: Ray could not start: {_words(failed[0])}")
        return ray
    ask = {"address": address, **quiet,
           "runtime_env": {"working_dir": str(PROJECT), "excludes": NOT_SENT}}
    connecting = threading.Thread(target=_init, args=(ray, ask, failed), daemon=True)
    with _held_stderr() as said:  # Ray's core logs each retry there: the sweep says one line
        connecting.start()
        connecting.join(CONNECT_SECONDS)
        why = " (it asks for a token: Ray's token authentication)" \
            if "InvalidAuthToken" in said() else ""
    if connecting.is_alive():
        raise SweepError(f"--ray {address}: Ray did not connect within {CONNECT_SECONDS} "
                         f"s{why}")
    if failed:
        raise SweepError(f"--ray {address}: Ray could not start there: {_words(failed[0])}"
                         + why)
    return ray


def _words(err: BaseException) -> str:
    return " ".join(str(err).split())[:200] or type(err).__name__


@contextlib.contextmanager
def _held_stderr() -> Iterator[Callable[[], str]]:
    """While connecting, what is written to file descriptor 2 (Ray's core writes there, not
    to sys.stderr) goes to a file of its own; ``said()`` reads it."""
    with tempfile.TemporaryFile("w+b") as held:
        kept = os.dup(2)
        os.dup2(held.fileno(), 2)
        try:
            yield lambda: (held.seek(0), held.read())[1].decode(errors="replace")
        finally:
            os.dup2(kept, 2)
            os.close(kept)


def _init(ray: Any, ask: dict[str, Any], failed: list[BaseException]) -> None:
    try:
        ray.init(**ask)
    except Exception as err:  # Ray's own errors for an address it cannot use are many
        failed.append(err)


def _unreachable(address: str) -> str | None:
    """Why a plain host:port (a cluster's head) cannot be the address: nothing takes a
    connection there within a few seconds. "local", "auto" and ray:// are Ray's to find."""
    host, colon, port = address.rpartition(":")
    if not colon or address == LOCAL or "://" in address or not port.isdigit():
        return None
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)),
                                 timeout=5).close()
    except OSError as err:
        return f"nothing answers there ({err.strerror or err}); is Ray started there?"
    return None
