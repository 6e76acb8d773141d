"""Work that is cut or cannot be written: ``balance --csv`` writes each game's row as it ends and
opens the file only once the run has started (a cluster that does not answer left OLD.csv
truncated to its header; Ctrl-C kept only the header); a target that cannot be written is
refused before the work; a cluster that dies mid-sweep is one line with the finished work
kept; SIGTERM, SIGHUP and kill -9 end the workers of ``--jobs`` too (they were left blocked on
a pipe for ever, holding the command's output open)."""

from __future__ import annotations

import csv
import os
import signal
import socket
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from game.commands import balance
from game.lab import sweep

ROOT = Path(__file__).resolve().parents[2]
BALANCE = ["balance", "--seeds", "4", "--char", "dwarf warrior", "--actions", "20"]


def square(n: int) -> int:
    return n * n


def free_port() -> int:
    with socket.socket() as probe:  # free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_cluster_that_does_not_answer_leaves_an_old_csv_as_it_was(game_main, tmp_path):
    old = tmp_path / "old.csv"
    old.write_text("the games of yesterday\n")
    out = game_main(*BALANCE, "--csv", str(old), "--ray", f"127.0.0.1:{free_port()}")
    assert out.returncode == 2 and "nothing answers there" in out.stderr
    assert old.read_text() == "the games of yesterday\n"


def test_ctrl_c_keeps_every_game_that_ended(game_main, tmp_path, monkeypatch):
    play = balance.play_one

    def cut_at_the_third(setup, **options):
        if setup.seed == 2:
            raise KeyboardInterrupt
        return play(setup, **options)

    monkeypatch.setattr(balance, "play_one", cut_at_the_third)
    path = tmp_path / "games.csv"
    out = game_main(*BALANCE, "--csv", str(path))
    assert out.returncode == 130
    assert out.stderr == (f"python -m game: balance interrupted (Ctrl-C) after 2 games; the 2 "
                          f"finished games are in {path}\n")
    rows = list(csv.reader(path.open()))
    assert rows[0] == balance.csv_header() and [r[2] for r in rows[1:]] == ["0", "1"]


def test_a_full_disk_under_the_csv_is_one_line_after_the_run(game_main, monkeypatch):
    """/dev/full takes the file's opening and refuses every write, as a full disk does (it is
    refused up front as a device: let through here, to be the disk that fills mid-run)."""
    monkeypatch.setattr(balance, "output_refused", lambda path: None)
    out = game_main(*BALANCE, "--csv", "/dev/full")
    assert out.returncode == 1 and "all: " in out.stdout and "Traceback" not in out.stderr
    assert out.stderr == ("python -m game: /dev/full: the games could not all be written: No "
                          "space left on device (0 of 4 written)\n")


@pytest.mark.parametrize("command", [
    [*BALANCE, "--csv", "/proc/x.csv"],
    ["fsim", "player", "kobold", "--rounds", "5", "--csv", "/proc/x.csv"],
    ["fsim", "player", "kobold", "--rounds", "5", "--plot", "/proc/x.png"],
    ["odds", "player", "kobold", "--plot", "/proc/x.png"],
    ["curve", "player", "kobold", "--vary", "defence=9..10", "--plot", "/proc/x.png"],
])
def test_a_target_that_cannot_be_written_is_refused_before_the_work(game_main, command):
    out = game_main(*command)
    assert out.returncode == 2 and "cannot be written" in out.stderr and not out.stdout
    assert out.stderr.count("\n") == 1


class DyingRay:
    """What the sweep uses of Ray, its raylet dying as the third job is fetched."""

    def __init__(self) -> None:
        from ray.exceptions import LocalRayletDiedError

        self.died = LocalRayletDiedError
        self.fetched = 0

    def remote(self, work):
        outer = self

        class Remote:
            @staticmethod
            def remote(job):
                return (outer, work, job)
        return Remote

    def wait(self, pending, num_returns, timeout):
        return pending[:1], pending[1:]

    def get(self, ref):
        self.fetched += 1
        if self.fetched == 3:
            os.write(1, b"(raylet) [2026-12-03 10:00:00] \x1b[31mraylet died\x1b[0m\n")
            raise self.died()
        _, work, job = ref
        return work(job)

    def cancel(self, ref, force):
        pass

    def shutdown(self):
        pass


@pytest.mark.skipif(sweep.importlib.util.find_spec("ray") is None, reason="needs Ray")
def test_a_cluster_that_dies_mid_sweep_is_one_line_and_keeps_what_ended(monkeypatch,
                                                                         capfd):
    monkeypatch.setattr(sweep, "_start_ray", lambda address: DyingRay())
    with pytest.raises(sweep.Cut) as cut:
        sweep.run(square, list(range(5)), sweep.Where(ray="head:6379"))
    assert cut.value.done == [0, 1]
    assert str(cut.value).startswith("--ray head:6379: the cluster went away mid-sweep after 2"
                                     " of 5 jobs (LocalRayletDiedError")
    assert "raylet" not in capfd.readouterr().out  # Ray's own lines kept out of the table


def signalled(signum: int, n: int) -> int:
    if n == 2:
        os.kill(os.getpid(), signum)  # arrives while this job runs: it ends, then the sweep
    return n


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_a_sweep_in_this_process_between_two_jobs(signum):
    with pytest.raises(sweep.Interrupted) as stopped:
        sweep.run(partial(signalled, signum), range(6))
    assert stopped.value.done == [0, 1, 2] and stopped.value.signum == signum


def test_each_result_is_handed_on_in_order_as_it_comes():
    got: list[int] = []
    assert sweep.run(square, range(6), sweep.Where(jobs=2), each=got.append) == got
    assert got == [n * n for n in range(6)]


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_a_signal_to_a_sweep_ends_its_workers(tmp_path, signum):
    """The parent of ``balance --jobs 2`` is signalled while its workers play: every holder
    of its output lets go (a reader sees the end: ``... | cat`` ends), no worker is left,
    and a SIGTERM or SIGHUP is one line and 128 + the signal."""
    game = subprocess.Popen(
        [sys.executable, "-m", "game", "balance", "--seeds", "400", "--jobs", "2",
         "--char", "dwarf warrior", "--csv", str(tmp_path / "games.csv")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert game.stdout is not None
    game.stdout.readline()  # the header: the sweep is about to start
    workers: list[int] = []
    for _ in range(600):
        workers = children(game.pid)
        if len(workers) >= 2:
            break
        time.sleep(0.05)
    assert len(workers) >= 2
    game.send_signal(signum)
    rest = game.stdout.read()  # returns only once no process holds the pipe
    code = game.wait(timeout=120)
    err = game.stderr.read().decode() if game.stderr else ""
    for _ in range(200):
        if not any(alive(w) for w in workers):
            break
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)
    if signum == signal.SIGKILL:
        assert code == -signal.SIGKILL
    else:
        name = signal.Signals(signum).name
        assert code == 128 + signum and err.startswith(
            f"python -m game: balance interrupted ({name}) after "), err
        assert err.count("\n") == 1 and b"Traceback" not in rest


def test_fsim_cut_by_ctrl_c_reports_what_it_fought_and_exits_130(game_main, monkeypatch):
    from game.lab import fights

    fight = fights.fight_block

    def cut_at_the_second(job):
        if job.seed != 3:
            raise KeyboardInterrupt
        return fight(job)

    monkeypatch.setattr(fights, "fight_block", cut_at_the_second)
    out = game_main("fsim", "player", "kobold", "--rounds", "300", "--seed", "3")
    assert out.returncode == 130, out.stderr  # a script can tell (it was exit 0)
    assert "Stopped by Ctrl-C after 100 of 300 fights." in out.stdout


def test_joining_a_cluster_says_which_one(tmp_path):
    """On a shared machine ``--ray auto`` may find another user's cluster: it is named."""
    import pwd

    class Context:
        gcs_address = "10.0.0.5:6379"

    class Node:
        @staticmethod
        def get_session_dir_path():
            return str(tmp_path)

    class Ray:
        class worker:  # noqa: N801 (Ray's own name)
            class global_worker:  # noqa: N801
                node = Node

        @staticmethod
        def get_runtime_context():
            return Context

    me = pwd.getpwuid(os.getuid()).pw_name
    assert sweep.joined(Ray, "auto") == (f"--ray auto: joined the Ray cluster at 10.0.0.5:6379 "
                                         f"(its session {tmp_path}, started by user {me})")
    assert sweep.joined(object(), "auto") == "--ray auto: joined a Ray cluster"
