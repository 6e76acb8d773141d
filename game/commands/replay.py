"""``python -m game replay PATH``: watch a recording; ``t`` takes over as a new game."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.persist import savefile
from game.persist.replay import Seeker
from game.ui.app import GameApp
from game.ui.replay import ReplayApp
from game.world.engine import Engine

from .common import fail
from .play import report_crash, run_frontend, saver_to


def taken_over_path(save_path: Path, position: int) -> Path:
    """A new name beside the recording: ``knight-7.json`` taken at 120 -> ``knight-7-from-120``."""
    return save_path.with_name(f"{save_path.stem}-from-{position}.json")


def run(args: argparse.Namespace) -> int:
    try:
        save = savefile.load(args.path)
    except savefile.SaveError as err:
        return fail(str(err), 2)
    seeker = Seeker(save)

    def take_over(engine: Engine) -> GameApp:
        engine.checkpoints = {k: v for k, v in save.checkpoints.items() if k <= seeker.index}
        engine.keyframes = {k: v for k, v in save.keyframes.items() if k <= seeker.index}
        path = taken_over_path(Path(args.path), seeker.index)
        app = GameApp.from_engine(engine, saver=saver_to(path), on_crash=report_crash)
        app.session.save()
        return app

    try:
        return run_frontend(ReplayApp(seeker, take_over), window=False)
    finally:
        seeker.close()
