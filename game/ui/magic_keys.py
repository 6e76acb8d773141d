"""The magic commands: read a scroll or a book (r), zap a wand (a), cast a spell (Z). Each ends
in an Action; aiming reuses the look and target cursor. What can be read or zapped is the
world's rule (``game.world.play.choices``)."""

from __future__ import annotations

from game.content.magic import Consumable
from game.wizard.shares import percent
from game.world.core import actions as A
from game.world.core.components import Spells
from game.world.game import Game
from game.world.play import choices, knowledge, spells

from . import describe
from .menus import Entry, MenuScreen
from .screen import POP, STAY, Push, Replace, Session, Step
from .target import TargetScreen


def read(session: Session) -> Step:
    """Read what? Or, while a scroll of identify read unknown waits for its choice, that."""
    owed = _owed(session)
    if owed is not None:
        return Push(owed)
    items = choices.fitting(session.engine, "read")
    if not items:
        session.notice = "You have nothing to read."
        return STAY
    return Push(MenuScreen("Read what?", _entries(session, items),
                           lambda item: _read(session, item)))


def _entries(session: Session, items: list[int]) -> list[Entry]:
    return describe.item_entries(session.engine, items)


def _read(session: Session, item: int) -> Step:
    """A scroll known to be identify asks what to identify; anything else is read at once."""
    unknown = choices.identify_targets(session.engine, item)
    if unknown:
        def pick(target: int) -> Step:
            session.act(A.Read(item, target))
            return POP
        return Replace(MenuScreen("Identify what?", _entries(session, unknown), pick))
    session.act(A.Read(item))
    owed = _owed(session)
    return POP if owed is None else Replace(owed)


def _owed(session: Session) -> MenuScreen | None:
    """The choice a scroll of identify read unknown left (``choices.owed_identify``): a menu
    of the unknown things carried, each choice an ``A.Identify``; Esc leaves it for later
    (``r`` asks again)."""
    unknown = choices.owed_identify(session.engine)
    if not unknown:
        return None

    def pick(target: int) -> Step:
        session.act(A.Identify(target))
        return POP
    return MenuScreen("Identify what? (Esc: choose later)", _entries(session, unknown), pick)


def zap(session: Session) -> Step:
    wands = choices.fitting(session.engine, "zap")
    if not wands:
        session.notice = "You have no wand to zap."
        return STAY
    engine = session.engine

    def aim(item: int) -> Step:
        wand = describe.item_data(engine, item)
        assert isinstance(wand, Consumable) and wand.spell, "only wands are offered"
        spell = engine.catalog.magic.spells[wand.spell]
        known = knowledge.kind_known(engine, wand.name)
        if spell.shape == "self" and known:
            me = engine.position(engine.player)
            session.act(A.Zap(item, me.x, me.y))
            return POP
        # an unknown wand is aimed as any wand might reach: its own range would tell its kind
        reach = spell.range if known else unknown_wand_reach(engine)
        return Replace(TargetScreen(session, f"Zap the {engine.item_name(item)}",
                                    reach, lambda x, y: A.Zap(item, x, y),
                                    needs_line=False))  # a wand may not be known for a bolt

    return Push(MenuScreen("Zap which wand?", _entries(session, wands), aim))


def unknown_wand_reach(engine: Game) -> int:
    """The longest reach of any kind of wand the tables have: what an unknown one is aimed
    with, so the aim tells nothing of its kind."""
    return max((engine.catalog.magic.spells[c.spell].range
                for c in engine.catalog.magic.consumables.values()
                if c.kind == "wand" and c.spell), default=1)


def cast(session: Session) -> Step:
    """A menu of known spells with their cost and chance; then aim, unless on oneself."""
    engine = session.engine
    book = engine.component(engine.player, Spells)
    if book is None or not book.known:
        session.notice = "You know no spells (read a spellbook to learn one)."
        return STAY
    entries = []
    for name in book.known:
        spell = engine.catalog.magic.spells[name]
        chance = spells.cast_chance(engine, engine.player, spell)
        entries.append(Entry(name, name, f"{spell.cost} sp, {percent(chance, 0)}"))

    def pick(name: str) -> Step:
        spell = engine.catalog.magic.spells[name]
        why = spells.why_not(engine, engine.player, spell)  # too few points; a miscast's bar
        if why is not None:
            session.notice = why
            return POP
        if spell.shape == "self":
            me = engine.position(engine.player)
            session.act(A.Cast(name, me.x, me.y))
            return POP
        return Replace(TargetScreen(session, f"Cast {name}", spell.range,
                                    lambda x, y: A.Cast(name, x, y),
                                    needs_line=spell.shape == "bolt"))

    return Push(MenuScreen(f"Cast which spell? ({book.points}/{book.max_points} sp)",
                           entries, pick))


COMMANDS = {"read": read, "zap": zap, "cast": cast}
