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
