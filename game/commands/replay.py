"""``python -m game replay PATH``: watch a recording; ``t`` takes over as a new game.
``--cast FILE``, ``--html FILE``: write it to share instead (``commands/sharing.py``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.persist import savefile
from game.persist.files import short_name
from game.persist.replay import Seeker
from game.persist.slot import SaveSlot
from game.ui.app import GameApp
from game.ui.replay import ReplayApp
from game.world.game import Game

from . import sharing
from .common import fail
from .play import hooks, run_frontend


def taken_over_path(save_path: Path, position: int) -> Path:
    """The name wanted beside the recording: ``knight-7.json`` taken at 120 ->
    ``knight-7-from-120.json``, shortened to fit (``SaveSlot.take_free`` takes it, or ``-2``,
    ``-3``, ... after it when that file already exists)."""
    return save_path.with_name(short_name(f"{save_path.stem}-from-{position}"))


def run(args: argparse.Namespace) -> int:
    if sharing.wanted(args):  # --cast, --html: written, not watched
        return sharing.run(args)
    try:
        save = savefile.load(args.path)
    except savefile.SaveError as err:
        return fail(str(err), 2)
    seeker = Seeker(save)
    slots: list[SaveSlot] = []  # the taken-over game's file, held while it is played

    def take_over(engine: Game) -> GameApp:
        engine.checkpoints = {k: v for k, v in save.checkpoints.items() if k <= seeker.index}
        engine.keyframes = savefile.engine_keyframes(save, seeker.index)
        slot = SaveSlot()
        slots.append(slot)
        slot.take_free(taken_over_path(Path(args.path), seeker.index))
        app = GameApp.from_engine(engine, **hooks(slot.path, slot))
        assert app.session is not None  # from_engine starts the game
        app.session.save()  # a failure shows as the game's notice, and quitting asks
        return app

    try:
        return run_frontend(ReplayApp(seeker, take_over), window=False)
    finally:
        seeker.close()
        for slot in slots:
            slot.release()
