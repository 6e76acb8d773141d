"""Each combat system in its own words: a scenario for every event a system has that the
manual has not (or phrases otherwise), each producing its exact log line, and the mechanics
its own document gives (qud's sleeper, coc's sleeper, reactions and rounds, tides' throws)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_quoted_lines import wear

from game.rules import profiles
from game.rules.systems import SYSTEMS
from game.world.core import actions as A
from game.world.core.components import Creature, Health, Powers, Vitals
from game.world.core.events import AttackEvent
from game.world.game import Game
from game.world.play import combat, missiles, rounds

DUEL = "@k"


class Rigged:
    """The combat stream: the numbers a test names first (each checked against its range),
    then a seeded generator for whatever comes after."""

    def __init__(self, *values: int, seed: int = 0) -> None:
        self.values, self.fallback = list(values), random.Random(seed)

    def randint(self, a: int, b: int) -> int:
        if not self.values:
            return self.fallback.randint(a, b)
        value = self.values.pop(0)
        assert a <= value <= b, f"scripted {value} outside randint({a}, {b})"
        return value


def duel(engines, rules: str, kind: str = "kobold", *, character: str = "dwarf warrior",
         awake: bool = True, hp: int = 1000) -> tuple[Game, int]:
    engine = Game.scenario(f"@{'k'}", {"k": kind}, character=character, rules=rules)
    engines.append(engine)
    foe = next(e for e, _ in engine.creatures_here())
    engine.component(foe, Creature).awake = awake
    health = engine.component(foe, Health)
    health.hp = health.max_hp = hp  # nobody dies, and no blow is a big hit
    engine.component(engine.player, Health).hp = engine.component(engine.player,
                                                                  Health).max_hp = hp
    return engine, foe


def blow(engine: Game, *script: int) -> list[AttackEvent]:
    """The player's attack on the creature to the east with these dice: its events (the
    player's blow first, a counterattack after it)."""
    engine.streams.by_name["combat"] = Rigged(*script)
    result = engine.submit(A.Move(1, 0))
    assert isinstance(result, A.Done), result
    return [e for e in result.events if isinstance(e, AttackEvent)]


def lines(events: list[AttackEvent]) -> list[str]:
    return [line for e in events for line in e.lines]


# --- qud: DV, penetration against AV, its own bonus against a sleeper ------------------------


def test_qud_a_miss_against_dv_is_dodged_and_a_poor_one_missed(engines):
    engine, _ = duel(engines, "qud")
    assert lines(blow(engine, 6, 1))[0] == "The kobold dodges your sword."  # 7 vs DV 7
    assert lines(blow(engine, 2))[0] == "You miss the kobold."  # would miss DV 6


def test_qud_a_hit_that_never_beats_av_fails_to_penetrate(engines):
    engine, _ = duel(engines, "qud", "cave beetle")
    assert lines(blow(engine, 10, 1, 1, 1))[0] == \
        "Your sword fails to penetrate the cave beetle's shell."
    engine, _ = duel(engines, "qud", character="human mage")  # PV 0 against AV 0
    assert lines(blow(engine, 10, 1, 2, 1))[0] == "Your staff fails to penetrate the kobold."


def test_qud_penetrations_are_counted_and_a_natural_20_is_a_critical(engines):
    engine, _ = duel(engines, "qud")
    # PV 2: three 3s beat AV 0, so a second triplet at PV 0: 3, 3, -1: two penetrations.
    events = blow(engine, 10, 5, 5, 5, 5, 5, 1, 3, 4)
    assert lines(events)[0] == "You slash the kobold, penetrating twice."
    assert events[0].outcome.count == 2 and events[0].outcome.damage == 4 + 5
    crit = blow(engine, 20, 5, 5, 1, 3)
    assert lines(crit)[0].startswith("You slash the kobold hard")
    assert crit[0].outcome.confirmed


def test_qud_a_sleeper_gives_4_pv_not_the_manuals_sneak_attack(engines):
    engine, _ = duel(engines, "qud", awake=False)
    events = blow(engine, 10, 1, 1, 1, 1, 1, 1)  # -1 + PV 6 beats AV 0; -1 + PV 4 too
    assert lines(events)[0] == "You catch the kobold asleep."
    outcome = events[0].outcome
    assert outcome.rolls[1].startswith("penetration against AV 0 (* beats it): PV 6:")
    assert not any(m.reason in ("from hiding", "sneak attack")
                   for m in (*outcome.attack.to_hit_mods, *outcome.attack.damage_mods))
    # Under the first version it was the manual's sneak attack, to hit and damage.
    old, _ = duel(engines, "qud", awake=False)
    old.setup = replace(old.setup, rules_version=1)
    first = blow(old, 10, 1, 1, 1, 1, 1, 1, 1)[0]
    assert {"from hiding", "sneak attack"} <= {
        m.reason for m in (*first.outcome.attack.to_hit_mods, *first.outcome.attack.damage_mods)}
    assert "PV 2:" in first.outcome.rolls[1]


# --- coc: success levels, dodge or fight back, impales, the sleeper, rounds -------------------


def test_coc_a_sleeper_does_not_react(engines):
    engine, _ = duel(engines, "coc", awake=False)
    events = blow(engine, 9, 9)  # 99: a failure, and no reaction is rolled
    assert lines(events[:1]) == ["You catch the kobold unaware.", "You miss the kobold."]
    assert events[0].outcome.rolls == ("attack d100 99 vs skill 85%: failure, no reaction",)
    assert events[0].outcome.counter is None


def test_coc_a_sleeper_never_reacts_whatever_the_dice(engines):
    for seed in range(30):
        engine, _ = duel(engines, "coc", "ogre", awake=False)
        engine.streams.by_name["combat"] = Rigged(seed=seed)
        first = next(e for e in engine.submit(A.Move(1, 0)).events
                     if isinstance(e, AttackEvent))
        assert first.outcome.counter is None and len(first.outcome.rolls) <= 2
        assert not any(w in line for line in first.lines for w in ("fights back", "dodges"))
        engine.close()
        engines.remove(engine)


def test_coc_an_extreme_success_impales_only_with_a_weapon_that_impales(engines):
    engine, _ = duel(engines, "coc")
    events = blow(engine, 2, 0, 0, 9, 5, 2)  # 02: extreme; its fight back fails (90)
    assert lines(events[:1]) == ["You impale the kobold!"]
    assert events[0].outcome.damage == 9 + 1 + 4 + (5 + 1 + 2)  # maxima, then rolled again
    engine, _ = duel(engines, "coc", character="human guardian")  # a mace: blunt
    assert lines(blow(engine, 2, 0, 0, 9, 5)[:1]) == ["You bash the kobold hard!"]


def test_coc_a_regular_success_takes_the_plain_verb(engines):
    engine, _ = duel(engines, "coc", hp=6)
    events = blow(engine, 0, 5, 0, 9, 7, 4)  # 50 regular; 90 fails; 1d9 7 + 1 + 1d4 4 = 12
    assert events[0].outcome.big_hit and lines(events)[0] == "You slash the kobold."


def test_coc_fighting_back_says_so_and_the_counter_lands(engines):
    engine, _ = duel(engines, "coc", "giant spider")  # skill 60 to its Dodge 40: it counters
    events = blow(engine, 0, 9, 0, 1, 5)  # 90 fails; its 10 is extreme: it fights back
    assert lines(events[:2]) == ["The giant spider fights back against your sword.",
                                 "The giant spider bites you."]
    assert events[1].attacker != engine.player and events[1].outcome.damage == 5 + 1 - 1


def test_coc_a_defender_dodges_when_dodging_serves_it_better(engines):
    engine, _ = duel(engines, "coc", character="human guardian")
    events = blow(engine, 0, 5, 0, 1)  # 50 regular against its Dodge 30: 10 is hard
    assert lines(events[:1]) == ["The kobold dodges your mace."]
    assert events[0].outcome.rolls[1] == "dodge d100 10 vs Dodge 30%: hard"


def test_coc_the_outnumbered_react_once_a_round_and_the_next_blow_gets_a_bonus_die(engines):
    engine = Game.scenario("k@k", {"k": "kobold"}, rules="coc")
    engines.append(engine)
    left, right = sorted(e for e, _ in engine.creatures_here())
    engine.component(engine.player, Health).hp = 1000
    attack = combat.profiles.melee_attacks(engine.fighter(left))[0]  # its spear
    engine.streams.by_name["combat"] = Rigged(0, 9, 0, 9)  # both fail: blows traded
    first = combat.strike(engine, left, engine.player, attack, adjacent=True)[0]
    assert first.outcome.rolls[1].startswith("fight back")  # the player fought back
    assert rounds.outnumbered(engine, engine.player, engine.fighter(engine.player))
    engine.streams.by_name["combat"] = Rigged(0, 9, 9)  # units 0, tens 9 and 9
    second = combat.strike(engine, right, engine.player, attack, adjacent=True)[0]
    assert second.outcome.rolls[0] == ("attack d100 90 (tens 90, 90, units 0) vs skill 50%: "
                                       "failure, outnumbered: a bonus die, no reaction")
    assert len(second.outcome.rolls) == 1  # no reaction left this round
    engine.now += 60  # the next round
    assert not rounds.outnumbered(engine, engine.player, engine.fighter(engine.player))


# --- tides: parried, blocked or fended off; the wound roll; armour ----------------------------


def test_tides_a_blow_is_parried_with_a_weapon_and_fended_off_without(engines):
    engine, _ = duel(engines, "tides", "skeleton")  # Ws 45 to parry with its weapon
    assert lines(blow(engine, 28, 1))[0] == "The skeleton parries your sword."
    assert lines(blow(engine, 20))[0] == "You miss the skeleton."  # would miss Ws 30
    engine, _ = duel(engines, "tides", "cave beetle")  # Ws 35, no weapon
    assert lines(blow(engine, 28, 1))[0] == "The cave beetle fends off your sword."


def test_tides_a_hit_that_fails_its_wound_roll_fails_to_wound(engines):
    engine, _ = duel(engines, "tides")
    assert lines(blow(engine, 50, 10))[0] == "Your sword fails to wound the kobold."


def test_tides_a_wound_that_armour_takes_whole_glances_off_it(engines):
    engine, _ = duel(engines, "tides", "cave beetle")
    assert lines(blow(engine, 90, 90, 1))[0] == "Your sword glances off the cave beetle's shell."


# --- d20: a miss is a miss --------------------------------------------------------------------


def test_d20_names_no_defence_in_a_miss(engines):
    engine, _ = duel(engines, "d20")
    assert lines(blow(engine, 15, 1))[0] == "You miss the kobold."  # the manual: a kind


@pytest.mark.parametrize("rules", sorted(SYSTEMS))
def test_a_shield_bash_is_told_as_a_bash_under_every_system(engines, rules):
    """A bash that lands reads "You shield-bash the kobold.", not a mace's "smash"; one that
    misses names the shield bash ("The kobold dodges your shield bash.")."""
    engine, foe = duel(engines, rules, character="human guardian")
    said = []
    for _ in range(40):
        result = engine.submit(A.Bash(foe))
        assert isinstance(result, A.Done), result
        said += [line for e in result.events if isinstance(e, AttackEvent)
                 and e.outcome.attack.kind == profiles.BASH for line in e.lines]
    hits = [line for line in said if line.startswith("You shield-bash the kobold")]
    plain = "You shield-bash the kobold."  # qud's: "You shield-bash the kobold, penetrating twice."
    assert any(h == plain or h.startswith(plain[:-1] + ", penetrating") for h in hits)
    assert len(hits) < len(said)  # and some missed
    for line in said:
        assert "smash" not in line and not line.startswith("You bash"), line
        assert line in hits or "shield bash" in line or "miss" in line, line


def test_qud_a_critical_that_fails_to_penetrate_still_makes_the_player_bleed(engines):
    """qud version 3 in play: the kobold's natural 20 against plate it cannot penetrate
    opens a wound all the same (the page's on-hit effects need the hit alone)."""
    engine, foe = duel(engines, "qud")
    wear(engine, "body", "suit of plate armour", Powers(enchant=3))
    engine.streams.by_name["combat"] = Rigged(20, 1, 1, 1)  # critical; every singlet -1
    (event,) = [e for e in combat.melee(engine, foe, engine.player)[0]
                if isinstance(e, AttackEvent)]
    assert event.outcome.confirmed and event.outcome.damage == 0
    assert engine.component(engine.player, Vitals).bleeding > 0


def test_coc_a_shot_in_play_knows_its_range_and_the_melee_it_flies_into(engines):
    """Play hands coc the shot's distance and whether someone stands beside its target: a
    hard success seven cells off is short of the extreme one the range needs."""
    engine = Game.scenario("##########\n#@......k#\n##########", {"k": "kobold"},
                           character="elf ranger", rules="coc")
    engines.append(engine)
    foe = next(e for e, _ in engine.creatures_here())
    engine.component(foe, Creature).awake = True
    engine.streams.by_name["combat"] = Rigged(0, 3)  # 30: a hard success
    (event,) = [e for e in missiles.loose(engine, engine.player, profiles.shot(
        engine.fighter(engine.player)), 8, 1, "arrow") if isinstance(e, AttackEvent)]
    assert not event.outcome.hit and "the range needs extreme" in event.outcome.rolls[0]
    assert missiles.in_melee(engine, foe, engine.player) is False
    engine.create_creature("giant rat", 7, 1, 1)
    assert missiles.in_melee(engine, foe, engine.player) is True
