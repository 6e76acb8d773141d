"""The fighting commands beyond a bump: shoot or throw (t), throw anything (T), bash (B),
vital strike (V), rage (A), quiver (Q) and the stances ([ ] and \\). Each ends in an Action
submitted to the engine; what a command applies to (the shot t takes, the stance a key asks
for, what can be thrown or quivered, whether a bash or a vital strike can be made) is the
world's rule (``game.world.play.choices``)."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.world.core import actions as A
from game.world.play import choices

from . import describe, palette
from .inventory import choose
from .keys import DIRECTIONS
from .menus import MenuScreen
from .screen import POP, STAY, Push, Replace, Session, Step
from .target import TargetScreen
from .text import panel, put


def _aim(shot: choices.Shot) -> tuple[str, int, Callable[[int, int], A.Action]]:
    """What the target screen is given: what the aim says, the range, the action at a cell."""
    return f"{shot.verb} the {shot.name}", shot.range, shot.at


def _aim_throw(session: Session, item: int) -> TargetScreen:
    return TargetScreen(session, *_aim(choices.throw_shot(session.engine, item)))


def fire(session: Session) -> Step:
    """t: shoot the readied missile weapon; with none, throw the first thing made for it."""
    shot = choices.ready_shot(session.engine)
    if shot is not None:
        return Push(TargetScreen(session, *_aim(shot)))
    session.notice = "You have nothing ready to shoot or throw (T throws anything)."
    return STAY


def throw(session: Session) -> Step:
    """T: pick any weapon to throw, then aim."""
    items = choices.throwables(session.engine)
    if not items:
        session.notice = "You have nothing to throw."
        return STAY
    engine = session.engine
    entries = describe.item_entries(engine, items, in_order=True)  # made for throwing first
    return Push(MenuScreen("Throw what?", entries,
                           lambda item: Replace(_aim_throw(session, item))))


def quiver(session: Session) -> Step:
    ammo = choices.fitting(session.engine, "quiver")
    if not ammo:
        session.notice = "You have no ammunition to quiver."
        return STAY
    return choose(session, "Quiver what?", ammo, A.Quiver)


def bash(session: Session) -> Step:
    """B: bash the one creature beside you, or ask which way."""
    return _at_neighbour(session, A.Bash, "bash", "bash")


def vital(session: Session) -> Step:
    """V: the rogue's vital strike at the one creature beside you, or ask which way."""
    return _at_neighbour(session, A.VitalStrike, "vital", "strike")


def _at_neighbour(session: Session, action: Callable[[int], A.Action], blow: str,
                  verb: str) -> Step:
    engine = session.engine
    why = choices.blow_refused(engine, blow)
    if why is not None:
        session.notice = why
        return STAY
    me = engine.position(engine.player)
    near = [e for e, (_, p) in engine.creatures_here()
            if max(abs(p.x - me.x), abs(p.y - me.y)) == 1]
    if len(near) == 1:
        session.act(action(near[0]))
        return STAY
    if not near:
        session.notice = f"There is nothing beside you to {verb}."
        return STAY

    def at(dx: int, dy: int) -> Step:
        target = engine.blocker_at(me.x + dx, me.y + dy)
        if target is None or target == engine.player:
            session.notice = f"There is nothing there to {verb}."
        else:
            session.act(action(target))
        return POP

    return Push(DirectionPrompt(f"{verb.capitalize()} in which direction?", at))


def stance(session: Session, step: int | None) -> Step:
    """Step the stance towards Coward (-1) or Frenzy (+1), or back to Normal (None)."""
    change = choices.stance_change(session.engine, step)
    if isinstance(change, str):
        session.notice = change
    else:
        session.act(change)
    return STAY


class DirectionPrompt:
    """A one-line question answered with a direction key."""

    overlay = True

    def __init__(self, question: str, then: Callable[[int, int], Step]) -> None:
        self.question, self.then = question, then

    def handle_key(self, key: str) -> Step:
        if key in DIRECTIONS:
            return self.then(*DIRECTIONS[key])
        return POP if key == "escape" else STAY

    def draw(self, console: tcod.console.Console) -> None:
        width = len(self.question) + 4
        x, y = (console.width - width) // 2, console.height // 2 - 1
        panel(console, x, y, width, 3)
        put(console, x + 2, y + 1, self.question, palette.TITLE)
