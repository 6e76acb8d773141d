"""Auto-explore (o) and travel (_ to a cell, G to the stairs down, U to the stairs up): walk
step by recorded step, until something happens. Auto-explore walks towards the nearest
unexplored place, and once the level is explored, to the stairs down. Both stop for the same
things: a creature in view, being hurt, something lying on the cell reached."""

from __future__ import annotations

from game.world.core import actions as A
from game.world.core.components import Health
from game.world.play import travel

from .screen import STAY, Session, Step

STEP_LIMIT = 400  # steps in one go


def _trouble(session: Session) -> bool:
    engine = session.engine
    return any(engine.sees(eid) for eid, _ in engine.creatures_here())


def explore(session: Session) -> Step:
    return walk(session, travel.explore_step, _done_note)


def travel_to(session: Session, target: tuple[int, int] | None, why_not: str) -> Step:
    """Walk to a known cell (``why_not`` is said when there is none or no way there)."""
    engine = session.engine
    gm = engine.gamemap
    if target is None or not gm.explored[target] or not gm.walkable[target]:
        session.notice = why_not
        return STAY

    def step(engine) -> tuple[int, int] | None:
        pos = engine.position(engine.player)
        return None if (pos.x, pos.y) == target else travel.step_toward(engine, [target])

    def note(session: Session) -> str:
        pos = engine.position(engine.player)
        return "You are there already." if (pos.x, pos.y) == target else \
            "You know no way there."

    return walk(session, step, note)


def to_stairs(session: Session, down: bool) -> Step:
    gm = session.engine.gamemap
    stairs, sign = (gm.stairs_down, ">") if down else (gm.stairs_up, "<")
    return travel_to(session, stairs, f"You have not found the stairs {'down' if down else 'up'}"
                                      f" ({sign}) on this level.")


def walk(session: Session, next_step, done_note) -> Step:
    """Step by ``next_step(engine)`` until it says None or something happens."""
    engine = session.engine
    if _trouble(session):
        session.notice = "Not with a creature in view."
        return STAY
    health = engine.store.get(engine.player, Health)
    for taken in range(STEP_LIMIT):
        step = next_step(engine)
        if step is None:
            if taken == 0:
                session.notice = done_note(session)
            return STAY
        hp = health.hp
        result = session.act(A.Move(*step))
        pos = engine.position(engine.player)
        if (not isinstance(result, A.Done) or engine.over or _trouble(session)
                or health.hp < hp or engine.items_at(pos.x, pos.y)):
            return STAY
    return STAY


def _done_note(session: Session) -> str:
    engine = session.engine
    pos = engine.position(engine.player)
    if (pos.x, pos.y) == engine.gamemap.stairs_down:
        return "Explored. You stand on the stairs down (>)."
    return "Nothing left to explore that you can reach."
