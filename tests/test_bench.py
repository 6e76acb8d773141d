"""``python -m game bench --quick`` runs and reports every figure (never a timing assertion)."""

import json
import subprocess
import sys
from pathlib import Path

from game import bench
from game.bench import EXTRA_KEYS, KEYS

ROOT = Path(__file__).resolve().parents[1]
RATIOS = ("natural_vs_nle", "busy_vs_nle", "all_keys_vs_nle")
NLE = ("nle_steps_per_s", *RATIOS)


def test_quick_bench_prints_every_figure_as_json():
    run = subprocess.run([sys.executable, "-m", "game", "bench", "--quick", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert list(figures) == list(KEYS)
    measured = figures.pop("nle_measured")
    assert measured in (0, 1)
    nle = figures.pop("nle_steps_per_s")  # NLE's figure only where NLE ran in this very run
    assert (nle is None) == (not measured) and (nle is None or nle > 0)
    for key in RATIOS:  # and no ratio from a quick run: too short to mean one
        assert figures.pop(key) is None
    costs = [figures.pop(f"key_{key}_us") for key in EXTRA_KEYS]  # a difference: any sign
    assert all(isinstance(v, int | float) for v in costs)
    assert all(isinstance(v, int | float) and v > 0 for v in figures.values())


def figures(nle: bool) -> dict:
    made = {key: 1.0 for key in KEYS}
    made["nle_measured"] = int(nle)
    if not nle:
        made.update(dict.fromkeys(NLE))
    return made


def test_without_nle_no_ratio_is_printed_and_it_says_how_to_install_it():
    text = bench.table(figures(nle=False), quick=True)
    assert "x (target" not in text
    assert "not measured: NLE is not installed here (pip install -e '.[bench]')" in text
    assert "against NLE: not measured, so no ratio" in text
    assert "11,000" not in text and "reference" not in text


def test_with_nle_the_ratios_are_against_nle_of_this_run():
    text = bench.table(figures(nle=True), quick=False)
    assert "against NLE measured in this run" in text and "natural 1.00x" in text
    assert "every key 1.00x (target 0.5x, NLE with all of its)" in text
    assert "env steps/s, every key" in text


def test_a_quick_run_prints_no_ratio_even_with_nle():
    """200 steps a side once printed "busy 0.13x": too short a run to mean a ratio."""
    quick = figures(nle=True) | dict.fromkeys(RATIOS)
    text = bench.table(quick, quick=True)
    assert "x (target" not in text and "too short to mean a ratio" in text
    assert bench.env_rates(50, 1)["natural_vs_nle"] is None  # a short run computes none
    for key in EXTRA_KEYS:
        assert f"+ {key} (us a step)" in text
