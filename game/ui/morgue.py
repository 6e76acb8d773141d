"""The character dump ("morgue") written when a game ends: who, how it ended, level and
experience, the combat system, stats, gear, everything carried, spells, skills, kills, the last
messages and the map around the player, as plain text."""

from __future__ import annotations

from game.rules import levels
from game.world.core.components import (
    Attributes,
    Equipment,
    Hero,
    Item,
    Player,
    Spells,
    Training,
)
from game.world.game import Game
from game.world.play import knowledge, progress, stacks

from . import describe
from .view import seen_sprites, seen_terrain

LAST_MESSAGES = 20
MAP_RADIUS = (19, 8)  # columns and rows either side of the player


def morgue_text(engine: Game, score: int | None = None) -> str:
    """The whole dump. The creatures that died are the game's own tally (``Hero.kills``),
    so a game continued from a save counts every session's."""
    me = engine.player
    kills = kills_by_kind(engine)
    flags = engine.store.get(me, Player)
    modded = f" (modded: the overlay {engine.content.name!r})" if engine.content else ""
    lines = [f"{flags.character}{' (wizard game)' if flags.wizard else ''}{modded}",
             fate(engine),
             f"Depth {engine.depth} (deepest {max(engine.levels, default=engine.depth)}), "
             f"turn {engine.turn}, {describe.game_time_words(engine.now)}, "
             f"seed {engine.seed}" + (f", score {score}" if score is not None else ""),
             level_line(engine), f"Rules: {rules_words(engine)}", ""]
    stats = engine.store.get(me, Attributes)
    lines += ["Stats", f"  Strength {stats.strength}  Dexterity {stats.dexterity}  "
              f"Constitution {stats.constitution}  Willpower {stats.willpower}", ""]
    lines += ["Equipment"] + [f"  {slot:<8} {engine.item_name(item)}{truth_note(engine, item)}"
                              for slot, item in engine.store.get(me, Equipment).slots().items()
                              if item is not None] + [""]
    lines += ["Inventory"] + inventory_lines(engine) + [""]
    lines += ["Spells"] + spell_lines(engine) + [""]
    training = engine.store.get(me, Training)
    lines += ["Skills and styles"] + [f"  {name:<20} rank {rank}" for name, rank in
                                      sorted({**training.skills, **training.styles}.items())
                                      if rank] + [""]
    lines += ["Creatures that died"] + ([f"  {n:>3} {kind}" for kind, n in sorted(kills.items())]
                                       or ["  none"]) + [""]
    lines += ["Last messages"] + [f"  {m.turn:>6} {m.line}"
                                  for m in engine.log[-LAST_MESSAGES:]] + [""]
    return "\n".join(lines + ["The map around you"] + map_lines(engine)) + "\n"


def fate(engine: Game) -> str:
    """How the game ended, or that it goes on (the dump of a game not over: its character
    as it stands, beside a shared game's page)."""
    if engine.outcome == "won":
        return "Escaped with the amulet of the deep."
    return f"Died: {engine.cause}." if engine.over else "Alive: the game goes on from here."


def level_line(engine: Game) -> str:
    """ "Level 4, 230 experience (next level at 320)"."""
    hero = engine.component(engine.player, Hero) or Hero()
    nxt = (f"next level at {progress.xp_for_level(engine, hero.level + 1)}"
           if hero.level < levels.MAX_LEVEL else "the highest level")
    return f"Level {hero.level}, {hero.xp} experience ({nxt})"


def rules_words(engine: Game) -> str:
    """The combat system the game was played under, and its rules version past the first."""
    version = engine.rules_version
    return engine.rules + (f" (rules version {version})" if version and version > 1 else "")


def inventory_lines(engine: Game) -> list[str]:
    """Everything carried, by letter, where it was held or worn."""
    items = stacks.by_letter(engine.store, engine.inventory())
    return [f"  {engine.store.get(i, Item).letter}) {describe.item_label(engine, i)}"
            f"{truth_note(engine, i)}" for i in items] or ["  nothing"]


def truth_note(engine: Game, item: int) -> str:
    """ " (unknown: potion of curing)": the morgue tells at the end what a thing the player
    never learnt really was, as DCSS's dump does (nothing for a thing known)."""
    if knowledge.known(engine, item):
        return ""
    return f" (unknown: {knowledge.truth(engine, item)})"


def spell_lines(engine: Game) -> list[str]:
    book = engine.component(engine.player, Spells)
    if book is None or not book.known:
        return ["  none known"]
    return [f"  {name}" for name in book.known] + [
        f"  ({book.points} of {book.max_points} spell points left)"]


def kills_by_kind(engine: Game) -> dict[str, int]:
    hero = engine.component(engine.player, Hero)
    return dict(hero.kills) if hero is not None else {}


def map_lines(engine: Game) -> list[str]:
    """What the player knew of the level around them, as the screen draws it."""
    gm = engine.gamemap
    pos = engine.position(engine.player)
    rx, ry = MAP_RADIUS
    xs = (max(0, pos.x - rx), min(gm.width, pos.x + rx + 1))
    ys = (max(0, pos.y - ry), min(gm.height, pos.y + ry + 1))
    ch, _ = seen_terrain(engine, xs, ys)
    grid = [[chr(ch[x, y]) for x in range(xs[1] - xs[0])] for y in range(ys[1] - ys[0])]
    for x, y, glyph, _ in seen_sprites(engine):
        if xs[0] <= x < xs[1] and ys[0] <= y < ys[1]:
            grid[y - ys[0]][x - xs[0]] = glyph
    return ["  " + "".join(row).rstrip() for row in grid]
