"""Auto-explore (o) and travel (_ to a cell, G to the stairs down, U to the stairs up) as
keys. Both walk in recorded actions, one after another, until something happens.

Where explore goes is the world's choice (``game.world.play.explore``): the nearest unknown
place, or something auto-pickup would take. This module only presses on and stops. Explore
and travel both stop when a creature comes into view, when the player is hurt, when an
action is refused, and when the level changes. Explore also stops when it first sees a
thing it will not take ("You see: battle axe."); after that it ignores the thing. When
nothing is left, explore says so and offers the stairs down. Travel remembers where it last
went with _ (``Session.travel_target``), and the travel cursor starts there.
"""

from __future__ import annotations

from collections.abc import Callable

from game.world.core import actions as A
from game.world.core.components import Health
from game.world.play import travel

from .confirm import ConfirmScreen
from .screen import POP, STAY, Push, Session, Step

STEP_LIMIT = 400  # actions in one go


def _trouble(session: Session) -> bool:
    engine = session.engine
    return any(engine.sees(eid) for eid, _ in engine.creatures_here())


def explore(session: Session) -> Step:
    """Explore: walk (and pick up) as the world's explorer says, until it is done."""
    explorer = session.explorer()
    explorer.rethink()  # the player may have walked anywhere since the last press

    def news() -> str | None:
        """A thing seen for the first time that explore will not take stops it, once."""
        unwanted = [i for i in session.spotted if not explorer.wants(i)]
        if not unwanted:
            return None
        names = ", ".join(session.engine.item_name(i) for i in unwanted)
        return f"You see: {names}."

    return walk(session, lambda engine: explorer.next_action(), lambda taken: _explored(session),
                news)


def _explored(session: Session) -> Step:
    """Nothing left to explore: say so, and offer the stairs down."""
    engine = session.engine
    gm, pos = engine.gamemap, engine.position(engine.player)
    far = session.explorer().out_of_reach()
    said = f"Partly explored: some {' and '.join(far)} out of reach." if far \
        else "Done exploring."
    stairs = gm.stairs_down
    if stairs is None:  # the deepest level
        session.notice = said
        return STAY
    if not gm.explored[stairs]:
        session.notice = f"{said} You have not found the stairs down (>)."
        return STAY
    if (pos.x, pos.y) == stairs:
        session.notice = f"{said} You stand on the stairs down (>)."
        return STAY
    if travel.step_toward(engine, [stairs]) is None:
        session.notice = f"{said} You know no way to the stairs down (>)."
        return STAY
    session.notice = said  # in the log too (when partly explored the whole of it, wrapped)
    return Push(StairsOffer(session, f"{said.split(':')[0].removesuffix('.')}. "
                                     "Travel to the stairs down (>)? (y/n)"))


class StairsOffer(ConfirmScreen):
    """"Done exploring. Travel to the stairs down (>)? (y/n)": y (or >, or Enter) travels
    there; n or Escape does not; no other key answers (o again is not a no)."""

    YES_KEYS = ("y", "Y", ">", "enter")

    def __init__(self, session: Session, question: str) -> None:
        super().__init__(question, POP)
        self.session = session

    def yes(self) -> Step:
        to_stairs(self.session, down=True)
        return POP


def travel_to(session: Session, target: tuple[int, int] | None, why_not: str, *,
              remember: bool = False) -> Step:
    """Walk to a known cell (``why_not`` is said when there is none or no way there);
    ``remember``: as travel's last target (a cell picked with _; the stairs have keys)."""
    engine = session.engine
    gm = engine.gamemap
    if target is None or not gm.explored[target] or not gm.walkable[target]:
        session.notice = why_not
        return STAY
    if remember:
        session.travel_target = (engine.depth, *target)

    def step(engine) -> A.Action | None:
        pos = engine.position(engine.player)
        if (pos.x, pos.y) == target:
            return None
        towards = travel.step_toward(engine, [target])
        return None if towards is None else A.Move(*towards)

    def arrived(taken: int) -> Step:
        pos = engine.position(engine.player)
        if taken == 0:
            session.notice = "You are there already." if (pos.x, pos.y) == target else \
                "You know no way there."
        return STAY

    return walk(session, step, arrived)


def to_stairs(session: Session, down: bool) -> Step:
    gm = session.engine.gamemap
    stairs, sign = (gm.stairs_down, ">") if down else (gm.stairs_up, "<")
    return travel_to(session, stairs, f"You have not found the stairs {'down' if down else 'up'}"
                                      f" ({sign}) on this level.")


def walk(session: Session, next_action: Callable, at_end: Callable[[int], Step],
         news: Callable[[], str | None] = lambda: None) -> Step:
    """Act by ``next_action(engine)`` until it says None (then ``at_end(actions taken)``)
    or something happens: a creature in view, a wound, a refusal, another level, or
    ``news`` to tell (it becomes the notice)."""
    engine = session.engine
    if _trouble(session):
        session.notice = "Not with a creature in view."
        return STAY
    health = engine.store.get(engine.player, Health)
    depth = engine.depth
    for taken in range(STEP_LIMIT):
        action = next_action(engine)
        if action is None:
            return at_end(taken)
        hp = health.hp
        result = session.act(action)
        if (not isinstance(result, A.Done) or engine.over or _trouble(session)
                or health.hp < hp or engine.depth != depth):
            return STAY
        told = news()
        if told is not None:
            session.notice = told
            return STAY
    return STAY
