"""The status lines under the map: who and how they stand, then where and when, any
trouble, and a modded game's overlay. At 80 columns nothing is cut: the pieces close up, then
a long defence (another combat system's "Ws parry 20, Ag 20, T 45, armour 11") moves to the
second line, then the seed (which names the save) makes room; the character's name goes only
if nothing else would make the first line fit."""

from __future__ import annotations

from game.rules import charscreen, systems
from game.world.core.components import Health, Hero, Player, Spells, Stance
from game.world.game import Game

from . import describe, palette

Line = tuple[str, palette.Colour]
Group = list[Line]  # pieces that stay together ("HP", "15/15")
GAPS = ("   ", "  ")  # between groups: the usual gap, then a closer one
MOD_NAME = 20  # characters of an overlay's name the status line shows


def status_lines(engine: Game, width: int) -> tuple[list[Line], list[Line]]:
    """The two lines, each fitting ``width`` wherever the pieces can be made to."""
    name, vitals, defence = _who(engine), _vitals(engine), defence_group(engine)
    spells = _spells(engine)
    place, seed, trouble = _place(engine), _seed(engine), _trouble(engine)
    second = [*place, seed, *trouble]
    for first in ([name, *vitals, defence, *spells], [name, *vitals, *spells]):
        top = _fit(first, width)
        if top is None:
            continue
        below = second if defence in first else [defence, *second]
        line = _fit(below, width) or _fit([g for g in below if g is not seed], width)
        if line is not None:
            return top, line
    top = _fit([*vitals, *spells], width) or _join([*vitals, *spells], GAPS[-1])
    below = [defence, *place, *trouble]
    return top, _fit(below, width) or _join(below, GAPS[-1])


def _fit(groups: list[Group], width: int) -> list[Line] | None:
    for gap in GAPS:
        line = _join(groups, gap)
        if sum(len(text) for text, _ in line) <= width:
            return line
    return None


def _join(groups: list[Group], gap: str) -> list[Line]:
    line: list[Line] = []
    for group in groups:
        if line:
            line.append((gap, palette.DIM))
        line += group
    return line


def _who(engine: Game) -> Group:
    return [(engine.store.get(engine.player, Player).character, palette.TITLE)]


def _vitals(engine: Game) -> list[Group]:
    me = engine.player
    health, stance = engine.store.get(me, Health), engine.store.get(me, Stance)
    return [[("HP ", palette.DIM), (f"{health.hp}/{health.max_hp}",
                                    palette.health(health.hp / max(1, health.max_hp)))],
            [("Stamina ", palette.DIM), (f"{stance.stamina}/{stance.max_stamina}",
                                         palette.health(stance.stamina
                                                        / max(1, stance.max_stamina)))],
            [(stance.name, palette.TEXT)]]


def defence_group(engine: Game) -> Group:
    """The defender's numbers of the combat system in play: the manual's Dv and Pv, or the
    system's own, from the Fighter the @ screen and examine show (``describe.defence``)."""
    if engine.rules == systems.DEFAULT:
        defence = describe.defence(engine)
        return [("Dv ", palette.DIM), (str(defence.total()), palette.TEXT),
                ("  Pv ", palette.DIM), (str(defence.protection), palette.TEXT)]
    fighter = engine.fighter(engine.player, known_only=True)
    return [(charscreen.system_defence_words(engine.rules, fighter), palette.TEXT)]


def _spells(engine: Game) -> list[Group]:
    book = engine.component(engine.player, Spells)
    if book is None or not book.known:
        return []
    return [[("SP ", palette.DIM), (f"{book.points}/{book.max_points}", palette.TEXT)]]


def _place(engine: Game) -> list[Group]:
    return [[("Depth ", palette.DIM), (str(engine.depth), palette.TEXT)],
            [("Turn ", palette.DIM), (str(engine.turn), palette.TEXT)]]


def _seed(engine: Game) -> Group:
    return [("Seed ", palette.DIM), (str(engine.seed), palette.TEXT)]


def _trouble(engine: Game) -> list[Group]:
    """The load, rage, afflictions and timed effects, and a wizard game's mark."""
    me = engine.player
    groups: list[Group] = []
    load = describe.burden_note(describe.burden(engine))
    if load:
        groups.append([(load, palette.WARN)])
    hero = engine.component(me, Hero)
    if hero is not None and hero.rage > 0:
        groups.append([("Raging", palette.WARN)])
    groups += [[(name, palette.BAD)] for name in describe.conditions(engine, me)]
    if engine.store.get(me, Player).wizard:
        groups.append([("WIZARD", palette.tone("wizard"))])
    if engine.content is not None:  # a modded game: the overlay it is played under
        groups.append([(f"MOD {engine.content.name[:MOD_NAME]}", palette.tone("wizard"))])
    return groups
