"""An error line quotes what it was given whole when short, and never cuts a number."""

from game.rules.quoting import quoted


def test_short_values_are_their_repr():
    assert quoted(18446744073709551616) == "18446744073709551616"
    assert quoted("kobold") == "'kobold'" and quoted(None) == "None" and quoted(True) == "True"


def test_a_long_number_is_named_by_its_length_not_cut():
    assert quoted(10**40) == "a 41-digit number"
    assert quoted(-(10**40), 20) == "a negative 41-digit number"
    assert quoted(10**5000).startswith("a number of about 5,00")  # past Python's digit limit


def test_long_text_is_cut_before_a_number_it_would_cut():
    text = quoted("seed " + "7" * 50, 20)
    assert text == "'seed ..." and len(text) <= 20
    assert quoted("x" * 50, 10) == "'xxxxxx..."
    assert quoted([123456789, 987654321], 16) == "[123456789, ..."
