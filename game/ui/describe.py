"""Words the screens show about things: how hurt a creature looks, where an item is carried,
what lies on a cell, how long the game has lasted. Read-only questions put to the engine.

The rules layer phrases combat; these few words exist only on screens, so they live here.
"""

from __future__ import annotations

from collections.abc import Callable

from game.content.catalog import ItemData
from game.rules import profiles, stats
from game.rules.messages import a_or_an
from game.world.core.components import Creature, Effects, Health, Item, Vitals
from game.world.game import Game
from game.world.play import fighters, stacks, stealth

from .menus import Entry

SLOT_WORDS = {
    "main": "(wielded)", "off": "(in off hand)", "missile": "(readied)", "ammo": "(in quiver)",
    "body": "(worn)", "cloak": "(worn)", "head": "(worn)", "hands": "(worn)", "feet": "(worn)",
    "ring": "(on finger)", "neck": "(around neck)",
}  # fmt: skip
SLOT_NAMES = {
    "main": "Main hand", "off": "Off hand", "missile": "Missile", "ammo": "Quiver",
    "body": "Body", "cloak": "Cloak", "head": "Head", "hands": "Hands", "feet": "Feet",
    "ring": "Ring", "neck": "Neck",
}  # fmt: skip


def health_word(hp: int, max_hp: int) -> str:
    """How hurt a creature looks: the player sees wounds, not numbers."""
    if hp >= max_hp:
        return "unhurt"
    fraction = hp / max(1, max_hp)
    if fraction > 0.66:
        return "lightly wounded"
    if fraction > 0.33:
        return "wounded"
    return "badly wounded" if fraction > 0.15 else "almost dead"


def item_data(engine: Game, item: int) -> ItemData:
    return engine.catalog.lookup(engine.store.get(item, Item).name)


def item_label(engine: Game, item: int) -> str:
    """ "long sword (wielded)": the name, and where it is carried if it is in use."""
    slot = engine.equipped_slot(item)
    name = engine.item_name(item)
    return f"{name} {SLOT_WORDS[slot]}" if slot else name


def item_entries(engine: Game, items: list[int],
                 right: Callable[[int], str] | None = None, *,
                 in_order: bool = False) -> list[Entry]:
    """Menu entries for carried things, each under its own letter: in letter order, or in
    the order given."""
    return [Entry(item_label(engine, i), i, right(i) if right else "",
                  key=engine.store.get(i, Item).letter)
            for i in (items if in_order else stacks.by_letter(engine.store, items))]


def weight_tenths(engine: Game, item: int) -> int:
    component = engine.store.get(item, Item)
    return engine.catalog.weight(component.name) * component.count


def pounds(tenths: int) -> str:
    return f"{tenths / 10:.1f} lb"


def defence(engine: Game) -> profiles.DefenceProfile:
    """The player's Defence and Protection as the player knows them (``known_defence``)."""
    return fighters.known_defence(engine)


def burden(engine: Game) -> str:
    return engine.fighter(engine.player).burden


def conditions(engine: Game, eid: int) -> list[str]:
    """Bleeding, Poisoned, Diseased: the afflictions present now."""
    vitals = engine.component(eid, Vitals)
    if vitals is None:
        return []
    named = (("Bleeding", vitals.bleeding), ("Poisoned", vitals.poison),
             ("Diseased", vitals.disease))
    timed = engine.component(eid, Effects)
    magic = sorted(EFFECT_WORDS.get(n, n.capitalize()) for n, t in
                   (timed.ticks.items() if timed else ()) if t > 0)
    return [name for name, ticks in named if ticks > 0] + magic


EFFECT_WORDS = {"dazzled": "Dazzled", "haste": "Hasted", "resist": "Resisting"}


def game_time(ticks: int) -> str:
    """Ticks of 0.1 s as h:mm:ss of game time."""
    seconds = ticks // 10
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def game_time_words(ticks: int) -> str:
    """ "3:01:48 of game time": the game's own clock (a step is 6 s of it), said so, so that
    nobody takes it for how long the game was played."""
    return f"{game_time(ticks)} of game time"


def terrain(engine: Game, x: int, y: int) -> str:
    gm = engine.gamemap
    if (x, y) == gm.stairs_down:
        return "a staircase down"
    if (x, y) == gm.stairs_up:
        return "a staircase up" if engine.depth > 1 else "the way out"
    return "a wall" if gm.wall[x, y] else "the floor"


def creature_at(engine: Game, x: int, y: int) -> int | None:
    """A creature the player sees on the cell."""
    for eid, (_, pos) in engine.creatures_here():
        if (pos.x, pos.y) == (x, y) and engine.sees(eid):
            return eid
    return None


def creature_line(engine: Game, eid: int) -> str:
    """ "A kobold (asleep), wounded" (the player: "You (12/14 HP)"): whether it has noticed
    the player is shown, since a sneak attack depends on it."""
    health = engine.store.get(eid, Health)
    if eid == engine.player:
        return f"You ({health.hp}/{health.max_hp} HP)"
    kind = engine.store.get(eid, Creature).kind
    return f"{a_or_an(kind).capitalize()}{awareness(engine, eid)}, " \
        f"{health_word(health.hp, health.max_hp)}"


def awareness(engine: Game, eid: int) -> str:
    """ " (asleep)", " (unaware of you)", or nothing once it has noticed the player."""
    if stealth.asleep(engine, eid):
        return " (asleep)"
    return " (unaware of you)" if stealth.unaware(engine.store, eid) else ""


def burden_note(name: str) -> str | None:
    """The status word for a load, or None when it does not hinder."""
    return None if name == stats.UNBURDENED else name.capitalize()
