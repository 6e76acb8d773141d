"""An edition keeps an older version's tables for its games: the steps docs/architecture.md
gives for a change of the tables ("change assets/, put the old values in assets/past/<version>/")
keep a 0.2.0 recording in sync, which the change alone would break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from overlay_helpers import write_overlay

from game import __version__
from game.content import catalog, editions
from game.persist.replay import verify

RECORDING = Path(__file__).parents[1] / "persist" / "earlier" / "manual-human-mage.json"


@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of assets/ for the game to read, the mage given more Strength, as a new
    version would; the catalogs made from it are forgotten afterwards."""
    folder = tmp_path / "assets"
    folder.mkdir()
    for path in catalog.ASSETS_DIR.glob("*.toml"):
        shutil.copy(path, folder)
    shutil.copytree(catalog.ASSETS_DIR / "past", folder / "past")  # the editions there are
    classes = folder / "classes.toml"
    text = classes.read_text()
    start = text.index('[class."mage"]')
    at = text.index("strength = ", start)  # a field no edition of the repository gives
    old = int(text[at + len("strength = "):].split()[0])
    classes.write_text(text[:at] + f"strength = {old + 5}" + text[text.index("\n", at):])
    monkeypatch.setattr(catalog, "ASSETS_DIR", folder)
    monkeypatch.setattr(editions, "PAST", folder / "past")
    catalog.build_catalog.cache_clear()
    editions.editions.cache_clear()
    yield folder, old
    catalog.build_catalog.cache_clear()
    editions.editions.cache_clear()


def test_an_edition_keeps_the_old_numbers_for_the_older_versions_games(assets):
    folder, old = assets
    code, message = verify(RECORDING)
    assert code == 1 and "out of sync" in message  # the new numbers alone break it
    assert "The tables as game 0.2.0 played them have changed since its release: class " \
           "'mage' changed" in message  # and verify says which entry, and what to do
    past = folder / "past" / __version__ / "classes.toml"  # the edition's own, if it has one
    kept = past.read_text() if past.exists() else ""
    entry = '[class."mage"]\n'
    kept = kept.replace(entry, f"{entry}strength = {old}\n") if entry in kept \
        else f"{kept}\n{entry}strength = {old}\n"
    write_overlay(folder / "past" / __version__, {"classes.toml": kept})
    editions.editions.cache_clear()
    code, message = verify(RECORDING)
    assert code == 0, message
    assert catalog.build_catalog(None, (), None).classes["mage"].kit.strength == old + 5
