"""GameApp: the App a front end drives (draw a frame, take a key), over a stack of screens.

The top screen gets each key and answers with a Step; this is the one place the stack
changes. After every key, a game that has just ended gets its end screen, whichever screen
(a move, a quaff menu, ...) submitted the fatal action.
"""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.world.components import Player
from game.world.engine import Engine
from game.world.wizard_actions import ShowRolls

from .ending import EndScreen
from .main_screen import MainScreen
from .more import MoreScreen, overflows
from .options import DEFAULT, Options
from .screen import Begin, Pop, Push, Quit, Replace, Screen, Session, Step
from .start import StartScreen

Saver = Callable[[Engine], str]  # saves the game; returns where (raises OSError/ValueError)
CrashReporter = Callable[[Engine, BaseException], object]


class GameApp:
    """``GameApp(seed)`` starts on the character choice; with ``character`` it starts playing.

    ``saver`` is how the game is saved (the command line passes the persist layer's save):
    on S, on every change of level, on quitting and when the game ends. ``on_crash`` writes
    a crash report before an unexpected exception leaves (and the terminal is restored)."""

    def __init__(self, seed: int, character: str | None = None, *,
                 engine: Engine | None = None, saver: Saver | None = None,
                 on_crash: CrashReporter | None = None, wizard: bool = False,
                 options: Options = DEFAULT, rules: str = "manual") -> None:
        self.seed, self.options = seed, options
        self.size = (80, 24)  # the console's, at the last draw (--more-- pages fit the log)
        self._paged: tuple[int, int] | None = None  # the messages --more-- last paged
        self.saver, self.on_crash = saver, on_crash
        self.crash_report: object = None
        self.session: Session | None = None
        self.stack: list[Screen] = []
        if engine is not None:
            self._begin(engine)
        elif character is not None:
            self._begin(Engine(seed, character, wizard=wizard, rules=rules))
        else:
            self.stack.append(StartScreen(seed, wizard=wizard, rules=rules))

    @classmethod
    def from_engine(cls, engine: Engine, **hooks) -> GameApp:
        """Show a game already under way (a loaded save, a test scenario)."""
        return cls(engine.seed, engine=engine, **hooks)

    @property
    def engine(self) -> Engine | None:
        return self.session.engine if self.session else None

    @property
    def screen(self) -> Screen:
        return self.stack[-1]

    def _begin(self, engine: Engine) -> None:
        self.session = Session(engine, saver=self.saver, options=self.options)
        self.stack = [MainScreen(self.session)]
        if engine.over:
            self.stack.append(EndScreen(self.session))
        elif self.options.roll_display and not engine.actions and _wizard(engine):
            self.session.act(ShowRolls())  # a recorded action, like Ctrl-R

    def draw(self, console: tcod.console.Console) -> None:
        """Draw the top screen, and beneath an overlay whatever it covers only in part."""
        self.size = (console.width, console.height)
        bottom = len(self.stack) - 1
        while bottom > 0 and self.stack[bottom].overlay:
            bottom -= 1
        for screen in self.stack[bottom:]:
            screen.draw(console)

    def tick(self) -> bool:
        """Let the top screen move on by itself (the fight simulator); True to redraw."""
        tick = getattr(self.screen, "tick", None) if self.stack else None
        return bool(tick and tick())

    def handle_key(self, key: str) -> bool:
        try:
            return self._handle_key(key)
        except Exception as err:
            if self.on_crash is not None and self.engine is not None:
                self.crash_report = self.on_crash(self.engine, err)
            raise

    def _handle_key(self, key: str) -> bool:
        if not self.stack:
            return False
        before = self._log_mark()
        step = self.screen.handle_key(key)
        if not self._apply(step):
            if self.session is not None:
                self.session.save()
            return False
        if not self._check_ending() and self._log_mark() != before:
            self._check_more()
        return bool(self.stack)

    def _apply(self, step: Step) -> bool:
        """Change the stack as the step says; False to quit."""
        if isinstance(step, Quit):
            return False
        if isinstance(step, Pop):
            self.stack.pop()
        elif isinstance(step, Push):
            self.stack.append(step.screen)
        elif isinstance(step, Replace):
            self.stack[-1] = step.screen
        elif isinstance(step, Begin):
            self._begin(step.engine)
        return True

    def _check_ending(self) -> bool:
        """Put up the end screen when the game has just ended (after --more-- pages of the
        last messages, if they overflow); True once the game is over."""
        session = self.session
        if not session or not session.engine.over:
            return False
        top = self.screen
        if isinstance(top, EndScreen) or (isinstance(top, MoreScreen) and top.then):
            return True
        session.save()  # a dead character's save stays as a recording
        end = EndScreen(session)
        more = session.options.more_prompt and overflows(session, self.size)
        self.stack = [MainScreen(session), MoreScreen(session, then=end) if more else end]
        return True

    def _log_mark(self) -> tuple[int, int]:
        """Which message is the last one (it changes when a key brings messages)."""
        log = self.session.engine.log if self.session else []
        return (len(log), id(log[-1]) if log else 0)

    def _check_more(self) -> None:
        """--more-- when the latest action's messages do not fit the log area (once each)."""
        session = self.session
        if session is None or not session.options.more_prompt or not self.stack:
            return
        log = session.engine.log
        mark = (id(session.marker), id(log[-1]) if log else 0)
        if mark == self._paged or isinstance(self.screen, MoreScreen):
            return
        if overflows(session, self.size):
            self._paged = mark
            self.stack.append(MoreScreen(session))


def _wizard(engine: Engine) -> bool:
    flags = engine.component(engine.player, Player)
    return flags.wizard and not flags.show_rolls
