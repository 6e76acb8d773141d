"""The cast menu (Z) under tides from its version 4: the chance it shows is the document's
casting roll as it stands, and a spell a miscast bars is refused before aiming, in the
document's words, with nothing recorded."""

from __future__ import annotations

from dataclasses import replace

import tcod.console

from game.rules import spell_words
from game.rules.systems import tides_magic
from game.ui.app import GameApp
from game.wizard.shares import percent
from game.world.core.components import Attributes, Casting, Health
from game.world.game import Game
from game.world.play import tides_casting

ROOM = """
##########
#........#
#.@.k....#
#........#
##########
"""


def mage_app() -> GameApp:
    return GameApp.from_engine(Game.scenario(ROOM, {"k": "kobold"}, character="human mage",
                                             rules="tides"))


def screen(app: GameApp) -> str:
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))


def test_the_menu_shows_the_documents_chance_and_refuses_a_barred_spell():
    app = mage_app()
    engine = app.engine
    assert engine is not None
    engine.component(engine.player, Health).hp = 2  # 10 W lost: 10 on the casting value
    will = engine.component(engine.player, Attributes).willpower
    frost = engine.catalog.magic.spells["frost bolt"]
    standing = tides_casting.standing(engine, engine.player, frost, will)
    assert standing.missing == 10
    chance = tides_magic.cast_chance(frost.level, standing)
    assert chance < tides_magic.cast_chance(frost.level, replace(standing, missing=0))
    app.handle_key("Z")
    assert f"frost bolt               2 sp, {percent(chance, 0)}" in screen(app)
    app.handle_key("Escape")
    engine.store.add(engine.player, Casting(last=engine.now, silenced=True))
    actions = len(engine.actions)
    app.handle_key("Z")
    app.handle_key("a")  # frost bolt, the first spell known
    assert spell_words.SILENCED in screen(app)
    assert len(engine.actions) == actions


def test_the_menus_chance_is_rounded_half_up(monkeypatch):
    """1/8 is 13% in the cast menu, as in every table (shares.percent), not 12% (round())."""
    from fractions import Fraction

    from game.world.play import spells

    monkeypatch.setattr(spells, "cast_chance", lambda engine, caster, spell: Fraction(1, 8))
    app = mage_app()
    app.handle_key("Z")
    assert "2 sp, 13%" in screen(app)
