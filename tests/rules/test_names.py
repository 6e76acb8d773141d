"""The one name matcher: the wizard's prompt and the command line's "did you mean"."""

from game.rules.names import closest, did_you_mean

CREATURES = ["cave beetle", "goblin", "hobgoblin", "kobold", "kobold archer", "troll"]
WEAPONS = ["long sword", "long war bow", "short sword", "spear", "great sword"]


def test_misspellings_and_run_together_words_are_found():
    assert closest("gobln", CREATURES)[0] == "goblin"
    assert closest("longsw", WEAPONS)[0] == "long sword"
    assert closest("kobodl", CREATURES)[0] == "kobold"
    assert closest("spera", WEAPONS) == ["spear"]
    assert closest("Long-Sword", WEAPONS)[0] == "long sword"


def test_the_exact_name_comes_first_then_names_it_begins():
    assert closest("kobold", CREATURES) == ["kobold", "kobold archer"]
    assert closest("ko", CREATURES) == ["kobold", "kobold archer"]
    assert sorted(closest("sword", WEAPONS)) == ["great sword", "long sword", "short sword"]


def test_nothing_close_is_nothing_and_nothing_typed_is_everything():
    assert closest("xyz", CREATURES) == []
    assert closest("", CREATURES) == sorted(CREATURES)
    assert closest("k", CREATURES, limit=1) == ["kobold"]


def test_did_you_mean_names_the_closest_or_lists_all():
    assert did_you_mean("creature", "gobln", CREATURES) == (
        "unknown creature 'gobln'; did you mean: goblin?")
    assert did_you_mean("creature", "zzz", ["b", "a"]) == (
        "unknown creature 'zzz'; choose one of: a, b")
