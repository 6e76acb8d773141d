"""Explore (o), travel to the stairs down (G) and travel (_) never do nothing silently: from many
states of bot games over many seeds and characters, every press either passes time (an action
is recorded) or says in one line why not (a line logged or counted again, or a screen such as
the travel cursor or the stairs offer put up). And what the player dropped is never picked up
again on its own: explore pressed on and on beside it leaves it lying."""

from __future__ import annotations

from functools import cache

from game.env.copies import GameCopy
from game.ui.app import GameApp
from game.ui.explore import StairsOffer
from game.world.core import actions as A
from game.world.core.components import Dropped, Position
from game.world.game import Game
from game.world.play import travel
from game.world.play.bot import Bot

CHARACTERS = ("human mage", "dwarf warrior", "elf ranger", "lizardfolk guardian",
              "human rogue", "elf mage", "dwarf berserker", "lizardfolk duelist")
SEEDS = range(10)
ACTIONS = 750  # each bot game's length
EVERY = 150  # a state to press keys in, every so many of its actions


def _mark(app: GameApp) -> tuple:
    """What a press changes when it does anything: the recording, the log (a line more, or
    the last one counted again), the screens up."""
    engine = app.engine
    last = engine.log[-1] if engine.log else None
    return (len(engine.actions), len(engine.log), id(last), last.count if last else 0,
            len(app.stack), type(app.screen))


def _press(app: GameApp, key: str, where: str) -> None:
    before = _mark(app)
    app.handle_key(key)
    assert _mark(app) != before, f"{where}: {key!r} did nothing and said nothing"


@cache
def _states() -> tuple[tuple[str, GameCopy], ...]:
    """Copies of bot games (auto-pickup on, as a new game has it) as they stood every
    ``EVERY`` actions."""
    return tuple(_played())


def _played():
    for seed in SEEDS:
        engine = Game(seed, CHARACTERS[seed % len(CHARACTERS)], auto_pickup=True)
        bot = Bot(engine, seed, turns=ACTIONS)
        for upto in range(EVERY, ACTIONS + 1, EVERY):
            bot.play(engine.submit, upto)
            if engine.over:
                break
            yield f"seed {seed} {engine.character} at action {len(engine.actions)}", \
                GameCopy.of(engine)
        engine.close()


def test_every_press_of_explore_and_travel_acts_or_says_why_not():
    pressed = 0
    for where, copy in _states():
        for keys in (("o", "o", "o"), ("G",), ("_", "enter")):
            engine = copy.made()
            app = GameApp.from_engine(engine)
            for key in keys:
                if engine.over:
                    break
                if isinstance(app.screen, StairsOffer):
                    _press(app, "n", where)
                _press(app, key, where)
                pressed += 1
            engine.close()
    assert pressed > 200


def test_explore_never_takes_again_what_the_player_dropped():
    """Drop what auto-pickup would take (a potion, a scroll, a healing potion), step off and
    explore on: it stays where it was dropped, whoever's step comes onto it."""
    dropped = 0
    for where, copy in _states():
        engine = copy.made()
        app = GameApp.from_engine(engine)
        session = app.session
        wanted = [i for i in engine.inventory()
                  if any(w in engine.item_name(i) for w in ("potion", "scroll"))]
        if not wanted or any(engine.sees(e) for e, _ in engine.creatures_here()):
            engine.close()
            continue
        session.act(A.Drop(wanted[0]))
        lying = engine.store.find(wanted[0], Position)
        assert lying is not None and engine.store.has(wanted[0], Dropped), where
        dropped += 1
        step = travel.step_toward(engine, [engine.gamemap.stairs_up or (0, 0)]) or next(
            ((dx, dy) for dx, dy in travel.DIRECTIONS
             if engine.gamemap.walkable[lying.x + dx, lying.y + dy]), None)
        if step is not None:  # off it and back: the step back leaves it too
            session.act(A.Move(*step))
            session.act(A.Move(-step[0], -step[1]))
            assert wanted[0] not in engine.inventory(), f"{where}: the step back took it"
        for key in ("o", "o", "o", "o"):
            if engine.over:
                break
            if isinstance(app.screen, StairsOffer):
                app.handle_key("n")
            app.handle_key(key)
            assert wanted[0] not in engine.inventory(), f"{where}: {key} took it again"
        engine.close()
    assert dropped > 5
