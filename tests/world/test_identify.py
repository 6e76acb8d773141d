"""A scroll of identify (issue 34): the scroll read unknown names itself first, then what it
did; with one thing unknown it names that, with several the player chooses among them
(``Choosing``, then ``A.Identify``), by the menu, the bot's choice or the env's keys; a game
begun before 0.4.0 reads as it was played (the first unknown thing, the scroll's name last)."""

from __future__ import annotations

import pytest

from game.persist import savefile
from game.ui.app import GameApp
from game.world.core import actions as A
from game.world.core.components import Choosing, Equipment, Inventory, Item, Powers
from game.world.game import Game
from game.world.play import bot_means, choices, consumables, knowledge

ROOM = """
#######
#@....#
#######
"""


def game(made_by: str | None = None) -> Game:
    engine = Game.scenario(ROOM, {}, **({"made_by": made_by} if made_by else {}))
    engine.use()
    return engine


def carry(engine: Game, name: str, powers: Powers | None = None, count: int = 1) -> int:
    item = engine.create_item(name, count, None, powers)
    inventory = engine.store.get(engine.player, Inventory)
    inventory.items = [*inventory.items, item]  # set anew (game.world.core.changes)
    engine.store.get(item, Item).letter = "xyzw"[len(inventory.items) % 4]
    return item


def magic_sword(engine: Game) -> int:
    sword = engine.store.get(engine.player, Equipment).main
    engine.set_component(sword, Powers(enchant=1))
    return sword


def lines(result: A.Result) -> list[str]:
    assert isinstance(result, A.Done), result
    return [m.text for m in result.events]


def test_the_scroll_says_what_it_was_before_what_it_did():
    engine = game()
    sword = magic_sword(engine)
    scroll = carry(engine, "scroll of identify")
    assert lines(engine.submit(A.Read(scroll))) == ["It was a scroll of identify.",
                                                   "It is a +1 long sword."]
    assert knowledge.known(engine, sword)


def test_with_several_unknown_the_player_chooses_and_the_choice_takes_no_time():
    engine = game()
    sword = magic_sword(engine)
    wand = carry(engine, "wand of frost", Powers(charges=3))
    scroll = carry(engine, "scroll of identify", count=2)
    assert lines(engine.submit(A.Read(scroll))) == ["It was a scroll of identify.",
                                                   "Choose what to identify."]
    assert choices.owed_identify(engine) == [sword, wand]  # the other scroll is known now
    assert not knowledge.known(engine, sword) and not knowledge.known(engine, wand)
    now = engine.now
    assert isinstance(engine.submit(A.Identify(scroll)), A.Impossible)  # known already
    assert lines(engine.submit(A.Identify(wand))) == ["It is a wand of frost (3 charges)."]
    assert engine.now == now and not knowledge.known(engine, sword)
    assert engine.component(engine.player, Choosing) is None
    assert choices.owed_identify(engine) == []
    assert isinstance(engine.submit(A.Identify(sword)), A.Impossible)  # nothing owed now


def test_with_nothing_unknown_the_scroll_says_so():
    engine = game()
    scroll = carry(engine, "scroll of identify")
    assert lines(engine.submit(A.Read(scroll))) == ["It was a scroll of identify.",
                                                   "You feel you know everything you carry."]


def test_a_known_scroll_asks_only_among_several():
    engine = game()
    magic_sword(engine)
    scroll = carry(engine, "scroll of identify", count=2)
    knowledge.learn_kind(engine, "scroll of identify")
    assert choices.identify_targets(engine, scroll) == []  # the one: named without asking
    wand = carry(engine, "wand of frost", Powers(charges=3))
    assert len(choices.identify_targets(engine, scroll)) == 2
    assert lines(engine.submit(A.Read(scroll, wand))) == ["It is a wand of frost (3 charges)."]


def test_a_game_begun_before_0_4_0_reads_as_it_was_played():
    engine = game("0.3.0")
    sword = magic_sword(engine)
    carry(engine, "wand of frost", Powers(charges=3))
    scroll = carry(engine, "scroll of identify")
    assert lines(engine.submit(A.Read(scroll))) == ["It is a +1 long sword.",
                                                   "It was a scroll of identify."]
    assert knowledge.known(engine, sword) and engine.component(engine.player, Choosing) is None
    assert isinstance(engine.submit(A.Identify(sword)), A.Impossible)


def test_the_bot_makes_the_choice_what_is_held_first():
    engine = game()
    wand = carry(engine, "wand of frost", Powers(charges=3))
    sword = magic_sword(engine)
    scroll = carry(engine, "scroll of identify")
    engine.submit(A.Read(scroll))
    assert choices.owed_identify(engine) == [sword, wand]
    assert bot_means.identify(engine) == A.Identify(sword)


@pytest.mark.parametrize("escape_first", [False, True])
def test_the_menu_after_reading_offers_the_unknown_things(escape_first):
    engine = game()
    sword = magic_sword(engine)
    wand = carry(engine, "wand of frost", Powers(charges=3))
    scroll = carry(engine, "scroll of identify")
    app = GameApp.from_engine(engine)
    app.handle_key("r")
    app.handle_key(engine.store.get(scroll, Item).letter)
    assert engine.component(engine.player, Choosing) is not None
    if escape_first:  # later: r asks again
        app.handle_key("escape")
        app.handle_key("r")
    app.handle_key(engine.store.get(wand, Item).letter)
    assert knowledge.known(engine, wand) and not knowledge.known(engine, sword)
    assert engine.actions[-1] == A.Identify(wand)
    assert [m.line for m in engine.log[-3:]] == [
        "It was a scroll of identify.", consumables.CHOOSE_LINE,
        "It is a wand of frost (3 charges)."]


def test_a_choice_owed_is_saved_and_continued(tmp_path):
    engine = Game(3, "human mage")
    engine.use()
    magic_sword(engine)
    wand = carry(engine, "wand of frost", Powers(charges=3))
    carry(engine, "potion of speed")
    engine.submit(A.Read(carry(engine, "scroll of identify")))
    assert choices.owed_identify(engine)
    path = savefile.save(engine, tmp_path / "owed.json")
    again = savefile.continue_game(path)
    again.use()
    assert again.component(again.player, Choosing) == Choosing(1)
    assert again.state_hash() == engine.state_hash()
    assert lines(again.submit(A.Identify(wand))) == ["It is a wand of frost (3 charges)."]


def test_identify_is_an_action_of_its_own_kind():
    assert A.Action.from_json(A.Identify(7).to_json()) == A.Identify(7)
