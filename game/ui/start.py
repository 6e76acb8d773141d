"""The start screen: pick a character before any Game exists; the pick starts the game.

First any saved games there are to continue (as DCSS lists its saved characters), then the
ready characters (quick picks) and "build your own"; building asks for a race, then
a class, and starts "<race> <class>". Each choice is a list of blocks: a title, a summary line
and a description.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import tcod.console

from game.content.catalog import Catalog, load_catalog
from game.content.characters import CharacterKind
from game.rules.messages import a_or_an
from game.world.game import Game

from . import palette
from .hall import HallScreen
from .screen import QUIT, STAY, Begin, Push, Step
from .text import footer, put, put_runs, wrap
from .view import Line

LETTERS = string.ascii_lowercase
BUILD = "build your own"  # the quick list's last entry (but the hall of fame)
HALL = "hall of fame"  # after it, when the screen is given the scores to show
SAVED_SHOWN = 5  # saved games offered at most (the newest)


@dataclass(frozen=True)
class SavedGame:
    """A game to continue: what the list says of it, and how to open it (the game, or why
    it cannot be opened, in one line)."""

    label: str  # "continue the human mage: depth 2, turn 107"
    where: str  # the file, shown beneath
    open: Callable[[], Game | str]


class StartScreen:
    overlay = False

    def __init__(self, seed: int, catalog: Catalog | None = None, *,
                 wizard: bool = False, rules: str = "manual",
                 saved: Sequence[SavedGame] = (), auto_pickup: bool = True,
                 hall: Callable[[], list[str]] | None = None) -> None:
        self.wizard, self.rules, self.auto_pickup = wizard, rules, auto_pickup
        self.seed = seed
        self.catalog = catalog or load_catalog()
        self.saved: dict[str, SavedGame] = {}
        for game in list(saved)[:SAVED_SHOWN]:  # two games alike: "(2)"
            label, again = game.label, 1
            while label in self.saved:
                again += 1
                label = f"{game.label} ({again})"
            self.saved[label] = game
        self.notice = ""  # why a saved game could not be opened
        ready = [n for n, k in self.catalog.characters.items() if k.ready]
        self.hall = hall  # the lines of the hall of fame: the best scores, the games ended
        last = [BUILD, HALL] if hall is not None else [BUILD]
        self.quick = [*self.saved, *ready][:len(LETTERS) - len(last)] + last
        self.stage = "quick"  # then "race", then "class"
        self.race = ""
        self.selected = 0
        self.top = 0  # first choice shown, when they do not all fit

    @property
    def names(self) -> list[str]:
        if self.stage == "race":
            return list(self.catalog.races)[:len(LETTERS)]
        if self.stage == "class":
            return list(self.catalog.classes)[:len(LETTERS)]
        return self.quick

    def handle_key(self, key: str) -> Step:
        names = self.names
        if key in ("up", "8", "k"):
            self.selected = max(0, self.selected - 1)
        elif key in ("down", "2", "j"):
            self.selected = min(len(names) - 1, self.selected + 1)
        elif key == "enter":
            return self.choose(names[self.selected])
        elif key == "escape":
            return self.back()
        elif len(key) == 1 and key in LETTERS[:len(names)]:
            return self.choose(names[LETTERS.index(key)])
        return STAY

    def choose(self, name: str) -> Step:
        if self.stage == "quick" and name in self.saved:
            return self._continue(self.saved[name])
        if self.stage == "quick" and name == HALL and self.hall is not None:
            return Push(HallScreen(self.hall()))
        if self.stage == "quick" and name == BUILD:
            self._go("race")
            return STAY
        if self.stage == "race":
            self.race = name
            self._go("class")
            return STAY
        if self.stage == "class":
            return self.begin(f"{self.race} {name}")
        return self.begin(name)

    def _continue(self, game: SavedGame) -> Step:
        opened = game.open()
        if isinstance(opened, str):
            self.notice = opened
            return STAY
        return Begin(opened)

    def back(self) -> Step:
        if self.stage == "quick":
            return QUIT
        self._go("race" if self.stage == "class" else "quick")
        return STAY

    def _go(self, stage: str) -> None:
        self.stage, self.selected, self.top = stage, 0, 0

    def begin(self, name: str) -> Step:
        return Begin(Game(self.seed, name, catalog=self.catalog, wizard=self.wizard,
                          rules=self.rules, auto_pickup=self.auto_pickup))

    @property
    def title(self) -> str:
        return {"quick": "Choose your character", "race": "Build a character: choose a race",
                "class": f"Build a character: {a_or_an(self.race)}; choose a class"}[self.stage]

    def draw(self, console: tcod.console.Console) -> None:
        put(console, 1, 0, self.title, palette.TITLE)
        corner = f"seed {self.seed}"
        if self.catalog.overlay is not None:  # the game will be modded: say under what
            corner = f"overlay {self.catalog.overlay.name}, {corner}"
        beside = len(self.title) + 3 <= console.width - 2 - len(corner)
        put(console, max(1, console.width - 2 - len(corner)), 0 if beside else 1, corner,
            palette.DIM)
        blocks = [self._block(n, console.width - 6) for n in self.names]
        gap = 1
        if self.stage != "quick":  # seven classes fit at 80x24: the rest show their name, the
            gap = 0  # first words of what they are and their numbers (the whole description
            blocks = [b if i == self.selected else  # only for the one chosen), no blank line
                      _brief(b, self._gist(self.names[i]), console.width - 6)
                      for i, b in enumerate(blocks)]
        rows = console.height - 4
        fits = sum(len(b) + gap for b in blocks) - gap <= rows
        if not fits:
            rows -= 1  # the last row says what is above and below
        self.top = min(self.top, self.selected)
        while sum(len(b) + gap for b in blocks[self.top:self.selected + 1]) - gap > rows \
                and self.top < self.selected:
            self.top += 1
        y, shown = 2, self.top
        for index in range(self.top, len(blocks)):
            if y + len(blocks[index]) > 2 + rows:
                break
            self._draw_block(console, y, index, blocks[index])
            y += len(blocks[index]) + gap
            shown = index + 1
        if not fits:
            more = [f"{n} more {where}" for n, where in ((self.top, "above"),
                                                        (len(blocks) - shown, "below")) if n]
            put(console, 2, 2 + rows, f"({', '.join(more)}: Up/Down)", palette.KEY)
        back = "Esc: quit" if self.stage == "quick" else "Esc: back"
        if self.notice:
            put(console, 1, console.height - 2, self.notice, palette.WARN, width=console.width - 2)
        footer(console, f"a letter, or Up/Down and Enter: choose   {back}")

    def _gist(self, name: str) -> str:
        """What a race or a class is, in a few words, for the list's unchosen rows."""
        if self.stage == "race":
            return gist(self.catalog.races[name].description)
        if self.stage == "class":
            return gist(self.catalog.classes[name].kit.description)
        return ""

    def _block(self, name: str, width: int) -> list[Line]:
        if self.stage == "race":
            race = self.catalog.races[name]
            return [(name, palette.TITLE),
                    *[(t, palette.DIM) for t in wrap(f"{race.trait}: {race.trait_text}; "
                                                     + _changes(race), width)],
                    *[(t, palette.TEXT) for t in wrap(race.description, width)]]
        if self.stage == "class":  # the talents beside the name, the numbers below them
            kind = self.catalog.characters[f"{self.race} {name}"]
            hero_class = self.catalog.classes[name]
            talents = hero_class.talents_at(1)
            later = min(hero_class.talents.values(), default=0)
            first = ", ".join(talents) if talents else f"talents from level {later}"
            return [(f"{name}{TALENTS_GAP}{first}", palette.TITLE),
                    *[(t, palette.DIM) for t in wrap(_summary(kind), width)],
                    *[(t, palette.TEXT) for t in wrap(self.catalog.classes[name].kit.description,
                                                      width)]]
        if name in self.saved:
            head, *rest = wrap(name, width)
            return [(head, palette.TITLE), *[(t, palette.TITLE) for t in rest],
                    *[(t, palette.DIM) for t in wrap(self.saved[name].where, width)]]
        if name == HALL:
            return [("hall of fame", palette.TITLE),
                    ("the best scores, and the games that have ended", palette.DIM)]
        if name == BUILD:
            return [("build your own", palette.TITLE),
                    ("choose a race (human, dwarf, elf, lizardfolk) and a class", palette.DIM)]
        kind = self.catalog.characters[name]
        return [(name, palette.TITLE), *[(t, palette.DIM) for t in wrap(_summary(kind), width)],
                *[(t, palette.TEXT) for t in wrap(kind.description, width)]]

    def _draw_block(self, console: tcod.console.Console, y: int, index: int,
                    lines: list[Line]) -> None:
        selected = index == self.selected
        if selected:
            console.draw_rect(0, y, console.width, len(lines), ord(" "), bg=palette.SELECTED_BG)
        head, _, talents = lines[0][0].partition(TALENTS_GAP)
        put_runs(console, 2, y, [(f"{LETTERS[index]}) ", palette.KEY), (head, lines[0][1]),
                                 *([(TALENTS_GAP + talents, palette.DIM)] if talents else [])])
        for row, (text, colour) in enumerate(lines[1:], start=1):
            put(console, 5, y + row, text, colour)


TALENTS_GAP = "   "  # between a class's name and its talents, on the block's first line


def _brief(block: list[Line], gist: str = "", width: int = 0) -> list[Line]:
    """The name and the numbers of a block, whole (every line of them), without the
    description; its ``gist`` beside the name when it fits in ``width``, whole."""
    head, colour = block[0]
    if gist and len(head) + len(TALENTS_GAP) + len(gist) <= width:
        head = f"{head}{_gap_after(head)}{gist}"
    return [(head, colour), *[line for line in block[1:] if line[1] == palette.DIM]]


def _gap_after(head: str) -> str:
    """What goes between a first line and the gist: a dot after talents, the gap after a
    bare name (so that the gist is drawn dim, as talents are)."""
    return " · " if TALENTS_GAP in head else TALENTS_GAP


def gist(description: str) -> str:
    """The first words of a description, to its first colon or semicolon, or its first comma
    when three words or more come before it: "A caster (Z to cast) with a staff", "Short,
    broad and stubborn"."""
    text = description.split(":", 1)[0].split(";", 1)[0]
    head = text.split(",", 1)[0]
    return (head if len(head.split()) >= 3 else text).strip().rstrip(".")


def _summary(kind: CharacterKind) -> str:
    """ "Str 15 Dex 10 Con 14 Wil 10, 14 HP; long sword, leather jerkin"."""
    gear = [g.name for g in (kind.main_hand, kind.off_hand, kind.missile, *kind.worn) if g]
    return (f"Str {kind.strength} Dex {kind.dexterity} Con {kind.constitution} "
            f"Wil {kind.willpower}, {kind.hit_points} HP; " + ", ".join(gear))


def _changes(race) -> str:
    """ "Str +1 Con +2 Dex -1" (or "no stat changes")."""
    words = [f"{label} {value:+d}" for label, value in (
        ("Str", race.strength), ("Dex", race.dexterity), ("Con", race.constitution),
        ("Wil", race.willpower)) if value]
    return " ".join(words) or "no stat changes"


