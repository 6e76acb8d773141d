"""GameApp: the App a front end drives (draw a frame, take a key), over a stack of screens.

The top screen gets each key and answers with a Step; this is the one place the stack
changes. After every key, a game that has just ended gets its end screen, whichever screen
(a move, a quaff menu, ...) submitted the fatal action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tcod.console

from game.content.editions import catalog_for
from game.content.overlay import Overlay
from game.world.core.components import Player
from game.world.game import Game
from game.world.play.wizard_actions import ShowRolls

from .confirm import ConfirmScreen, really_quit
from .ending import EndScreen
from .leaving import SaveFailedScreen
from .main_screen import MainScreen
from .more import MoreScreen, overflows
from .options import DEFAULT, Options
from .screen import QUIT, Begin, Pop, Push, Quit, Replace, Screen, Session, Step
from .start import SavedGame, StartScreen

Saver = Callable[[Game], str]  # saves the game; returns where (raises OSError/ValueError)
SaverFor = Callable[[str], Saver]  # a saver to a file the player typed
CrashReporter = Callable[[Game, BaseException], object]


class GameApp:
    """``GameApp(seed)`` starts on the character choice; with ``character`` it starts playing.

    ``saver`` is how the game is saved (the command line passes the persist layer's save):
    on S, on every change of level, on quitting and when the game ends. A quit whose save
    fails does not quit: it asks what to do (``saver_for`` makes the saver for another file
    the player types). ``rescue`` is where a hang-up saves when the saver fails. ``on_crash``
    writes a crash report before an unexpected exception leaves (and the terminal is
    restored). ``content``: the overlay (a mod) a new game is played under. ``hall``: the
    lines of the start screen's hall of fame (the best scores, the games that have ended)."""

    def __init__(self, seed: int, character: str | None = None, *,
                 engine: Game | None = None, saver: Saver | None = None,
                 on_crash: CrashReporter | None = None, wizard: bool = False,
                 options: Options = DEFAULT, rules: str = "manual",
                 saver_for: SaverFor | None = None, rescue: Saver | None = None,
                 on_end: Callable[[Session], list[str]] | None = None,
                 saved: Sequence[SavedGame] = (), content: Overlay | None = None,
                 hall: Callable[[], list[str]] | None = None) -> None:
        self.seed, self.options = seed, options
        self.size = (80, 24)  # the console's, at the last draw (--more-- pages fit the log)
        self.paged: tuple[int, int] | None = None  # the messages --more-- last paged
        self.saver, self.on_crash = saver, on_crash
        self.saver_for, self.rescue = saver_for, rescue
        self.on_end = on_end  # writes the morgue and the score; its lines go on the end screen
        self.crash_report: object = None
        self.session: Session | None = None
        self.stack: list[Screen] = []
        if engine is not None:
            self._begin(engine)
        elif character is not None:
            self._begin(Game(seed, character, wizard=wizard, rules=rules,
                             auto_pickup=options.auto_pickup, content=content))
        else:  # the options choose a new game's auto-pickup; a saved game keeps its own
            self.stack.append(StartScreen(seed, catalog_for(content), wizard=wizard,
                                          rules=rules, saved=saved,
                                          auto_pickup=options.auto_pickup, hall=hall))

    @classmethod
    def from_engine(cls, engine: Game, **hooks) -> GameApp:
        """Show a game already under way (a loaded save, a test scenario)."""
        return cls(engine.seed, engine=engine, **hooks)

    @property
    def engine(self) -> Game | None:
        return self.session.engine if self.session else None

    @property
    def screen(self) -> Screen:
        return self.stack[-1]

    def _begin(self, engine: Game) -> None:
        self.session = Session(engine, saver=self.saver, options=self.options)
        if self.options.warnings:  # the options file's, on the game's first screen
            self.session.note = "Options: " + " ".join(self.options.warnings)
        if engine.actions and engine.log:  # a game continued: its log is old news, not
            self.session.marker = engine.log[-1]  # a --more-- to page through again
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
        if key == "ctrl-c":  # the terminal's interrupt (SIGINT) or the key itself
            return self._interrupt()
        before = self._log_mark()
        step = self.screen.handle_key(key)
        if isinstance(step, Quit):
            return self._leave(step)
        self._apply(step)
        self.settle(before)
        return bool(self.stack)

    def settle(self, before: tuple[int, int] | None = None) -> None:
        """Put up what the app puts up by itself after a key: the end screen when the game
        has just ended, else --more-- when the key brought messages (the log's last is not
        ``before``) that do not fit."""
        if not self._check_ending() and self._log_mark() != before:
            self._check_more()

    def interrupt(self) -> bool:
        """Ctrl-C from the front end (SIGINT); False to quit."""
        return self.handle_key("ctrl-c")

    def _interrupt(self) -> bool:
        """Ctrl-C asks whether to quit, as Esc does; at that question, or where nothing is at
        stake (no game yet, the game over), it quits (saving first)."""
        screen = self.screen
        if getattr(screen, "leaving", False):
            return True  # already choosing what to do about a failed save
        if self.session is None or isinstance(screen, EndScreen) or (
                isinstance(screen, ConfirmScreen) and screen.on_yes == QUIT):
            return self._leave(QUIT)
        self.stack.append(really_quit())
        return True

    def _leave(self, step: Quit) -> bool:
        """Quit, saving first; False to quit. A save that fails keeps the game open and asks."""
        session = self.session
        if session is None:
            return False
        if not step.save:
            session.abandoned = True
            return False
        session.save()
        if session.save_error is None:  # saved, or nowhere to save to (a test's game)
            return False
        while len(self.stack) > 1 and self.screen.overlay:  # the question, an earlier failure
            self.stack.pop()
        save_as = None if self.saver_for is None else self._save_as
        self.stack.append(SaveFailedScreen(session.save_error or "unknown error", save_as))
        return True

    def _save_as(self, path: str) -> None:
        """Save to ``path`` from now on (the player chose another file)."""
        assert self.session is not None and self.saver_for is not None  # offered only then
        self.session.saver = self.saver_for(path)

    def hang_up(self) -> None:
        """The terminal went away or the game was told to stop (SIGHUP, SIGTERM, the window
        closed): save without asking anything; if that fails, save to the rescue file."""
        session = self.session
        if session is None or session.abandoned:
            return
        if session.save() is None and session.save_error and self.rescue is not None:
            error, session.saver = session.save_error, self.rescue
            if session.save() is None:
                session.save_error = f"{error}; the rescue save failed too: {session.save_error}"

    def _apply(self, step: Step) -> None:
        """Change the stack as the step says."""
        if isinstance(step, Pop):
            self.stack.pop()
        elif isinstance(step, Push):
            self.stack.append(step.screen)
        elif isinstance(step, Replace):
            self.stack[-1] = step.screen
        elif isinstance(step, Begin):
            self._begin(step.engine)

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
        if self.on_end is not None:
            session.ending = self.on_end(session)
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
        mark = paged_mark(session)
        if mark == self.paged or isinstance(self.screen, MoreScreen):
            return
        if overflows(session, self.size):
            self.paged = mark
            self.stack.append(MoreScreen(session))


def paged_mark(session: Session) -> tuple[int, int]:
    """Which messages --more-- pages: those after the marker, up to the last."""
    log = session.engine.log
    return (id(session.marker), id(log[-1]) if log else 0)


def _wizard(engine: Game) -> bool:
    flags = engine.store.get(engine.player, Player)
    return flags.wizard and not flags.show_rolls
