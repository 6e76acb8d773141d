"""What the log says of a blow, since 0.3.0: a vital strike that lands says it found a vital
spot, "It has no vital spot." follows only a blow that sought one, a shield bash is named so
(nobody parries "the orc warrior's shield"), and what turns a blow aimed at the player is
named for what the player wears. Games made before 0.3.0 keep their words."""

from __future__ import annotations

from dataclasses import replace

from test_quoted_lines import wear
from test_scenarios import attacks, creature, rig, scenario, set_hp, tough

from game.rules import profiles
from game.rules.messages import NO_VITAL_SPOT
from game.rules.profiles import NATURAL, PARRY
from game.rules.resolve import Outcome
from game.world.core import actions as A
from game.world.core.components import Powers
from game.world.play import combat, progress

BESIDE = """
#####
#@k.#
#####
"""


def rogue_at_level_3(engines, kind: str):
    engine = scenario(engines, BESIDE, {"k": kind}, character="elf rogue")
    progress.gain(engine, progress.xp_for_level(engine, 3))
    foe = creature(engine, kind)
    tough(engine, foe)
    return engine, foe


def test_a_vital_strike_that_lands_says_it_found_a_vital_spot(engines):
    engine, kobold = rogue_at_level_3(engines, "kobold")
    rig(engine, 5, 5, 2, 3)  # natural 10 hits: a critical without threat or confirmation
    (hit,) = attacks(engine.submit(A.VitalStrike(kobold)), engine.player)
    assert hit.outcome.confirmed
    assert len(hit.lines) == 1 and hit.lines[0].endswith(" the kobold in a vital spot!")


def test_no_vital_spot_is_told_to_a_vital_strike_and_not_after_a_plain_blow(engines):
    engine, skeleton = rogue_at_level_3(engines, "skeleton")
    rig(engine, 5, 5, 2)
    (vital,) = attacks(engine.submit(A.VitalStrike(skeleton)), engine.player)
    assert vital.outcome.hit and vital.lines[-1] == NO_VITAL_SPOT
    assert "vital spot!" not in vital.lines[0]  # it found none
    set_hp(engine, skeleton, 40, 40)
    # a plain blow whose threat would have confirmed: a plain hit, and nothing more said
    rig(engine, 12, 11, 12, 12, 1)
    (plain,) = attacks(engine.submit(A.Attack(skeleton)), engine.player)
    assert plain.outcome.no_vital_spot and NO_VITAL_SPOT not in plain.lines


def test_a_plain_blow_on_the_crit_immune_in_a_0_2_0_game_says_it_as_it_did(engines):
    engine, skeleton = rogue_at_level_3(engines, "skeleton")
    engine.setup = replace(engine.setup, made_by="0.2.0")
    set_hp(engine, skeleton, 40, 40)
    rig(engine, 12, 11, 12, 12, 1)
    (plain,) = attacks(engine.submit(A.Attack(skeleton)), engine.player)
    assert plain.outcome.no_vital_spot and plain.lines[-1] == NO_VITAL_SPOT


def _bash_parried(engine) -> list[str]:
    fighter = engine.fighter(engine.player)
    bash = profiles.bash(fighter)
    assert bash is not None
    outcome = Outcome(attack=bash, defence=14, defence_parts=(), natural=(3, 3), hit=False,
                      miss_kind=PARRY)
    return combat._lines(engine, engine.player, creature(engine, "kobold"), outcome,
                         profiles.defence(engine.fighter(creature(engine, "kobold"))))


def test_a_parried_shield_bash_is_named_as_one(engines):
    engine = scenario(engines, BESIDE, {"k": "kobold"}, character="human guardian")
    assert _bash_parried(engine) == ["The kobold parries your shield bash."]
    engine.setup = replace(engine.setup, made_by="0.2.0")
    assert _bash_parried(engine) == ["The kobold parries your shield."]


def test_a_blow_turned_by_magic_in_banded_mail_glances_off_the_mail(engines):
    """Natural Defence from an armour's own magic (banded mail of the tortoise) is named for
    the mail; from an amulet's it is the skin the amulet hardened, not the jerkin worn beside
    it (0.4.0; 0.3.0 named the jerkin); nothing worn: bare skin."""
    engine = scenario(engines, BESIDE, {"k": "kobold"})
    kobold = creature(engine, "kobold")
    outcome = Outcome(attack=profiles.melee_attacks(engine.fighter(kobold))[0], defence=14,
                      defence_parts=(), natural=(3, 3), hit=False, miss_kind=NATURAL)

    def said() -> str:
        engine.use()
        you = profiles.defence(engine.fighter(engine.player))
        return combat._lines(engine, kobold, engine.player, outcome, you)[0]

    wear(engine, "neck", "amulet", Powers(ego="of the tortoise", known=True))
    assert said() == "The kobold's spear glances off your skin."  # not "your leather jerkin"
    wear(engine, "body", "suit of banded mail", Powers(ego="of the tortoise", known=True))
    assert said() == "The kobold's spear glances off your banded mail."
    engine.setup = replace(engine.setup, made_by="0.3.0")
    wear(engine, "body", "leather jerkin")
    assert said() == "The kobold's spear glances off your leather jerkin."  # as 0.3.0 said
