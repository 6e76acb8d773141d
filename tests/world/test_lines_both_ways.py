"""One line of fire for everyone, both ways (from game 0.4.0), over random maps: if A can shoot
B (a shot, a throw, a bolt or a beam), B can shoot A; and the creatures the player's ``t``
offers are exactly those in view that could shoot the player (the creature's own turn, not a
copy of its rule, says whether it would). A goblin once threw three javelins at a player whose
``t`` found nobody to throw at: the line from it to the player went round the corner, the
player's line to it did not."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import profiles
from game.world.core.components import Creature, Supply
from game.world.game import Game
from game.world.play import ai, choices, lines, spells

KINDS = {"g": "goblin", "a": "kobold archer"}  # one kind a map: neither feuds with its own


@st.composite
def maps(draw) -> str:
    """A walled level of 5 to 14 by 4 to 9 cells, its inside part wall, with the player and
    one to six creatures of one kind on floor cells."""
    width, height = draw(st.integers(5, 14)), draw(st.integers(4, 9))
    inside = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1)]
    density = draw(st.sampled_from((0.1, 0.25, 0.4)))
    walls = {cell for cell in inside if draw(st.floats(0, 1)) < density}
    floor = [cell for cell in inside if cell not in walls]
    if len(floor) < 2:
        walls, floor = set(), inside
    placed = draw(st.lists(st.sampled_from(floor), min_size=2, max_size=7, unique=True))
    letter = draw(st.sampled_from(sorted(KINDS)))
    marks = {placed[0]: "@", **{cell: letter for cell in placed[1:]}}
    return "\n".join(
        "".join(marks.get((x, y), "#" if (x, y) in walls or x in (0, width - 1)
                          or y in (0, height - 1) else ".") for x in range(width))
        for y in range(height))


def game(picture: str, made_by: str | None = None) -> Game:
    engine = Game.scenario(picture, KINDS)
    if made_by is not None:
        engine.setup = replace(engine.setup, made_by=made_by)
    return engine


def actors(engine: Game) -> list[int]:
    return [engine.player, *(e for e, _ in engine.creatures_here())]


def reach_of(engine: Game, eid: int) -> int:
    """How far the creature shoots or throws (what ``ai`` asks its line for)."""
    kind = engine.catalog.creatures[engine.component(eid, Creature).kind]
    fighter = engine.fighter(eid)
    attack = profiles.shot(fighter) if kind.missile is not None else \
        profiles.throw(fighter, kind.throws)
    assert attack is not None
    return attack.range


def shoots_on_its_turn(picture: str, index: int) -> bool:
    """The creature (by its place among the level's) shoots or throws at the player when its
    turn comes, awake and hunting the player: in a game of its own, so nothing else moved."""
    engine = game(picture)
    try:
        eid = engine.creatures_here()[index][0]
        engine.component(eid, Creature).awake = True
        before = engine.component(eid, Supply)
        left = (before.ammo, before.throws)
        ai.awake_turn(engine, eid, engine.store.components(eid))
        after = engine.component(eid, Supply)
        return (after.ammo, after.throws) != left
    finally:
        engine.close()


@settings(max_examples=150, deadline=None)
@given(maps())
def test_a_line_of_fire_is_the_same_both_ways(picture):
    engine = game(picture)
    try:
        everyone = actors(engine)
        for a in everyone:
            for b in everyone:
                if a == b:
                    continue
                pa, pb = engine.position(a), engine.position(b)
                there = lines.line(engine, (pa.x, pa.y), (pb.x, pb.y))
                assert there[::-1] == lines.line(engine, (pb.x, pb.y), (pa.x, pa.y))
                steps = lines.distance(engine, a, b)
                for reach in (steps - 1, steps, 30):
                    assert lines.clear(engine, a, b, reach) == lines.clear(engine, b, a, reach), \
                        (picture, a, b, reach)
                    beams = ((pb.x, pb.y) in spells.beam(engine, a, pb.x, pb.y, reach),
                             (pa.x, pa.y) in spells.beam(engine, b, pa.x, pa.y, reach))
                    assert beams[0] == beams[1], (picture, a, b, reach)  # a beam spell's too
    finally:
        engine.close()


@settings(max_examples=100, deadline=None)
@given(maps())
def test_aiming_offers_exactly_the_creatures_that_could_shoot_the_player(picture):
    engine = game(picture)
    try:
        me = engine.position(engine.player)
        for index, (eid, (_, pos)) in enumerate(engine.creatures_here()):
            if max(abs(pos.x - me.x), abs(pos.y - me.y)) == 1:
                continue  # beside the player a creature strikes instead
            offered = eid in choices.shot_targets(engine, reach_of(engine, eid))
            assert offered == shoots_on_its_turn(picture, index), (picture, eid)
    finally:
        engine.close()


CORNER = """
#########
#@#.....#
#..g....#
#.......#
#########
"""  # tcod's line from the goblin to the player passes (2, 2); from the player, the wall (2, 1)


def test_the_goblin_round_the_corner_and_the_player_share_one_line():
    """The line is drawn from the player's end (the lesser), through the wall: neither may
    shoot, and ``t`` says so rather than the goblin throwing unanswered."""
    engine = game(CORNER)
    try:
        goblin = engine.creatures_here()[0][0]
        assert engine.sees(goblin)
        assert not lines.clear(engine, goblin, engine.player, 8)
        assert not lines.clear(engine, engine.player, goblin, 8)
        assert choices.shot_targets(engine, 8) == []
        assert not shoots_on_its_turn(CORNER, 0)  # it comes closer instead
    finally:
        engine.close()


def test_games_made_before_0_4_0_draw_the_line_from_the_shooter_as_they_did():
    engine = game(CORNER, made_by="0.3.0")
    try:
        goblin = engine.creatures_here()[0][0]
        assert lines.clear(engine, goblin, engine.player, 8)  # it threw round the corner
        assert choices.shot_targets(engine, 8) == []  # and the player could not throw back
    finally:
        engine.close()
