"""Every line of the manual's attack table and Defence kinds, each with its reason."""

import pytest

from game.content import load_armoury
from game.rules import profiles, stats
from game.rules.profiles import Fighter, Magic


@pytest.fixture(scope="module")
def arm():
    return load_armoury()


def W(arm, name):
    return arm.weapons[name]


def A(arm, name):
    return arm.armour[name]


def reasons(mods):
    return [(m.amount, m.reason) for m in mods]


def test_stat_modifier_is_floor_half():
    assert [stats.modifier(s) for s in (3, 8, 9, 10, 11, 13, 15, 18)] == [-4, -1, -1, 0, 0, 1, 2, 4]


def test_rank_table():
    assert stats.rank_bonus(2) == stats.RankBonus(1, 1, 0, 0)
    assert stats.rank_bonus(10) == stats.RankBonus(5, 5, 2, 3)
    with pytest.raises(ValueError):
        stats.rank_bonus(11)


def test_finesse_uses_dexterity_to_hit_even_when_strength_is_higher(arm):
    f = Fighter(strength=18, dexterity=12, main_hand=W(arm, "rapier"))
    blow = profiles.melee_attacks(f)[0]
    assert reasons(blow.to_hit_mods) == [(1, "Dexterity 12")]
    assert reasons(blow.damage_mods) == [(4, "Strength 18")]


def test_finesse_weapons_are_exactly_the_manuals_five(arm):
    finesse = {w.name for w in arm.weapons.values() if w.finesse}
    assert finesse == {"dagger", "knife", "rapier", "short sword", "stiletto"}


def test_bare_hands_are_1d3_plus_strength():
    blow = profiles.melee_attacks(Fighter(strength=14))[0]
    assert str(blow.damage) == "1d3+2" and blow.style == stats.UNARMED


def test_shot_dexterity_to_hit_only_and_bow_strength_shortfall(arm):
    f = Fighter(strength=11, dexterity=16, missile=W(arm, "long war bow"),
                ammo=arm.ammo["arrow"])
    shot = profiles.shot(f)
    short = "Strength 11, long war bow needs 14"
    assert reasons(shot.to_hit_mods) == [(3, "Dexterity 16"), (-3, short)]
    assert reasons(shot.damage_mods) == [(-3, short)]
    assert str(shot.damage) == "1d8-1"
    assert shot.multiplier == 3 and shot.style == stats.ARCHER


def test_crossbow_bolt_pierces_two(arm):
    f = Fighter(missile=W(arm, "crossbow"), ammo=arm.ammo["crossbow bolt"])
    assert profiles.shot(f).pierce == 2


def test_throw_dexterity_to_hit_strength_damage_and_minus_four_for_unmade(arm):
    f = Fighter(strength=14, dexterity=12)
    javelin = profiles.throw(f, W(arm, "javelin"))
    assert reasons(javelin.to_hit_mods) == [(1, "Dexterity 12")]
    assert reasons(javelin.damage_mods) == [(2, "Strength 14")]
    assert javelin.range == 8
    sword = profiles.throw(f, W(arm, "long sword"))
    assert reasons(sword.to_hit_mods) == [(1, "Dexterity 12"),
                                          (-4, "long sword not made for throwing")]


def test_two_weapons_main_minus_four_off_minus_eight_less_with_twin_blades(arm):
    held = dict(main_hand=W(arm, "short sword"), off_hand=W(arm, "dagger"))
    main, off = profiles.melee_attacks(Fighter(**held))
    assert (main.to_hit, off.to_hit) == (-4, -8)
    main, off = profiles.melee_attacks(Fighter(styles={"Twin Blades": 6}, **held))
    # rank 6: +3 to hit from the style, and penalties -4+3 and -8+3
    assert (main.to_hit, off.to_hit) == (-1 + 3, -5 + 3)
    main, off = profiles.melee_attacks(Fighter(styles={"Twin Blades": 10}, **held))
    assert reasons(main.to_hit_mods) == [(5, "rank 10 in Twin Blades")]  # never above 0
    assert off.to_hit == 5 - 3


@pytest.mark.parametrize("stance, hit, damage", [
    ("Coward", -4, -3), ("Defensive", -2, -1), ("Normal", 0, 0), ("Aggressive", 1, 2),
    ("Frenzy", 2, 4)])
def test_stances(arm, stance, hit, damage):
    f = Fighter(main_hand=W(arm, "mace"), stance=stats.STANCES[stance])
    for attack in (profiles.melee_attacks(f)[0], profiles.throw(f, W(arm, "spear"))):
        assert (attack.to_hit, attack.damage_bonus) == (hit, damage)


def test_ranks_widen_threat_never_past_three_and_multiplier_never_past_five(arm):
    f = Fighter(skills={"Long blades": 10}, styles={"Duelist": 10},
                main_hand=W(arm, "long sword"), magic=(Magic("threat", 30, "keen"),))
    assert profiles.melee_attacks(f)[0].threat_from == 3
    f = Fighter(styles={"Two-Handed": 10}, main_hand=W(arm, "great axe"),
                magic=(Magic("multiplier", 4, "vorpal"),))
    assert profiles.melee_attacks(f)[0].multiplier == 5
    f = Fighter(styles={"Two-Handed": 10}, main_hand=W(arm, "great axe"))
    assert profiles.melee_attacks(f)[0].multiplier == 4


@pytest.mark.parametrize("held, style", [
    ((), stats.UNARMED),
    (("long sword",), stats.DUELIST),
    (("great sword",), stats.TWO_HANDED),
    (("quarterstaff",), stats.STAFF_FIGHTER),
    (("short sword", "dagger"), stats.TWIN_BLADES),
    (("long sword", "large shield"), stats.SWORD_AND_BOARD),
    (("buckler", "small shield"), stats.TWO_SHIELDS),
])
def test_style_is_set_by_what_you_hold(arm, held, style):
    items = [arm.weapons.get(n) or arm.armour[n] for n in held] + [None, None]
    assert profiles.melee_style(Fighter(main_hand=items[0], off_hand=items[1])) == style


def kinds(d, kind="blow", adjacent=True):
    return {p.kind: p.amount for p in d.against(kind, adjacent=adjacent)}


def test_defence_kinds_best_within_a_kind_and_dexterity_limited(arm):
    f = Fighter(dexterity=18, worn=(A(arm, "chain mail shirt"), A(arm, "iron helm")),
                main_hand=W(arm, "long sword"), off_hand=A(arm, "tower shield"),
                styles={"Sword and Board": 6})
    d = profiles.defence(f)
    assert kinds(d) == {"Dexterity": 2, "Armour": 2, "Shield": 3 + 2}
    assert d.total() == 10 + 2 + 2 + 5
    assert d.protection == 3 + 1 and d.protection_noun == "chain mail shirt"


def test_burden_limits_dexterity_and_the_lower_limit_counts(arm):
    f = Fighter(dexterity=18, worn=(A(arm, "padded coat"),), burden=stats.STRAINED)
    assert kinds(profiles.defence(f))["Dexterity"] == 1
    assert kinds(profiles.defence(Fighter(dexterity=18, burden=stats.OVERLOADED)))[
        "Dexterity"] == 0


def test_clumsy_dexterity_lowers_defence_below_ten(arm):
    d = profiles.defence(Fighter(dexterity=6, worn=(A(arm, "suit of plate armour"),)))
    assert d.total() == 10 - 2 + 1


def test_parry_from_weapon_rank_and_style_against_blows_only(arm):
    f = Fighter(main_hand=W(arm, "quarterstaff"), skills={"Staves": 6},
                styles={"Staff Fighter": 3})
    d = profiles.defence(f)
    assert kinds(d)["Parry"] == 1 + 2 + 1
    assert "Parry" not in kinds(d, "shot", adjacent=False)
    assert "Parry" not in kinds(d, "throw", adjacent=True)
    assert kinds(d, "shot", adjacent=True)["Parry"] == 4  # a shot from beside you


def test_polearm_rank_gives_no_parry_but_a_duelist_of_measure_parries_missiles(arm):
    d = profiles.defence(Fighter(main_hand=W(arm, "halberd"), skills={"Polearms": 9}))
    assert "Parry" not in kinds(d)
    d = profiles.defence(Fighter(main_hand=W(arm, "rapier"), styles={"Duelist": 10}))
    assert kinds(d, "shot", adjacent=False)["Parry"] == 3
    assert kinds(d, "throw", adjacent=False)["Parry"] == 3


def test_two_shields_count_as_one_kind(arm):
    f = Fighter(main_hand=A(arm, "large shield"), off_hand=A(arm, "small shield"),
                styles={"Two Shields": 3})
    assert kinds(profiles.defence(f))["Shield"] == 2 + 1


def test_dodge_adds_up_and_a_negative_stance_is_only_a_penalty():
    f = Fighter(stance=stats.STANCES["Coward"], magic=(Magic("dodge", 1, "ring of nimbleness"),
                                                       Magic("deflection", 2, "amulet"),
                                                       Magic("deflection", 1, "cloak")))
    parts = profiles.defence(f).parts
    assert [(p.kind, p.amount) for p in parts if p.kind == "Dodge"] == [("Dodge", 4), ("Dodge", 1)]
    assert [(p.kind, p.amount) for p in parts if p.kind == "Deflection"] == [("Deflection", 2)]
    frenzy = profiles.defence(Fighter(stance=stats.STANCES["Frenzy"]))
    assert frenzy.total() == 8
    assert [p.kind for p in frenzy.parts if p.amount < 0] == ["Penalty"]


def test_protection_every_piece_adds_up_shield_none_and_talents(arm):
    worn = tuple(A(arm, n) for n in ("suit of plate armour", "great helm", "pair of gauntlets",
                                     "pair of iron-shod boots", "fur cloak"))
    f = Fighter(worn=worn, off_hand=A(arm, "tower shield"), talents=("Bulwark",))
    assert profiles.defence(f).protection == 6 + 2 + 1 + 1 + 1 + 2
    assert profiles.defence(Fighter(talents=("Battle-scarred",))).protection == 1
    assert profiles.defence(Fighter(talents=("Battle-scarred",), raging=True)).protection == 3


def test_protection_noun_names_body_armour_else_the_best_piece(arm):
    helm_only = Fighter(worn=(A(arm, "padded coat"), A(arm, "great helm"), A(arm, "fur cloak")))
    assert profiles.defence(helm_only).protection_noun == "great helm"
    beetle = Fighter(natural_defence=3, natural_protection=4, natural_noun="shell")
    d = profiles.defence(beetle)
    assert d.protection_noun == "shell" and kinds(d)["Natural"] == 3


def test_shield_bash_is_the_shields_dice_plus_strength_in_a_plain_blow(arm):
    f = Fighter(strength=16, main_hand=W(arm, "great axe"))
    assert profiles.bash(f) is None
    f = Fighter(strength=16, main_hand=W(arm, "long sword"), off_hand=A(arm, "tower shield"))
    bash = profiles.bash(f)
    assert str(bash.damage) == "1d6+3" and bash.ticks == 60 and bash.to_hit == 3
