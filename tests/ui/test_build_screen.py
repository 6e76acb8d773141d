"""The start screen builds a character from a race and a class; the @ screen shows level,
race, class, trait and talents."""

from __future__ import annotations

from test_screens import press, text

from game.ui.app import GameApp


def test_build_a_lizardfolk_berserker_and_see_it_on_the_at_screen():
    app = GameApp(seed=7)
    assert "build your own" in text(app)
    press(app, "d")  # after the three ready characters
    assert "choose a race" in text(app) and "lizardfolk" in text(app)
    press(app, "d")  # human, dwarf, elf, lizardfolk
    screen = text(app)
    assert "a lizardfolk; choose a class" in screen and "berserker" in screen
    assert "Rage, Battle-scarred" in screen
    press(app, "d")  # warrior, ranger, duelist, berserker
    assert app.engine is not None and app.engine.character == "lizardfolk berserker"
    press(app, "@")
    screen = text(app)
    assert "Race lizardfolk" in screen and "Class berserker" in screen and "Level 1" in screen
    assert "Trait Scales" in screen and "Talents Rage, Battle-scarred" in screen


def test_escape_goes_back_a_step():
    app = GameApp(seed=7)
    press(app, "d", "escape")
    assert "Choose your character" in text(app)


def test_a_class_without_level_1_talents_says_when_its_first_comes():
    """The warrior's first talent comes at 2, the mage's at 3: the list says each."""
    app = GameApp(seed=7)
    press(app, "d", "a")  # build your own, a human
    screen = text(app)
    assert "a) warrior   talents from level 2" in screen  # the warrior, first on the list
    press(app, *["down"] * 6)  # to the mage, seventh
    assert "g) mage   talents from level 3" in text(app)


def test_all_seven_classes_show_on_an_80x24_screen():
    """The mage, seventh, was cut off below the six others."""
    app = GameApp(seed=7)
    press(app, "d", "d")
    screen = text(app)
    for letter, name in zip("abcdefg", ("warrior", "ranger", "duelist", "berserker",
                                        "guardian", "rogue", "mage"), strict=True):
        assert f"{letter}) {name}" in screen
    assert "..." not in screen  # nothing cut short: every class's numbers whole
    assert "short sword, short bow, leather jerkin" in screen
    assert "mace, small shield, studded leather" in screen
