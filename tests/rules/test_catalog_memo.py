"""The catalog remembers where it found each item name (``Catalog.lookup``): a catalog made
from it with other tables (``dataclasses.replace``, as tests and the wizard's tools do)
starts afresh, so it never answers from the old tables."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.content.catalog import load_catalog


def test_the_same_entry_every_time():
    catalog = load_catalog()
    assert catalog.lookup("dagger") is catalog.lookup("dagger")
    assert catalog.weight("dagger") == catalog.armoury.weapons["dagger"].weight


def test_a_replaced_catalog_reads_its_own_tables():
    catalog = load_catalog()
    assert catalog.weight("dagger") > 0
    heavy = replace(catalog.armoury.weapons["dagger"], weight=999)
    armoury = replace(catalog.armoury, weapons={**catalog.armoury.weapons, "dagger": heavy})
    other = replace(catalog, armoury=armoury)
    assert other.weight("dagger") == 999 and catalog.weight("dagger") != 999


def test_an_unknown_name_is_still_a_key_error():
    with pytest.raises(KeyError, match="no item called"):
        load_catalog().lookup("no such thing")
