"""The player as a game starts: the character's race and class made an entity, equipped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import magic, stats
from game.world.core.components import (
    Actor,
    Attributes,
    Equipment,
    Health,
    Hero,
    Inventory,
    Named,
    Player,
    Renderable,
    Spells,
    Stance,
    Training,
    Vitals,
)

from . import stacks

if TYPE_CHECKING:
    from game.content.characters import CharacterKind
    from game.world.core.engine import Engine


def create_player(engine: Engine, wizard: bool) -> int:
    kind = engine.catalog.characters[engine.character]
    con = stats.modifier(kind.constitution)
    eid = engine.store.create(
        Player(kind.name, wizard), Named(kind.name), Renderable("@", (255, 255, 255), 3),
        Actor(0, 60), Health(kind.hit_points, kind.hit_points),
        Attributes(kind.strength, kind.dexterity, kind.constitution, kind.willpower),
        Training(dict(kind.skills), dict(kind.styles), {}),
        Stance(kind.stance, stats.max_stamina(kind.constitution),
               stats.max_stamina(kind.constitution)),
        Equipment(), Inventory(), Vitals(stats.VITALS_TICKS, regen=max(0, con)),
        Spells(list(kind.spells), magic.max_spell_points(kind.willpower),
               magic.max_spell_points(kind.willpower)), Hero(),
    )
    _equip_start(engine, eid, kind)
    return eid


def _equip_start(engine: Engine, eid: int, kind: CharacterKind) -> None:
    eq = engine.store.get(eid, Equipment)
    for slot, data in (("main", kind.main_hand), ("off", kind.off_hand),
                       ("missile", kind.missile)):
        if data is not None:
            setattr(eq, slot, give(engine, eid, data.name))
    if kind.ammo is not None:
        eq.ammo = give(engine, eid, kind.ammo.name, kind.ammo_count)
    for piece in kind.worn:
        setattr(eq, piece.slot, give(engine, eid, piece.name))
    for name in kind.inventory:
        give(engine, eid, name)


def give(engine: Engine, eid: int, name: str, count: int = 1) -> int:
    held = stacks.take(engine, eid, engine.create_item(name, count))
    if held is None:
        raise ValueError(f"no room to carry the {name}")
    return held
