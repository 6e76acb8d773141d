"""The level as the player sees it (the Gymnasium observation's arrays): the same, cell by
cell, as a slow drawing from scratch, and never a stale copy of the last one."""

from __future__ import annotations

import numpy as np

from game.ui import palette, view
from game.world.core import actions as A
from game.world.core.components import Position, Renderable
from game.world.game import Game


def slow_rows(engine: Game) -> tuple[np.ndarray, np.ndarray]:
    """Every cell worked out on its own, then what stands in view drawn over it."""
    gm = engine.gamemap
    ch = np.zeros((gm.height, gm.width), dtype=np.int32)
    fg = np.zeros((gm.height, gm.width, 3), dtype=np.uint8)
    for x in range(gm.width):
        for y in range(gm.height):
            glyph, colours = ("#", palette.WALL) if gm.wall[x, y] else (".", palette.FLOOR)
            if (x, y) in (gm.stairs_down, gm.stairs_up):
                glyph = ">" if (x, y) == gm.stairs_down else "<"
                colours = palette.STAIRS
            ch[y, x] = ord(glyph) if gm.explored[x, y] else ord(" ")
            fg[y, x] = colours[0] if gm.visible[x, y] else colours[1]
    for x, y, glyph, colour in view.seen_sprites(engine):
        ch[y, x], fg[y, x] = ord(glyph), colour
    return ch, fg


def same_as_slow(engine: Game) -> bool:
    ch, fg = view.seen_rows(engine)
    slow_ch, slow_fg = slow_rows(engine)
    return np.array_equal(ch, slow_ch) and np.array_equal(fg, slow_fg)


def test_the_view_is_the_slow_drawing_over_a_walk():
    engine = Game(5, "dwarf warrior")
    rng = np.random.default_rng(5)
    for step in range(60):
        engine.submit(A.Move(int(rng.integers(-1, 2)), int(rng.integers(-1, 2))))
        if step % 6 == 0:
            assert same_as_slow(engine), step
    engine.close()


def test_a_change_to_what_is_known_or_in_view_shows_at_once():
    """The terrain is kept between calls: each input changed in place must show."""
    engine = Game(5, "dwarf warrior")
    gm = engine.gamemap
    assert same_as_slow(engine)
    hidden = np.argwhere(~gm.explored)[0]
    gm.explored[tuple(hidden)] = True  # as a magic map would
    assert view.seen_rows(engine)[0][hidden[1], hidden[0]] != ord(" ")
    assert same_as_slow(engine)
    seen = np.argwhere(gm.visible & ~gm.wall)[-1]
    gm.visible[tuple(seen)] = False
    assert same_as_slow(engine)
    gm.wall[tuple(seen)] = True  # the level's look itself
    assert view.seen_rows(engine)[0][seen[1], seen[0]] == ord("#")
    assert same_as_slow(engine)
    engine.close()


def test_what_stands_in_view_is_drawn_anew_each_time():
    engine = Game(5, "dwarf warrior")
    me = engine.position(engine.player)
    first, _ = view.seen_rows(engine)
    engine.component(engine.player, Renderable).glyph = "&"
    again, _ = view.seen_rows(engine)
    assert (first[me.y, me.x], again[me.y, me.x]) == (ord("@"), ord("&"))
    assert not again.flags.writeable  # read-only: kept, and handed out again as it is
    assert view.seen_rows(engine)[0] is again and first[me.y, me.x] == ord("@")
    assert engine.component(engine.player, Position) is me
    engine.close()


def test_a_terrain_kept_for_a_place_is_never_handed_out_stale():
    """The terrain is kept by where the player stood: back there, it is the kept one only
    while explored, visible and the level's look are as they were then."""
    engine = Game(5, "dwarf warrior")
    gm = engine.gamemap
    me = engine.position(engine.player)
    here = (me.x, me.y)
    there = next((me.x + dx, me.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1),
                                                       (1, 1), (-1, -1), (1, -1), (-1, 1))
                 if engine.can_enter(engine.player, me.x + dx, me.y + dy))

    def at(cell):
        engine.move_entity(engine.player, *cell)
        assert same_as_slow(engine)
        spot = engine.position(engine.player)
        return view._terrain_rows(gm, gm.explored.tobytes(), gm.visible.tobytes(),
                                  (spot.x, spot.y))[0]

    kept = at(here)
    at(there)
    assert at(here) is kept  # nothing changed: the kept terrain
    hidden = tuple(np.argwhere(~gm.explored)[0])
    gm.explored[hidden] = True  # explored while away
    at(there)
    assert at(here)[hidden[1], hidden[0]] != ord(" ")
    seen = tuple(np.argwhere(gm.visible & ~gm.wall)[-1])
    gm.visible[seen] = False  # out of sight while away
    at(there)
    at(here)
    gm.wall[seen] = True  # the level's look
    at(there)
    assert at(here)[seen[1], seen[0]] == ord("#")
    engine.close()
