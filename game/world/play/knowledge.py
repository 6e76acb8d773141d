"""What the player knows of magic: which items' powers are identified, which kinds of potion,
scroll and wand are learnt, and the appearances unknown kinds go by ("a murky potion").

This is the one place that decides what the player is told about a thing: its name
(``display_name``, ``base_name``) and its words (``description``). Every screen, the env's
observations and the log name things through it; only the wizard's screens (in wizard mode)
and the morgue's "it was" (the truth told at the end) read the tables' own names.

Appearances are shuffled from the game's seed by a stream of their own, so they are the same
for the whole game, in replays too, and need no saving. An item's unknown powers still count
in every roll; only the names, the inventory and the @ screen wait for them to be known.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.content.magic import Consumable
from game.rules.items import Armour
from game.rules.messages import a_or_an
from game.world.core.components import Equipment, Item, Knowledge, Powers
from game.world.core.events import Event, Message
from game.world.core.rng import derive

from . import magic_items

if TYPE_CHECKING:
    from game.world.core.engine import Engine

USES_TO_KNOW = 10  # attacks made with a weapon, or received wearing a piece, to know it by use


def appearances(engine: Engine) -> dict[str, str]:
    """Consumable name -> the word it goes by while unknown, from the seed alone."""
    cached = getattr(engine, "appearances_made", None)
    if cached is not None and cached[0] == engine.seed:
        return cached[1]
    rng = random.Random(derive(engine.seed, "appearances"))
    table: dict[str, str] = {}
    tables = engine.catalog.magic
    for kind, words in sorted(tables.appearances.items()):
        names = [n for n, c in tables.consumables.items() if c.kind == kind and not c.known]
        shuffled = list(words)
        rng.shuffle(shuffled)
        table.update(zip(names, shuffled, strict=False))
    engine.appearances_made = (engine.seed, table)
    return table


def knowledge(engine: Engine, *, make: bool = False) -> Knowledge:
    """What the player knows. A question asked from outside an action (the UI naming a
    thing, the bot choosing) never changes the world: the component is made only while an
    action is performed (as it always was then) or when something is learnt (``make``), so
    a replay, which asks no such questions, makes the same game."""
    found = engine.component(engine.player, Knowledge)
    if found is None:
        found = Knowledge()
        if make or engine.pending is not None:
            engine.set_component(engine.player, found)
    return found


def kind_known(engine: Engine, name: str) -> bool:
    data = engine.catalog.lookup(name)
    if not isinstance(data, Consumable) or data.known:
        return True
    return name in knowledge(engine).kinds


def learn_kind(engine: Engine, name: str) -> bool:
    """Learn a kind of consumable; True when it was new."""
    if kind_known(engine, name):
        return False
    known = knowledge(engine, make=True)
    known.kinds = sorted([*known.kinds, name])  # set anew, never changed in place
    return True


def known(engine: Engine, item: int) -> bool:
    """Everything about this item is known: its kind, and its powers if it has any."""
    name = engine.store.get(item, Item).name
    powers = engine.component(item, Powers)
    data = engine.catalog.lookup(name)
    if isinstance(data, Consumable):
        return kind_known(engine, name) and (powers is None or data.kind != "wand"
                                             or powers.known)
    return powers is None or powers.known


def identify(engine: Engine, item: int) -> None:
    name = engine.store.get(item, Item).name
    learn_kind(engine, name)
    powers = engine.component(item, Powers)
    if powers is not None:
        powers.known = True


def unknown_word(engine: Engine, name: str, data: Consumable) -> str:
    word = appearances(engine).get(name, "plain")
    if data.kind == "scroll":
        return f'scroll labelled "{word}"'
    return f"{word} {data.kind}"


def base_name(engine: Engine, item: int) -> str:
    """The item's name as the player knows it, without a count."""
    name = engine.store.get(item, Item).name
    powers = engine.component(item, Powers)
    data = engine.catalog.lookup(name)
    if isinstance(data, Consumable):
        if not kind_known(engine, name):
            return unknown_word(engine, name, data)
        if data.kind == "wand" and powers is not None and powers.known:
            return f"{name} ({powers.charges} charges)"
        return name
    if powers is None or not powers.known:
        return name
    text = magic_items.full_name(engine.catalog, name, powers)
    return f"{text} (cursed)" if powers.cursed else text


UNKNOWN_LINES = {
    "potion": "An unknown potion: drink it to learn what it is.",
    "scroll": "An unknown scroll: read it to learn what it is.",
    "wand": "An unknown wand: zap it to learn what it is.",
    "book": "An unknown book: read it to learn what it teaches.",
}
"""The line an unknown kind of consumable is described by, in place of its table's."""
UNKNOWN_JEWEL = {"ring": "An unknown ring: wear it a while, or identify it, to learn its magic.",
                 "neck": "An unknown amulet: wear it a while, or identify it, to learn its "
                         "magic."}
"""A ring or an amulet is always magic, so saying it is unknown tells nothing new."""


def description(engine: Engine, item: int) -> str:
    """The words about a thing as the player knows it: an unknown kind's line (never its
    table's description), a known kind's own; a weapon's or a piece's own words, and its
    affix's once its powers are known (an unknown ring's or amulet's line till then)."""
    name = engine.store.get(item, Item).name
    data = engine.catalog.lookup(name)
    if isinstance(data, Consumable):
        return data.description if kind_known(engine, name) else UNKNOWN_LINES[data.kind]
    words = [getattr(data, "description", "")]
    powers = engine.component(item, Powers)
    if powers is not None and powers.known:
        affix = engine.catalog.magic.affixes.get(powers.ego)
        words.append(affix.description if affix is not None else "")
    elif isinstance(data, Armour) and data.slot in UNKNOWN_JEWEL:
        words.append(UNKNOWN_JEWEL[data.slot])
    return " ".join(w for w in words if w)


def truth(engine: Engine, item: int) -> str:
    """What a thing really is, whatever the player knows ("potion of curing", "+1 long sword
    of slaying (cursed)"): for the morgue, where the truth is told at the end."""
    name = engine.store.get(item, Item).name
    powers = engine.component(item, Powers)
    data = engine.catalog.lookup(name)
    if isinstance(data, Consumable):
        if data.kind == "wand" and powers is not None:
            return f"{name} ({powers.charges} charges)"
        return name
    text = magic_items.full_name(engine.catalog, name, powers)
    return f"{text} (cursed)" if powers is not None and powers.cursed else text


def display_name(engine: Engine, item: int) -> str:
    """ "long sword", "+1 long sword of slaying", "2 murky potions"."""
    count = engine.store.get(item, Item).count
    name = base_name(engine, item)
    return name if count == 1 else f"{count} {plural(name)}"


def plural(name: str) -> str:
    """ "potions of curing", "scrolls labelled "X"", "arrows"."""
    for joint in (" of ", " labelled ", " ("):
        head, sep, tail = name.partition(joint)
        if sep:
            return plural(head) + sep + tail
    return name if name.endswith("s") else name + "s"


# --- knowing by use ---------------------------------------------------------------------------


def used(engine: Engine, items: list[int]) -> list[Event]:
    """Each item was used once (an attack made with it, or received wearing it): after
    USES_TO_KNOW its powers are known."""
    events: list[Event] = []
    for item in items:
        powers = engine.component(item, Powers)
        if powers is None or powers.known:
            continue
        powers.uses += 1
        if powers.uses >= USES_TO_KNOW:
            powers.known = True
            events.append(Message(f"You know your {engine.item_name_only(item)} now: it is "
                                  f"{a_or_an(base_name(engine, item))}.", "good"))
    return events


def held_weapons(engine: Engine) -> list[int]:
    eq = engine.store.get(engine.player, Equipment)
    return [i for i in (eq.main, eq.off) if i is not None]


def worn_items(engine: Engine) -> list[int]:
    eq = engine.store.get(engine.player, Equipment)
    return [i for s, i in eq.slots().items() if i is not None and s not in ("main", "ammo")]


def attack_used(engine: Engine, attacker: int, target: int) -> list[Event]:
    """An attack uses the player's weapons (attacking) or what the player wears (attacked)."""
    if attacker == engine.player:
        return used(engine, held_weapons(engine))
    if target == engine.player:
        return used(engine, worn_items(engine))
    return []
