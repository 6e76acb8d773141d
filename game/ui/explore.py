"""Auto-explore (o): walk towards the nearest unexplored place, step by recorded step, until
something happens; once the level is explored, walk to the stairs down."""

from __future__ import annotations

from game.world import actions as A
from game.world import travel
from game.world.components import Health

from .screen import STAY, Session, Step

STEP_LIMIT = 400  # steps in one go


def _trouble(session: Session) -> bool:
    engine = session.engine
    return any(engine.sees(eid) for eid, _ in engine.creatures_here())


def explore(session: Session) -> Step:
    engine = session.engine
    if _trouble(session):
        session.notice = "Not with a creature in view."
        return STAY
    health = engine.component(engine.player, Health)
    for taken in range(STEP_LIMIT):
        step = travel.explore_step(engine)
        if step is None:
            if taken == 0:
                session.notice = _done_note(session)
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
