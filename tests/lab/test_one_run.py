"""One command, one sweep: balance --rules all (and --versus) plays every system's games in
one pool (on Ray, one session), under one bar that names the system it is on."""

from __future__ import annotations

import importlib.util

import pytest

from game.lab import progress, sweep

HAS_RAY = importlib.util.find_spec("ray") is not None


class Recorder:
    """A bar that keeps what it was told."""

    def __init__(self, total: float, **_: object) -> None:
        self.total, self.n, self.names = total, 0.0, []

    def update(self, n: float | None = 1) -> None:
        self.n += n or 0

    def set_description_str(self, desc: str | None = None, refresh: bool = True) -> None:
        self.names.append((desc, self.n))

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


@pytest.fixture
def bars(monkeypatch):
    made: list[Recorder] = []

    def bar(total: float, **kwargs: object) -> Recorder:
        made.append(Recorder(total, **kwargs))
        return made[-1]

    monkeypatch.setattr(progress, "bar", bar)
    return made


def test_the_bar_names_the_first_job_not_yet_ended(bars):
    jobs = ["a", "a", "b", "c"]
    assert sweep.run(str.upper, jobs, sweep.HERE, desc="run", label=lambda j: j) == \
        ["A", "A", "B", "C"]
    (bar,) = bars
    assert bar.names == [("run a", 0), ("run a", 0), ("run b", 1), ("run c", 2)]
    assert bar.n == bar.total == 4


def test_balance_rules_all_is_one_sweep_under_one_bar(game_main, bars, monkeypatch):
    runs = []
    real = sweep.run

    def counted(work, jobs, where=sweep.HERE, **kw):
        runs.append(len(jobs))
        return real(work, jobs, where, **kw)

    monkeypatch.setattr(sweep, "run", counted)
    out = game_main("balance", "--seeds", "2", "--actions", "5", "--rules", "all", "--char",
                    "dwarf warrior", "--versus", "mods/tough-kobolds")
    assert out.returncode == 0, out.stderr
    assert runs == [20] and len(bars) == 1  # 5 systems x 2 seeds x 2 tables, one sweep
    named = [desc for desc, _ in bars[0].names]
    assert named[0] == "balance manual" and named[-1] == "balance tides (tough-kobolds)"
    systems = [d.removeprefix("balance ").split(" ")[0] for d in named]
    assert list(dict.fromkeys(systems)) == ["manual", "qud", "d20", "coc", "tides"]


@pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed: pip install -e '.[cluster]'")
def test_balance_rules_all_on_ray_is_one_session(game_main, monkeypatch):
    started = []
    real = sweep._start_ray

    def counted(address):
        started.append(address)
        return real(address)

    monkeypatch.setattr(sweep, "_start_ray", counted)
    args = ("balance", "--seeds", "1", "--actions", "20", "--rules", "all", "--char",
            "dwarf warrior")
    here = game_main(*args)
    there = game_main(*args, "--ray", "local")
    assert here.returncode == there.returncode == 0, there.stderr
    assert started == ["local"] and here.stdout == there.stdout
