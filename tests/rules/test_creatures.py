"""Creature kinds and starting characters as data: the manual's kobold, crit immunity, walls,
every kind fighting by the rules, Thora's screen line, and one-line errors for bad data."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError, load_armoury
from game.content.characters import load_characters
from game.content.creatures import CRIT_IMMUNE_TAGS, MAX_DEPTH, load_creatures
from game.rules import profiles
from game.rules.charscreen import attack_line
from game.rules.dice import Dice
from game.rules.messages import YOU, Who, glance_message, miss_message
from game.rules.resolve import Outcome
from game.world.core import mapgen


@pytest.fixture(scope="module")
def armoury():
    return load_armoury()


@pytest.fixture(scope="module")
def creatures(armoury):
    return load_creatures(armoury)


@pytest.fixture(scope="module")
def characters(armoury):
    return load_characters(armoury)


# --- the manual's kobold -----------------------------------------------------------------


def test_kobold_is_the_manuals(creatures, armoury):
    kobold = creatures["kobold"].fighter()
    assert profiles.defence(kobold).total() == 11
    assert kobold.max_hp == 6 and kobold.dexterity == 13
    blow = profiles.melee_attacks(kobold)[0]
    assert blow.noun == "spear" and blow.dice == Dice(1, 8)
    assert creatures["kobold"].weapon is armoury.weapons["spear"]


def test_you_parry_the_kobolds_spear(creatures):
    blow = profiles.melee_attacks(creatures["kobold"].fighter())[0]
    outcome = Outcome(attack=blow, defence=13, defence_parts=(), natural=(5, 5), hit=False,
                      miss_kind=profiles.PARRY)
    assert miss_message(outcome, Who("kobold"), YOU) == "You parry the kobold's spear."


def test_cave_beetle_has_a_natural_shell(creatures, characters):
    beetle = profiles.defence(creatures["cave beetle"].fighter())
    assert any(p.kind == profiles.NATURAL and p.amount > 0 for p in beetle.parts)
    assert [m.reason for m in beetle.protection_parts] == ["shell"]
    assert beetle.protection > 0 and beetle.protection_noun == "shell"
    sword = profiles.melee_attacks(characters["dwarf warrior"].fighter())[0]
    outcome = Outcome(attack=sword, defence=12, defence_parts=(), natural=(9, 9), hit=True,
                      glanced=True)
    assert (glance_message(outcome, YOU, Who("cave beetle"), beetle.protection_noun)
            == "Your sword glances off the cave beetle's shell.")


# --- tags, walls, special kinds ------------------------------------------------------------


@pytest.mark.parametrize("name", ["skeleton", "ghost", "mud golem", "wraith"])
def test_crit_immune(creatures, name):
    kind = creatures[name]
    assert kind.crit_immune and profiles.defence(kind.fighter()).crit_immune


@pytest.mark.parametrize("name", ["kobold", "giant rat", "ghoul", "draugr", "draugr lord"])
def test_not_crit_immune(creatures, name):
    assert not creatures[name].crit_immune
    assert not profiles.defence(creatures[name].fighter()).crit_immune


def test_crit_immune_tags_are_the_manuals():
    manual = {"incorporeal", "animated", "elemental", "skeleton", "spirit", "construct"}
    assert manual == CRIT_IMMUNE_TAGS


def test_ghost_passes_walls_and_the_wall_defends_it(creatures):
    ghost = creatures["ghost"]
    assert ghost.passes_walls and ghost.wall_defence == 4
    assert {"incorporeal", "spirit"} <= set(ghost.tags)
    assert profiles.melee_attacks(ghost.fighter())[0].damage_types == ("hit",)
    outside = profiles.defence(ghost.fighter())
    inside = profiles.defence(ghost.fighter(wall=ghost.wall_defence))
    assert inside.total() == outside.total() + 4
    assert not any(p.kind == profiles.WALL for p in outside.parts)


def test_poison_and_disease(creatures):
    spider = profiles.melee_attacks(creatures["giant spider"].fighter())
    ghoul = profiles.melee_attacks(creatures["ghoul"].fighter())
    assert any("poison" in a.effects for a in spider)
    assert any("disease" in a.effects for a in ghoul)
    assert "disease" in profiles.melee_attacks(creatures["plague rat"].fighter())[0].effects


def test_archer_thrower_shield_and_frenzy(creatures, armoury):
    archer = creatures["kobold archer"]
    assert archer.ranged and archer.ammo is armoury.ammo["arrow"]
    assert profiles.shot(archer.fighter()) is not None
    goblin = creatures["goblin"]
    assert goblin.ranged and goblin.throws is armoury.weapons["javelin"]
    assert profiles.throw(goblin.fighter(), goblin.throws).kind == profiles.THROW
    assert profiles.bash(creatures["hobgoblin"].fighter()) is not None
    assert creatures["orc berserker"].fighter().stance.name == "Frenzy"
    assert "construct" in creatures["mud golem"].tags
    assert creatures["mud golem"].speed == 80 and creatures["giant rat"].speed == 40


def test_the_boss_waits_on_the_last_depth(creatures, armoury):
    lord = creatures["draugr lord"]
    assert lord.depth == MAX_DEPTH
    assert lord.weapon is armoury.weapons["great axe"] and lord.worn


def test_every_creature_fights_by_the_rules(creatures):
    assert len(creatures) >= 14
    for kind in creatures.values():
        fighter = kind.fighter()
        assert fighter.max_hp == kind.hit_points
        for blow in profiles.melee_attacks(fighter):
            assert attack_line(blow)
        assert profiles.defence(fighter).total() > 0
        if kind.ranged:
            assert (profiles.shot(fighter) is not None
                    or profiles.throw(fighter, kind.throws) is not None)


def test_depths_cover_the_dungeon(creatures):
    assert MAX_DEPTH == mapgen.MAX_DEPTH
    for depth in range(1, MAX_DEPTH + 1):
        assert sum(k.depth == depth for k in creatures.values()) >= 2, depth


def test_glyphs_and_descriptions(creatures):
    for kind in creatures.values():
        assert len(kind.glyph) == 1 and kind.description
        assert all(0 <= c <= 255 for c in kind.colour)


# --- starting characters ------------------------------------------------------------------


def test_dwarf_warrior_is_thora(characters, armoury):
    dwarf = characters["dwarf warrior"]
    assert dwarf.strength == 15 and dwarf.skills == {"Long blades": 2}
    assert dwarf.main_hand is armoury.weapons["long sword"]
    assert dwarf.worn == (armoury.armour["leather jerkin"],)
    assert dwarf.inventory == ("healing potion", "healing potion")
    blow = profiles.melee_attacks(dwarf.fighter())[0]
    assert attack_line(blow) == "+3 to hit, 1d9+3 slashing or piercing"
    assert dwarf.hit_points == 14 == dwarf.fighter().max_hp  # base 10 + 2 x Con 14's +2


def test_elf_ranger_shoots(characters):
    ranger = characters["elf ranger"]
    shot = profiles.shot(ranger.fighter())
    assert shot is not None and shot.weapon == "short bow" and ranger.ammo_count > 0
    assert attack_line(shot) == "+5 to hit, 1d6+2 piercing, range 10"


def test_human_duelist(characters):
    duelist = characters["human duelist"].fighter()
    assert profiles.melee_style(duelist) == "Duelist"
    assert duelist.main_hand.name == "rapier"


# --- bad data -----------------------------------------------------------------------------

KOBOLD = """\
[creature."kobold"]
glyph = "k"
colour = [200, 120, 60]
depth = 1
dexterity = 13
hit_points = 6
weapon = "spear"
description = "A kobold."
"""

RAT = """\
[creature."giant rat"]
glyph = "r"
colour = [150, 110, 80]
depth = 1
hit_points = 4
attacks = [{ name = "bite", damage = "1d4", type = "bite" }]
description = "A rat."
"""

DWARF = """\
[character."dwarf warrior"]
race = "dwarf"
class = "warrior"
description = "A dwarf."
strength = 15
base_hp = 10
main_hand = "long sword"
inventory = ["healing potion"]
"""


def creature_error(armoury, tmp_path: Path, text: str) -> str:
    path = tmp_path / "creatures.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_creatures(armoury, path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message


def test_good_data_loads(armoury, tmp_path: Path):
    path = tmp_path / "creatures.toml"
    path.write_text(KOBOLD + RAT, encoding="utf-8")
    kinds = load_creatures(armoury, path)
    assert list(kinds) == ["kobold", "giant rat"]
    assert kinds["giant rat"].attacks[0].noun == "bite"


@pytest.mark.parametrize(("text", "said"), [
    (KOBOLD.replace('"spear"', '"spearr"'),
     "creature 'kobold': field 'weapon': unknown weapon 'spearr'"),
    (RAT.replace('type = "bite"', 'type = "acid"'),
     "creature 'giant rat': attack 'bite': field 'type': 'acid' is not one of"),
    (KOBOLD + 'stance = "Berserk"\n',
     "creature 'kobold': field 'stance': 'Berserk' is not one of"),
    (KOBOLD.replace('glyph = "k"', 'glyph = "kk"'),
     "creature 'kobold': field 'glyph': must be one printable character, not 'kk'"),
    (KOBOLD + "armour_class = 3\n",
     "creature 'kobold': field 'armour_class': unknown field"),
    (KOBOLD + 'styles = { "Berserker" = 2 }\n',
     "creature 'kobold': field 'styles': 'Berserker' is not one of"),
    (KOBOLD + 'skills = { "Spears" = 11 }\n',
     "creature 'kobold': field 'skills': 'Spears': 11 is above 10"),
    (KOBOLD + 'behaviour = "sulk"\n',
     "creature 'kobold': field 'behaviour': 'sulk' is not one of"),
    (KOBOLD + 'tags = ["skeletton"]\n',
     "creature 'kobold': field 'tags': 'skeletton' is not one of"),
    (KOBOLD + 'worn = ["chain male"]\n',
     "creature 'kobold': field 'worn': unknown armour 'chain male'"),
    (KOBOLD + 'worn = ["buckler"]\n',
     "creature 'kobold': field 'worn': 'buckler' is a shield"),
    (KOBOLD.replace('"spear"', '"great axe"') + 'off_hand = "buckler"\n',
     "creature 'kobold': field 'off_hand': the great axe takes both hands"),
    (KOBOLD.replace('"spear"', '"short bow"'),
     "creature 'kobold': field 'weapon': 'short bow' is held 'missile'"),
    (KOBOLD + 'missile = "short bow"\n',
     "creature 'kobold': field 'ammo': the short bow needs ammunition"),
    (KOBOLD + 'missile = "short bow"\nammo = "crossbow bolt"\nammo_count = 5\n',
     "creature 'kobold': field 'ammo': the short bow shoots 'arrow', not 'bolt'"),
    (KOBOLD + "ranged = true\n",
     "creature 'kobold': field 'ranged': needs a 'missile' weapon"),
    (KOBOLD + 'throws = "long sword"\nthrow_count = 2\n',
     "creature 'kobold': field 'throws': the long sword is not made for throwing"),
    (KOBOLD + "wall_defence = 4\n",
     "creature 'kobold': field 'wall_defence': only a creature that passes walls"),
    (KOBOLD + "natural_defence = 2\n",
     "creature 'kobold': field 'natural_noun': natural Defence or Protection needs its noun"),
    (KOBOLD + 'attacks = [{ name = "bite", damage = "1d4", type = "bite" }]\n',
     "creature 'kobold': field 'attacks': a creature holding a weapon fights with it"),
    (KOBOLD.replace("depth = 1", "depth = 7"),
     "creature 'kobold': field 'depth': 7 is above 6"),
    (KOBOLD.replace("[200, 120, 60]", "[200, 120]"),
     "creature 'kobold': field 'colour': expected [red, green, blue]"),
    (RAT.replace('damage = "1d4", ', ""),
     "creature 'giant rat': attack 'bite': field 'damage': missing required field"),
    (RAT.replace('type = "bite" }', 'type = "bite", venom = 2 }'),
     "creature 'giant rat': attack 'bite': field 'venom': unknown field"),
    (RAT.replace('type = "bite" }', 'type = "bite", effects = ["rabies"] }'),
     "creature 'giant rat': attack 'bite': field 'effects': 'rabies' is not one of"),
])
def test_bad_creature(armoury, tmp_path: Path, text: str, said: str):
    assert said in creature_error(armoury, tmp_path, text)


def test_bad_table_name(armoury, tmp_path: Path):
    message = creature_error(armoury, tmp_path, KOBOLD.replace("[creature.", "[monster."))
    assert "unknown table 'monster'" in message


def character_error(armoury, tmp_path: Path, text: str) -> str:
    path = tmp_path / "characters.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_characters(armoury, path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ")
    return message


def test_good_character_loads(armoury, tmp_path: Path):
    path = tmp_path / "characters.toml"
    path.write_text(DWARF, encoding="utf-8")
    dwarf = load_characters(armoury, path)["dwarf warrior"]
    assert dwarf.class_ == "warrior" and dwarf.hit_points == 10


@pytest.mark.parametrize(("text", "said"), [
    (DWARF.replace('"healing potion"]', '"healing potion", "magic bean"]'),
     "character 'dwarf warrior': field 'inventory': unknown item 'magic bean'"),
    (DWARF.replace('"long sword"', '"longsword"'),
     "character 'dwarf warrior': field 'main_hand': unknown weapon 'longsword'"),
    (DWARF.replace('class = "warrior"\n', ""),
     "character 'dwarf warrior': field 'class': missing required field"),
    (DWARF + 'skills = { "Longblades" = 2 }\n',
     "character 'dwarf warrior': field 'skills': 'Longblades' is not one of"),
])
def test_bad_character(armoury, tmp_path: Path, text: str, said: str):
    assert said in character_error(armoury, tmp_path, text)
