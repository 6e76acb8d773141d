"""The log's words for spells, never with numbers: "The fireball engulfs the kobold.",
"You resist the cold.", "The kobold is dazzled."."""

from __future__ import annotations

from .messages import Who
from .spells import Spell, SpellHit

BALL_VERB, BOLT_VERB = "engulfs", "hits"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def casts(caster: Who, spell: Spell) -> str:
    if caster.is_player:
        return f"You cast {spell.name}."
    if not caster.seen:
        return "Something mutters a spell."
    return f"{_cap(caster.the)} casts {spell.name}."


def fails(caster: Who) -> str:
    if caster.is_player:
        return "You fail to cast the spell."
    return f"{_cap(caster.the)}'s spell fizzles." if caster.seen else ""


def struck(hit: SpellHit, target: Who) -> list[str]:
    """What the player sees of one target's share of a spell."""
    spell = hit.spell
    if not (target.seen or target.is_player):
        return []
    noun = spell.noun or spell.name
    if spell.effect == "dazzle":
        return ["You are dazzled!" if target.is_player else f"{_cap(target.the)} is dazzled."]
    if spell.effect == "shield":
        where = "you" if target.is_player else target.the
        return [f"A {noun} shimmers around {where}."]
    verb = BALL_VERB if spell.shape == "ball" else BOLT_VERB
    lines = [f"The {noun} {verb} {target.the}."]
    if hit.immune:
        lines.append("You are unharmed." if target.is_player
                     else f"{_cap(target.the)} is unharmed.")
    elif hit.resisted:
        lines.append(f"You resist the {spell.element}." if target.is_player
                     else f"{_cap(target.the)} resists the {spell.element}.")
    return lines


# --- tides (version 4): the document's words -------------------------------------------------

FORCE = "with Irresistible Force"  # the document: "casting with Irresistible force, or IF"


def casts_with_force(caster: Who, spell: Spell) -> str:
    """A cast with Irresistible Force: "You cast fireball with Irresistible Force!"."""
    return casts(caster, spell)[:-1] + f" {FORCE}!"


def not_powerful(spell: Spell, target: Who) -> str:
    """A failed power check (the document: "to see if the spell was powerful enough to harm
    your opponent"): "The frost bolt is not powerful enough to harm the kobold."."""
    return f"The {spell.noun or spell.name} is not powerful enough to harm {target.the}."


def dodges(spell: Spell, target: Who, *, by_player: bool) -> str:
    """A projectile dodged ("These spells can be dodged"): "The kobold dodges your frost
    bolt.", "You dodge the frost bolt."."""
    noun = spell.noun or spell.name
    if target.is_player:
        return f"You dodge the {noun}."
    return f"{_cap(target.the)} dodges {'your' if by_player else 'the'} {noun}."


# The miscast table's lines the world plays (1d6 + the spell's level: 2 to 11 for levels 1 to
# 5), each in the document's words as the player reads them (its first sentence, and its second
# where that has no number), and as said of a creature caster.
MISCAST_WORDS: dict[int, tuple[tuple[str, ...], str]] = {
    2: (("Magic slips through your fingers but you are able to retain some.",),
        "Magic slips through {own} fingers, but it retains some."),
    3: (("The spell slips through your fingers, but you avoid any lasting ill effects.",),
        "The spell slips through {own} fingers."),
    4: (("The warp pours into your body, filling you with power - if you can control it.",),
        "The warp pours into {own} body, filling it with power."),
    5: (("Your spell fails to go off as intended.",),
        "{Own} spell fails to go off as intended."),
    6: (("Your mind is briefly overloaded by the touch of the warp.",
         "You cannot cast a spell on your next turn."),
        "{Own} mind is briefly overloaded by the touch of the warp."),
    7: (("You cut off your spell power quickly to avoid suffering from horrible side-effects.",
         "You cannot cast spells with Irresistible Force for the duration of the encounter."),
        "{The} cuts off its spell power quickly."),
    8: (("A sliver of the warp slips through your defenses and taints your mind.",),
        "A sliver of the warp taints {own} mind."),
    9: (("The energy you were attempting to harness manifests as bright emerald fire, "
         "covering your body.",),
        "Bright emerald fire covers {own} body."),
    10: (("Your body is wracked by arcs of orange electricity, weakening you.",),
         "{Own} body is wracked by arcs of orange electricity."),
    11: (("Your body becomes a vortex for magic power.",
          "You cannot cast spells for the duration of the encounter."),
         "{Own} body becomes a vortex for magic power."),
}


def miscast(caster: Who, line: int) -> list[str]:
    """A miscast ("If you do miscast you must roll on the table"): what the player sees."""
    if caster.is_player:
        return ["You miscast the spell!", *MISCAST_WORDS[line][0]]
    if not caster.seen:
        return []
    the, own = caster.the, caster.possessive
    said = MISCAST_WORDS[line][1].format(the=the, The=_cap(the), own=own, Own=_cap(own))
    return [f"{_cap(the)} miscasts its spell!", said]


SILENCED = "You cannot cast spells for the duration of the encounter."
IDLE = "You cannot cast a spell on your next turn."
