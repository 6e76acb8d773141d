"""The start screen: pick a character before any Engine exists; the pick starts the game."""

from __future__ import annotations

import string

import tcod.console

from game.content.catalog import Catalog, load_catalog
from game.content.characters import CharacterKind
from game.world.engine import Engine

from . import palette
from .screen import QUIT, STAY, Begin, Step
from .text import footer, put, put_runs, wrap
from .view import Line

LETTERS = string.ascii_lowercase


class StartScreen:
    overlay = False

    def __init__(self, seed: int, catalog: Catalog | None = None, *,
                 wizard: bool = False, rules: str = "manual") -> None:
        self.wizard, self.rules = wizard, rules
        self.seed = seed
        self.catalog = catalog or load_catalog()
        self.names = list(self.catalog.characters)[:len(LETTERS)]
        self.selected = 0
        self.top = 0  # first character shown, when they do not all fit

    def handle_key(self, key: str) -> Step:
        if key in ("up", "8", "k"):
            self.selected = max(0, self.selected - 1)
        elif key in ("down", "2", "j"):
            self.selected = min(len(self.names) - 1, self.selected + 1)
        elif key == "enter":
            return self.begin(self.names[self.selected])
        elif key == "escape":
            return QUIT
        elif len(key) == 1 and key in LETTERS[:len(self.names)]:
            return self.begin(self.names[LETTERS.index(key)])
        return STAY

    def begin(self, name: str) -> Step:
        return Begin(Engine(self.seed, name, catalog=self.catalog, wizard=self.wizard,
                            rules=self.rules))

    def draw(self, console: tcod.console.Console) -> None:
        put(console, 1, 0, "Choose your character", palette.TITLE)
        put(console, console.width - 2 - len(f"seed {self.seed}"), 0, f"seed {self.seed}",
            palette.DIM)
        blocks = [self._block(n, console.width - 6) for n in self.names]
        rows = console.height - 4
        self.top = min(self.top, self.selected)
        while sum(len(b) + 1 for b in blocks[self.top:self.selected + 1]) > rows:
            self.top += 1
        y = 2
        for index in range(self.top, len(blocks)):
            if y + len(blocks[index]) > 2 + rows:
                break
            self._draw_block(console, y, index, blocks[index])
            y += len(blocks[index]) + 1
        footer(console, "a letter, or Up/Down and Enter: choose   Esc: quit")

    def _block(self, name: str, width: int) -> list[Line]:
        kind = self.catalog.characters[name]
        return [(name, palette.TITLE), *[(t, palette.DIM) for t in wrap(_summary(kind), width)],
                *[(t, palette.TEXT) for t in wrap(kind.description, width)]]

    def _draw_block(self, console: tcod.console.Console, y: int, index: int,
                    lines: list[Line]) -> None:
        selected = index == self.selected
        if selected:
            console.draw_rect(0, y, console.width, len(lines), ord(" "), bg=palette.SELECTED_BG)
        put_runs(console, 2, y, [(f"{LETTERS[index]}) ", palette.KEY), lines[0]])
        for row, (text, colour) in enumerate(lines[1:], start=1):
            put(console, 5, y + row, text, colour)


def _summary(kind: CharacterKind) -> str:
    """ "Str 15 Dex 10 Con 14 Wil 10, 14 HP; long sword, leather jerkin"."""
    gear = [g.name for g in (kind.main_hand, kind.off_hand, kind.missile, *kind.worn) if g]
    return (f"Str {kind.strength} Dex {kind.dexterity} Con {kind.constitution} "
            f"Wil {kind.willpower}, {kind.hit_points} HP; " + ", ".join(gear))
