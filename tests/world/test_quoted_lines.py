"""The lines README.md and docs/rules.md quote from the game are what play says: each is
produced here by real blows (``combat.melee``) in a small scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.world.core.components import Equipment, Inventory, Powers
from game.world.game import Game
from game.world.play import combat

ROOT = Path(__file__).resolve().parents[2]
ROOM = "#####\n#@k.#\n#####"


def said_by(kind: str, character: str, *, amulet: str = "", blows: int = 1500) -> set[str]:
    """Every line of ``blows`` attacks by a ``kind`` on the player (healed after each)."""
    game = Game.scenario(ROOM, {"k": kind}, character=character, seed=2)
    if amulet:
        item = game.create_item("amulet", powers=Powers(ego=amulet, known=True))
        game.store.get(game.player, Inventory).items.append(item)
        game.store.get(game.player, Equipment).neck = item
    foe = game.blocker_at(2, 1)
    lines: set[str] = set()
    for _ in range(blows):
        game.use()
        for event in combat.melee(game, foe, game.player)[0]:
            lines.update(getattr(event, "lines", ()))
        game.heal_fully(game.player)
        game.outcome = None
    game.close()
    return lines


QUOTED = [
    ("README.md", "You parry the kobold's spear.", "kobold", "human mage", ""),
    ("README.md", "The kobold stabs you hard!", "kobold", "human mage", ""),
    ("docs/rules.md", "The kobold stabs you hard!", "kobold", "human mage", ""),
    ("docs/rules.md", "The ghost hits you hard!", "ghost", "human mage", ""),
    ("docs/rules.md", "The kobold's spear glances off your scales.", "kobold",
     "lizardfolk mage", "of the tortoise"),
]


@pytest.mark.parametrize("doc, line, kind, character, amulet", QUOTED)
def test_a_quoted_line_is_quoted_and_said_in_play(doc, line, kind, character, amulet):
    assert line in (ROOT / doc).read_text().replace("\n  ", " ")
    assert line in said_by(kind, character, amulet=amulet)


def test_the_kobold_never_hits_you_hard():
    assert not any("kobold hits" in line for line in said_by("kobold", "human mage"))
    for doc in ("README.md", "docs/rules.md"):
        assert "The kobold hits you hard!" not in (ROOT / doc).read_text()
