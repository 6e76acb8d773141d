"""A level drawn as text: the first level of a game whose setup holds one (``Setup.level``),
the env's levels as tasks (``game/Level-v0``).

The scenario pictures' characters (``Engine.scenario``): ``@`` the player, ``#`` wall, ``.``
floor, ``<`` and ``>`` the stairs, and each character of the legend a creature kind (awake)
or a thing lying there, by the tables' names. A picture is at most a level's size (80 x 40);
beyond its edges is rock. It is part of the game's setup, so a save holds it and a replay
draws the same level from it: a game on a picture verifies like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules import bounds
from game.rules.names import closest
from game.rules.quoting import quoted

WIDTH, HEIGHT = 80, 40  # a level's size (the engine's MAP_WIDTH, MAP_HEIGHT)
PLAIN = frozenset("@#.<>")  # what a picture's characters mean without a legend
NAME_LENGTH = 60  # a legend's name, at most (the tables' longest is far shorter)


@dataclass(frozen=True, slots=True)
class Picture:
    """Its rows (each of one width) and its legend (character, name), in character order."""

    rows: tuple[str, ...]
    legend: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, picture: Any, legend: Any = None) -> Picture:
        """From a picture's text (its rows, one a line) and a legend ``{character: name}``:
        anything wrong is a ValueError of one line."""
        if not isinstance(picture, str):
            raise ValueError(f"a level is a picture's text, not {quoted(picture, 30)}")
        legend = {} if legend is None else legend
        if not isinstance(legend, dict):
            raise ValueError(f"a legend is a dict of characters and names, not "
                             f"{quoted(legend, 30)}")
        return cls(tuple(picture.strip("\n").splitlines()), tuple(sorted(legend.items())))

    def __post_init__(self) -> None:
        rows = self.rows
        if not rows or not all(isinstance(r, str) for r in rows) \
                or len({len(r) for r in rows}) != 1:
            raise ValueError("a level's picture has rows, all of one length")
        if len(rows[0]) > WIDTH or len(rows) > HEIGHT or not rows[0]:
            raise ValueError(f"a level's picture is at most {WIDTH} x {HEIGHT}, "
                             f"not {len(rows[0])} x {len(rows)}")
        named = dict(self.legend)
        for char, name in self.legend:
            if not isinstance(char, str) or len(char) != 1 or char in PLAIN \
                    or not bounds.shows(char) or char.isspace():
                raise ValueError(f"a legend's key is one character other than "
                                 f"{' '.join(sorted(PLAIN))}, not {quoted(char, 10)}")
            if not isinstance(name, str) or not name or len(name) > NAME_LENGTH \
                    or not bounds.shows(name):
                raise ValueError(f"the legend's {quoted(char)} names nothing: {quoted(name, 30)}")
        unknown = sorted({c for r in rows for c in r} - PLAIN - set(named))
        if unknown:
            raise ValueError(f"the picture's {', '.join(map(quoted, unknown))} "
                             f"{'is' if len(unknown) == 1 else 'are'} not in the legend")
        players = sum(r.count("@") for r in rows)
        if players != 1:
            raise ValueError(f"a level's picture has one @ (the player), not {players}")
        for stairs in "<>":
            if sum(r.count(stairs) for r in rows) > 1:
                raise ValueError(f"a level's picture has at most one {stairs}")

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    def placed(self) -> list[tuple[int, int, str]]:
        """Each legend character's cell and name, rows first."""
        named = dict(self.legend)
        return [(x, y, named[c]) for y, row in enumerate(self.rows) for x, c in enumerate(row)
                if c in named]

    def player(self) -> tuple[int, int]:
        return next((x, y) for y, row in enumerate(self.rows) for x, c in enumerate(row)
                    if c == "@")

    def check_names(self, known: set[str]) -> None:
        """Each name of the legend is one of ``known`` (the tables' creatures and things),
        or a ValueError of one line says which is not, and what it may mean."""
        for char, name in self.legend:
            if name not in known:
                near = closest(name, known, 1)
                raise ValueError(f"the legend's {quoted(char)} names {quoted(name)}, no "
                                 f"creature or thing of the tables"
                                 f"{f' (did you mean {quoted(near[0])}?)' if near else ''}")

    def to_json(self) -> dict[str, Any]:
        return {"picture": self.text, "legend": dict(self.legend)}

    @classmethod
    def from_json(cls, data: Any) -> Picture:
        """``to_json``'s, checked (a save's: anything wrong is a ValueError of one line)."""
        if not isinstance(data, dict) or set(data) != {"picture", "legend"}:
            raise ValueError("field 'level' should hold a picture and a legend")
        if not isinstance(data["picture"], str) or len(data["picture"]) > (WIDTH + 1) * HEIGHT:
            raise ValueError("field 'level' should hold a picture of at most 80 x 40")
        return cls.of(data["picture"], data["legend"])
