"""Each system's own mechanics where version 1 borrowed the manual's, at the rules' level: qud's
effects and elements on a hit and its Masterwork, coc's choice of reaction, tides' throws, d20's
soaking AC; and the tools' own words for each system's numbers."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from systems_helpers import CATALOG, character, clash, creature

from game.rules import events, profiles, systems
from game.rules.messages import YOU, Who, attack_messages
from game.rules.systems import coc, d20, qud, tides
from game.wizard.inspect import Side, inspect, table


def old(c: systems.Clash) -> systems.Clash:
    return replace(c, version=1)


def test_qud_poison_passes_on_a_hit_that_does_not_penetrate(scripted):
    spider, beetle = creature("giant spider"), creature("cave beetle")  # PV 1 against AV 3
    c = clash(spider, beetle)
    out = qud.resolve(c, scripted(15, 1, 1, 1))
    assert out.hit and out.event == events.NO_PENETRATION and out.damage == 0
    assert out.effects == ("poison",)
    assert qud.resolve(old(c), scripted(15, 1, 1, 1)).effects == ()  # version 1: none


def test_qud_fire_lands_on_a_hit_without_penetration_and_is_resisted(scripted):
    fire, thora = creature("fire beetle"), character()
    c = clash(fire, thora, on_player=True)
    out = qud.resolve(c, scripted(15, 4))
    assert out.event == events.ELEMENTAL and out.damage == 4 and len(out.rolls) == 2
    assert "without penetration" in out.rolls[1]
    assert attack_messages(out, Who("fire beetle"), YOU) == ["The fire beetle burns you."]
    exact = qud.distribution(c)
    assert sum(exact.values()) == 1 and max(exact) == 6  # 1d6 once, never more
    resisting = replace(thora, magic=(profiles.Magic("resist_fire", 1, "ring"),))
    out = qud.resolve(clash(fire, resisting, on_player=True), scripted(15, 4))
    assert out.damage == 2 and out.resisted == 2
    assert qud.resolve(old(c), scripted(15, 4, 4, 1, 3)).event == events.PENETRATED


def test_qud_critical_magic_is_masterwork_and_the_manuals_threat_range_is_not_used(scripted):
    thora, kobold = character(), creature("kobold")
    plain = clash(thora, kobold, by_player=True)
    assert plain.attack.threat_from < 22  # the manual's wider range for a long sword...
    assert qud.chances(plain)[1] == Fraction(1, 20)  # ...is not qud's
    keen = replace(plain, attack=replace(plain.attack, threat_magic=2))
    assert qud.chances(keen)[1] == Fraction(2, 20)
    assert qud.resolve(keen, scripted(19, 5, 5, 5, 1, 1, 1, 3)).confirmed
    assert not qud.resolve(old(keen), scripted(19, 5, 5, 5, 1, 1, 1, 3)).confirmed


def test_coc_the_choice_of_reaction_serves_the_defender():
    attacker = character()
    nimble = replace(creature("kobold"), dexterity=30)  # Dodge far above its skill
    assert coc.situation(clash(attacker, nimble))[2] == coc.DODGE_REACTION
    fighter = character("human duelist")  # skill 70 against Dodge 40
    you, it, reaction, _ = coc.situation(clash(creature("jackal"), fighter, on_player=True))
    assert reaction == coc.COUNTER and it.skill > it.dodge
    unaware = replace(clash(attacker, creature("kobold")), aware=False)
    assert coc.situation(unaware)[2] is None and not coc.reacts(unaware)


def test_tides_a_throw_wounds_with_the_weapons_strength():
    thora = character()
    javelin = profiles.throw(thora, CATALOG.armoury.weapons["javelin"])
    assert tides.numbers(thora, javelin).s == 30  # the weapon's: it needs no Strength
    assert tides.numbers(thora, javelin, version=1).s == 3 * thora.strength


def test_d20_a_negative_ac_takes_some_of_the_blow(scripted):
    wall = replace(creature("kobold"), natural_defence=14, max_hp=100)  # AC 20 - 25 = -5
    c = clash(character(), wall, by_player=True)
    assert d20.numbers(wall).ac < 0
    out = d20.resolve(c, scripted(1, 2, 5, 3))
    assert out.event == events.SOAKED and out.soak == 3
    assert attack_messages(out, YOU, Who("kobold")) == [
        "You stab the kobold, but its armour takes some of the blow."]


def test_the_odds_inspector_uses_each_systems_own_words():
    you = Side("dwarf warrior", character(), 14, is_player=True)
    it = Side("kobold", creature("kobold"), 6)
    words = {"manual": ("confirmed critical", "Protection: yours 1, its 0", "after Protection"),
             "qud": ("critical (natural 20)", "AV: yours 1, its 0", "after AV"),
             "d20": ("critical (none)", "AC: yours 8, its 9", "after AC"),
             "coc": ("extreme success", "armour: yours 1, its 0", "after armour"),
             "tides": ("critical (none)", "armour: yours 1, its 0", "after armour")}
    for rules, expected in words.items():
        text = "\n".join(table(inspect(you, it, rules)))
        assert all(w in text for w in expected), (rules, text)
        if rules != "manual":
            assert "Protection" not in text and "confirmed critical" not in text


def test_tides_a_shield_blocks_and_a_missile_is_dodged(scripted):
    guardian, kobold = character("human guardian"), creature("kobold")
    blocked = tides.resolve(clash(kobold, guardian, on_player=True), scripted(50, 1))
    assert blocked.event == events.BLOCKED
    assert attack_messages(blocked, Who("kobold"), YOU) == [
        "You block the kobold's spear with your shield."]
    archer = creature("kobold archer")
    shot = profiles.shot(archer)
    c = clash(archer, guardian, on_player=True, attack=shot)
    need = tides.target(tides.numbers(archer, shot).ws, tides.numbers(guardian).ag)
    out = tides.resolve(c, scripted(need, 1))
    assert out.event == events.DODGED
    assert attack_messages(out, Who("kobold archer"), YOU) == [
        "You dodge the kobold archer's arrow."]


def test_every_event_has_its_words(scripted):
    out = qud.resolve(clash(character(), creature("cave beetle")), scripted(10, 5, 5, 1, 3))
    misses = {events.MISSED, events.DODGED, events.PARRIED, events.BLOCKED, events.FENDED,
              events.FOUGHT_BACK}
    for event in events.SYSTEM_EVENTS:
        shaped = replace(out, event=event, hit=event not in misses)
        (line,) = attack_messages(shaped, YOU, Who("kobold"))
        assert line.endswith((".", "!")) and "parr" not in line or event == events.PARRIED
