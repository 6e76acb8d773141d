"""What the sharing tests share: recordings of each game version, and the screens the game
draws for a recording at a point of it, worked out apart from ``game.share`` (a replay to
that point, drawn by the UI as the terminal draws it).

(A module of its own, not conftest.py: the tests import these functions.)
"""

from __future__ import annotations

from pathlib import Path

import tcod.console

from game.__main__ import main
from game.persist import savefile
from game.persist.replay import replay
from game.persist.savefile import Recording
from game.ui.ending import EndScreen
from game.ui.screen import Session
from game.ui.view import Layout, draw_play
from game.world.game import Game
from game.world.play.bot import Bot

ROOT = Path(__file__).resolve().parents[2]
# a recording of each earlier game version (0.1.0, 0.2.0, 0.3.0): replayed as they played
EARLIER = {"0.1.0": ROOT / "saves" / "sample.json",
           "0.2.0": ROOT / "tests" / "persist" / "earlier" / "manual-elf-ranger.json",
           "0.3.0": ROOT / "tests" / "ui" / "recordings" / "bot-depth5.json"}
DYING = ("human rogue", 0)  # the bot's game that ends in death, in 72 actions


def bot_save(path: Path, character: str, seed: int, actions: int) -> Path:
    """A recording of this version's bot (ended early if it dies)."""
    recording = Recording(Game(seed, character))
    try:
        Bot(recording.engine, seed, turns=actions).play(recording.submit, actions)
        return recording.save(path)
    finally:
        recording.engine.close()


def dead_save(folder: Path) -> Path:
    path = bot_save(folder / "dead.json", *DYING, actions=400)
    assert savefile.load(path).dead, "the bot's game should end in death"
    return path


def share(*flags: str) -> int:
    """``python -m game replay ...`` in this process."""
    return main(["replay", *flags])


def lines(console: tcod.console.Console) -> list[str]:
    """The console's rows as text, as a terminal shows them."""
    return ["".join(chr(c) if c >= 32 else " " for c in console.ch[:, y])
            for y in range(console.height)]


def screen_at(path: Path, position: int | None, size=(80, 24)) -> tuple[list[str], int]:
    """The screen after ``position`` actions (None: the last), and the first row below the
    map (what is drawn there does not hang on where the view of the map stands); the end
    screen, whole, for the end of a game over."""
    console = tcod.console.Console(*size, order="F")
    with replay(savefile.load(path), upto=position, engine_keyframes=False) as seeker:
        session = Session(seeker.engine)
        if position is None and seeker.engine.over:
            EndScreen(session).draw(console)
            return lines(console), 0
        draw_play(console, session)
    return lines(console), Layout.of(console).status.y
