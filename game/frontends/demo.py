"""A tiny App for trying the terminal front end by hand and in the pseudo-terminal tests.

    python -m game.frontends.demo

Arrows, Home/End/PgUp/PgDn, keypad or hjklyubn move the @; the last key name is shown;
"!" raises an error (to see the terminal restored); "q" quits.
"""

from __future__ import annotations

import sys

import tcod.console

from game.frontends.terminal import NoTerminal, run

MOVES = {
    "up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0),
    "upleft": (-1, -1), "upright": (1, -1), "downleft": (-1, 1), "downright": (1, 1),
    "k": (0, -1), "j": (0, 1), "h": (-1, 0), "l": (1, 0),
    "y": (-1, -1), "u": (1, -1), "b": (-1, 1), "n": (1, 1),
    "8": (0, -1), "2": (0, 1), "4": (-1, 0), "6": (1, 0),
    "7": (-1, -1), "9": (1, -1), "1": (-1, 1), "3": (1, 1),
}  # fmt: skip


class DemoApp:
    """Draws a title, the last key and a movable @; quits on "q"."""

    def __init__(self) -> None:
        self.last_key = "(none)"
        self.count = 0
        self.x, self.y = 10, 10

    def draw(self, console: tcod.console.Console) -> None:
        """Draw the whole frame; the front end hands over a cleared console."""
        console.print(2, 1, "terminal front end demo", fg=(255, 255, 0))
        console.print(2, 3, f"size {console.width}x{console.height}")
        console.print(2, 4, f"last key: {self.last_key}")
        console.print(2, 5, f"keys: {self.count}")
        console.print(2, 7, "move the @ with arrows/keypad/hjklyubn; q quits", fg=(160, 160, 160))
        for i in range(32):
            console.print(2 + i, 8, " ", bg=(8 * i, 0, 255 - 8 * i))
        self.x = min(max(self.x, 0), console.width - 1)
        self.y = min(max(self.y, 10), console.height - 1)
        console.print(self.x, self.y, "@", fg=(255, 255, 255), bg=(40, 40, 40))

    def handle_key(self, key: str) -> bool:
        """Record and act on one key; False quits."""
        if key == "q":
            return False
        if key == "!":
            raise RuntimeError("demo error: the terminal should be restored")
        self.last_key, self.count = key, self.count + 1
        dx, dy = MOVES.get(key, (0, 0))
        self.x, self.y = self.x + dx, self.y + dy
        return True


def main() -> int:
    """Run the demo; without a terminal print the one-line reason and exit 2."""
    try:
        run(DemoApp())
    except NoTerminal as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
