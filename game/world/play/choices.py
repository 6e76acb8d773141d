"""What the player's commands apply to: the shot ``t`` takes, the stance a stance key asks for,
whether a bash or a vital strike can be made at all, and which carried things each item
command fits (quaff, read, zap, wear, wield, ...).

These are rules of the game, so they live in the world: the keys of the UI, the Gymnasium
environment and anything else that plays ask here, and so all play one game. Each answer
only reads the engine; what a player does with it is an Action submitted as usual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.catalog import ItemData, MiscItem
from game.content.magic import Consumable
from game.rules import profiles, stats, talents
from game.rules.items import THROWN_ONLY, Ammo, Armour, Weapon
from game.world.core import actions as A
from game.world.core.components import Choosing, Equipment, Item, Stance

from . import consumables, fighters, knowledge, lines, progress
from .player_actions import NO_SHIELD, NO_VITAL, TOO_TIRED_FOR_VITAL

if TYPE_CHECKING:
    from game.world.core.engine import Engine

STANCE_ORDER = tuple(stats.STANCES)  # Coward ... Frenzy
_SET_STANCE = {name: A.SetStance(name) for name in STANCE_ORDER}  # actions are values
HELD_SLOTS = ("main", "off", "missile", "ammo")


def item_data(engine: Engine, item: int) -> ItemData:
    """The table entry of a thing (by its real name, whatever the player knows of it)."""
    return engine.catalog.lookup(engine.store.get(item, Item).name)


# --- stances ---------------------------------------------------------------------------------


def stance_change(engine: Engine, step: int | None) -> A.SetStance | str:
    """The stance one step towards Coward (-1) or Frenzy (+1), or Normal (None); or why
    there is none. The stance is read from its component, which the Fighter's is built
    from (Normal without one), so no Fighter is built to ask it."""
    if step is None:
        return _SET_STANCE[stats.NORMAL.name]
    stance = engine.component(engine.player, Stance)
    current = stance.name if stance is not None else stats.NORMAL.name
    index = STANCE_ORDER.index(current) + step
    if not 0 <= index < len(STANCE_ORDER):
        return f"You are already in the {current} stance."
    return _SET_STANCE[STANCE_ORDER[index]]


# --- blows at a neighbour ------------------------------------------------------------------


def blow_refused(engine: Engine, blow: str) -> str | None:
    """Why the player can make no ``blow`` ("bash" or "vital") at anyone now, asked before a
    target is: a bash needs a shield, a vital strike the talent and the stamina for it."""
    if blow == "bash":
        return NO_SHIELD if profiles.bash(engine.fighter(engine.player)) is None else None
    if talents.VITAL_STRIKE not in progress.talents_of(engine, engine.player):
        return NO_VITAL
    stance = engine.store.get(engine.player, Stance)
    return TOO_TIRED_FOR_VITAL if stance.stamina < talents.VITAL_STAMINA else None


# --- shots and throws ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shot:
    """A shot or throw ready to aim: ``verb`` ("Shoot" or "Throw") the ``name``d thing up to
    ``range`` cells; ``at(x, y)`` is the action at a cell."""

    verb: str
    name: str
    range: int
    at: Callable[[int, int], A.Action]


def ready_shot(engine: Engine) -> Shot | None:
    """What ``t`` uses: the readied missile weapon, else the first unused weapon made for
    throwing; None with nothing ready."""
    if _missile_readied(engine):
        fighter = engine.fighter(engine.player)
        shot = profiles.shot(fighter)
        assert fighter.missile is not None and shot is not None  # a missile weapon is readied
        return Shot("Shoot", fighter.missile.name, shot.range, A.Fire)
    made = next((i for i in engine.inventory() if _spare_throwing_weapon(engine, i)), None)
    return throw_shot(engine, made) if made is not None else None


def shot_targets(engine: Engine, reach: int) -> list[int]:
    """The creatures in view a shot or a bolt of ``reach`` would fly straight to (nothing in
    the way, a wall or another creature), nearest first: what aiming starts on and Tab goes
    through."""
    me = engine.position(engine.player)
    seen = sorted((max(abs(p.x - me.x), abs(p.y - me.y)), e)
                  for e, (_, p) in engine.creatures_here() if engine.sees(e))
    return [e for _, e in seen if lines.clear(engine, engine.player, e, reach)]


def shot_refused(engine: Engine, x: int, y: int, reach: int) -> str | None:
    """Why a shot or a bolt at (x, y) cannot be loosed (``lines.refused``), or None."""
    return lines.refused(engine, engine.player, x, y, reach)


def throw_shot(engine: Engine, item: int) -> Shot:
    """Throwing this carried weapon: its range as the player would throw it."""
    data = item_data(engine, item)
    assert isinstance(data, Weapon), "only weapons that can be thrown are offered"
    attack = profiles.throw(engine.fighter(engine.player), data)
    return Shot("Throw", data.name, attack.range, lambda x, y: A.Throw(item, x, y))


def throwables(engine: Engine) -> list[int]:
    """Weapons that can be thrown: those made for it first, what is wielded last."""
    weapons = [(i, data) for i in engine.inventory()
               if (data := _throwable(engine, i)) is not None]
    weapons.sort(key=lambda w: (not w[1].made_for_throwing,
                                engine.equipped_slot(w[0]) is not None))
    return [i for i, _ in weapons]


def _throwable(engine: Engine, item: int) -> Weapon | None:
    """The item's weapon when it is one that can be thrown (any weapon but a missile one)."""
    data = item_data(engine, item)
    return data if isinstance(data, Weapon) and not data.is_missile else None


def _spare_throwing_weapon(engine: Engine, item: int) -> bool:
    """A weapon made for throwing and not in use: the first of these in the pack is the first
    of ``throwables`` (which puts them first, in pack order) that ``ready_shot`` takes."""
    data = _throwable(engine, item)
    return data is not None and data.made_for_throwing and engine.equipped_slot(item) is None


def _missile_readied(engine: Engine) -> bool:
    """Whether the player's Fighter has a missile weapon (a weapon in the missile slot, as
    ``fighters`` builds it), asked without building the Fighter."""
    eq = engine.component(engine.player, Equipment)
    return eq is not None and fighters.missile_weapon(engine.store, engine.catalog, eq) is not None


# --- which things each item command fits ----------------------------------------------------


def _wieldable(engine: Engine, item: int) -> bool:
    data = item_data(engine, item)
    fits = (isinstance(data, Weapon) and data.held != THROWN_ONLY) or isinstance(data, Ammo) \
        or (isinstance(data, Armour) and data.is_shield)
    return fits and engine.equipped_slot(item) not in HELD_SLOTS


def _wearable(engine: Engine, item: int) -> bool:
    return isinstance(item_data(engine, item), Armour) and engine.equipped_slot(item) is None


def _in_use(engine: Engine, item: int) -> bool:
    return engine.equipped_slot(item) is not None


def _drinkable(engine: Engine, item: int) -> bool:
    data = item_data(engine, item)
    return (isinstance(data, MiscItem) and data.heals is not None) or (
        isinstance(data, Consumable) and data.kind == "potion")


def _of_kind(*kinds: str) -> Callable[[Engine, int], bool]:
    def fits(engine: Engine, item: int) -> bool:
        data = item_data(engine, item)
        return isinstance(data, Consumable) and data.kind in kinds
    return fits


def _quiverable(engine: Engine, item: int) -> bool:
    return isinstance(item_data(engine, item), Ammo) and engine.equipped_slot(item) is None


FITS: dict[str, Callable[[Engine, int], bool]] = {
    "drop": lambda engine, item: True,
    "wield": _wieldable,
    "wear": _wearable,
    "takeoff": _in_use,
    "quaff": _drinkable,
    "read": _of_kind("scroll", "book"),
    "zap": _of_kind("wand"),
    "quiver": _quiverable,
    "throw": lambda engine, item: _throwable(engine, item) is not None,
}
"""Each item command (by its key binding's name) -> whether a carried thing fits it."""


def fitting(engine: Engine, command: str) -> list[int]:
    """The carried things ``command`` applies to, in pack order."""
    fits = FITS[command]
    return [i for i in engine.inventory() if fits(engine, i)]


def identify_targets(engine: Engine, item: int) -> list[int]:
    """What reading ``item`` asks to choose from: for a scroll known to be identify, the other
    carried things not known yet (from game 0.4.0 only when there are several: the one is
    identified without asking); otherwise nothing (it is read at once)."""
    data = item_data(engine, item)
    if getattr(data, "effect", None) != "identify" or not knowledge.kind_known(engine, data.name):
        return []
    unknown = [i for i in consumables.unknown_carried(engine) if i != item]
    if len(unknown) < 2 and engine.since(consumables.IDENTIFY_CHOSEN):
        return []
    return unknown


def owed_identify(engine: Engine) -> list[int]:
    """What the player must choose among now (``A.Identify``): the unknown things carried,
    while a scroll of identify read unknown waits for the choice; else nothing."""
    if engine.component(engine.player, Choosing) is None:
        return []
    return consumables.unknown_carried(engine)
