"""Components: plain data on entities. Processors change them; components never act.

Every component is a slots dataclass of JSON-friendly fields, so a snapshot can store it and a
state hash can serialise it stably.
"""

from __future__ import annotations

from dataclasses import dataclass, field, is_dataclass

from . import changes


@dataclass(frozen=True, slots=True)
class Position:
    x: int
    y: int
    depth: int


@dataclass(slots=True)
class Renderable:
    glyph: str
    colour: tuple[int, int, int]
    layer: int = 0  # items 0, creatures 2: the higher is drawn on top


@dataclass(slots=True)
class Named:
    name: str
    proper: bool = False


@dataclass(slots=True)
class Player:
    character: str  # the starting build's name
    wizard: bool = False  # a wizard game, for good
    invulnerable: bool = False  # wizard: hit points never fall below 1
    show_rolls: bool = False  # wizard: every attack's breakdown in the log


@dataclass(slots=True)
class Creature:
    kind: str  # a name in assets/creatures.toml
    awake: bool = False
    in_view: bool = False  # the player saw it at the last look (game.world.core.sight)
    foe: int | None = None  # whom it fights: who struck it last (the player too), or a rival


@dataclass(slots=True)
class Hero:
    """The player's level, experience, rage and tally of the creatures that died in its game
    (game.world.play.progress), kept in the state so a continued game's morgue counts them all;
    race and class come from the character's name (``Player.character``)."""

    level: int = 1
    xp: int = 0
    rage: int = 0  # 6-second ticks of rage left; 0 is calm
    kills: dict[str, int] = field(default_factory=dict)  # creatures that died, by kind


@dataclass(slots=True)
class Actor:
    """Whoever has an Actor takes turns; ``next_tick`` is when it acts next."""

    next_tick: int
    speed: int = 60  # ticks a step takes


@dataclass(slots=True)
class Health:
    hp: int
    max_hp: int


@dataclass(slots=True)
class Attributes:
    strength: int
    dexterity: int
    constitution: int
    willpower: int = 10


@dataclass(slots=True)
class Training:
    """Ranks and training points in weapon skills and fighting styles."""

    skills: dict[str, int] = field(default_factory=dict)
    styles: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Stance:
    name: str = "Normal"
    stamina: int = 10
    max_stamina: int = 10


@dataclass(slots=True)
class Equipment:
    """Entity ids of what is held and worn, by slot."""

    main: int | None = None
    off: int | None = None
    missile: int | None = None
    ammo: int | None = None
    body: int | None = None
    cloak: int | None = None
    head: int | None = None
    hands: int | None = None
    feet: int | None = None
    ring: int | None = None
    neck: int | None = None

    def slots(self) -> dict[str, int | None]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(slots=True)
class Inventory:
    items: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Item:
    name: str  # a weapon, armour, ammunition or item name from the tables
    count: int = 1
    letter: str = ""  # its inventory letter, kept for the whole game (game.world.play.stacks)
    thrown: bool = False  # lying where the player shot or threw it (auto-pickup takes it)


@dataclass(slots=True)
class Dropped:
    """On a thing the player dropped, while it lies where it was dropped (game 0.4.0 on):
    auto-pickup and explore leave it, as DCSS leaves what the player dropped. Picking it up
    by hand takes it off."""


@dataclass(slots=True)
class Vitals:
    """Bleeding, poison and disease counters, and when they and regeneration next tick."""

    next_tick: int
    bleeding: int = 0  # ticks of the effect left
    poison: int = 0
    disease: int = 0
    regen: int = 0  # progress towards the next hit point


@dataclass(slots=True)
class Trap:
    name: str
    hidden: bool = True


@dataclass(slots=True)
class Supply:
    """A creature's arrows and things to throw."""

    ammo: int = 0
    throws: int = 0


@dataclass(slots=True)
class Powers:
    """An item's magic (game.world.play.magic_items): its enchantment (+1, -2), its affix from
    assets/magic.toml, a curse that keeps it on, a wand's charges, and whether its owner knows
    all this. ``uses`` counts towards knowing it by use."""

    enchant: int = 0
    ego: str = ""
    cursed: bool = False
    known: bool = False
    charges: int = 0
    uses: int = 0


@dataclass(slots=True)
class Spells:
    """The spells a caster knows (names in assets/spells.toml) and its spell points."""

    known: list[str] = field(default_factory=list)
    points: int = 0
    max_points: int = 0


@dataclass(slots=True)
class Effects:
    """Timed conditions, in 6 s ticks left: "dazzled", and magic's "shield", "haste",
    "resist"."""

    ticks: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Knowledge:
    """The kinds of potion, scroll and wand the player has learnt (their table names)."""

    kinds: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Choosing:
    """A choice the player owes the game: ``identify`` things to name, after a scroll of
    identify read unknown found several things unknown (game 0.4.0 on). Only while owed."""

    identify: int = 1


@dataclass(slots=True)
class Reactions:
    """How often a fighter has reacted (dodged or fought back) in the round that began at
    ``round_start`` (coc's rounds, ``game.world.play.rounds``); only coc games have it."""

    round_start: int = 0
    count: int = 0


@dataclass(slots=True)
class Casting:
    """A caster's encounter under tides from version 4 (``game.world.play.tides_casting``):
    its successes by spell and what its miscasts left on it. The encounter ends when a minute
    passes with no cast (``last``: the tick of its last); only tides games have it."""

    last: int = 0
    casts: dict[str, int] = field(default_factory=dict)  # successes by spell
    penalty: int = 0  # lasting casting penalties (miscasts 4 and 8)
    power: int = 0  # the lasting spell power bonus (miscast 4)
    bonus: int = 0  # a bonus on the next casting roll (miscast 2)
    forceless: bool = False  # no Irresistible Force (miscast 7)
    silenced: bool = False  # no casting (miscast 11)
    idle_until: int = 0  # no casting before this tick (miscast 6)


changes.watch(*(kind for kind in list(globals().values())
                if isinstance(kind, type) and is_dataclass(kind) and kind.__module__ == __name__))
