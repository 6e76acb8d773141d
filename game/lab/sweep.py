"""Run a list of independent jobs and gather their results, in order, whichever way they run.

A job is plain data (a seed and its parameters); ``work(job)`` returns plain data and depends on
nothing else, so the results are the same in-process, over ``--jobs N`` local processes or on a
Ray cluster (``--ray ADDRESS``; ``--ray local`` starts one on this machine), and come back in the
order of the jobs. ``work`` must be a module-level function (or a ``functools.partial`` of one),
so other processes can import it by name.

A progress bar (``game.lab.progress``) counts the jobs' sizes as each job ends, and ``each``,
if given, is handed each result in the order of the jobs as soon as it and all before it have
ended (a command writes its rows as its games finish). Ctrl-C stops a sweep, and so do SIGTERM
and SIGHUP (a closed terminal): ``Interrupted`` (a KeyboardInterrupt, with the signal) carries
the results of the jobs finished in order before the first that did not, for a caller that can
report what was done. A cluster that dies mid-sweep is ``Cut``, one line, with the same. A
worker process ends with the sweep however the sweep's process ends (kill -9 included: Linux's
parent-death signal), never left blocked on a pipe holding the command's output open.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import multiprocessing
import os
import signal
import socket
import sys
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
    """Ctrl-C (or SIGTERM, SIGHUP: ``signum``) during a sweep: ``done`` holds the results of
    the first jobs, all that ended before the first one that did not."""

    def __init__(self, done: list, signum: int = signal.SIGINT) -> None:
        super().__init__()
        self.done, self.signum = done, signum


class Ended(KeyboardInterrupt):
    """SIGTERM or SIGHUP during a sweep, raised where the sweep waits, as Ctrl-C is."""

    def __init__(self, signum: int) -> None:
        super().__init__()
        self.signum = signum


def signum_of(stop: BaseException) -> int:
    """The signal that stopped a sweep (SIGINT for Ctrl-C)."""
    return getattr(stop, "signum", signal.SIGINT)


class SweepError(Exception):
    """A sweep could not start where it was asked to (Ray missing, a cluster unreachable): one
    line for the command to say."""


class Cut(SweepError):
    """The cluster went away mid-sweep (a node or its raylet died): one line, and ``done``,
    the results of the jobs that ended, in order, before the first that did not."""

    def __init__(self, message: str, done: list) -> None:
        super().__init__(message)
        self.done = done


ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class _Flag:
    signum: int | None = None


@contextlib.contextmanager
def _ending_signals() -> Iterator[_Flag]:
    """While workers run, SIGTERM and SIGHUP are caught as a flag the sweep's loop reads
    (raised there as ``Ended``, never in the middle of a fork or a lock), so the sweep stops
    as Ctrl-C stops it, its workers ended and what finished kept, rather than this process
    ending and leaving them behind. A signal ignored when the command started (nohup) stays
    ignored; outside the main thread nothing changes."""
    flag = _Flag()

    def end(signum: int, frame: object) -> None:
        flag.signum = signum

    saved = {}
    with contextlib.suppress(ValueError):
        for sig in ENDING:
            if signal.getsignal(sig) != signal.SIG_IGN:
                saved[sig] = signal.signal(sig, end)
    try:
        yield flag
    finally:
        for sig, old in saved.items():
            signal.signal(sig, old)


def _check(flag: _Flag) -> None:
    if flag.signum is not None:
        raise Ended(flag.signum)


POLL = 0.2  # seconds between two looks at the flag, while the workers work


class _InOrder:
    """Hands ``each`` the results in the order of the jobs, each as soon as it and all
    before it have ended."""

    def __init__(self, each: Callable[[Any], None] | None,
                 moved: Callable[[int], None] | None = None) -> None:
        self.each, self.told, self.moved = each, 0, moved
        self.results: dict[int, Any] = {}

    def add(self, n: int, result: Any) -> None:
        self.results[n] = result
        told = self.told
        while self.told in self.results:
            if self.each is not None:
                self.each(self.results[self.told])
            self.told += 1
        if self.moved is not None and self.told != told:
            self.moved(self.told)


def _named(desc: str, what: str) -> str:
    return f"{desc} {what}".strip()


def _naming(bar: progress.Bar, desc: str, label: Callable[[Any], str],
            jobs: Sequence[Any]) -> Callable[[int], None]:
    """What renames the bar once job ``told`` is the first not yet ended."""
    def moved(told: int) -> None:
        if told < len(jobs):
            bar.set_description_str(_named(desc, label(jobs[told])), refresh=False)
    return moved


def refused(where: Where) -> str | None:
    """Why ``where`` cannot be used at all, found before any work: Ray not installed."""
    if where.ray is not None and importlib.util.find_spec("ray") is None:
        return RAY_MISSING
    return None


def run(work: Callable[[J], R], jobs: Sequence[J], where: Where = HERE, *,
        sizes: Sequence[int] | None = None, unit: str = "job", desc: str = "",
        each: Callable[[R], None] | None = None,
        label: Callable[[J], str] | None = None) -> list[R]:
    """``[work(job) for job in jobs]``, run where ``where`` says; a bar on a terminal's
    stderr counts ``sizes`` (1 a job by default) in ``unit``s; ``each`` is handed the
    results in order as they come. One run is one bar (and on Ray one session) for all the
    jobs; ``label`` names what the bar is on: the first job not yet ended ("balance qud")."""
    sizes = list(sizes) if sizes is not None else [1] * len(jobs)
    with progress.bar(sum(sizes), unit=unit, desc=desc) as bar:
        order = _InOrder(each, None if label is None else _naming(bar, desc, label, jobs))
        if label is not None and jobs:
            bar.set_description_str(_named(desc, label(jobs[0])), refresh=False)
        if where.ray is not None:
            return _on_ray(work, jobs, where.ray, sizes, bar, order)
        if where.jobs > 1 and len(jobs) > 1:
            return _in_processes(work, jobs, min(where.jobs, len(jobs)), sizes, bar, order)
        done: list[R] = []
        try:
            with _ending_signals() as flag:  # (looked at between two jobs)
                for n, (job, size) in enumerate(zip(jobs, sizes, strict=True)):
                    _check(flag)
                    done.append(work(job))
                    order.add(n, done[-1])
                    bar.update(size)
        except KeyboardInterrupt as stop:
            raise Interrupted(done, signum_of(stop)) from None
        return done


def _prefix(results: dict[int, Any]) -> list:
    """The results of jobs 0, 1, 2, ... up to the first missing one."""
    out: list = []
    while len(out) in results:
        out.append(results[len(out)])
    return out


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def _quiet_worker(parent: int) -> None:
    """A worker process leaves Ctrl-C to the sweep (which stops it), rather than each one
    printing its own traceback, and the sweep's ending signals too; it ends when the sweep's
    process does, however that ends (on Linux, the parent-death signal: no worker outlives
    a kill -9, blocked on its pipe and holding the command's output open)."""
    for sig in (signal.SIGINT, *ENDING):
        signal.signal(sig, signal.SIG_IGN if sig == signal.SIGINT else signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the sweep ended before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)


def _in_processes(work: Callable[[J], R], jobs: Sequence[J], processes: int,
                  sizes: list[int], bar: progress.Bar, order: _InOrder) -> list[R]:
    results: dict[int, R] = {}
    pool = ProcessPoolExecutor(processes, initializer=_quiet_worker, initargs=(os.getpid(),))
    futures: dict[Future, int] = {}
    try:
        with _ending_signals() as flag:
            futures = {pool.submit(work, job): n for n, job in enumerate(jobs)}
            pending = set(futures)
            while pending:
                _check(flag)
                finished, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
                for future in finished:
                    n = futures[future]
                    results[n] = future.result()
                    order.add(n, results[n])
                    bar.update(sizes[n])
    except KeyboardInterrupt as stop:
        if isinstance(stop, Ended):  # asked to end now: the jobs under way are not waited for
            for child in multiprocessing.active_children():
                child.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        for future, n in futures.items():
            if future.done() and not future.cancelled() and future.exception() is None:
                results.setdefault(n, future.result())
        raise Interrupted(_prefix(results), signum_of(stop)) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return [results[n] for n in range(len(jobs))]


def _on_ray(work: Callable[[J], R], jobs: Sequence[J], address: str, sizes: list[int],
            bar: progress.Bar, order: _InOrder) -> list[R]:
    ray = _start_ray(address)
    results: dict[int, R] = {}
    try:
        with _held_stdout():  # Ray's own log lines never land in the command's table
            remote = ray.remote(work)
            refs = [remote.remote(job) for job in jobs]
            index = {ref: n for n, ref in enumerate(refs)}
            pending = list(refs)
            try:
                with _ending_signals() as flag:
                    while pending:
                        _check(flag)
                        finished, pending = ray.wait(pending, num_returns=1, timeout=POLL)
                        for ref in finished:
                            n = index[ref]
                            results[n] = ray.get(ref)
                            order.add(n, results[n])
                            bar.update(sizes[n])
            except KeyboardInterrupt as stop:
                for ref in pending:
                    with contextlib.suppress(Exception):
                        ray.cancel(ref, force=True)
                raise Interrupted(_prefix(results), signum_of(stop)) from None
            except Exception as err:  # the cluster went away: its errors are many
                if not _from_ray(err):
                    raise
                raise Cut(f"--ray {address}: the cluster went away mid-sweep after "
                          f"{len(results)} of {len(jobs)} jobs ({type(err).__name__}: "
                          f"{_words(err)[:120]})", _prefix(results)) from None
        return [results[n] for n in range(len(jobs))]
    finally:
        with contextlib.suppress(Exception), _held_stdout():
            ray.shutdown()


def _from_ray(err: BaseException) -> bool:
    """Whether ``err`` is one of Ray's own (a raylet, a node or the cluster gone), not the
    work's: a job's own exception comes back wrapped as a RayTaskError, and is raised on."""
    try:
        from ray import exceptions
    except ImportError:
        return False
    return isinstance(err, exceptions.RayError) and not isinstance(err, exceptions.RayTaskError)


@contextlib.contextmanager
def _held_stdout() -> Iterator[None]:
    """While the cluster works, what is written to file descriptor 1 (Ray's core writes its
    log lines there when a node dies) goes nowhere: the command's table is its own."""
    with contextlib.suppress(ValueError, OSError):
        sys.stdout.flush()
    kept = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    try:
        yield
    finally:
        os.dup2(kept, 1)
        os.close(kept)


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
    print(joined(ray, address), file=sys.stderr)
    return ray


def joined(ray: Any, address: str) -> str:
    """ "--ray auto: joined the Ray cluster at 10.0.0.5:6379 (its session /tmp/ray/...,
    started by user ann)": on a shared machine ``auto`` may find another's cluster."""
    try:
        context = ray.get_runtime_context()
        at = getattr(context, "gcs_address", None) or "an address Ray does not say"
        session = ray.worker.global_worker.node.get_session_dir_path()
    except Exception:  # what Ray tells of itself varies by version
        return f"--ray {address}: joined a Ray cluster"
    owner = ""
    with contextlib.suppress(Exception):
        import pwd

        owner = f", started by user {pwd.getpwuid(os.stat(session).st_uid).pw_name}"
    return f"--ray {address}: joined the Ray cluster at {at} (its session {session}{owner})"


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
