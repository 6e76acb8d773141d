"""The main screen: the map, status and log, and every command of the key table."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.world.core import actions as A

from . import combat_keys, inventory, magic_keys, wizard_menu
from .character import CharacterScreen
from .confirm import really_quit
from .explore import explore, to_stairs
from .help import HelpScreen
from .keys import Binding, keymap, rebound
from .log import MessageLogScreen
from .look import LookScreen, TravelScreen
from .screen import QUIT, STAY, Push, Session, Step
from .skills import SkillsScreen
from .view import draw_play

SIMPLE_ACTIONS: dict[str, Callable[[], A.Action]] = {
    "wait": A.Wait, "rest": A.Rest, "descend": A.Descend, "ascend": A.Ascend, "rage": A.Rage,
}


SESSION_COMMANDS: dict[str, Callable[[Session], Step]] = {
    "explore": explore,
    "travel": lambda s: Push(TravelScreen(s)),
    "travel_down": lambda s: to_stairs(s, down=True),
    "travel_up": lambda s: to_stairs(s, down=False),
    "fire": combat_keys.fire, "throw": combat_keys.throw, "quiver": combat_keys.quiver,
    "bash": combat_keys.bash, "vital": combat_keys.vital,
    **magic_keys.COMMANDS,
    "stance_down": lambda s: combat_keys.stance(s, -1),
    "stance_up": lambda s: combat_keys.stance(s, 1),
    "stance_normal": lambda s: combat_keys.stance(s, None),
}


class MainScreen:
    overlay = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self.bindings = rebound(session.options.keys)  # the options file may move keys
        self.keymap = keymap(self.bindings)

    def draw(self, console: tcod.console.Console) -> None:
        draw_play(console, self.session)

    def handle_key(self, key: str) -> Step:
        binding = self.keymap.get(key)
        if binding is None:
            return STAY
        self.session.notice = None
        return self._command(binding)

    def _command(self, binding: Binding) -> Step:
        session, name = self.session, binding.command
        if binding.direction is not None:
            session.act(A.Move(*binding.direction))
        elif name in SIMPLE_ACTIONS:
            session.act(SIMPLE_ACTIONS[name]())
        elif name in inventory.ITEM_COMMANDS:
            return inventory.item_command(session, name)
        elif name == "pickup":
            return inventory.pick_up(session)
        elif name == "save":
            return QUIT  # leaving saves the game (GameApp)
        elif name in SESSION_COMMANDS:
            return SESSION_COMMANDS[name](session)
        elif name in wizard_menu.COMMANDS:
            return wizard_menu.command(session, name)
        else:
            return Push(self._screen(name))
        return STAY

    def _screen(self, name: str):
        session = self.session
        screens = {
            "inventory": lambda: inventory.inventory_screen(session),
            "character": lambda: CharacterScreen(session.engine),
            "skills": lambda: SkillsScreen(session.engine),
            "messages": lambda: MessageLogScreen(session),
            "look": lambda: LookScreen(session),
            "help": lambda: HelpScreen(self.bindings),
            "quit": really_quit,
        }
        return screens[name]()
