"""``actions="full"``: the whole keyboard, every key of the game's key table an action, as NLE's
full keyboard is.

Each action is a key name (``FULL_KEYS``): every key of the key table (``game.ui.keys``: moves,
commands, stances, stairs, the wizard's), Enter, Escape, Backspace, Tab, Shift-Tab and Space,
and every other printable character (item and spell letters, menu choices, what a prompt is
typed), numbered by the released table (``full_actions``), never by the key table's order: a
key the key table gains comes after them all, and one it loses keeps its number, refused.
A key is pressed on the terminal's own app (``GameApp``, the one ``screen.Screen`` draws),
exactly as the terminal front end presses it: menus open and close, ``--more--`` waits for its
key, aiming moves a cursor, and every class plays with all its means (casting, reading,
zapping, wearing, wielding, throwing what it chooses). Nothing here decides what a key does;
the UI does, and it asks the world.

Leaving the game (S, or Esc then y) is answered, not done: an episode ends at death, victory,
its task or its steps, and ``reset`` begins another.

A copy of the env (``clone_state``, pickling) taken while a screen is open is taken as of the
moment the screen opened, with the keys pressed since, which the copy presses again: the
screens themselves (menus holding what choosing does) are never copied. ``Keyboard`` keeps
what that needs: the game as it stood then, taken only once a second key is pressed on an open
screen (until then the game is as it stood), or at once when the key that opened it acted (the
app put up ``--more--`` or the end by itself, which the copy's app puts up again).
"""

from __future__ import annotations

import dataclasses
import string
from dataclasses import dataclass

from game.ui.keys import BINDINGS, KEYMAP, key_label
from game.world.core import actions as A
from game.world.game import Game

from .copies import GameCopy, UiState
from .full_actions import FULL_ACTIONS
from .screen import Screen

_NAMED = ("enter", "escape", "backspace", "tab", "btab", " ")
KEYS_NOW: tuple[str, ...] = tuple(dict.fromkeys(
    [*(key for binding in BINDINGS for key in binding.keys), *_NAMED,
     *(c for c in string.printable if c.isprintable() and c != " ")]))
"""Every key there is to press today, in the key table's order."""


def numbered(released: tuple[str, ...],
             keys: tuple[str, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The actions' keys (the released table, then any key of ``keys`` it lacks, appended)
    and the released keys that are keys no longer, refused."""
    return ((*released, *(key for key in keys if key not in released)),
            frozenset(released) - frozenset(keys))


FULL_KEYS, RETIRED = numbered(FULL_ACTIONS, KEYS_NOW)
"""Action ``i`` is key ``FULL_KEYS[i]`` (``full_actions``: never renumbered)."""
_OTHER = {"enter": "Enter", "escape": "Esc", "backspace": "Backspace", "tab": "Tab",
          "btab": "Shift-Tab", " ": "Space"}
STAYING = "The env does not leave the game: an episode ends at its end (reset() begins another)."


def meaning(key: str) -> str:
    """ "k: move or attack north", "Esc: quit (the game is saved)", "e: the key e"."""
    if key in RETIRED:
        return f"{key_label(key)}: no longer a key of the game (refused: nothing happens)"
    binding = KEYMAP.get(key)
    if binding is not None:
        return f"{key_label(key)}: {binding.help}"
    if key in _OTHER:
        return f"{_OTHER[key]}: {'turn the page, close, choose' if key != 'backspace' else 'erase'}"
    return f"{key}: the key {key} (a menu's choice, an item or spell letter, text typed)"


MEANINGS = tuple(meaning(key) for key in FULL_KEYS)


def _mark(engine: Game) -> tuple[int, int, int]:
    """Changes whenever the game does: an action recorded, a line logged."""
    log = engine.log
    return (len(engine.actions), len(log), id(log[-1]) if log else 0)


@dataclass(frozen=True, slots=True)
class KeyboardCopy:
    """Where the screens open now began: the game and the screen's state then (``game`` None:
    no screen is open, the game as it stands is all), the keys pressed since, whether the app
    put the first screen up by itself, and the screens it led to."""

    game: GameCopy | None
    ui: UiState | None
    keys: tuple[str, ...]
    auto: bool
    stack: tuple[str, ...]


class Keyboard:
    """Presses keys on ``screen``'s app; keeps what a copy of the open screens needs."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self._at_rest()

    @property
    def app(self):
        return self.screen.app

    def _bare(self) -> bool:
        return len(self.app.stack) == 1

    def _at_rest(self) -> None:
        """No screen is open: a copy needs the game as it stands, nothing more."""
        self.base: GameCopy | None = None
        self.base_ui = self.screen.ui_state()
        self.since: list[str] = []
        self.auto = False

    def press(self, key: str) -> tuple[str, tuple]:
        """Press ``key``: what it said (refusals, the UI's notice) and the events of every
        action it submitted (a key may submit none, or many: auto-explore)."""
        if key in RETIRED:
            return meaning(key), ()
        engine, session = self.screen.session.engine, self.screen.session
        was_bare = self._bare()
        if not was_bare and self.base is None:  # unchanged since the screen opened
            self.base = GameCopy.of(engine)
        before = _mark(engine)
        results: list[A.Result] = []
        session.results = results
        try:
            going = self.app.handle_key(key)
        finally:
            session.results = None
        if not going:  # it would leave the game: the env stays
            del self.app.stack[1:]
            session.notice = STAYING
        if self._bare():
            self._at_rest()
        elif not was_bare:
            self.since.append(key)
        elif _mark(engine) != before:  # it acted, and the app put up a screen by itself
            self.base, self.since, self.auto = GameCopy.of(engine), [], True
            self.base_ui = dataclasses.replace(self.screen.ui_state(), paged=False)
        else:
            self.since = [key]
        said = [r.reason for r in results if isinstance(r, A.Impossible)]
        if session.notice:
            said.append(session.notice)
        events = tuple(e for r in results if isinstance(r, A.Done) for e in r.events)
        return " ".join(said), events

    def copy(self) -> KeyboardCopy:
        stack = tuple(type(s).__name__ for s in self.app.stack)
        if self._bare():
            return KeyboardCopy(None, None, (), False, stack)
        base = self.base or GameCopy.of(self.screen.session.engine)
        return KeyboardCopy(base, self.base_ui, tuple(self.since), self.auto, stack)

    def again(self, made: KeyboardCopy) -> None:
        """This keyboard's screen is the copy's game as its screens began: open them again."""
        if made.game is not None:
            self.base, self.base_ui = made.game, made.ui or self.base_ui
            if made.auto:
                self.app.settle()
                self.auto = True
        for key in made.keys:
            self.press(key)
        stack = tuple(type(s).__name__ for s in self.app.stack)
        if stack != made.stack:
            raise RuntimeError(f"the copy's screens came out as {stack}, not {made.stack}")
