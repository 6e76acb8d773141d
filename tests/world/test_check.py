"""``Engine.check``: every cache and shortcut agrees with the same worked out afresh, all
through a bot game under each combat system (the world tests' fixture checks after every
step); and each one it covers, put wrong on purpose, is found out."""

from __future__ import annotations

import numpy as np
import pytest

from game.rules import systems
from game.world.core import actions as A
from game.world.core.components import Creature, Player, Position
from game.world.game import Game
from game.world.play import ai, vitals
from game.world.play.bot import Bot

STEPS = 150


@pytest.mark.parametrize("rules", systems.NAMES)
def test_every_cache_holds_through_a_bot_game(engines, checked, rules):
    engine = Game(11, "dwarf warrior", rules=rules)
    engines.append(engine)
    engine.component(engine.player, Player).invulnerable = True
    bot = Bot(engine, 11, turns=STEPS)
    depths, sleepers = set(), 0
    for _ in range(STEPS):
        engine.submit(bot.next_action())  # checked after it (tests/world/conftest.py)
        depths.add(engine.depth)
        sleepers += sum(not c.awake for _, (c, _) in engine.creatures_here())
    assert checked.steps == STEPS and sleepers > 100  # a game with sleepers about


ROOM = """
############
#@.........#
#..........#
#.......k..#
#..........#
############
"""


def _room(engines) -> Game:
    engine = Game.scenario(ROOM, {"k": "kobold"})
    engines.append(engine)
    engine.submit(A.Wait())
    assert engine.check() == []
    return engine


def _kobold(engine: Game) -> int:
    return next(e for e, _ in engine.creatures_here())


def _misplace(engine: Game) -> None:
    cells = engine.store._cells[1]
    key = next(k for k, e in cells.items() if e == _kobold(engine))
    cells[key + 1] = cells.pop(key)


def _forget_an_item(engine: Game) -> None:
    engine.create_item("dagger", 1, Position(2, 2, 1))
    engine.items_at(2, 2)  # grouped now
    engine.store.items._groups[1].pop()


def _skip_in_the_queue(engine: Game) -> None:
    engine.schedule.heap[:] = [e for e in engine.schedule.heap if e[1] != _kobold(engine)]


def _wrong_look(engine: Game) -> None:
    engine.store.looked = engine.gamemap.sight
    creature = engine.component(_kobold(engine), Creature)
    creature.in_view = not creature.in_view


def _wrong_fighter(engine: Game) -> None:
    from dataclasses import replace

    engine.fighter(engine.player)
    kept = engine._fighters._built[engine.player, False]
    kept[0] = (kept[0][0], replace(kept[0][1], strength=30))


def _wrong_distances(engine: Game) -> None:
    found = engine.distance_map(False)
    found.flags.writeable = True
    found[1, 1] += 5


def _wrong_sight(engine: Game) -> None:
    gm = engine.gamemap
    gm.visible[3, 3] = not gm.visible[3, 3]
    seen, cells, _ = gm.sight
    gm.sight = (seen, cells, gm.visible.tobytes())


def _wrong_hash(engine: Game) -> None:
    engine.state_hash()
    rows = engine._hasher._rows
    kinds, values, _, texts, reader = rows[engine.player]
    rows[engine.player] = (kinds, values, f"[{engine.player},{{}}]", texts, reader)


def _sleeper_wakes(engine: Game, monkeypatch) -> None:
    engine.component(_kobold(engine), Creature).awake = False
    monkeypatch.setattr(ai, "awake_turn", lambda e, eid, comps: ([], 1))


def _not_steady(engine: Game, monkeypatch) -> None:
    monkeypatch.setattr(vitals, "_tick", lambda e, eid, v, comps: [A.Impossible("x")])


BROKEN = {
    "store: who stands where": _misplace,
    "store: the items lying": _forget_an_item,
    "schedule: actor": _skip_in_the_queue,
    "look: creature": _wrong_look,
    "fighter cache": _wrong_fighter,
    "distance maps": _wrong_distances,
    "sight: the kept sight": _wrong_sight,
    "state hash": _wrong_hash,
    "sleeps_through": _sleeper_wakes,
    "vitals: entity": _not_steady,
}


@pytest.mark.parametrize("found", sorted(BROKEN))
def test_a_cache_put_wrong_is_found_out(engines, monkeypatch, found):
    engine = _room(engines)
    breaks = BROKEN[found]
    if breaks.__code__.co_argcount == 2:
        breaks(engine, monkeypatch)
    else:
        breaks(engine)
    wrong = engine.check()
    assert wrong and all(isinstance(w, str) for w in wrong)
    assert any(w.startswith(found) for w in wrong), wrong


def test_the_check_changes_nothing(engines):
    engine = _room(engines)
    before = engine.state_text()
    for _ in range(3):
        assert engine.check() == []
    assert engine.state_text() == before
    assert np.array_equal(engine.gamemap.visible, engine.gamemap.visible.copy())


def test_arriving_on_a_stair_where_a_kobold_stands_moves_it_aside(engines):
    """The wizard's go-to-depth onto a kobold on the stairs up: the kobold steps to the
    nearest free floor, and who stands on the player's cell is the player."""
    from game.world.play.wizard_actions import GoToDepth

    engine = Game(3, wizard=True)
    engines.append(engine)
    engine.submit(GoToDepth(2))
    engine.submit(GoToDepth(1))
    x, y = engine.levels[2].stairs_up
    kobold = engine.create_creature("kobold", x, y, 2)
    engine.submit(GoToDepth(2))  # checked after it, as every step here
    me, there = engine.position(engine.player), engine.position(kobold)
    assert (me.x, me.y) == (x, y) and (there.x, there.y) != (x, y)
    assert max(abs(there.x - x), abs(there.y - y)) == 1  # beside the stairs
    assert engine.blocker_at(x, y) == engine.player
    assert engine.blocker_at(there.x, there.y) == kobold


def test_a_game_begun_by_0_1_0_keeps_its_arrivals(engines):
    """A 0.1.0 recording replays as 0.1.0 played: the arriving player stood on the kobold
    (its save names the version that began it, and that game keeps its own ways)."""
    from game.world.play.wizard_actions import GoToDepth

    engine = Game(3, wizard=True, made_by="0.1.0")
    engines.append(engine)
    engine.submit(GoToDepth(2))
    engine.submit(GoToDepth(1))
    x, y = engine.levels[2].stairs_up
    kobold = engine.create_creature("kobold", x, y, 2)
    engine.submit(GoToDepth(2))
    there = engine.position(kobold)
    assert (there.x, there.y) == (x, y)  # as it was: the two share the stairs
