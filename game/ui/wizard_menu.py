"""Wizard mode through keys: ``&`` enters it (after a typed "yes") or opens the menu of every
wizard command; each command also has its own key (``keys.BINDINGS``, "wiz_..." commands).

In a normal game those keys only say how to get wizard mode: nothing is submitted, so nothing
in the game changes. Every command that changes the game is a ``game.world.play.wizard_actions``
value sent through ``session.act`` and so recorded; the odds inspector and the fight simulator only
read (``wizard_odds``, ``wizard_fsim``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import stats
from game.world.core.components import Attributes, Player, Training
from game.world.core.mapgen import MAX_DEPTH
from game.world.play import magic_items
from game.world.play import wizard_actions as W

from . import wizard_fsim, wizard_odds
from .keys import BINDINGS, key_label
from .menus import Entry, MenuScreen
from .screen import POP, STAY, Push, Replace, Session, Step
from .wizard_pick import CellPicker
from .wizard_prompts import NamePrompt, TextPrompt, WishPrompt, number_prompt

NEEDS = "That needs wizard mode (& to enter it)."
QUESTION = "Enter wizard mode for good? Type yes:"
NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

SIMPLE: dict[str, Callable[[], W.WizardAction]] = {
    "wiz_map": W.MapLevel, "wiz_heal": W.Heal, "wiz_kill": W.KillAll,
    "wiz_invulnerable": W.Invulnerable, "wiz_rolls": W.ShowRolls, "wiz_regen": W.Regenerate,
    "wiz_identify": W.IdentifyAll, "wiz_spells": W.LearnSpells, "wiz_level": W.GainLevel,
    "wiz_wake": W.WakeAll,
}


def is_wizard(session: Session) -> bool:
    return session.engine.store.get(session.engine.player, Player).wizard


def command(session: Session, name: str) -> Step:
    """What the main screen does with ``&`` and the wizard keys."""
    if name == "wizard":
        return Push(menu(session)) if is_wizard(session) else Push(confirm(session))
    if not is_wizard(session):
        session.notice = NEEDS
        return STAY
    if name in SIMPLE:
        session.act(SIMPLE[name]())
        return STAY
    return SCREENS[name](session)


def confirm(session: Session) -> TextPrompt:
    """Only the exact word "yes" makes this a wizard game (for good)."""
    def submit(text: str) -> Step:
        if text == "yes":
            session.act(W.Enable())
        else:
            session.notice = "Wizard mode not entered."
        return POP

    return TextPrompt(QUESTION, submit)


def menu(session: Session) -> MenuScreen:
    """Every wizard command with its own key beside it; choosing one runs it."""
    entries = [Entry(b.help.removeprefix("wizard: "), b.command,
                     key_label(b.keys[0]) if b.keys else "")
               for b in BINDINGS if b.command in COMMANDS and b.command != "wizard"]

    def pick(name: str) -> Step:
        step = command(session, name)
        return Replace(step.screen) if isinstance(step, Push) else POP

    return MenuScreen("Wizard", entries, pick)


def _act_and_pop(session: Session, action: W.WizardAction) -> Step:
    session.act(action)
    return POP


def teleport(session: Session) -> Step:
    return Push(CellPicker(session, "Teleport to",
                           lambda x, y: _act_and_pop(session, W.Teleport(x, y))))


def depth(session: Session) -> Step:
    here = session.engine.depth
    entries = [Entry(f"depth {d}", d, "you are here" if d == here else "")
               for d in range(1, MAX_DEPTH + 1)]
    return Push(MenuScreen("Go to which depth?", entries,
                           lambda d: _act_and_pop(session, W.GoToDepth(d))))


def free_neighbour(session: Session) -> tuple[int, int] | None:
    """The first walkable cell next to the player with nobody on it, clockwise from north."""
    engine = session.engine
    me = engine.position(engine.player)
    gm = engine.gamemap
    for dx, dy in NEIGHBOURS:
        x, y = me.x + dx, me.y + dy
        if gm.in_bounds(x, y) and gm.walkable[x, y] and engine.blocker_at(x, y) is None:
            return x, y
    return None


def creature(session: Session) -> Step:
    def take(name: str) -> Step:
        spot = free_neighbour(session)
        if spot is None:
            session.notice = "There is no room next to you."
            return POP
        return _act_and_pop(session, W.CreateCreature(name, *spot))

    names = sorted(session.engine.catalog.creatures)
    return Push(NamePrompt("Create which creature?", names, take))


def wish(session: Session) -> Step:
    names = magic_items.wish_names(session.engine.catalog)
    return Push(WishPrompt("Wish for which item? (+2 long sword of slaying)", names,
                           lambda name: _act_and_pop(session, W.CreateItem(name))))


def stat(session: Session) -> Step:
    now = session.engine.component(session.engine.player, Attributes)
    entries = [Entry(s, s, str(getattr(now, s))) for s in W.STATS]

    def ask(name: str) -> Step:
        return Replace(number_prompt(f"New {name}", W.MIN_STAT, W.MAX_STAT,
                                     lambda n: _act_and_pop(session, W.SetStat(name, n))))

    return Push(MenuScreen("Set which stat?", entries, ask))


def rank(session: Session) -> Step:
    """Weapon skills, then fighting styles ("Unarmed" is both: SetRank takes it as the style)."""
    training = session.engine.store.get(session.engine.player, Training)
    skills = [s for s in session.engine.skill_names() if s not in stats.STYLES]
    entries = [Entry(s, s, f"skill {training.skills.get(s, 0)}") for s in skills]
    entries += [Entry(s, s, f"style {training.styles.get(s, 0)}") for s in stats.STYLES]

    def ask(name: str) -> Step:
        return Replace(number_prompt(f"New rank in {name}", 0, stats.MAX_RANK,
                                     lambda n: _act_and_pop(session, W.SetRank(name, n))))

    return Push(MenuScreen("Set which rank?", entries, ask))


SCREENS: dict[str, Callable[[Session], Step]] = {
    "wiz_teleport": teleport, "wiz_depth": depth, "wiz_creature": creature, "wiz_item": wish,
    "wiz_stat": stat, "wiz_rank": rank, "wiz_odds": wizard_odds.odds,
    "wiz_fsim": wizard_fsim.fsim,
}
COMMANDS = frozenset({"wizard", *SIMPLE, *SCREENS})
