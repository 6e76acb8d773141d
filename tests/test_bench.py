"""``python -m game bench --quick`` runs and reports every figure (never a timing assertion)."""

import json
import subprocess
import sys
from pathlib import Path

from game.bench import KEYS

ROOT = Path(__file__).resolve().parents[1]


def test_quick_bench_prints_every_figure_as_json():
    run = subprocess.run([sys.executable, "-m", "game", "bench", "--quick", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert list(figures) == list(KEYS)
    assert figures.pop("nle_measured") in (0, 1)  # NLE is optional: else a reference figure
    assert all(isinstance(v, int | float) and v > 0 for v in figures.values())
