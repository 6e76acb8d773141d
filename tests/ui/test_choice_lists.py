"""The race and class lists say what every choice is, not only the one the cursor is on: each
row carries the first words of its description ("mage ... A caster (Z to cast) with a
staff"), the chosen one its whole description, all at 80x24."""

from __future__ import annotations

import tcod.console

from game.content.catalog import load_catalog
from game.ui.start import BUILD, StartScreen, gist

CATALOG = load_catalog()
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def drawn(screen: StartScreen) -> str:
    console = tcod.console.Console(80, 24, order="F")
    screen.draw(console)
    rows = ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24)]
    return " ".join(" ".join(rows).split())


def test_every_race_and_class_says_what_it_is_on_the_list():
    screen = StartScreen(1, CATALOG)
    screen.handle_key(LETTERS[screen.names.index(BUILD)])
    races = drawn(screen)
    for race, data in CATALOG.races.items():
        assert gist(data.description) in races, race
    for index, race in enumerate(CATALOG.races):
        chooser = StartScreen(1, CATALOG)
        chooser.handle_key(LETTERS[chooser.names.index(BUILD)])
        chooser.handle_key(LETTERS[index])
        for chosen in range(len(chooser.names)):
            chooser.selected = chosen
            shown = drawn(chooser)
            for name in chooser.names:  # every class, on screen at once
                description = CATALOG.classes[name].kit.description
                assert f") {name}" in shown and gist(description) in shown, (race, name)
            whole = CATALOG.classes[chooser.names[chosen]].kit.description
            assert " ".join(whole.split()) in shown, (race, chooser.names[chosen])


def test_the_gist_is_whole_words_up_to_a_stop():
    assert gist("A caster (Z to cast) with a staff: frost, a flash.") == \
        "A caster (Z to cast) with a staff"
    assert gist("Short, broad and stubborn; slow to tire.") == "Short, broad and stubborn"
    assert gist("A hunter who shoots first, with a short sword.") == "A hunter who shoots first"
