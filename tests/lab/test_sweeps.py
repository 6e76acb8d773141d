"""Sweeps (game/lab/sweep.py): the same results in the same order in-process, over --jobs N
and on a local Ray; Ctrl-C keeps what ended; --jobs and --ray refused in one line."""

from __future__ import annotations

import importlib.util
from functools import partial

import pytest

from game.commands.balance import play_one
from game.lab import bot_games, fights, sweep
from game.wizard.fsim import Arena, Tally, simulate
from game.world.core.setup import Setup

HAS_RAY = importlib.util.find_spec("ray") is not None


def square(n: int) -> int:
    return n * n


def stop_at(last: int, n: int) -> int:
    if n == last:
        raise KeyboardInterrupt
    return n


def test_jobs_come_back_in_order_whichever_way_they_run():
    jobs = list(range(7))
    assert sweep.run(square, jobs) == sweep.run(square, jobs, sweep.Where(jobs=3)) \
        == [n * n for n in jobs]


def test_ctrl_c_keeps_the_results_of_the_jobs_that_ended_before():
    with pytest.raises(sweep.Interrupted) as stopped:
        sweep.run(partial(stop_at, 3), range(6))
    assert stopped.value.done == [0, 1, 2]
    assert isinstance(stopped.value, KeyboardInterrupt)  # uncaught, main says one line


def test_fsim_blocks_each_have_their_own_seed_and_the_first_is_the_runs():
    jobs = fights.blocks("player", "kobold", "dwarf warrior", ["manual", "qud"], seed=3,
                         rounds=250)
    assert [(j.rules, j.fights) for j in jobs] == [
        ("manual", 100), ("qud", 100), ("manual", 100), ("qud", 100), ("manual", 50),
        ("qud", 50)]  # round the systems, so a run stopped early fought under each
    assert jobs[0].seed == jobs[1].seed == 3 and len({j.seed for j in jobs}) == 3
    # the first block is the fights a single arena on the run's seed fights first
    alone = simulate(Arena("player", "kobold", seed=3), 100).tally
    assert fights.fight_block(jobs[0]).results == alone.results


def test_fsim_figures_are_the_same_in_process_and_over_two_processes():
    ask = dict(seed=4, rounds=130, as_play=False)
    here = fights.run("player", "giant rat", "dwarf warrior", ["manual", "d20"], **ask)
    there = fights.run("player", "giant rat", "dwarf warrior", ["manual", "d20"], **ask,
                       where=sweep.Where(jobs=2))
    assert here == there and not here.stopped
    assert [r.tally.fights for r in here.reports.values()] == [130, 130]
    both = fights.add(Tally(fights=1, wins=1, results=[("attacker", 5)]),
                      Tally(fights=2, losses=1, results=[("defender", 7), ("none", 9)]))
    assert (both.fights, both.wins, both.losses) == (3, 1, 1)
    assert both.results == [("attacker", 5), ("defender", 7), ("none", 9)]


def test_balance_games_are_the_same_over_two_processes():
    games = [Setup(1), Setup(1, "elf ranger"), Setup(2)]
    ask = dict(target=2, actions=40)
    here = bot_games.play(play_one, games, sweep.HERE, **ask)
    there = bot_games.play(play_one, games, sweep.Where(jobs=2), **ask)
    assert here == there
    assert list(here) == ["dwarf warrior", "elf ranger"]
    assert [g.seed for g in here["dwarf warrior"]] == [1, 2]


@pytest.mark.parametrize("args, says", [
    (["--jobs", "0"], "--jobs: expected a whole number from 1 to 64"),
    (["--jobs", "65"], "--jobs: expected a whole number from 1 to 64"),
    (["--jobs", "two"], "--jobs: expected a whole number from 1 to 64"),
    (["--ray", ""], "--ray: expected 'local' or a cluster's address"),
    (["--jobs", "2", "--ray", "local"], "--jobs and --ray do not go together"),
])
@pytest.mark.parametrize("command", [["fsim", "player", "kobold"], ["balance"],
                                     ["curve", "player", "kobold", "--vary", "defence=9..10"]])
def test_bad_jobs_and_ray_are_one_line_and_exit_2(game_main, command, args, says):
    out = game_main(*command, *args)
    assert out.returncode == 2 and says in out.stderr, out.stderr
    assert out.stderr.count("\n") == 1 and not out.stdout


def test_ray_missing_says_how_to_install_it(game_main, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ray" else real(name, *a))
    out = game_main("fsim", "player", "kobold", "--rounds", "5", "--ray", "local")
    assert out.returncode == 2 and not out.stdout
    assert out.stderr == "python -m game: --ray needs Ray: python -m pip install -e " \
                         "'.[cluster]'\n"


@pytest.mark.skipif(not HAS_RAY, reason="Ray is not installed: pip install -e '.[cluster]'")
def test_a_sweep_on_a_local_ray_gives_what_one_and_two_processes_give(game_main):
    fsim = ["fsim", "player", "kobold", "--rules", "all", "--rounds", "120", "--seed", "6"]
    one = game_main(*fsim, "--jobs", "1")
    two = game_main(*fsim, "--jobs", "2")
    ray = game_main(*fsim, "--ray", "local")
    assert one.returncode == two.returncode == ray.returncode == 0, ray.stderr
    assert "120 fights under each rules" in one.stdout
    assert one.stdout == two.stdout == ray.stdout
    assert "Traceback" not in ray.stderr


def test_a_head_address_where_nothing_answers_is_refused_at_once():
    import socket

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert "nothing answers there" in sweep._unreachable(f"127.0.0.1:{port}")
    for left_to_ray in ("local", "auto", "ray://head:10001"):
        assert sweep._unreachable(left_to_ray) is None


def test_an_overlay_travels_with_its_jobs_to_other_processes():
    from pathlib import Path

    from game.content.overlay import read_overlay

    mod = read_overlay(Path(__file__).resolve().parents[2] / "mods" / "tough-kobolds")
    ask = dict(seed=2, rounds=240, content=mod)  # three blocks: two processes share them
    here = fights.run("player", "kobold chief", "dwarf warrior", ["manual"], **ask)
    there = fights.run("player", "kobold chief", "dwarf warrior", ["manual"], **ask,
                       where=sweep.Where(jobs=2))
    assert here == there and here.reports["manual"].tally.fights == 240  # the mod's own kind
    assert all(job.content == mod for job in fights.blocks(
        "player", "kobold", "dwarf warrior", ["manual"], seed=2, rounds=250, content=mod))
