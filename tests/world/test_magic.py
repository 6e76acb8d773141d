"""Magic in the world: what the @ screen counts by what is known, appearances from the seed,
casters casting the player's spells by the same numbers, curses, consumables, wishes and
saves that carry it all."""

from __future__ import annotations

import copy
import random

import pytest

from game.content.catalog import load_catalog
from game.rules import spells as rules
from game.rules.profiles import defence, melee_attacks
from game.world.core import actions as A
from game.world.core.components import (
    Attributes,
    Effects,
    Equipment,
    Health,
    Inventory,
    Player,
    Powers,
    Spells,
)
from game.world.game import Game
from game.world.play import knowledge, magic_items, spells
from game.world.play import wizard_actions as W

CATALOG = load_catalog()
ROOM = """
#########
#@..k...#
#.......#
#########
"""
BASE_FOR = {"weapon": "long sword", "missile": "short bow", "body": "chain mail shirt",
            "shield": "small shield", "cloak": "cloak", "head": "leather cap",
            "hands": "pair of leather gloves", "feet": "pair of leather boots",
            "ring": "ring", "neck": "amulet"}
SLOT_FOR = {"weapon": "main", "missile": "missile", "shield": "off"}


def room(legend=None, character="dwarf warrior") -> Game:
    engine = Game.scenario(ROOM, legend or {"k": "kobold"}, character=character)
    engine.use()
    return engine


def equip(engine: Game, name: str, powers: Powers | None, slot: str) -> int:
    item = carry(engine, engine.create_item(name, 1, None, powers))
    setattr(engine.component(engine.player, Equipment), slot, item)
    return item


def carry(engine: Game, item: int) -> int:
    """Into the player's pack as it is (no letter given, nothing stacked)."""
    inventory = engine.component(engine.player, Inventory)
    inventory.items = [*inventory.items, item]  # set anew: told (game.world.core.changes)
    return item


def numbers(engine: Game, known_only: bool) -> tuple:
    f = engine.fighter(engine.player, known_only=known_only)
    d = defence(f)
    blows = [(b.to_hit, b.damage_bonus, b.threat_from, b.multiplier) for b in melee_attacks(f)]
    return blows, d.total(), d.protection, d.resistances


@pytest.mark.parametrize("affix", sorted(CATALOG.magic.affixes))
def test_each_affix_counts_on_the_at_screen_only_once_known(affix):
    ego = CATALOG.magic.affixes[affix]
    place = ego.on[0]
    engine = room()
    base = BASE_FOR[place]
    slot = SLOT_FOR.get(place) or CATALOG.armoury.armour[base].slot
    before = numbers(engine, known_only=False)
    item = equip(engine, base, Powers(ego=affix), slot)
    wearing = numbers(engine, known_only=False)
    shown = numbers(engine, known_only=True)
    if place != "missile":
        assert wearing != before, "the affix works in every roll"
    assert shown == numbers_without(engine, item), "unknown: the @ screen leaves it out"
    knowledge.identify(engine, item)
    assert numbers(engine, known_only=True) == wearing, "known: the @ screen counts it"
    assert affix in knowledge.display_name(engine, item)


def numbers_without(engine: Game, item: int) -> tuple:
    powers = engine.component(item, Powers)
    engine.store.remove(item, Powers)
    try:
        return numbers(engine, known_only=True)
    finally:
        engine.store.add(item, powers)


def test_an_enchantment_shows_in_the_name_and_the_at_screen_only_once_known():
    engine = room()
    sword = engine.component(engine.player, Equipment).main
    engine.set_component(sword, Powers(enchant=2, ego="of slaying"))
    assert engine.item_name(sword) == "long sword"
    hidden, real = numbers(engine, True)[0][0], numbers(engine, False)[0][0]
    assert real[0] == hidden[0] + 2 and real[1] == hidden[1] + 4
    knowledge.identify(engine, sword)
    assert engine.item_name(sword) == "+2 long sword of slaying"
    assert numbers(engine, True)[0][0] == real


def test_a_weapon_is_known_by_use():
    engine = room()
    sword = engine.component(engine.player, Equipment).main
    engine.set_component(sword, Powers(enchant=1))
    kobold = engine.creatures_here()[0][0]
    engine.component(kobold, Health).hp = engine.component(kobold, Health).max_hp = 999
    engine.move_entity(kobold, 2, 1)
    engine.component(engine.player, Player).invulnerable = True
    for _ in range(knowledge.USES_TO_KNOW):
        engine.submit(A.Attack(kobold))
    assert engine.component(sword, Powers).known
    assert any(m.text == "You know your long sword now: it is a +1 long sword."
               for m in engine.log)


def test_appearances_are_the_same_for_a_seed_and_differ_between_seeds():
    one, two = Game(5), Game(5)
    assert knowledge.appearances(one) == knowledge.appearances(two)
    others = [knowledge.appearances(Game(s)) for s in range(6, 12)]
    assert any(o != knowledge.appearances(one) for o in others)
    table = knowledge.appearances(one)
    potions = [w for n, w in table.items() if CATALOG.magic.consumables[n].kind == "potion"]
    assert len(set(potions)) == len(potions) >= 5


def test_an_unknown_potion_goes_by_its_appearance_until_drunk():
    engine = room()
    potion = engine.create_item("potion of speed")
    carry(engine, potion)
    word = knowledge.appearances(engine)["potion of speed"]
    assert engine.item_name(potion) == f"{word} potion"
    engine.submit(A.Quaff(potion))
    assert knowledge.kind_known(engine, "potion of speed")
    assert "haste" in engine.component(engine.player, Effects).ticks
    assert any(m.text == "It was a potion of speed." for m in engine.log)


def test_a_caster_casts_the_players_spell_by_the_same_numbers():
    """The kobold shaman's frost bolt and the player's: one function, one table, the same
    rolls from the same generator state give the same cast and the same damage."""
    frost = CATALOG.magic.spells["frost bolt"]
    shaman_will = CATALOG.creatures["kobold shaman"].willpower

    def bolt(caster_is_player: bool) -> tuple:
        engine = room({"k": "kobold shaman"})
        shaman = engine.creatures_here()[0][0]
        engine.component(engine.player, Attributes).willpower = shaman_will
        spells.learn(engine, engine.player, "frost bolt")
        engine.component(engine.player, Spells).points = 9
        caster, target = (engine.player, shaman) if caster_is_player else (shaman, engine.player)
        engine.component(target, Health).hp = engine.component(target, Health).max_hp = 99
        state = copy.deepcopy(engine.streams.combat.getstate())
        tpos = engine.position(target)
        spells.cast(engine, caster, frost, tpos.x, tpos.y)
        expected_rng = random.Random()
        expected_rng.setstate(state)
        attempt = rules.cast(frost, shaman_will, expected_rng)
        hit = rules.strike(frost, shaman_will, (0, ""), expected_rng) if attempt.success \
            else None
        lost = 99 - engine.component(target, Health).hp
        return attempt.success, (hit.damage if hit else 0), lost

    for caster_is_player in (True, False):
        success, expected, lost = bolt(caster_is_player)
        assert lost == expected
    assert bolt(True) == bolt(False)


def test_a_fireball_hurts_whatever_stands_in_it_the_caster_too():
    engine = room({"k": "kobold", "g": "goblin"})
    spells.learn(engine, engine.player, "fireball")
    engine.component(engine.player, Spells).points = 9
    kobold = engine.creatures_here()[0][0]
    engine.move_entity(kobold, 2, 1)
    inside = spells.burst(engine, 2, 1, 1)
    assert engine.player in inside and kobold in inside


def test_a_fire_beetle_takes_no_harm_from_fire_and_the_message_says_so():
    engine = room({"k": "fire beetle"})
    beetle = engine.creatures_here()[0][0]
    hp = engine.component(beetle, Health).hp
    engine.submit(W.Enable())
    engine.submit(W.LearnSpells())
    for _ in range(10):
        pos = engine.position(beetle)
        engine.submit(A.Cast("fireball", pos.x, pos.y))
        if any("unharmed" in m.text for m in engine.log):
            break
    assert engine.component(beetle, Health).hp == hp
    assert any(m.text == "The fire beetle is unharmed." for m in engine.log)
    assert not any(ch.isdigit() for m in engine.log if m.tone == "combat" for ch in m.text)


def test_the_player_resists_the_cold_with_a_ring():
    engine = room({"k": "kobold shaman"})
    equip(engine, "ring", Powers(ego="of cold resistance", known=True), "ring")
    shaman = engine.creatures_here()[0][0]
    engine.component(engine.player, Health).hp = 99
    frost = CATALOG.magic.spells["frost bolt"]
    lines = []
    for _ in range(20):
        lines += [e.text for e in spells.cast(engine, shaman, frost, 1, 1) if hasattr(e, "text")]
    assert "You resist the cold." in lines
    assert not any(ch.isdigit() for line in lines for ch in line)


def test_dazzle_lowers_the_blow_in_play_not_on_the_at_screen():
    engine = room()
    spells.add_effect(engine, engine.player, "dazzled", 3)
    played = melee_attacks(engine.fighter(engine.player))[0].to_hit
    shown = melee_attacks(engine.fighter(engine.player, known_only=True))[0].to_hit
    assert played == shown - 4


def test_a_cursed_ring_stays_on_until_the_curse_is_lifted():
    engine = room()
    ring = engine.create_item("ring", 1, None, Powers(ego="of clumsiness", cursed=True))
    carry(engine, ring)
    engine.submit(A.Wear(ring))
    assert engine.component(ring, Powers).known
    assert isinstance(engine.submit(A.TakeOff(ring)), A.Impossible)
    assert isinstance(engine.submit(A.Drop(ring)), A.Impossible)
    scroll = engine.create_item("scroll of remove curse")
    carry(engine, scroll)
    engine.submit(A.Read(scroll))
    assert isinstance(engine.submit(A.TakeOff(ring)), A.Done)


def test_a_scroll_of_identify_reads_on_the_chosen_item():
    engine = room()
    sword = engine.component(engine.player, Equipment).main
    engine.set_component(sword, Powers(enchant=1))
    scroll = engine.create_item("scroll of identify")
    carry(engine, scroll)
    engine.submit(A.Read(scroll, sword))
    assert engine.component(sword, Powers).known
    assert knowledge.kind_known(engine, "scroll of identify")


def test_a_wand_casts_without_a_roll_and_spends_a_charge():
    engine = room()
    wand = engine.create_item("wand of frost", 1, None, Powers(charges=2))
    carry(engine, wand)
    kobold = engine.creatures_here()[0][0]
    engine.component(kobold, Health).hp = engine.component(kobold, Health).max_hp = 99
    engine.submit(A.Zap(wand, 4, 1))
    assert engine.component(wand, Powers).charges == 1
    assert engine.component(kobold, Health).hp < 99
    assert engine.item_name(wand) == "wand of frost (1 charges)"


def test_wishes_make_magic_items_and_unknown_names_get_the_closest():
    engine = room()
    engine.submit(W.Enable())
    engine.submit(W.CreateItem("+2 long sword of slaying"))
    here = engine.items_at(1, 1)
    assert [engine.item_name(i) for i in here] == ["+2 long sword of slaying"]
    result = engine.submit(W.CreateItem("long swrod of slayng"))
    assert isinstance(result, A.Impossible)
    assert "Did you mean: long sword of slaying" in result.reason
    assert isinstance(engine.submit(W.CreateItem("+9 long sword")), A.Impossible)


def test_loot_is_magic_more_often_deeper():
    counts = []
    for depth in (1, 6):
        rng = random.Random(1)
        made = [magic_items.roll_powers(CATALOG, "long sword", depth, rng) for _ in range(400)]
        counts.append(sum(p is not None for p in made))
    assert counts[0] < counts[1]


def test_magic_survives_a_save_and_a_replay():
    engine = Game(4)
    engine.submit(W.Enable())
    for action in (W.CreateItem("+1 ring of deflection"), W.LearnSpells(),
                   A.Cast("magic shield", 1, 1), W.IdentifyAll()):
        engine.submit(action)
    pos = engine.position(engine.player)
    engine.submit(A.PickUp(engine.items_at(pos.x, pos.y)[0]))
    ring = engine.inventory()[-1]
    engine.submit(A.Wear(ring))
    again = Game.from_state(engine.state())
    assert again.state_hash() == engine.state_hash()
    again.use()
    assert again.item_name(ring) == "+1 ring of deflection"
    assert again.component(again.player, Spells).known == sorted(CATALOG.magic.spells)
    replayed = Game(4)
    for action in engine.actions:
        replayed.submit(A.Action.from_json(action.to_json()))
    assert replayed.state_hash() == engine.state_hash()


def test_asking_what_the_player_knows_from_outside_an_action_changes_nothing(engines):
    """The UI naming a potion (or the bot weighing one) between actions must not make the
    player's Knowledge: a replay asks no such question, and would find another game."""
    from game.world.core.components import Knowledge
    from game.world.play import knowledge

    engine = Game(5)
    engines.append(engine)
    before = engine.state_hash()
    assert not knowledge.kind_known(engine, "potion of speed")
    assert engine.component(engine.player, Knowledge) is None
    assert engine.state_hash() == before
    assert knowledge.learn_kind(engine, "potion of speed")  # learning is a change
    assert knowledge.kind_known(engine, "potion of speed")
