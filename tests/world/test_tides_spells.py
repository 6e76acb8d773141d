"""Spells in play under tides from its version 4: the document's casting roll, Irresistible
Force, the power check, the dodge of a bolt, and each line of the miscast table the world
plays, read in the document's words. The combat stream is rigged (``test_scenarios.rig``):
each number named is the next roll, in the order the rules roll them."""

from __future__ import annotations

from dataclasses import replace

from test_scenarios import creature, rig, set_hp, texts

from game.rules import spell_words
from game.rules.profiles import DEXTERITY, DODGE, defence
from game.rules.systems import tides
from game.rules.systems import tides_magic as tm
from game.world.core import actions as A
from game.world.core.components import Attributes, Casting, Creature, Health, Spells
from game.world.game import Game
from game.world.play import effects, spells, stealth, tides_casting

ROOM = """
#########
#@..k...#
#.......#
#########
"""


def mage(engines, legend=None, **kw) -> Game:
    engine = Game.scenario(ROOM, legend or {"k": "kobold"}, character="human mage",
                           rules="tides", **kw)
    engines.append(engine)
    engine.component(engine.player, Spells).points = 99
    engine.component(engine.player, Spells).max_points = 99
    set_hp(engine, engine.player, 99, 99)
    return engine


def tough(engine: Game, eid: int) -> None:
    set_hp(engine, eid, 99, 99)


def frost(engine: Game, **changes):
    return replace(engine.catalog.magic.spells["frost bolt"], **changes)


def dodge_rolls(engine: Game, target: int, roll: int) -> tuple[int, ...]:
    """The dodge's d100, if the target has any Dodge against the player's bolt."""
    return (roll,) if tides_casting.dodge_percent(engine, engine.player, target) else ()


def at(engine: Game, eid: int) -> tuple[int, int]:
    pos = engine.position(eid)
    return pos.x, pos.y


def will_mod(engine: Game) -> int:
    return spells.rules.power(engine.component(engine.player, Attributes).willpower)


def test_a_cast_under_tides_rolls_the_documents_d100_and_harms_past_the_power_check(engines):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    assert engine.rules_version == tides.VERSION == 4
    rig(engine, 60, 100, *dodge_rolls(engine, kobold, 100), 99, 2, 3)
    result = engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert isinstance(result, A.Done)
    assert texts(engine)[:2] == ["You cast frost bolt.", "The frost bolt hits the kobold."]
    assert engine.component(kobold, Health).hp == 99 - (2 + 3 + will_mod(engine))
    assert engine.component(engine.player, Casting).casts == {"frost bolt": 1}


def test_irresistible_force_needs_no_power_check(engines):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    rig(engine, 99, 1, *dodge_rolls(engine, kobold, 100), 1, 1)  # no power roll: 1, 1 damage
    engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert texts(engine)[0] == "You cast frost bolt with Irresistible Force!"
    assert engine.component(kobold, Health).hp == 99 - (1 + 1 + will_mod(engine))


def test_a_spell_not_powerful_enough_does_no_harm(engines):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    rig(engine, 60, 100, *dodge_rolls(engine, kobold, 100), 1)
    engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert "The frost bolt is not powerful enough to harm the kobold." in texts(engine)
    assert engine.component(kobold, Health).hp == 99


def test_a_bolt_is_dodged_by_one_who_knows_of_its_caster_and_never_by_a_sleeper(engines):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    points = sum(p.amount for p in defence(engine.fighter(kobold)).parts
                 if p.kind in (DEXTERITY, DODGE))
    engine.component(kobold, Creature).awake = True
    assert tides_casting.dodge_percent(engine, engine.player, kobold) == max(0, 5 * points)
    engine.component(kobold, Creature).awake = False
    engine.component(kobold, Creature).foe = None
    assert stealth.asleep(engine, kobold)
    assert tides_casting.dodge_percent(engine, engine.player, kobold) == 0


def test_a_dodged_bolt_says_so(engines, monkeypatch):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    monkeypatch.setattr(tides_casting, "dodge_percent", lambda *_: 30)
    rig(engine, 60, 100, 30)
    engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert "The kobold dodges your frost bolt." in texts(engine)
    assert engine.component(kobold, Health).hp == 99


def test_the_player_dodges_a_creatures_bolt(engines, monkeypatch):
    engine = mage(engines, {"k": "kobold shaman"})
    shaman = creature(engine, "kobold shaman")
    monkeypatch.setattr(tides_casting, "dodge_percent", lambda *_: 30)
    rig(engine, 99, 100, 30)  # cast, no force, dodged
    events = spells.cast(engine, shaman, frost(engine), *at(engine, engine.player))
    said = [m.text for m in events if m.tone != "wizard"]
    assert said == ["The kobold shaman casts frost bolt.", "You dodge the frost bolt."]
    assert engine.component(engine.player, Health).hp == 99


def miscast(engine: Game, line: int, level: int | None = None) -> list[str]:
    """The player miscasts a frost bolt of ``level`` (the lowest that reaches the line) onto
    table line ``line``: the roll 1 fails, the miscast d100 1 comes up, then 1d6."""
    level = level or max(1, line - 6)
    rig(engine, 1, 1, line - level)
    events = spells.cast(engine, engine.player, frost(engine, level=level), 4, 1)
    return [m.text for m in events if m.tone != "wizard"]


def test_a_failed_cast_that_miscasts_reads_the_tables_words(engines):
    engine = mage(engines)
    lines = miscast(engine, 3, level=1)
    slips = "The spell slips through your fingers, but you avoid any lasting ill effects."
    assert lines == ["You fail to cast the spell.", "You miscast the spell!", slips]


def test_miscast_2_gives_10_on_the_next_roll_only(engines):
    engine = mage(engines)
    miscast(engine, 2)
    spell = frost(engine)
    will = engine.component(engine.player, Attributes).willpower
    assert tides_casting.standing(engine, engine.player, spell, will).bonus == 10
    rig(engine, 1, 100)  # fails, no miscast
    spells.cast(engine, engine.player, spell, 4, 1)
    assert tides_casting.standing(engine, engine.player, spell, will).bonus == 0


def test_miscasts_4_and_8_weigh_on_casting_for_the_encounter(engines):
    engine = mage(engines)
    miscast(engine, 4)
    kept = engine.component(engine.player, Casting)
    assert (kept.penalty, kept.power) == (20, 20)
    miscast(engine, 8)
    assert engine.component(engine.player, Casting).penalty == 30


def test_miscast_6_bars_the_next_turn_and_11_the_encounter(engines):
    engine = mage(engines)
    words = miscast(engine, 6)
    assert "Your mind is briefly overloaded by the touch of the warp." in words
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    engine.submit(A.Wait())
    refused = engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert refused == A.Impossible(spell_words.IDLE)
    engine.submit(A.Wait())
    assert spells.why_not(engine, engine.player, frost(engine)) is None
    miscast(engine, 11)
    assert spells.why_not(engine, engine.player, frost(engine)) == spell_words.SILENCED
    for _ in range(tides_casting.ENCOUNTER_TICKS // 60):
        engine.submit(A.Wait())
    assert spells.why_not(engine, engine.player, frost(engine)) is None  # the encounter ended


def test_miscast_7_takes_irresistible_force_away(engines):
    engine = mage(engines)
    miscast(engine, 7)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    rig(engine, 99, *dodge_rolls(engine, kobold, 100), 99, 1, 1)  # no force roll at all
    spells.cast(engine, engine.player, frost(engine), *at(engine, kobold))
    assert engine.component(kobold, Health).hp == 99 - (1 + 1 + will_mod(engine))


def test_miscast_9_burns_a_wound_a_level(engines):
    engine = mage(engines)
    words = miscast(engine, 9, level=4)
    assert engine.component(engine.player, Health).hp == 99 - 4  # one wound a level
    assert "The energy you were attempting to harness manifests as bright emerald fire, " \
           "covering your body." in words


def test_miscast_10_halves_every_stat_but_w(engines):
    engine = mage(engines)
    whole = tides.numbers(engine.fighter(engine.player))
    miscast(engine, 10)
    assert effects.active(engine, engine.player, effects.WEAKENED)
    halved = tides.numbers(engine.fighter(engine.player))
    assert (halved.ws, halved.s, halved.parry, halved.ag, halved.t) == \
        tuple(n // 2 for n in (whole.ws, whole.s, whole.parry, whole.ag, whole.t))
    spell = frost(engine)
    will = engine.component(engine.player, Attributes).willpower
    assert tides_casting.standing(engine, engine.player, spell, will).wp == 3 * will // 2


def test_miscast_5_sends_the_spell_at_a_random_member_the_caster_too(engines):
    engine = mage(engines)
    set_hp(engine, engine.player, 99, 99)
    # line 5 of a level 4 bolt: 1d6 1; the member drawn: index 0, the caster itself
    rig(engine, 1, 1, 1, 0, 99, 2, 2)
    events = spells.cast(engine, engine.player, frost(engine, level=4), 4, 1)
    said = [m.text for m in events if m.tone != "wizard"]
    assert "Your spell fails to go off as intended." in said
    assert "The frost bolt hits you." in said
    assert engine.component(engine.player, Health).hp == 99 - (2 + 2 + will_mod(engine))


def test_armour_and_lost_w_add_to_the_casting_value(engines):
    engine = mage(engines)
    spell = frost(engine, level=3)
    will = engine.component(engine.player, Attributes).willpower
    jerkin = engine.catalog.armoury.armour["leather jerkin"]
    chain = engine.catalog.armoury.armour["chain mail shirt"]
    f = engine.fighter(engine.player)
    assert tides_casting.armour(replace(f, worn=(jerkin,))) == tm.LIGHT
    assert tides_casting.armour(replace(f, worn=(chain,))) == tm.HEAVY
    assert tides_casting.armour(replace(f, worn=())) == ""
    health = engine.component(engine.player, Health)
    set_hp(engine, engine.player, health.max_hp - 6)
    assert tides_casting.standing(engine, engine.player, spell, will).missing == 6


def test_the_casts_of_an_encounter_count_until_a_minute_passes_without_one(engines):
    engine = mage(engines)
    kobold = creature(engine, "kobold")
    tough(engine, kobold)
    spell = frost(engine)
    will = engine.component(engine.player, Attributes).willpower
    rig(engine, 99, 100, *dodge_rolls(engine, kobold, 100), 99, 1, 1)
    engine.submit(A.Cast("frost bolt", *at(engine, kobold)))
    assert tides_casting.standing(engine, engine.player, spell, will).casts == 1
    fireball = engine.catalog.magic.spells["fireball"]
    assert tides_casting.standing(engine, engine.player, fireball, will).others == 1
    engine.delete(kobold)  # out of the way: nothing else casts or strikes
    for _ in range(tides_casting.ENCOUNTER_TICKS // 60):
        engine.submit(A.Wait())
    assert tides_casting.standing(engine, engine.player, spell, will).casts == 0


def test_a_creature_caster_miscasts_in_the_third_person(engines):
    engine = mage(engines, {"k": "kobold shaman"})
    shaman = creature(engine, "kobold shaman")
    rig(engine, 1, 1, 2)  # fails, miscasts, 1d6 2 + level 1: line 3
    events = spells.cast(engine, shaman, frost(engine), *at(engine, engine.player))
    said = [m.text for m in events if m.tone != "wizard"]
    assert said == ["The kobold shaman's spell fizzles.", "The kobold shaman miscasts its spell!",
                    "The spell slips through the kobold shaman's fingers."]


def test_the_menu_chance_is_the_documents_under_tides_and_the_manuals_otherwise(engines):
    engine = mage(engines)
    spell = engine.catalog.magic.spells["fireball"]
    will = engine.component(engine.player, Attributes).willpower
    st = tides_casting.standing(engine, engine.player, spell, will)
    assert spells.cast_chance(engine, engine.player, spell) == tm.cast_chance(3, st)
    manual = Game.scenario(ROOM, {"k": "kobold"}, character="human mage")
    engines.append(manual)
    assert spells.cast_chance(manual, manual.player, spell) == spells.rules.cast_chance(
        spell, will)
    old = Game.scenario(ROOM, {"k": "kobold"}, character="human mage", rules="tides",
                        rules_version=3)
    engines.append(old)
    assert not tides_casting.plays(old)
    assert spells.cast_chance(old, old.player, spell) == spells.rules.cast_chance(spell, will)


def test_a_mage_bot_game_under_tides_casts_by_the_document_and_replays(engines, tmp_path):
    from game.persist.replay import verify
    from game.persist.savefile import save
    from game.world.core.setup import Setup
    from game.world.play.bot import Bot

    engine = Game(Setup(3, "human mage", rules="tides"))
    engines.append(engine)
    Bot(engine, 3, turns=200).play(engine.submit, 200)
    said = texts(engine)
    assert sum(isinstance(a, A.Cast) for a in engine.actions) >= 3
    assert any(line.startswith("You cast ") for line in said)
    path = save(engine, tmp_path / "mage.json")
    code, message = verify(path)
    assert code == 0, message
