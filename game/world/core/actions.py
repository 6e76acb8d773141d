"""Actions: what a player (or a bot, or a recording) asks the engine to do, as values.

Each action is a frozen dataclass with a stable ``tag`` and a JSON round trip, naming entities
by id. Saves, replays and wizard commands are lists of these.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from game.rules.quoting import quoted

REGISTRY: dict[str, type[Action]] = {}


class Action:
    tag: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.tag:
            return  # an abstract base (the wizard's), not an action of its own
        # dataclass(slots=True) builds the class twice; the same name may register again.
        known = REGISTRY.get(cls.tag)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise TypeError(f"action tag {cls.tag!r} used twice")
        REGISTRY[cls.tag] = cls

    def to_json(self) -> dict[str, Any]:
        return {"t": self.tag, **{name: getattr(self, name) for name in _kinds(type(self))}}

    @staticmethod
    def from_json(data: Any) -> Action:
        """Rebuild an action from untrusted JSON: unknown tags or fields are a ValueError."""
        tag = data.get("t") if isinstance(data, dict) else None
        if not isinstance(tag, str) or tag not in REGISTRY:
            raise ValueError(f"not an action: {quoted(data, 80)}")
        cls = REGISTRY[tag]
        kinds = _kinds(cls)
        args = {k: v for k, v in data.items() if k != "t"}
        if args.keys() != kinds.keys():
            raise ValueError(f"action {cls.tag!r} needs fields {sorted(kinds)}, got {sorted(args)}")
        for key, value in args.items():
            kind = kinds[key][0]
            if kind is not None and (not isinstance(value, kind)
                                     or (kind is not bool and isinstance(value, bool))):
                raise ValueError(f"action {tag!r} field {key!r}: expected {kinds[key][1]}, "
                                 f"got {quoted(value, 40)}")
        return cls(**args)


_KINDS: dict[type, dict[str, tuple[type | None, str]]] = {}


def _kinds(cls: type) -> dict[str, tuple[type | None, str]]:
    """An action class's fields: the plain type each must be (None: unchecked), and its
    annotation; worked out once per class (a long recording has many actions to check)."""
    known = _KINDS.get(cls)
    if known is None:
        known = _KINDS[cls] = {
            f.name: ({"int": int, "str": str, "bool": bool}.get(str(f.type).split(" ")[0]),
                     str(f.type))
            for f in fields(cls)}
    return known


@dataclass(frozen=True, slots=True)
class Move(Action):
    tag: ClassVar[str] = "move"
    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class Attack(Action):
    tag: ClassVar[str] = "attack"
    target: int


@dataclass(frozen=True, slots=True)
class Wait(Action):
    tag: ClassVar[str] = "wait"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Wait until healed or disturbed."""

    tag: ClassVar[str] = "rest"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    tag: ClassVar[str] = "pickup"
    item: int


@dataclass(frozen=True, slots=True)
class Drop(Action):
    tag: ClassVar[str] = "drop"
    item: int


@dataclass(frozen=True, slots=True)
class Wield(Action):
    tag: ClassVar[str] = "wield"
    item: int


@dataclass(frozen=True, slots=True)
class Wear(Action):
    tag: ClassVar[str] = "wear"
    item: int


@dataclass(frozen=True, slots=True)
class TakeOff(Action):
    tag: ClassVar[str] = "takeoff"
    item: int


@dataclass(frozen=True, slots=True)
class Quaff(Action):
    tag: ClassVar[str] = "quaff"
    item: int


@dataclass(frozen=True, slots=True)
class Descend(Action):
    tag: ClassVar[str] = "descend"


@dataclass(frozen=True, slots=True)
class Ascend(Action):
    tag: ClassVar[str] = "ascend"




@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Shoot the readied missile weapon at a cell."""

    tag: ClassVar[str] = "fire"
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Throw(Action):
    tag: ClassVar[str] = "throw"
    item: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Rage(Action):
    """The berserker flies into a rage (no time)."""

    tag: ClassVar[str] = "rage"


@dataclass(frozen=True, slots=True)
class VitalStrike(Action):
    """The rogue's blow at a neighbour that turns a hit into a critical."""

    tag: ClassVar[str] = "vital"
    target: int


@dataclass(frozen=True, slots=True)
class Bash(Action):
    """Bash a neighbour with a shield."""

    tag: ClassVar[str] = "bash"
    target: int


@dataclass(frozen=True, slots=True)
class SetStance(Action):
    tag: ClassVar[str] = "stance"
    name: str


@dataclass(frozen=True, slots=True)
class Quiver(Action):
    """Ready ammunition (arrows, bolts, stones) for the missile weapon."""

    tag: ClassVar[str] = "quiver"
    item: int


# --- magic (game.world.play.consumables, game.world.play.spells) ------------------------


@dataclass(frozen=True, slots=True)
class Read(Action):
    """Read a scroll or a book; ``target`` is the item a scroll of identify is read on
    (0: none chosen. Before game 0.4.0 the first unknown thing carried; from 0.4.0 the one
    unknown thing, or with several the player chooses after reading: ``Identify``)."""

    tag: ClassVar[str] = "read"
    item: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class Identify(Action):
    """Name the carried thing a scroll of identify, read unknown, left the player to choose
    (game 0.4.0 on: ``Choosing``); takes no time of its own, the reading took it."""

    tag: ClassVar[str] = "identify"
    target: int


@dataclass(frozen=True, slots=True)
class Zap(Action):
    """Zap a wand at a cell."""

    tag: ClassVar[str] = "zap"
    item: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Cast a known spell at a cell (any cell for a spell on oneself)."""

    tag: ClassVar[str] = "cast"
    spell: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Done:
    events: tuple = ()
    ticks: int = 0


@dataclass(frozen=True, slots=True)
class Impossible:
    reason: str


@dataclass(frozen=True, slots=True)
class Instead:
    action: Action


Result = Done | Impossible | Instead
