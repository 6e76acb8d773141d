"""What the player does not know stays unknown (issue 34): every kind of the tables (the
potions, scrolls, wands and books of assets/magic.toml, and every affix and an enchantment on
a weapon, a piece of armour or a wearable), unknown and known, through every place that shows
words about a thing: the log, the inventory and its examine, the item menus, the @ screen,
look (and its examine), travel's list, the env's inventory strings and message, and the
morgue. Unknown shows the appearance and a line that says it is unknown, never the true name
or words (the morgue, at the end, tells the truth, marked as unknown); known shows the truth."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import tcod.console

from game.content.catalog import load_catalog
from game.env.observations import Observer
from game.ui import inventory, magic_keys
from game.ui.app import GameApp
from game.ui.morgue import morgue_text
from game.ui.screen import Session
from game.world.core import actions as A
from game.world.core.components import Item, Position, Powers
from game.world.game import Game
from game.world.play import knowledge, magic_items

CATALOG = load_catalog()
ROOM = """
#########
#@......#
#.......#
#########
"""
BASE_FOR = {"weapon": "long sword", "missile": "short bow", "body": "chain mail shirt",
            "shield": "small shield", "cloak": "cloak", "head": "leather cap",
            "hands": "pair of leather gloves", "feet": "pair of leather boots",
            "ring": "ring", "neck": "amulet"}
KEY_FOR = {"potion": "q", "scroll": "r", "book": "r", "wand": "a"}


def cases() -> list[tuple[str, Powers | None]]:
    """Every consumable; every affix on each kind of thing it may sit on; an enchantment."""
    out: list[tuple[str, Powers | None]] = [(name, None) for name in
                                            CATALOG.magic.consumables]
    for affix in CATALOG.magic.affixes.values():
        out += [(BASE_FOR[on], Powers(ego=affix.name, cursed=affix.cursed)) for on in affix.on]
    out += [("long sword", Powers(enchant=2)), ("chain mail shirt", Powers(enchant=-1))]
    return out


def ids(case: tuple[str, Powers | None]) -> str:
    name, powers = case
    return magic_items.full_name(CATALOG, name, powers)


def frame(app: GameApp) -> str:
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    return "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))


def words(shown: str) -> str:
    """The text as read: every row whole, and each box's rows inside its borders, so that a
    line wrapped in a box reads as one; spaces collapsed."""
    rows = shown.split("\n")
    inside = [row[row.index("│") + 1:row.rindex("│")] for row in rows if row.count("│") > 1]
    return " ".join(" ".join(rows + inside).split())


def press(app: GameApp, *keys: str) -> str:
    """The screens after each key, one text."""
    shown = []
    for key in keys:
        app.handle_key(key)
        shown.append(frame(app))
    return "\n".join(shown)


def everything_shown(name: str, powers: Powers | None, known: bool) -> tuple[dict, Game, int]:
    """Each place's words about the thing: one carried (picked up) and one lying in view."""
    engine = Game.scenario(ROOM, {})
    engine.use()
    wand = CATALOG.lookup(name)
    charged = getattr(wand, "kind", "") == "wand"

    def made(at: Position) -> int:
        given = Powers(charges=3) if charged else powers
        given = None if given is None else Powers(given.enchant, given.ego, given.cursed,
                                                  known=known, charges=given.charges)
        return engine.create_item(name, 1, at, given)

    if known:
        knowledge.learn_kind(engine, name)
    me = engine.position(engine.player)
    carried = made(Position(me.x, me.y, me.depth))
    made(Position(me.x + 3, me.y, me.depth))
    app = GameApp.from_engine(engine)
    assert isinstance(engine.submit(A.PickUp(carried)), A.Done)
    letter = engine.store.get(carried, Item).letter
    places = {"log": frame(app)}
    places["inventory"] = press(app, "i", letter, "escape", "escape")
    places["drop menu"] = press(app, "d", "escape")
    data_kind = getattr(CATALOG.lookup(name), "kind", "")
    if data_kind in KEY_FOR:
        places["its menu"] = press(app, KEY_FOR[data_kind], "escape")
    places["@ screen"] = press(app, "@", "escape")
    places["look"] = press(app, "x", "right", "right", "right", "v", "escape", "escape")
    places["travel"] = press(app, "_", "tab", "escape")
    count = SimpleNamespace(deepest=1, kills=0, setup=0)
    seen = Observer(("inv_strs", "message")).observe(engine, engine.log[-1].line, count)
    places["env"] = "\n".join(bytes(row).rstrip(b"\0").decode()
                              for row in [*seen["inv_strs"], seen["message"]])
    places["morgue"] = morgue_text(engine)
    return places, engine, carried


def truths(name: str, powers: Powers | None) -> list[str]:
    """What would give the thing away: its table name and words, its affix and their words."""
    data = CATALOG.lookup(name)
    out = []
    if getattr(data, "kind", "") in KEY_FOR:
        out += [name, data.description]
    if powers is not None:
        affix = CATALOG.magic.affixes.get(powers.ego)
        if affix is not None:
            out += [affix.name, affix.description]
        if powers.enchant:
            out.append(f"{powers.enchant:+d} {name}")
    return out


@pytest.mark.parametrize("case", cases(), ids=ids)
def test_an_unknown_thing_is_shown_as_the_player_knows_it(case):
    name, powers = case
    data = CATALOG.lookup(name)
    if getattr(data, "known", False):
        pytest.skip("every adventurer knows it")
    places, engine, item = everything_shown(name, powers, known=False)
    secrets = truths(name, powers)
    assert secrets
    for place, shown in places.items():
        flat = words(shown)
        for secret in secrets:
            if place == "morgue":  # the truth at the end, marked as what was not known
                continue
            assert secret not in flat, f"{place} shows {secret!r}"
    seen_as = knowledge.base_name(engine, item)
    for place in ("inventory", "drop menu", "look", "env"):
        assert seen_as in places[place], f"{place} does not show {seen_as!r}"
    if data.name == "potion of curing":  # the line docs/rules.md quotes
        assert "An unknown potion: drink it to learn what it is." in words(places["inventory"])
    if getattr(data, "kind", "") in knowledge.UNKNOWN_LINES:
        assert knowledge.UNKNOWN_LINES[data.kind] in words(places["inventory"])
        assert knowledge.UNKNOWN_LINES[data.kind] in words(places["look"])
    assert f"(unknown: {knowledge.truth(engine, item)})" in places["morgue"]


@pytest.mark.parametrize("case", cases(), ids=ids)
def test_a_known_thing_is_shown_for_what_it_is(case):
    name, powers = case
    places, engine, item = everything_shown(name, powers, known=True)
    full = knowledge.base_name(engine, item)
    assert full == knowledge.truth(engine, item)
    for place in ("inventory", "drop menu", "look", "env", "morgue"):
        assert full in places[place], f"{place} does not show {full!r}"
    examine = words(places["inventory"])
    box = " ".join(entry.label for entry in inventory.examine(Session(engine), item).entries)
    for truth in truths(name, powers):  # the box's words whole (cutting them: tests/ui/...)
        assert truth in full or (truth in box and truth[:30] in examine), \
            f"the examine box does not say {truth!r}"
    assert "(unknown:" not in places["morgue"]


@pytest.mark.parametrize("name", [c.name for c in CATALOG.magic.consumables.values()
                                  if c.kind == "wand"])
def test_an_unknown_wand_is_aimed_as_any_wand_might_reach(name):
    engine = Game.scenario(ROOM, {})
    engine.use()
    me = engine.position(engine.player)
    wand = engine.create_item(name, 1, Position(me.x, me.y, me.depth), Powers(charges=3))
    app = GameApp.from_engine(engine)
    engine.submit(A.PickUp(wand))
    aim = press(app, "a", engine.store.get(wand, Item).letter)
    reach = magic_keys.unknown_wand_reach(engine)
    assert reach == max(CATALOG.magic.spells[c.spell].range
                        for c in CATALOG.magic.consumables.values() if c.kind == "wand")
    assert f"Zap the {knowledge.base_name(engine, wand)}, range {reach}" in aim
    assert name not in aim
