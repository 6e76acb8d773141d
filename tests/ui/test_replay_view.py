"""The replay viewer's screen: its status lines are shown whole at 80 columns."""

from __future__ import annotations

import tcod.console

from game.ui.replay import ReplayApp
from game.world.game import Game


class StillPlayback:
    """A recording that stands at its end (enough for drawing and the take-over key)."""

    def __init__(self, engine: Game) -> None:
        self.engine, self.index, self.save = engine, 7, None

    @property
    def length(self) -> int:
        return 7


def screen_text(app, width=80, height=24) -> str:
    console = tcod.console.Console(width, height, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c) for c in row) for row in console.ch.T)


def test_a_note_is_not_cut_at_80_columns():
    engine = Game(5)
    try:
        engine.outcome = "dead"
        app = ReplayApp(StillPlayback(engine), take_over=lambda e: None)
        app.handle_key("t")
        text = screen_text(app)
        flat = " ".join(text.split())
        assert "The game is over at this point: it cannot be taken over." in flat
        assert "Replay: action 7/7" in text
    finally:
        engine.close()
