"""No screen cuts a word at 80x24 (issue 34): every screen the UI has, every thing's examine
box (each entry of every table, known and unknown) and every creature's look, drawn at 80x24.

Two checks, on every frame: no text handed to ``put`` runs past the edge of its box or the
screen (``text.watch_cuts``: a line ending before its text does is a cut), and where the
source text is known (an examine box's lines, a look's words, the start screen's choices), all
of its words are on the screen, in order, or the screen says there is more. The screens are
enumerated from the code: every binding of the key table pressed in a wizard game, the
screens those open answered in turn, and every screen class of ``game.ui`` must have been
drawn, so a new screen is covered or this test names it. The ``scores`` command's lines are
checked whole when its output is not a terminal.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import pkgutil
import re
from argparse import Namespace

import tcod.console

import game.ui
from game.content.catalog import load_catalog
from game.persist import scores
from game.rules import stats
from game.ui import text as ui_text
from game.ui.app import GameApp
from game.ui.character import CharacterScreen
from game.ui.combat_keys import DirectionPrompt
from game.ui.confirm import really_quit
from game.ui.ending import EndScreen
from game.ui.explore import StairsOffer
from game.ui.inventory import examine
from game.ui.keys import BINDINGS
from game.ui.leaving import PathPrompt, ReplaceQuestion, SaveFailedScreen
from game.ui.look import LookScreen
from game.ui.main_screen import MainScreen
from game.ui.more import MoreScreen
from game.ui.screen import POP, Session
from game.ui.skills import SkillsScreen
from game.ui.start import HALL, SavedGame, StartScreen
from game.world.core.components import Hero, Position, Powers, Training
from game.world.game import Game
from game.world.play import knowledge, stacks, wizard_actions

CATALOG = load_catalog()
W, H = 80, 24
ROOM = """
############
#..........#
#.@.k......#
#.....<....#
#......>...#
############
"""
TOUR = """
############
#..........#
#.k@k......#
#.....<....#
#......>...#
############
"""
BASE_FOR = {"weapon": "long sword", "missile": "short bow", "body": "chain mail shirt",
            "shield": "small shield", "cloak": "cloak", "head": "leather cap",
            "hands": "pair of leather gloves", "feet": "pair of leather boots",
            "ring": "ring", "neck": "amulet"}  # a thing for each kind an affix sits on
SKIP_KEYS = {"save", "quit"}  # leave the game (the quit question is drawn on its own)
LONG_CAUSE = ("was killed by a kobold wielding a long sword of slaying after escaping with "
              "the amulet and coming back for more")


def rows_of(console: tcod.console.Console) -> list[str]:
    return ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(console.height)]


def flat(rows: list[str]) -> str:
    """The words as read: each box's rows inside its borders (a line wrapped in a box reads
    on), then every row whole; spaces collapsed."""
    inside = [r[r.index("│") + 1:r.rindex("│")] for r in rows if r.count("│") > 1]
    return " ".join(" ".join(inside + rows).split())


def says_more(rows: list[str]) -> bool:
    """A "more" marker, or pages ("(1/3)")."""
    return any(re.search(r"\bmore\b|\(\d+/\d+\)", r) for r in rows)


class Checker:
    """Draws screens at 80x24 and keeps what was cut, and which screen classes were drawn."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.drawn: set[type] = set()

    def draw(self, what, name: str) -> list[str]:
        console = tcod.console.Console(W, H, order="F")
        with ui_text.watch_cuts() as cuts:
            what.draw(console)
        stack = getattr(what, "stack", [what])
        self.drawn.update(type(s) for s in stack)
        for cut in cuts[:3]:
            self.failures.append(f"{name}: cut at ({cut.x},{cut.y}): {cut.shown!r} of "
                                 f"{cut.text!r}")
        return rows_of(console)

    def words(self, rows: list[str], source: str, name: str) -> None:
        """Every word of ``source`` on the screen, in order; or none of its beginning, when
        the screen says there is more (it is scrolled away, not cut)."""
        wanted = " ".join(source.split())
        shown = flat(rows)
        if wanted in shown:
            return
        if not says_more(rows) or " ".join(wanted.split()[:4]) in shown:
            self.failures.append(f"{name}: {wanted!r} is not shown whole")


def start_screens(check: Checker) -> None:
    labels = [f"continue the {c}: depth {d}, turn {t}, tides rules, wizard, long overlay"
              for c, d, t in (("human berserker", 12, 123456), ("lizardfolk guardian", 3, 77),
                              ("elf mage", 1, 5), ("dwarf rogue", 2, 9), ("elf duelist", 4, 1))]
    for count in (0, 1, 3, 5):
        saved = [SavedGame(label, f"/home/player/saves/{label[13:30].replace(' ', '-')}.json",
                           lambda: "not here") for label in labels[:count]]
        screen = StartScreen(18446744073709551615, CATALOG, saved=saved)
        rows = check.draw(screen, f"start screen, {count} games under way")
        for letter, name in zip("abcdefghijklmnopqrstuvwxyz", screen.names, strict=False):
            if f"{letter}) {name}" not in flat(rows) and not says_more(rows):
                check.failures.append(f"start screen, {count} games under way: {name!r} "
                                      "is below the edge, and nothing says so")
        if count == 1:
            screen.handle_key("a")
            check.draw(screen, "start screen, a game that cannot be opened")
    for race in CATALOG.races:
        screen = StartScreen(1, CATALOG)
        screen.handle_key(next(k for k, n in zip("abcdefghijklmnopqrstuvwxyz", screen.names,
                                                 strict=False) if n == "build your own"))
        rows = check.draw(screen, "race list")
        check.words(rows, CATALOG.races[race].description if race == screen.names[0] else "",
                    "race list")
        screen.handle_key("abcdefghijklmnopqrstuvwxyz"[list(CATALOG.races).index(race)])
        for index, hero_class in enumerate(CATALOG.classes):
            screen.selected = index
            rows = check.draw(screen, f"class list for the {race}, on the {hero_class}")
            check.words(rows, CATALOG.classes[hero_class].kit.description,
                        f"class list for the {race}, the {hero_class}")
    hall = [f"{place:>3} some score {'and a long cause of death ' * 3}" for place in range(30)]
    screen = StartScreen(1, CATALOG, hall=lambda: hall)
    app = GameApp(1)
    app.stack = [screen]
    if HALL not in screen.names:
        check.failures.append("the start screen has no hall of fame")
        return
    app.handle_key("abcdefghijklmnopqrstuvwxyz"[screen.names.index(HALL)])
    rows = check.draw(app, "the hall of fame")
    for line in hall[:5]:
        check.words(rows, line, "the hall of fame")
    for _ in range(40):
        app.handle_key("down")
    rows = check.draw(app, "the hall of fame, at its end")
    check.words(rows, hall[-1], "the hall of fame, at its end")


def character_screens(check: Checker) -> None:
    """The @ screen of every race and class, fresh and with every rank trained."""
    for name in CATALOG.characters:
        engine = Game.scenario(ROOM, {}, character=name)
        try:
            check.draw(CharacterScreen(engine), f"@ screen of the {name}")
            training = engine.store.get(engine.player, Training)
            for rank in (*stats.STYLES, *stats.WEAPON_SKILLS):  # every rank, trained
                training.points[rank] = 3
            rows = check.draw(CharacterScreen(engine), f"@ screen of the {name}, all trained")
            for rank in (*stats.STYLES, *stats.WEAPON_SKILLS):
                check.words(rows, rank, f"@ screen of the {name}, all trained")
        finally:
            engine.close()


def touring_app() -> GameApp:
    """A wizard game beside two kobolds, invulnerable, with every spell, things to carry and
    to pick up, and a long log (old news: no --more-- before the first key)."""
    engine = Game.scenario(TOUR, {"k": "kobold"}, character="dwarf warrior", wizard=True)
    engine.submit(wizard_actions.Invulnerable())  # the kobolds cannot end the tour
    engine.submit(wizard_actions.LearnSpells())
    for name in ("long sword", "potion of curing", "scroll of magic mapping", "short bow",
                 "wand of frost", "dagger"):
        powers = Powers(charges=3) if name.startswith("wand") else None
        stacks.take(engine, engine.player, engine.create_item(name, 1, None, powers))
    me = engine.position(engine.player)
    for name in ("dagger", "cloak"):
        engine.create_item(name, 1, Position(me.x, me.y, me.depth))
    for word in range(30):
        engine.say(f"A long message number {word} that goes on and on about the kobold and "
                   "its very sharp and quite unpleasant little spear, to wrap.")
    app = GameApp.from_engine(engine)
    assert app.session is not None
    app.session.marker = engine.log[-1]
    return app


def every_key(check: Checker) -> None:
    """Every binding of the key table, pressed in a wizard game of its own, and what it opens
    answered in turn (a cell picker's Tab and Enter, a prompt's text, a menu's letter)."""
    for binding in BINDINGS:
        if not binding.keys or binding.command in SKIP_KEYS:
            continue
        app = touring_app()
        key = binding.keys[0]
        app.handle_key(key)
        seen = f"key {key} ({binding.command})"
        check.draw(app, seen)
        for answer in ("tab", "enter", "a", "k", "enter", "escape"):
            if isinstance(app.screen, MainScreen) or app.engine is None or app.engine.over:
                break
            app.handle_key(answer)
            check.draw(app, f"{seen}, then {answer}")
            if getattr(app.screen, "arena", None) is not None:  # the fight simulator
                app.screen.stop()  # its figures so far
                check.draw(app, f"{seen}, its fights stopped")
        assert app.engine is not None
        app.engine.close()
    app = touring_app()
    session = app.session
    assert session is not None and app.engine is not None
    for screen in (really_quit(), DirectionPrompt("Bash in which direction?", lambda x, y: POP),
                   StairsOffer(session, "Done exploring. Travel to the stairs "
                                                       "down (>)? (y/n)")):
        app.stack.append(screen)
        check.draw(app, type(screen).__name__)
        app.stack.pop()
    session.marker = None  # every message is new: --more-- pages them
    app.stack.append(MoreScreen(session))
    check.draw(app, "--more--")
    failed = SaveFailedScreen("No space left on device: " + "/very/long/path/" * 8, str)
    app.stack[-1] = failed
    check.draw(app, "the save failed")
    prompt = PathPrompt(failed)
    app.stack[-1] = prompt
    check.draw(app, "the save failed: another file")
    app.stack[-1] = ReplaceQuestion(prompt, "/home/player/saves/" + "x" * 60)
    check.draw(app, "the save failed: replace it?")
    app.engine.close()


def examine_boxes(check: Checker) -> None:
    """Every entry of every table (and every affix on each kind of thing it sits on), known
    and unknown, examined."""
    for known in (False, True):
        engine = Game.scenario(ROOM, {}, character="human warrior")
        session = Session(engine)
        things = [(name, Powers(charges=3, known=known)
                   if getattr(CATALOG.lookup(name), "kind", "") == "wand" else None)
                  for name in CATALOG.item_names()]
        things += [(BASE_FOR[on], Powers(ego=affix.name, cursed=affix.cursed, known=known))
                   for affix in CATALOG.magic.affixes.values() for on in affix.on]
        for name, powers in things:
            if known:
                knowledge.learn_kind(engine, name)
            item = engine.create_item(name, 1, None, powers)
            box = examine(session, item)
            seen = f"examine the {'known' if known else 'unknown'} {engine.item_name(item)}"
            rows = check.draw(box, seen)
            for entry in box.entries:
                check.words(rows, entry.label, seen)
        engine.close()


def looks(check: Checker) -> None:
    """Every creature of the tables, looked at where it stands."""
    for kind in CATALOG.creatures:
        engine = Game.scenario(ROOM, {"k": kind})
        session = Session(engine)
        look = LookScreen(session)
        look.handle_key("tab")
        rows = check.draw(look, f"look at the {kind}")
        check.words(rows, CATALOG.creatures[kind].description, f"look at the {kind}")
        engine.close()


def end_screens(check: Checker) -> None:
    for outcome in ("died", "won"):
        engine = Game.scenario(ROOM, {"k": "kobold"}, character="lizardfolk berserker")
        engine.component(engine.player, Hero).level = 7
        engine.outcome = outcome if outcome == "won" else "dead"
        engine.cause = LONG_CAUSE
        session = Session(engine)
        rows_table = [{"score": 12345, "character": "lizardfolk berserker", "seed": 1,
                       "outcome": "", "cause": LONG_CAUSE, "depth": 12, "turns": 123456,
                       "wizard": True, "date": "2026-12-02"}] * 3
        session.ending = [f"Character dump: /home/player/saves/{'x' * 70}.txt",
                          *scores.table(rows_table, 2)]
        rows = check.draw(EndScreen(session), f"the end screen ({outcome})")
        check.words(rows, LONG_CAUSE, "the end screen")
        engine.close()


def scores_command(check: Checker, tmp_path) -> None:
    """``python -m game scores`` into a pipe: every line whole."""
    from game.commands import tools

    path = tmp_path / "scores.json"
    scores.record({"score": 1300, "character": "lizardfolk berserker", "seed": 1,
                   "outcome": "won", "cause": LONG_CAUSE, "depth": 3, "turns": 999999,
                   "wizard": False}, path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        tools.run_scores(Namespace(file=str(path)))
    if LONG_CAUSE.removeprefix("was ") not in " ".join(out.getvalue().split()):
        check.failures.append(f"scores into a pipe cuts the cause: {out.getvalue()!r}")


def screen_classes() -> set[type]:
    """Every screen of game.ui: a class of its own with draw and handle_key (not an app)."""
    found = set()
    for module in pkgutil.iter_modules(game.ui.__path__):
        loaded = importlib.import_module(f"game.ui.{module.name}")
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == loaded.__name__ and hasattr(cls, "draw") \
                    and hasattr(cls, "handle_key") and not cls.__name__.endswith("App") \
                    and not getattr(cls, "_is_protocol", False):
                found.add(cls)
    return found


def test_no_screen_cuts_a_word_at_80x24(tmp_path):
    check = Checker()
    start_screens(check)
    character_screens(check)
    every_key(check)
    examine_boxes(check)
    looks(check)
    end_screens(check)
    scores_command(check, tmp_path)
    engine = Game.scenario(ROOM, {})
    check.draw(SkillsScreen(engine), "the skills screen")
    engine.close()
    missing = sorted(c.__name__ for c in screen_classes() - check.drawn)
    assert not missing, f"screens this test never draws: {missing}"
    shown = check.failures[:40]
    assert not check.failures, f"{len(check.failures)} cuts:\n" + "\n".join(shown)
