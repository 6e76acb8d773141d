"""Events: plain data the engine emits; the log and the screens read them."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.resolve import Outcome


@dataclass(frozen=True, slots=True)
class Message:
    """A line for the log. ``tone`` lets the UI colour it without the engine choosing colours."""

    text: str
    tone: str = "info"  # info, good, bad, combat, wizard
    # The turn counter when it was logged (the message log shows it); not part of what the
    # message is, so two equal lines compare equal whenever they came.
    turn: int = field(default=0, compare=False)
    # The same notice this many times in a row (``Engine._append``): kept as a number, not
    # folded into the text, so nothing ever parses it back out of what a save says.
    count: int = 1

    @property
    def line(self) -> str:
        """The line as the log shows it: every screen, the morgue and the env read this."""
        return self.text if self.count == 1 else f"{self.text} (x{self.count})"


@dataclass(frozen=True, slots=True)
class AttackEvent:
    attacker: int
    target: int
    outcome: Outcome
    lines: tuple[str, ...]  # what the player saw (empty when unseen)


@dataclass(frozen=True, slots=True)
class Died:
    entity: int
    name: str
    cause: str


@dataclass(frozen=True, slots=True)
class CameIntoView:
    """A creature the player had not seen a moment ago is in view."""

    entity: int


@dataclass(frozen=True, slots=True)
class LevelChanged:
    depth: int


@dataclass(frozen=True, slots=True)
class Won:
    pass


Event = Message | AttackEvent | Died | CameIntoView | LevelChanged | Won
