"""Whom a creature fights (game/world/feuds.py): its foe on a tie of distance, then a rival
that fights it, then the player; a rival nearer than the player is fought; a creature struck
by another strikes back, with the player standing beside them both."""

from __future__ import annotations

from test_scenarios import attacks, creature, rig, scenario, texts, tough

from game.rules import profiles
from game.world.core import actions as A
from game.world.core.components import Creature
from game.world.play import combat, death, feuds

SIDE_BY_SIDE = """
######
#.r..#
#@k..#
######
"""

APART = """
#########
#@......#
#.......#
#....kr.#
#########
"""

IN_LINE = """
#######
#@.rk.#
#######
"""

LEGEND = {"k": "kobold", "r": "giant rat"}


def fights(result, *eids: int) -> list:
    """The attacks in a result, each checked to be between the given creatures."""
    found = attacks(result)
    for event in found:
        assert {event.attacker, event.target} <= set(eids), (event.attacker, event.target)
    return found


def test_a_kobold_bitten_by_a_rat_bites_back_with_the_player_beside_it(engines):
    """Both have noticed the player, who stands beside both: once the rat bites, the pair
    fight each other, not the player."""
    engine = scenario(engines, SIDE_BY_SIDE, LEGEND)
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    tough(engine, rat, kobold)
    rig(engine, 5, 6, 1)  # the rat hits for 1: "The giant rat bites the kobold."
    bite = profiles.melee_attacks(engine.fighter(rat))[0]
    events = combat.strike(engine, rat, kobold, bite, adjacent=True)
    assert events[0].lines == ("The giant rat bites the kobold.",)
    assert engine.component(kobold, Creature).foe == rat
    assert feuds.opponent(engine, kobold) == rat  # its foe, on a tie with the player
    assert feuds.opponent(engine, rat) == kobold  # a rival fighting it, on a tie
    seen = []
    for _ in range(4):
        seen += fights(engine.submit(A.Wait()), rat, kobold)
    assert {e.attacker for e in seen} == {rat, kobold}
    assert all(e.target != engine.player for e in seen)


def test_rivals_nearer_than_the_player_fight_and_stay_locked_when_the_player_comes(engines):
    engine = scenario(engines, APART, LEGEND)
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    tough(engine, rat, kobold)
    assert feuds.opponent(engine, kobold) == rat  # 1 step against the player's 4
    for _ in range(3):
        fights(engine.submit(A.Wait()), rat, kobold)
    assert any(" the kobold" in t or " the giant rat" in t for t in texts(engine))
    engine.move_entity(engine.player, 5, 2)  # beside both of them now
    seen = []
    for _ in range(4):
        seen += fights(engine.submit(A.Wait()), rat, kobold)
    assert seen and all(e.target != engine.player for e in seen)


def test_a_creature_struck_by_the_player_turns_on_the_player(engines):
    """The player joins in: the kobold's foe is now the player, whom it fights (a tie of
    distance with the rat goes to the foe); the rat fights on against the kobold."""
    engine = scenario(engines, SIDE_BY_SIDE, LEGEND)
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    tough(engine, rat, kobold)
    engine.component(kobold, Creature).foe = rat
    engine.component(rat, Creature).foe = kobold
    rig(engine, 1, 1)  # a natural 2: the player misses, but the kobold was attacked
    result = engine.submit(A.Move(1, 0))
    assert attacks(result, engine.player)[0].target == kobold
    assert engine.component(kobold, Creature).foe in (engine.player, rat)  # the rat may bite
    engine.component(kobold, Creature).foe = engine.player
    assert feuds.opponent(engine, kobold) == engine.player
    assert feuds.opponent(engine, rat) == kobold


def test_whoever_struck_last_is_the_foe(engines):
    """The player's blow makes the player the kobold's foe; the rat's next bite, the rat."""
    engine = scenario(engines, SIDE_BY_SIDE, LEGEND)
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    tough(engine, rat, kobold)
    rig(engine, 1, 1, 1, 1)  # two plain misses
    combat.strike(engine, engine.player, kobold,
                  profiles.melee_attacks(engine.fighter(engine.player))[0], adjacent=True)
    assert engine.component(kobold, Creature).foe == engine.player
    combat.strike(engine, rat, kobold, profiles.melee_attacks(engine.fighter(rat))[0],
                  adjacent=True)
    assert engine.component(kobold, Creature).foe == rat


def test_a_throw_strikes_whatever_stands_first_in_its_line(engines):
    """Thrown at the kobold, the dagger meets the rat standing before it."""
    engine = scenario(engines, IN_LINE, LEGEND, character="human rogue")
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    tough(engine, rat, kobold)
    dagger = next(i for i in engine.inventory() if engine.item_name_only(i) == "dagger"
                  and engine.equipped_slot(i) is None)
    rig(engine, 6, 6, 1)
    result = engine.submit(A.Throw(dagger, 4, 1))
    mine = attacks(result, engine.player)
    assert [e.target for e in mine] == [rat]
    assert mine[0].outcome.natural == (6, 6)


def test_a_dead_foe_is_forgotten_at_once(engines):
    """A foe is always an entity that exists (a save's check refuses any other)."""
    engine = scenario(engines, SIDE_BY_SIDE, LEGEND)
    rat, kobold = creature(engine, "giant rat"), creature(engine, "kobold")
    engine.component(kobold, Creature).foe = rat
    death.damage(engine, rat, 100, cause_of=kobold)
    assert not engine.exists(rat)
    assert engine.component(kobold, Creature).foe is None
