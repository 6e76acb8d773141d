"""Magic items in the world: what an item's powers add up to, how loot is made magic by depth,
and the full name of a magic item ("+1 long sword of slaying").

An item's magic is its ``Powers`` component: an enchantment and an affix from
``assets/magic.toml``. ``item_magic`` turns them into the rules' ``Magic`` list, each with its
reason, for the slot the item is in; ``fighters`` adds up what is held and worn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game import __version__, plays_as
from game.content.catalog import Catalog
from game.content.magic import Affix, Consumable
from game.rules.items import Armour, Weapon
from game.rules.magic import MAX_ENCHANT
from game.rules.profiles import Magic
from game.world.core.components import Powers

from . import loot

ATTACK_KINDS = ("to_hit", "damage", "threat", "multiplier")
HELD_SCOPES = ("main", "off", "missile", "ammo")

# Generation (a decision; docs/rules.md "Magic and spells"): percent chances by depth d.
ENCHANT_PERCENT = (10, 5)  # 10 + 5 d percent of weapons and armour carry an enchantment
AFFIX_PERCENT = (4, 4)  # 4 + 4 d percent carry an affix
CURSED_PERCENT = 15  # of magic items: a minus instead of a plus
WEARABLE_AFFIX_PERCENT = 60  # a ring, amulet or plain piece carries an affix, else a plus


def percent(base: tuple[int, int], depth: int) -> int:
    return base[0] + base[1] * depth


def affix_place(data: Weapon | Armour) -> str:
    """What an affix's ``on`` calls this kind of thing: weapon, missile, or a slot."""
    if isinstance(data, Weapon):
        return "missile" if data.is_missile else "weapon"
    return data.slot


def enchant_kind(data: Weapon | Armour) -> tuple[str, ...]:
    """What an enchantment adds to: to hit and damage for a weapon; Defence of its own kind
    for body armour and a shield; Dodge for boots (nimble feet); Deflection for the rest
    (they add to Defence only through their magic)."""
    if isinstance(data, Weapon):
        return ("to_hit", "damage")
    return {"body": ("armour",), "shield": ("shield",), "feet": ("dodge",)}.get(
        data.slot, ("deflection",))


SHIELDS_APART = "0.3.0"
"""From this game version (``Engine.since``) a shield's magic is that shield's own, so that
only the best shield held counts ("Within each kind only the best counts"), and a shield gives
Defence only (``counts_on``). A game begun earlier adds every shield's magic and lets a
shield's affix soak, as it was played: its recording replays as it was played."""


def item_magic(catalog: Catalog, name: str, powers: Powers | None, scope: str, *,
               made_by: str = __version__) -> list[Magic]:
    """The magic an item gives where it is: ``scope`` is its slot ("main", "off", "missile"
    for held things; anything else for worn ones; "thrown" for a throw). ``made_by``: the
    game version that began the game (``SHIELDS_APART``)."""
    data = catalog.lookup(name)
    if powers is None or not isinstance(data, Weapon | Armour):
        return []
    apart = plays_as(made_by, SHIELDS_APART)
    attack_scope = scope if scope in (*HELD_SCOPES, "thrown") else ""
    shield = apart and isinstance(data, Armour) and data.is_shield
    title = full_name(catalog, name, powers)

    def scoped(what: str) -> str:
        """An attack bonus serves the thing's own attacks; a shield's Defence is that
        shield's, so that only the best shield held counts (``profiles._shield_parts``)."""
        return attack_scope if what in ATTACK_KINDS or (shield and what == "shield") else ""

    powers_of = [(what, powers.enchant) for what in enchant_kind(data)] if powers.enchant else []
    affix = catalog.magic.affixes.get(powers.ego)
    if affix is not None:
        powers_of += list(affix.powers.items())
    return [Magic(what, amount, title, scoped(what)) for what, amount in powers_of
            if not apart or counts_on(data, what)]


SHIELD_GIVES_NONE = ("protection", "armour")
""""A shield gives Defence only" (the manual), and a piece's magic adds to its own base ("Magic
armour or a magic shield may add more than its base"): on a shield an affix's Protection and
its Armour Defence do nothing, as its Shield Defence does nothing on body armour."""


def counts_on(data: Weapon | Armour, what: str) -> bool:
    """Whether a power of ``what`` does anything on this item (``SHIELD_GIVES_NONE``)."""
    if isinstance(data, Armour) and data.is_shield:
        return what not in SHIELD_GIVES_NONE
    if isinstance(data, Armour) and data.category == "Armour":
        return what != "shield"
    return True


def full_name(catalog: Catalog, name: str, powers: Powers | None) -> str:
    """ "+1 long sword of slaying", "hardened chain mail shirt", "ring of deflection"."""
    if powers is None:
        return name
    affix = catalog.magic.affixes.get(powers.ego)
    text = name
    if affix is not None:
        text = f"{affix.name} {text}" if affix.prefix else f"{text} {affix.name}"
    if powers.enchant:
        text = f"{powers.enchant:+d} {text}"
    return text


# --- making loot magic ------------------------------------------------------------------------


def roll_powers(catalog: Catalog, name: str, depth: int, rng: random.Random,
                *, always: bool = False) -> Powers | None:
    """Perhaps make a weapon or a piece of armour magic, rarer and stronger deeper; a plain
    wearable (``always``) is always made magic."""
    data = catalog.lookup(name)
    if not isinstance(data, Weapon | Armour):
        return None
    place = affix_place(data)
    affixes = [a for a in catalog.magic.affixes.values() if place in a.on and a.depth <= depth]
    jewel = place in ("ring", "neck")
    enchant = not jewel and (always or rng.randint(1, 100) <= percent(ENCHANT_PERCENT, depth))
    ego = bool(affixes) and (jewel or rng.randint(1, 100) <= (
        WEARABLE_AFFIX_PERCENT if always else percent(AFFIX_PERCENT, depth)))
    if not (enchant or ego):
        return None
    powers = Powers()
    if ego:
        affix = rng.choices(affixes, [a.frequency for a in affixes])[0]
        powers.ego, powers.cursed = affix.name, affix.cursed
    if enchant:
        size = min(MAX_ENCHANT, 1 + rng.randint(0, depth) // 2)
        cursed = rng.randint(1, 100) <= CURSED_PERCENT
        powers.enchant = -size if cursed else size
        powers.cursed = powers.cursed or (cursed and rng.randint(0, 1) == 1)  # half stick
    return powers


@dataclass(frozen=True, slots=True)
class Loot:
    name: str
    powers: Powers | None = None


def extra_loot(catalog: Catalog, depth: int, rng: random.Random) -> list[Loot]:
    """What a level holds besides the old loot: consumables (2 + depth // 2 of them, by
    frequency among those of this depth or shallower), and a magic wearable with a chance of
    30 + 10 x depth percent."""
    table = [c for c in catalog.magic.consumables.values() if c.depth <= depth and c.frequency]
    picks = rng.choices(table, [c.frequency for c in table], k=2 + depth // 2)
    out = [Loot(c.name, wand_powers(c, rng)) for c in picks]
    if rng.randint(1, 100) <= 30 + 10 * depth:
        name = rng.choice(loot.wearables(catalog))
        out.append(Loot(name, roll_powers(catalog, name, depth, rng, always=True)))
    return out


def wand_powers(item: Consumable, rng: random.Random) -> Powers | None:
    """A wand is made with its charges."""
    return Powers(charges=item.charges.roll(rng)) if item.charges is not None else None


# --- names a wizard may wish for ----------------------------------------------------------


def parse_wish(catalog: Catalog, text: str) -> tuple[str, Powers | None] | None:
    """ "+2 long sword of slaying" -> ("long sword", Powers(2, "of slaying")); a plain name
    -> (name, None); None when it names nothing. A wish is known for what it is; "cursed"
    in front makes it stick."""
    words = " ".join(text.lower().split())
    enchant, rest = 0, words
    head, _, tail = words.partition(" ")
    if head[:1] in "+-" and head[1:].isdigit():
        enchant, rest = int(head), tail
    cursed = rest.startswith("cursed ")
    rest = rest.removeprefix("cursed ")
    try:
        catalog.lookup(rest)
        plain: Affix | None = None
    except KeyError:
        plain = _affix_of(catalog, rest)
        if plain is None:
            return None
        rest = _strip(rest, plain)
    data = catalog.lookup(rest)
    if not (enchant or cursed or plain):
        return rest, None
    if not isinstance(data, Weapon | Armour) or abs(enchant) > MAX_ENCHANT:
        return None
    if plain is not None and affix_place(data) not in plain.on:
        return None
    ego = plain.name if plain else ""
    return rest, Powers(enchant, ego, cursed or bool(plain and plain.cursed), known=True)


def _affix_of(catalog: Catalog, text: str) -> Affix | None:
    for affix in catalog.magic.affixes.values():
        base = _strip(text, affix)
        if base != text and base in catalog.armoury.weapons | catalog.armoury.armour:
            return affix
    return None


def _strip(text: str, affix: Affix) -> str:
    if affix.prefix:
        return text.removeprefix(affix.name + " ")
    return text.removesuffix(" " + affix.name)


def wish_names(catalog: Catalog) -> list[str]:
    """Every item name, and every base with each affix it may carry (for completion)."""
    names = set(catalog.item_names())
    bases: list[Weapon | Armour] = [*catalog.armoury.weapons.values(),
                                     *catalog.armoury.armour.values()]
    for data in bases:
        for affix in catalog.magic.affixes.values():
            if affix_place(data) in affix.on:
                names.add(full_name(catalog, data.name, Powers(ego=affix.name)))
    return sorted(names)
