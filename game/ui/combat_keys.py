"""The fighting commands beyond a bump: shoot or throw (t), throw anything (T), bash (B),
vital strike (V), rage (A), quiver (Q) and the stances ([ ] and \\). Each ends in an Action
submitted to the engine."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console

from game.rules import profiles, stats
from game.rules.items import Ammo, Weapon
from game.world.core import actions as A
from game.world.core.components import Equipment, Stance
from game.world.game import Game
from game.world.play import fighters
from game.world.play.player_actions import NO_SHIELD

from . import describe, palette
from .inventory import choose
from .keys import DIRECTIONS
from .menus import MenuScreen
from .screen import POP, STAY, Push, Replace, Session, Step
from .target import TargetScreen
from .text import panel, put

STANCE_ORDER = tuple(stats.STANCES)  # Coward ... Frenzy
_SET_STANCE = {name: A.SetStance(name) for name in STANCE_ORDER}  # actions are values


def _throwables(engine: Game) -> list[int]:
    """Weapons that can be thrown: those made for it first, what is wielded last."""
    weapons = [(i, data) for i in engine.inventory()
               if (data := _throwable(engine, i)) is not None]
    weapons.sort(key=lambda w: (not w[1].made_for_throwing,
                                engine.equipped_slot(w[0]) is not None))
    return [i for i, _ in weapons]


def _throwable(engine: Game, item: int) -> Weapon | None:
    """The item's weapon when it is one that can be thrown (any weapon but a missile one)."""
    data = describe.item_data(engine, item)
    return data if isinstance(data, Weapon) and not data.is_missile else None


def _aim_throw(session: Session, item: int) -> TargetScreen:
    return TargetScreen(session, *_throw_shot(session.engine, item))


Shot = tuple[str, int, Callable[[int, int], A.Action]]


def ready_shot(engine: Game) -> Shot | None:
    """What t uses: the readied missile weapon, else the first unused weapon made for
    throwing, as (what the aim says, range, the action at a cell); None with nothing ready.
    The Gymnasium environment's "fire at the nearest" uses it too."""
    if _missile_readied(engine):
        fighter = engine.fighter(engine.player)
        shot = profiles.shot(fighter)
        assert fighter.missile is not None and shot is not None  # a missile weapon is readied
        return (f"Shoot the {fighter.missile.name}", shot.range, A.Fire)
    made = next((i for i in engine.inventory() if _spare_throwing_weapon(engine, i)), None)
    return _throw_shot(engine, made) if made is not None else None


def _spare_throwing_weapon(engine: Game, item: int) -> bool:
    """A weapon made for throwing and not in use: the first of these in the pack is the first
    of ``_throwables`` (which puts them first, in pack order) that ``ready_shot`` takes."""
    data = _throwable(engine, item)
    return data is not None and data.made_for_throwing and engine.equipped_slot(item) is None


def _missile_readied(engine: Game) -> bool:
    """Whether the player's Fighter has a missile weapon (a weapon in the missile slot, as
    ``game.world.play.fighters`` builds it), asked without building the Fighter."""
    eq = engine.component(engine.player, Equipment)
    return eq is not None and fighters.missile_weapon(engine.catalog, eq) is not None


def _throw_shot(engine: Game, item: int) -> Shot:
    weapon = _throwable(engine, item)
    assert weapon is not None, "only weapons that can be thrown are offered"
    attack = profiles.throw(engine.fighter(engine.player), weapon)
    name = describe.item_data(engine, item).name
    return f"Throw the {name}", attack.range, lambda x, y: A.Throw(item, x, y)


def fire(session: Session) -> Step:
    """t: shoot the readied missile weapon; with none, throw the first thing made for it."""
    shot = ready_shot(session.engine)
    if shot is not None:
        return Push(TargetScreen(session, *shot))
    session.notice = "You have nothing ready to shoot or throw (T throws anything)."
    return STAY


def throw(session: Session) -> Step:
    """T: pick any weapon to throw, then aim."""
    items = _throwables(session.engine)
    if not items:
        session.notice = "You have nothing to throw."
        return STAY
    engine = session.engine
    entries = describe.item_entries(engine, items, in_order=True)  # made for throwing first
    return Push(MenuScreen("Throw what?", entries,
                           lambda item: Replace(_aim_throw(session, item))))


def quiver(session: Session) -> Step:
    engine = session.engine
    ammo = [i for i in engine.inventory()
            if isinstance(describe.item_data(engine, i), Ammo) and engine.equipped_slot(i) is None]
    if not ammo:
        session.notice = "You have no ammunition to quiver."
        return STAY
    return choose(session, "Quiver what?", ammo, A.Quiver)


def bash(session: Session) -> Step:
    """B: bash the one creature beside you, or ask which way."""
    return _at_neighbour(session, A.Bash, "bash")


def vital(session: Session) -> Step:
    """V: the rogue's vital strike at the one creature beside you, or ask which way."""
    return _at_neighbour(session, A.VitalStrike, "strike")


def _at_neighbour(session: Session, action: Callable[[int], A.Action], verb: str) -> Step:
    engine = session.engine
    if profiles.bash(engine.fighter(engine.player)) is None:
        session.notice = NO_SHIELD
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
    change = stance_change(session.engine, step)
    if isinstance(change, str):
        session.notice = change
    else:
        session.act(change)
    return STAY


def stance_change(engine: Game, step: int | None) -> A.SetStance | str:
    """The stance one step towards Coward (-1) or Frenzy (+1), or Normal (None); or why
    there is none. The stance is read from its component, which the Fighter's is built
    from (Normal without one), so no Fighter is built to ask it."""
    if step is None:
        return _SET_STANCE[stats.NORMAL.name]
    stance = engine.component(engine.player, Stance)
    current = stance.name if stance is not None else stats.NORMAL.name
    index = STANCE_ORDER.index(current) + step
    if not 0 <= index < len(STANCE_ORDER):
        return f"You are already in the {current} stance."
    return _SET_STANCE[STANCE_ORDER[index]]


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
