"""--more-- when a turn's messages overflow the log, and turn numbers in the message log."""

from __future__ import annotations

import tcod.console

from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.log import MessageLogScreen
from game.ui.main_screen import MainScreen
from game.ui.more import MORE, MoreScreen, overflows
from game.ui.options import Options
from game.ui.view import Layout, new_lines
from game.world.core.actions import Move, Wait
from game.world.core.components import Health, Player
from game.world.game import Game

CROWD = """
#######
#.kkk.#
#.k@k.#
#.kkk.#
#######
"""


def text(app, width=80, height=24) -> str:
    console = tcod.console.Console(width, height, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(height))


def crowded(**options) -> GameApp:
    """Eight kobolds around the player and every roll in the log: one blow fills pages."""
    engine = Game.scenario(CROWD, {"k": "kobold"})
    engine.component(engine.player, Player).show_rolls = True
    engine.component(engine.player, Health).hp = engine.component(
        engine.player, Health).max_hp = 500
    return GameApp.from_engine(engine, options=Options(**options))


def test_an_overflowing_turn_waits_on_more_and_movement_keys_do_not_skip_it():
    app = crowded()
    text(app)
    app.handle_key("l")  # attack east; eight kobolds answer
    assert overflows(app.session, (80, 24))
    assert isinstance(app.screen, MoreScreen) and MORE in text(app)
    turn = app.engine.turn
    first_page = text(app)
    for key in ("l", "h", "5", "x"):
        app.handle_key(key)
    assert app.engine.turn == turn and text(app) == first_page  # nothing skipped or acted
    pages = 1
    while isinstance(app.screen, MoreScreen):
        app.handle_key(" ")
        pages += 1
        assert pages < 50
    assert pages >= 2 and isinstance(app.screen, MainScreen)
    app.handle_key("i")  # a key that does not act brings no --more-- back
    assert not isinstance(app.screen, MoreScreen)


def test_every_new_line_is_shown_on_some_page_in_order():
    app = crowded()
    text(app)
    app.handle_key("l")
    log = Layout.sized(80, 24).log
    wanted = [t for t, _ in new_lines(app.session, log.w)]
    paged: list[str] = []
    while isinstance(app.screen, MoreScreen):
        rows = text(app).splitlines()[log.y:log.y + log.h]
        page = [r[log.x:log.x + log.w].rstrip() for r in rows]
        assert page[-1] == "" or MORE in " ".join(page)
        paged += [r for r in page if r and MORE not in r]
        app.handle_key("enter")
    assert paged == [w.rstrip() for w in wanted[:len(paged)]]
    rest = [w.rstrip() for w in wanted[len(paged):]]
    tail = [r[log.x:log.x + log.w].rstrip()
            for r in text(app).splitlines()[log.y:log.y + log.h]]
    assert len(rest) <= log.h and tail[len(tail) - len(rest):] == rest


def test_more_can_be_turned_off():
    app = crowded(more_prompt=False)
    text(app)
    app.handle_key("l")
    assert isinstance(app.screen, MainScreen)


def test_a_taller_terminal_needs_no_more_for_a_short_turn():
    app = GameApp.from_engine(Game.scenario(CROWD.replace("k", "."), {}))
    text(app)
    app.handle_key("5")
    assert not isinstance(app.screen, MoreScreen)


def test_the_last_messages_are_paged_before_the_end_screen():
    app = crowded()
    engine = app.engine
    engine.component(engine.player, Health).hp = 1
    text(app)
    app.handle_key("s")  # wait among eight kobolds, at 1 hp
    assert engine.over and isinstance(app.screen, MoreScreen)
    while isinstance(app.screen, MoreScreen):
        app.handle_key("l")  # a movement key does not skip to the end screen
        assert isinstance(app.screen, MoreScreen)
        app.handle_key(" ")
    assert isinstance(app.screen, EndScreen)


def test_the_message_log_shows_turn_numbers():
    app = GameApp.from_engine(Game.scenario(CROWD.replace("k", "."), {}))
    for _ in range(3):
        app.handle_key("h")  # walk into the wall: "There is a wall in the way." (x3)
        app.handle_key("s")
    app.stack.append(MessageLogScreen(app.session))
    shown = text(app)
    assert "turn" in shown
    lines = [line.strip() for line in shown.splitlines() if "wall" in line]
    last = app.engine.log[-1]
    assert last.turn >= 4 and lines == [f"{last.turn} {last.line}"]


def test_a_repeated_notice_counts():
    engine = Game.scenario("#####\n#@..#\n#####\n", {})
    try:
        for _ in range(3):
            engine.submit(Move(-1, 0))  # into the wall: refused, logged, counted
        assert len(engine.log) == 1
        last = engine.log[-1]
        assert (last.text, last.count, last.line) == (
            "There is a wall in the way.", 3, "There is a wall in the way. (x3)")
    finally:
        engine.close()


def test_a_count_survives_a_save_and_restore():
    engine = Game(3)
    for _ in range(2):
        engine.say("Hello.")
    assert engine.state()["log"][-1] == ["Hello.", "info", 0, 2]
    back = Game.from_state(engine.state())
    try:
        assert back.log[-1] == engine.log[-1] and back.log[-1].line == "Hello. (x2)"
    finally:
        back.close()
        engine.close()


def test_turns_survive_a_save_and_restore():
    engine = Game(3)
    engine.submit(Wait())
    engine.say("Hello.")
    state = engine.state()
    assert state["log"][-1] == ["Hello.", "info", engine.turn] and engine.turn >= 1
    back = Game.from_state(state)
    try:
        assert back.log[-1].turn == engine.turn
    finally:
        back.close()
        engine.close()
