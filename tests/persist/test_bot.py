"""The built-in bot: what it does in small scenes, and that it is a well-behaved recorder."""

from __future__ import annotations

import pytest
from persist_helpers import bot_game

from game.world.core import actions as A
from game.world.core.components import Equipment, Health, Item, Spells, Vitals
from game.world.game import Game
from game.world.play import belongings
from game.world.play.bot import Bot

ROOM = """
#########
#@.s.a..#
#.......#
#########
"""


def run(engine: Game, bot: Bot, steps: int) -> list[A.Action]:
    taken = []
    for _ in range(steps):
        action = bot.next_action()
        engine.submit(action)
        taken.append(action)
    return taken


def test_it_fetches_and_puts_on_better_gear():
    engine = Game.scenario(ROOM, {"s": "chain mail shirt", "a": "great axe"})
    run(engine, Bot(engine, 1), 10)
    eq = engine.component(engine.player, Equipment)
    assert engine.item_name(eq.body) == "chain mail shirt"
    assert engine.item_name(eq.main) == "great axe"
    engine.close()


def test_it_leaves_worse_gear_alone():
    engine = Game.scenario(ROOM, {"s": "padded coat", "a": "knife"})
    taken = run(engine, Bot(engine, 1), 10)
    assert not any(isinstance(a, A.PickUp | A.Wear | A.Wield) for a in taken)
    engine.close()


def test_it_attacks_a_neighbour():
    engine = Game.scenario("#####\n#@k.#\n#####", {"k": "kobold"})
    kobold = engine.creatures_here()[0][0]
    assert Bot(engine, 1).next_action() == A.Attack(kobold)
    engine.close()


@pytest.mark.parametrize(("share", "expected"), [(0.2, A.Quaff), (0.5, A.Rest)])
def test_it_drinks_when_low_and_rests_when_hurt(share, expected):
    engine = Game.scenario("######\n#@...#\n######")
    health = engine.component(engine.player, Health)
    health.hp = int(health.max_hp * share)
    assert isinstance(Bot(engine, 1).next_action(), expected)
    engine.close()


def test_it_goes_down_the_stairs():
    engine = Game.scenario("#######\n#@...>#\n#######")
    run(engine, Bot(engine, 1), 5)
    assert engine.depth == 2
    engine.close()


def test_after_a_refusal_it_steps_or_waits():
    """Asked again with nothing recorded in between (its action was refused): a random step
    to an open cell or a wait, never the same request."""
    engine = Game.scenario("#####\n#...#\n#.@.#\n#...#\n#####")
    bot = Bot(engine, 1)
    first, second = bot.next_action(), bot.next_action()
    assert second != first and isinstance(second, A.Move)
    third = bot.next_action()
    assert third != second and isinstance(third, A.Move)
    corridor = Game.scenario("#####\n#@..#\n#####")
    bot = Bot(corridor, 1)
    assert bot.next_action() == A.Move(1, 0)
    assert bot.next_action() == A.Wait()  # the only open step was the refused one
    corridor.close()
    engine.close()


@pytest.mark.parametrize("seed", range(4))
def test_never_two_refusals_in_a_row(seed):
    engine = Game(seed, "human duelist")
    bot, refused, worst = Bot(engine, seed, turns=300), 0, 0

    def submit(action):
        nonlocal refused, worst
        result = engine.submit(action)
        refused = refused + 1 if isinstance(result, A.Impossible) else 0
        worst = max(worst, refused)
        return result

    bot.play(submit, 300)
    assert worst <= 1
    assert len(engine.actions) == 300 or engine.over
    engine.close()


def test_the_bot_is_deterministic():
    first, second = bot_game(4, 200), bot_game(4, 200)
    assert first.engine.actions == second.engine.actions
    assert first.engine.state_hash() == second.engine.state_hash()
    assert first.checkpoints == second.checkpoints
    first.engine.close()
    second.engine.close()


def test_deciding_leaves_the_game_alone():
    """The bot reads the engine and draws on its own random numbers only."""
    recording = bot_game(1, 40)
    before = recording.engine.state()
    bot = Bot(recording.engine, 99)
    for _ in range(5):
        bot.next_action()
    assert recording.engine.state() == before
    recording.engine.close()


def test_it_drinks_when_its_wounds_would_bleed_it_to_death():
    """Above the quaffing share, but bleeding for more than its hit points: a careful player
    drinks (the potion stops the bleeding) rather than bleed out."""
    engine = Game.scenario("######\n#@...#\n######")
    health = engine.component(engine.player, Health)
    health.hp = health.max_hp // 2
    engine.component(engine.player, Vitals).bleeding = health.hp
    assert isinstance(Bot(engine, 1).next_action(), A.Quaff)
    engine.component(engine.player, Vitals).bleeding = health.hp - 1
    assert isinstance(Bot(engine, 1).next_action(), A.Rest)
    engine.close()


def test_it_rests_to_full_before_going_on():
    engine = Game.scenario("#######\n#@...>#\n#######")
    engine.component(engine.player, Health).hp -= 1
    assert Bot(engine, 1).next_action() == A.Rest()
    engine.close()


def test_a_ranger_shoots_the_nearest_before_it_closes_in():
    engine = Game.scenario("##########\n#@...r.k.#\n##########",
                             {"k": "kobold", "r": "giant rat"}, character="elf ranger")
    assert Bot(engine, 1).next_action() == A.Fire(5, 1)
    engine.close()
    warrior = Game.scenario("#########\n#@....k.#\n#########", {"k": "kobold"})
    assert isinstance(Bot(warrior, 1).next_action(), A.Move)  # no bow: it walks up
    warrior.close()


def test_a_ranger_picks_its_arrows_up_and_quivers_them():
    engine = Game.scenario("#####\n#@a.#\n#####", {"a": "arrow"}, character="elf ranger")
    eq = engine.component(engine.player, Equipment)
    engine.component(eq.ammo, Item).count = 1
    belongings.consume(engine, eq.ammo)  # the last arrow shot: the quiver is empty
    assert eq.ammo is None
    bot = Bot(engine, 1)
    run(engine, bot, 3)
    eq = engine.component(engine.player, Equipment)
    assert eq.ammo is not None and engine.item_name_only(eq.ammo) == "arrow"
    engine.close()


def test_with_no_healing_potion_and_death_near_it_tries_an_unknown_one():
    engine = Game.scenario("#######\n#@p...#\n#######", {"p": "potion of speed"})
    for item in engine.inventory():
        if engine.item_name_only(item) == "healing potion":
            engine.component(item, Item).count = 1
            belongings.consume(engine, item)
    bot = Bot(engine, 1)
    run(engine, bot, 2)  # it fetches the unknown potion (it may heal) and picks it up
    assert "potion of speed" in [engine.item_name_only(i) for i in engine.inventory()]
    health = engine.component(engine.player, Health)
    health.hp = health.max_hp // 2
    assert not isinstance(Bot(engine, 1).next_action(), A.Quaff)  # hurt, not dying: rest
    engine.component(engine.player, Vitals).bleeding = health.hp
    action = Bot(engine, 1).next_action()
    assert isinstance(action, A.Quaff) and engine.item_name_only(action.item) == \
        "potion of speed"
    engine.close()


# --- its means and its way out (game 0.3.0's careful player) -------------------------------


def test_a_mage_casts_its_most_harmful_spell_at_what_it_reaches():
    engine = Game.scenario("##########\n#@....k..#\n##########", {"k": "kobold"},
                           character="human mage")
    assert Bot(engine, 1).next_action() == A.Cast("frost bolt", 6, 1)
    engine.component(engine.player, Spells).points = 0  # no points: it walks up instead
    assert isinstance(Bot(engine, 1).next_action(), A.Move)
    engine.close()


def test_beside_a_foe_a_fighter_strikes_rather_than_cast_a_weaker_spell():
    engine = Game.scenario("#####\n#@k.#\n#####", {"k": "kobold"}, character="dwarf warrior")
    engine.store.add(engine.player, Spells(["frost bolt"], 9, 9))  # learnt from a book
    kobold = engine.creatures_here()[0][0]
    assert Bot(engine, 1).next_action() == A.Attack(kobold)
    engine.close()


def test_low_with_nothing_to_drink_it_gets_away_by_the_stairs():
    engine = Game.scenario("#######\n#>@k..#\n#######", {"k": "kobold"})
    for item in engine.inventory():
        if engine.item_name_only(item) == "healing potion":
            engine.component(item, Item).count = 1
            belongings.consume(engine, item)
    health = engine.component(engine.player, Health)
    health.hp = 2
    bot = Bot(engine, 1)
    assert bot.next_action() == A.SetStance("Coward")  # no free blow as it steps away
    engine.submit(A.SetStance("Coward"))
    assert bot.next_action() == A.Move(-1, 0)
    engine.close()


def test_a_berserker_rages_at_a_tough_foe_beside_it():
    engine = Game.scenario("#####\n#@o.#\n#####", {"o": "orc warrior"},
                           character="human berserker")
    assert Bot(engine, 1).next_action() == A.Rage()
    engine.close()


def test_it_searches_the_floor_it_knows_only_from_a_map_on_the_deepest_level(monkeypatch):
    """A level known from a magic map but not seen: on the deepest level the amulet may lie
    there, so it walks to what it has not seen rather than wander."""
    from game.world.play import bot as bot_module

    engine = Game.scenario("#########\n#@......#\n#########")
    gm = engine.gamemap
    gm.visible[:] = False
    gm.visible[1, 1] = True  # it sees only where it stands
    gm.explored[:] = True
    assert Bot(engine, 1)._explore() is None  # not the deepest level: nothing to explore
    monkeypatch.setattr(bot_module, "MAX_DEPTH", 1)  # the scene stands for the deepest
    assert Bot(engine, 1).next_action() == A.Move(1, 0)
    engine.close()
