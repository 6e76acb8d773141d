"""The observation: numpy arrays of what the player sees, each key with its exact space.

Chosen with ``observation_keys=(...)``; the default is the first four:

- ``glyphs`` (40 x 80 int32 character codes, rows first) and ``colors`` (40 x 80 x 3 RGB) of
  the level as the player sees it (unexplored cells blank, remembered ones dim, creatures
  only in view);
- ``stats`` (int32, named in ``STATS``);
- ``message``: every line this step logged, joined by spaces, as UTF-8 bytes padded with
  zeros to 256 (NLE's size); where they do not fit, the whole words that do (``cut``: the
  env's info says so, and holds every line);
- ``blstats``: ``stats`` and more (level, experience, spell points, the conditions as bits
  named in ``CONDITIONS``, the burden, rage, the game time), named in ``BLSTATS``;
- ``inv_letters`` and ``inv_strs``: what the inventory screen lists, in letter order, one
  row a thing: its letter and its line as UTF-8 bytes ("2 murky potions", "long sword
  (wielded)"), so unknown magic stays unknown, as NLE's;
- ``spells``: a row for each spell of the game (``SPELLS``), columns ``SPELL_COLUMNS``: known,
  its row in the cast menu, its cost and its chance in percent as the menu shows them;
- ``tty_chars`` (24 x 80 int32 code points) and ``tty_colors`` (24 x 80 x 3 RGB): the
  terminal's screen, drawn by the UI as a player sees it (``screen``).

A key not asked for costs nothing: nothing is worked out, drawn or kept for it. What the keys
are made from is worked out again only when the game changed (the engine records every
action that changes it), and each observation's arrays are new ones of its own (Gymnasium's
checker asks that no two calls share one).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces

from game.content.catalog import load_catalog
from game.rules import levels, stats
from game.ui import describe, view  # what the player sees: the screen it observes
from game.world.core.components import (
    Attributes,
    Effects,
    Health,
    Hero,
    Position,
    Spells,
    Stance,
    Vitals,
)
from game.world.core.engine import MAP_HEIGHT, MAP_WIDTH
from game.world.core.mapgen import MAX_DEPTH
from game.world.game import Game
from game.world.play import choices, fighters, progress, tides_casting
from game.world.play import spells as play_spells

from .screen import COLUMNS, ROWS, Screen

MESSAGE_BYTES = 256
STATS = ("x", "y", "hp", "max_hp", "stamina", "max_stamina", "stance", "defence",
         "protection", "strength", "dexterity", "constitution", "willpower", "depth",
         "deepest", "turn", "kills", "actions")
BLSTATS = (*STATS, "level", "experience", "next_level", "spell_points", "max_spell_points",
           "condition", "burden", "rage", "time")
CONDITIONS = ("bleeding", "poisoned", "diseased", "raging", "hasted", "dazzled",
              "resisting", "shielded")  # bit 0, bit 1, ... of blstats' "condition"
EFFECT_CONDITIONS = {"haste": "hasted", "dazzled": "dazzled", "resist": "resisting",
                     "magic shield": "shielded"}  # the timed effects, by their names
BURDENS = (stats.UNBURDENED, stats.BURDENED, stats.STRAINED, stats.OVERLOADED)
INV_SIZE = 52  # a thing carried has a letter, a-z then A-Z (game.world.play.stacks)
INV_STR_BYTES = 80
SPELL_COLUMNS = ("known", "menu_row", "cost", "chance_percent")
DEFAULT_KEYS = ("glyphs", "colors", "stats", "message")
KEYS = (*DEFAULT_KEYS, "blstats", "inv_letters", "inv_strs", "spells", "tty_chars",
        "tty_colors")
SCREEN_KEYS = ("tty_chars", "tty_colors")
_INT32 = np.iinfo(np.int32)


def spell_names() -> tuple[str, ...]:
    """The spells of the game, in the order of the tables: the rows of ``spells``."""
    return tuple(load_catalog().magic.spells)


def _bounds(names: tuple[str, ...], known: dict[str, tuple[int, int]]):
    low = np.array([known.get(n, (_INT32.min, 0))[0] for n in names], dtype=np.int32)
    high = np.array([known.get(n, (0, _INT32.max))[1] for n in names], dtype=np.int32)
    return low, high


_STAT_BOUNDS = {"x": (0, MAP_WIDTH - 1), "y": (0, MAP_HEIGHT - 1),
                "stance": (0, len(choices.STANCE_ORDER) - 1), "depth": (1, MAX_DEPTH),
                "deepest": (1, MAX_DEPTH), "turn": (0, _INT32.max), "kills": (0, _INT32.max),
                "actions": (0, _INT32.max), "level": (1, levels.MAX_LEVEL),
                "experience": (0, _INT32.max), "next_level": (0, _INT32.max),
                "condition": (0, 2 ** len(CONDITIONS) - 1), "burden": (0, len(BURDENS) - 1),
                "rage": (0, _INT32.max), "time": (0, _INT32.max)}


def space(keys: tuple[str, ...] = DEFAULT_KEYS) -> spaces.Dict:
    """The observation space of these keys, each exact."""
    return spaces.Dict([(key, _space(key)) for key in keys])  # (a dict's keys it would sort)


def _space(key: str) -> spaces.Space:
    if key == "glyphs":
        return spaces.Box(0, 0x10FFFF, (MAP_HEIGHT, MAP_WIDTH), np.int32)
    if key == "colors":
        return spaces.Box(0, 255, (MAP_HEIGHT, MAP_WIDTH, 3), np.uint8)
    if key == "stats":
        return spaces.Box(_INT32.min, _INT32.max, (len(STATS),), np.int32)
    if key == "message":
        return spaces.Box(0, 255, (MESSAGE_BYTES,), np.uint8)
    if key == "blstats":
        low, high = _bounds(BLSTATS, _STAT_BOUNDS)
        return spaces.Box(low, high, (len(BLSTATS),), np.int32)
    if key == "inv_letters":
        return spaces.Box(0, ord("z"), (INV_SIZE,), np.uint8)
    if key == "inv_strs":
        return spaces.Box(0, 255, (INV_SIZE, INV_STR_BYTES), np.uint8)
    if key == "spells":
        names = spell_names()
        high = np.tile(np.array([1, len(names), _INT32.max, 100], dtype=np.int32),
                       (len(names), 1))
        return spaces.Box(np.zeros_like(high), high, high.shape, np.int32)
    if key == "tty_chars":
        return spaces.Box(0, 0x10FFFF, (ROWS, COLUMNS), np.int32)
    assert key == "tty_colors", key
    return spaces.Box(0, 255, (ROWS, COLUMNS, 3), np.uint8)


class Count(Protocol):
    """What the env counts of the episode (its ``Episode``), which ``stats`` shows beside the
    game's own."""

    deepest: int
    kills: int
    setup: int  # the recorded actions its reset options made (the episode's own come after)


_STATS_ROW = struct.Struct(f"={len(STATS)}i")  # the stats as int32s in the machine's order
MESSAGES_KEPT = 256  # messages kept as arrays: a step's is mostly one said before


class Observer:
    """Makes each observation of ``keys``, keeping what it was drawn from while the game is
    unchanged."""

    def __init__(self, keys: tuple[str, ...] = DEFAULT_KEYS) -> None:
        self.keys = keys
        self.default = keys == DEFAULT_KEYS  # the hot path: the level, stats, message
        made = ["level" if k in ("glyphs", "colors") else k for k in keys]
        self.kept = tuple(dict.fromkeys(k for k in made if k in _GAME_KEYS))  # per change
        self.screen_keys = tuple(k for k in keys if k in SCREEN_KEYS)
        self._last: tuple | None = None  # the last observation's arrays, and of what
        self._said: dict[str, np.ndarray] = {}  # see _message
        self._figures: tuple = (None, 0, 0)  # see _defence_figures
        self.kept_spells: tuple | None = None  # see _spells

    def forget(self) -> None:
        self._last = None

    def observe(self, engine: Game, text: str, count: Count, screen: Screen | None = None,
                frame: object = None) -> dict[str, np.ndarray]:
        """The arrays are worked out again only when the game changed: a refused action
        changes nothing but the message (the engine records every action that does). What
        is kept is read-only; each observation has copies of its own. ``screen``, at
        ``frame``, is drawn for the tty keys."""
        last = self._last
        if last is None or last[0] is not engine or last[1] != len(engine.actions):
            made: dict[str, Any]
            if self.default:  # each read-only as made: the rows kept, the stats over bytes
                glyphs, colors = level_rows(engine)
                made = {"glyphs": glyphs, "colors": colors, "stats": np.frombuffer(
                    _STATS_ROW.pack(*self.stats(engine, count)), np.int32)}
            else:
                made = {key: _GAME_KEYS[key](self, engine, count) for key in self.kept}
                if "level" in made:
                    made["glyphs"], made["colors"] = made.pop("level")
                for array in made.values():
                    array.setflags(write=False)
            last = self._last = (engine, len(engine.actions), made)
        kept = last[2]
        if self.default:
            return {"glyphs": kept["glyphs"].copy(), "colors": kept["colors"].copy(),
                    "stats": kept["stats"].copy(), "message": self._message(text).copy()}
        tty = screen.tty(frame) if self.screen_keys and screen is not None else None
        out: dict[str, np.ndarray] = {}
        for key in self.keys:
            if key == "message":
                out[key] = self._message(text).copy()
            elif key in SCREEN_KEYS:
                assert tty is not None, "an env observing the screen has one"
                out[key] = tty[SCREEN_KEYS.index(key)]  # drawn anew for each observation
            else:
                out[key] = kept[key].copy()
        return out

    def _message(self, text: str) -> np.ndarray:
        """The message's bytes, padded (read-only: over the bytes themselves), each kept:
        most steps say nothing, or what was said before ("There is a wall in the way.")."""
        said = self._said.get(text)
        if said is None:
            raw = text.encode()
            if len(raw) > MESSAGE_BYTES:
                raw = words_within(text, MESSAGE_BYTES)
            if len(self._said) >= MESSAGES_KEPT:
                self._said.clear()
            said = self._said[text] = np.frombuffer(raw.ljust(MESSAGE_BYTES, b"\0"),
                                                    dtype=np.uint8)
        return said

    def stats(self, engine: Game, count: Count) -> list[int]:
        comps = engine.components(engine.player)
        pos, health = comps[Position], comps[Health]
        stance, attrs = comps[Stance], comps[Attributes]
        dv, pv = self._defence_figures(fighters.known_defence(engine))
        return [pos.x, pos.y, health.hp, health.max_hp, stance.stamina, stance.max_stamina,
                choices.STANCE_ORDER.index(stance.name), dv, pv, attrs.strength,
                attrs.dexterity, attrs.constitution, attrs.willpower, engine.depth,
                count.deepest, engine.turn, count.kills, len(engine.actions) - count.setup]

    def _defence_figures(self, defence) -> tuple[int, int]:
        """Dv and Pv of a defence profile: summed again only for another profile object (a
        profile is frozen, and the same object comes back while its Fighter is unchanged)."""
        known = self._figures
        if known[0] is not defence:
            known = self._figures = (defence, defence.total(), defence.protection)
        return known[1], known[2]


# --- the keys beyond the default ---------------------------------------------------------


def _level(observer: Observer, engine: Game, count: Count) -> tuple[np.ndarray, np.ndarray]:
    return level_rows(engine)


def level_rows(engine: Game) -> tuple[np.ndarray, np.ndarray]:
    """The level as the player sees it (``view.seen_rows``), always 40 x 80: a smaller level
    (a picture's, a scenario's) at the top left, blank and black beyond its edges."""
    ch, fg = view.seen_rows(engine)
    if ch.shape == (MAP_HEIGHT, MAP_WIDTH):
        return ch, fg
    height, width = ch.shape
    glyphs = np.full((MAP_HEIGHT, MAP_WIDTH), ord(" "), dtype=np.int32)
    colors = np.zeros((MAP_HEIGHT, MAP_WIDTH, 3), dtype=np.uint8)
    glyphs[:height, :width], colors[:height, :width] = ch, fg
    glyphs.setflags(write=False)
    colors.setflags(write=False)
    return glyphs, colors


def _stats(observer: Observer, engine: Game, count: Count) -> np.ndarray:
    return np.array(observer.stats(engine, count), dtype=np.int32)


def _blstats(observer: Observer, engine: Game, count: Count) -> np.ndarray:
    me = engine.player
    hero = engine.component(me, Hero)
    level, xp, rage = (hero.level, hero.xp, hero.rage) if hero else (1, 0, 0)
    book = engine.component(me, Spells)
    points, most = (book.points, book.max_points) if book else (0, 0)
    following = progress.xp_for_level(engine, level + 1) if level < levels.MAX_LEVEL else 0
    return np.array([*observer.stats(engine, count), level, xp, following, points, most,
                     condition_bits(engine), BURDENS.index(describe.burden(engine)), rage,
                     engine.now], dtype=np.int32)


def conditions(engine: Game) -> list[str]:
    """The player's conditions now, named as in ``CONDITIONS``."""
    me = engine.player
    vitals, hero = engine.component(me, Vitals), engine.component(me, Hero)
    timed = engine.component(me, Effects)
    found = []
    if vitals is not None:
        found += [name for name, ticks in (("bleeding", vitals.bleeding),
                                           ("poisoned", vitals.poison),
                                           ("diseased", vitals.disease)) if ticks > 0]
    if hero is not None and hero.rage > 0:
        found.append("raging")
    if timed is not None:
        found += [EFFECT_CONDITIONS[n] for n, t in timed.ticks.items()
                  if t > 0 and n in EFFECT_CONDITIONS]
    return found


def condition_bits(engine: Game) -> int:
    return sum(1 << CONDITIONS.index(name) for name in set(conditions(engine)))


def _inventory(engine: Game) -> list:
    """The inventory screen's rows: each carried thing's letter and line, in letter order."""
    return describe.item_entries(engine, engine.inventory())


def _inv_letters(observer: Observer, engine: Game, count: Count) -> np.ndarray:
    out = np.zeros(INV_SIZE, dtype=np.uint8)
    for row, entry in enumerate(_inventory(engine)[:INV_SIZE]):
        out[row] = ord(entry.key)
    return out


def _inv_strs(observer: Observer, engine: Game, count: Count) -> np.ndarray:
    out = np.zeros((INV_SIZE, INV_STR_BYTES), dtype=np.uint8)
    for row, entry in enumerate(_inventory(engine)[:INV_SIZE]):
        raw = _utf8(entry.label, INV_STR_BYTES)
        out[row, :len(raw)] = np.frombuffer(raw, dtype=np.uint8)
    return out


def _spells(observer: Observer, engine: Game, count: Count) -> np.ndarray:
    """Worked out again only for other spells known or other chances (what it is made
    from); the same array otherwise (each observation copies it)."""
    book = engine.component(engine.player, Spells)
    known = tuple(book.known) if book else ()
    names = spell_names()
    # The chance the cast menu shows and the cast uses (the world's). Under tides 4 it moves
    # with the caster's wounds, armour and encounter, so the memo is keyed on the chances
    # there; elsewhere it follows from the Willpower alone, so they are worked out on a miss.
    catalog = engine.catalog.magic.spells

    def worlds() -> tuple:
        return tuple(play_spells.cast_chance(engine, engine.player, catalog[name])
                     for name in names)

    moving = tides_casting.plays(engine)
    chances = worlds() if moving else ()
    key = (known, play_spells.willpower(engine, engine.player), engine.catalog, chances)
    kept = observer.kept_spells
    if kept is not None and kept[0] == key:
        return kept[1]
    chances = chances or worlds()
    out = np.zeros((len(names), len(SPELL_COLUMNS)), dtype=np.int32)
    observer.kept_spells = (key, out)
    for row, name in enumerate(names):
        out[row, 2] = catalog[name].cost
        out[row, 3] = round(100 * chances[row])
        if name in known:
            out[row, 0], out[row, 1] = 1, known.index(name) + 1
    return out


def cut(text: str) -> bool:
    """Whether ``text`` is more than ``message`` holds (the env's info then says so)."""
    return len(text) > MESSAGE_BYTES // 4 and len(text.encode()) > MESSAGE_BYTES  # (<= 4 a
    # character: a short text fits, unencoded)


def words_within(text: str, limit: int) -> bytes:
    """As many whole words of ``text`` as fit in ``limit`` bytes of UTF-8 (a word longer
    than the limit is cut between whole characters)."""
    raw = _utf8(text, limit + 1)  # a space just after the limit ends a word within it
    if len(raw) <= limit:
        return raw
    kept = raw.rsplit(b" ", 1)[0].rstrip(b" ") if b" " in raw else b""
    return kept or _utf8(text, limit)


def _utf8(text: str, limit: int) -> bytes:
    """``text`` as UTF-8 in at most ``limit`` bytes, cut between whole characters."""
    raw = text.encode()
    return raw if len(raw) <= limit else raw[:limit].decode("utf-8", "ignore").encode()


_Maker = Callable[[Observer, Game, Count], object]
_GAME_KEYS: dict[str, _Maker] = {
    "level": _level, "stats": _stats, "blstats": _blstats,
    "inv_letters": _inv_letters, "inv_strs": _inv_strs, "spells": _spells,
}
