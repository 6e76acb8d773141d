"""The things that are neither weapons, armour nor magic are a table too (assets/misc.toml):
an overlay changes and adds to it as to any other, and the two the game places by name must
be there."""

from __future__ import annotations

import pytest
from overlay_helpers import write_overlay

from game.content.catalog import GOAL_ITEM, HEALING_POTION, load_catalog
from game.content.editions import catalog_for
from game.content.loader import ContentError
from game.content.misc import load_misc
from game.content.overlay import read_overlay
from game.rules.dice import Dice


def test_the_healing_potion_and_the_goal_are_the_tables():
    misc = load_catalog().misc
    assert misc[HEALING_POTION].heals == Dice(2, 6, 4) and not misc[HEALING_POTION].goal
    assert misc[GOAL_ITEM].goal and misc[GOAL_ITEM].heals is None


def test_an_overlay_changes_a_misc_thing_and_adds_one_a_character_may_carry(tmp_path):
    folder = write_overlay(tmp_path / "kit", {
        "misc.toml": '[misc."healing potion"]\nheals = "1d4"\n\n'
                     '[misc."bandage"]\nglyph = "~"\ncolour = [240, 240, 240]\nweight = 1\n'
                     'heals = "1d2"\ndescription = "A roll of clean linen."\n',
        "classes.toml": '[class."mage"]\ninventory = ["bandage"]\n'})
    catalog = catalog_for(read_overlay(folder))
    assert catalog.misc[HEALING_POTION].heals == Dice(1, 4)
    assert catalog.lookup("bandage").heals == Dice(1, 2)
    assert catalog.hero_class("human mage").kit.inventory == ("bandage",)


@pytest.mark.parametrize("text, said", [
    ('[misc."healing potion"]\nglyph = "!"\ncolour = [1, 2, 3]\nweight = 1\nheals = "1d4"\n'
     'description = "x"\n',
     "the game needs [misc.'amulet of the deep'] with goal = true"),
    ('[misc."amulet of the deep"]\nglyph = "!"\ncolour = [1, 2, 3]\nweight = 1\ngoal = true\n'
     'description = "x"\n', "the game needs [misc.'healing potion'] with its 'heals'"),
])
def test_a_misc_table_without_what_the_game_places_is_refused(tmp_path, text, said):
    path = tmp_path / "misc.toml"
    path.write_text(text)
    with pytest.raises(ContentError) as told:
        load_misc(path)
    assert said in str(told.value) and "misc.toml" in str(told.value)
