"""Seeded resolutions through the real ``resolve`` agree with the exact odds.

The seed is fixed, so these never flake; the tolerance (4.5 standard deviations) is what would
hold for any seed too, so a wrong rule shows up as a failure rather than luck.
"""

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content import load_armoury
from game.rules import odds, profiles, resolve
from game.rules.profiles import Fighter

N = 20_000


@pytest.fixture(scope="module")
def arm():
    return load_armoury()


def within(observed: int, p: Fraction, n: int = N, sigmas: float = 4.5) -> bool:
    expected = float(p) * n
    sd = math.sqrt(n * float(p) * (1 - float(p))) or 1.0
    return abs(observed - expected) <= sigmas * sd


def matchups(arm):
    thora = Fighter(strength=15, skills={"Long blades": 2}, main_hand=arm.weapons["long sword"])
    axe = Fighter(strength=16, styles={"Two-Handed": 10}, main_hand=arm.weapons["great axe"])
    hammer = Fighter(strength=12, main_hand=arm.weapons["war hammer"])
    kobold = Fighter(dexterity=13, max_hp=6)
    knight = Fighter(dexterity=12, worn=(arm.armour["chain mail shirt"], arm.armour["iron helm"]),
                     off_hand=arm.armour["large shield"], main_hand=arm.weapons["mace"])
    skeleton = Fighter(dexterity=11, crit_immune=True, natural_protection=2)
    return [(thora, kobold), (axe, knight), (hammer, knight), (thora, skeleton)]


@pytest.mark.parametrize("case", range(4))
def test_resolutions_agree_with_exact_odds(arm, case):
    attacker, defender = matchups(arm)[case]
    attack = profiles.melee_attacks(attacker)[0]
    defence = profiles.defence(defender)
    rng = random.Random(1000 + case)
    outs = [resolve(attack, defence, rng) for _ in range(N)]
    total = defence.total()
    assert within(sum(o.hit for o in outs), odds.hit_chance(attack.to_hit, total))
    crit = Fraction(0) if defence.crit_immune else odds.crit_chance(
        attack.to_hit, total, attack.threat_from)
    assert within(sum(o.confirmed for o in outs), crit)
    exact = odds.profile_distribution(attack, defence)
    seen = Counter(o.damage for o in outs)
    assert set(seen) <= set(exact)
    for value, p in exact.items():
        assert within(seen[value], p), (value, seen[value], float(p) * N)


def test_soak_is_uniform_between_half_and_all(arm):
    rng = random.Random(3)
    plate = profiles.defence(Fighter(worn=(arm.armour["suit of plate armour"],), max_hp=99))
    attack = profiles.melee_attacks(Fighter(strength=30))[0]
    soaks = Counter(o.soak for o in (resolve(attack, plate, rng) for _ in range(N)) if o.hit)
    assert set(soaks) == {3, 4, 5}  # plate's 6 is 5 against a fist (bludgeoning)
    hits = sum(soaks.values())
    for soak in (3, 4, 5):
        assert within(soaks[soak], Fraction(1, 3), hits)


@settings(max_examples=200, deadline=None)
@given(to_hit=st.integers(-15, 25), defence=st.integers(0, 40))
def test_hit_chance_properties(to_hit, defence):
    p = odds.hit_chance(to_hit, defence)
    assert Fraction(6, 144) <= p <= Fraction(143, 144)
    assert odds.hit_chance(to_hit + 1, defence) >= p >= odds.hit_chance(to_hit, defence + 1)
    assert odds.crit_chance(to_hit, defence, 19) >= odds.crit_chance(to_hit, defence, 22)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 2), sides=st.sampled_from([3, 4, 6, 8, 9, 12]),
       bonus=st.integers(-4, 6), to_hit=st.integers(-5, 10), defence=st.integers(5, 25),
       threat=st.integers(3, 24), mult=st.integers(1, 5), protection=st.integers(0, 12),
       pierce=st.integers(0, 3), immune=st.booleans())
def test_damage_distribution_sums_to_one(count, sides, bonus, to_hit, defence, threat, mult,
                                         protection, pierce, immune):
    dist = odds.damage_distribution(f"{count}d{sides}{bonus:+d}", to_hit, defence,
                                    threat_from=threat, multiplier=mult,
                                    protection=protection, pierce=pierce, crit_immune=immune)
    assert sum(dist.values()) == 1
    assert min(dist) >= 0
    assert dist[0] >= 1 - odds.hit_chance(to_hit, defence)
