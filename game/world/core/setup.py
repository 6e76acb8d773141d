"""A game's setup: everything chosen when a game begins, as one frozen value.

The seed, the character, whether it began in wizard mode, the combat system and the version
of its rules, the auto-pickup option, the game version that began it (``made_by``) and the
overlay (a mod) it is played under, and the picture its first level is drawn from, if any
(``core/picture.py``). The engine is made from one (``Engine(setup)``, kept as
``engine.setup``), and the save, the replay, the env's copies and the lab pass it whole: a new
game option is one field here, and its line in ``UNLESS`` (the value a save or state without it
stands for: what every game before it played by), which ``to_json``, ``from_json``,
``in_state``, ``of_state`` and ``differs`` all read; ``tests/world/test_setup.py`` walks every
field through every path.

Its JSON is the save's header fields as they always were (a field at its default is not
written, so an older save reads as it did, and the state hash is unchanged):
``game_version``, ``seed``, ``character``, ``wizard``, and only when not the default
``rules``, ``auto_pickup`` (``true``), ``rules_version``, ``content`` (``{"name", "files"}``)
and ``level`` (``{"picture", "legend"}``).
The game's state holds the seed and character, and the same optional fields (the overlay as
its digest); ``differs`` says where a state disagrees with a setup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import __version__
from game.content.overlay import Overlay, overlay_from
from game.rules import systems
from game.rules.quoting import quoted

from .picture import Picture
from .rng import SEEDS

# a save's header fields that are always written, and their JSON types (savefile checks them)
SAVED = {"game_version": str, "seed": int, "character": str, "wizard": bool}
ALWAYS = {"made_by": "game_version", "seed": "seed", "character": "character",
           "wizard": "wizard"}  # each field's name in the header, where not its own
# the fields written (in the header and the state alike, under their own names) only when not
# the value their absence stands for: what every save and state before the field had
RULES, AUTO_PICKUP, RULES_VERSION, CONTENT = "rules", "auto_pickup", "rules_version", "content"
LEVEL = "level"
UNLESS: dict[str, Any] = {RULES: systems.DEFAULT, RULES_VERSION: systems.FIRST_VERSION,
                          AUTO_PICKUP: False, CONTENT: None, LEVEL: None}
_SPELLED = (CONTENT, LEVEL)  # the optional fields that are values of their own, spelled apart
OPTIONAL = tuple(UNLESS)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game began with. ``rules_version``: the version of its rules it plays by (None:
    the newest); ``made_by``: the game version that began it (None: this one; a recording
    replays as the version that made it played). A None is made the version it stands for
    when the setup is made, so a setup always holds both. Anything out of range is a
    ValueError of one line."""

    seed: int
    character: str = "dwarf warrior"
    wizard: bool = False  # begun in wizard mode (a game turned wizard later records it)
    rules: str = systems.DEFAULT
    rules_version: int | None = None
    auto_pickup: bool = False
    made_by: str | None = None
    content: Overlay | None = None
    level: Picture | None = None  # its first level drawn as a picture (None: generated)

    def __post_init__(self) -> None:
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) \
                or self.seed not in SEEDS:
            raise ValueError(f"the seed must be a whole number from {SEEDS.start} to "
                             f"{SEEDS.stop - 1}, not {quoted(self.seed)}")
        if not isinstance(self.character, str):
            raise ValueError(f"unknown character {quoted(self.character, 40)}")
        for name in ("wizard", "auto_pickup"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be True or False, not "
                                 f"{quoted(getattr(self, name), 20)}")
        systems.get(self.rules)  # an unknown name: one line
        object.__setattr__(self, "rules_version",
                           systems.version(self.rules, self.rules_version))
        if self.made_by is None:
            object.__setattr__(self, "made_by", __version__)
        if not isinstance(self.made_by, str):
            raise ValueError(f"made_by must be a game version, not {quoted(self.made_by, 20)}")
        if self.content is not None and not isinstance(self.content, Overlay):
            raise ValueError("content must be an overlay (game.content.overlay.read_overlay), "
                             f"not {type(self.content).__name__}")
        if self.level is not None and not isinstance(self.level, Picture):
            raise ValueError(f"level must be a Picture, not {type(self.level).__name__}")

    # --- a save's header ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The save's header fields for this setup, each optional one only when not its
        default (so a save is as it was before the field existed)."""
        data = {key: getattr(self, name) for name, key in ALWAYS.items()}
        data.update(self._unless())
        if self.content is not None:  # the overlay itself, which a save's loading lays again
            data[CONTENT] = {"name": self.content.name, "files": dict(self.content.files)}
        if self.level is not None:
            data[LEVEL] = self.level.to_json()
        return data

    def _unless(self) -> dict[str, Any]:
        """The optional fields not at the value their absence stands for."""
        return {name: getattr(self, name) for name, absent in UNLESS.items()
                if getattr(self, name) != absent}

    @classmethod
    def from_json(cls, data: dict) -> Setup:
        """The setup a save's header fields spell (``to_json``'s), checked: any problem is a
        ValueError of one line (the save names the file). A missing optional field is its
        default as every older save had it: the manual, its first version, auto-pickup off,
        no overlay. The fields in ``SAVED`` are the save's to have checked for their types;
        whether the setup agrees with the save's snapshot is ``differs``'s question."""
        rules = data.get(RULES, systems.DEFAULT)
        if not isinstance(rules, str):
            raise ValueError("field 'rules' should be a name")
        if AUTO_PICKUP in data and data[AUTO_PICKUP] is not True:
            raise ValueError("field 'auto_pickup' is written only when it is true")
        raw = data.get(CONTENT)
        content = None
        if raw is not None:
            if not isinstance(raw, dict) or set(raw) != {"name", "files"}:
                raise ValueError("field 'content' should hold an overlay's name and files")
            content = overlay_from(raw["name"], raw["files"])  # a ContentError is a ValueError
        level = Picture.from_json(data[LEVEL]) if LEVEL in data else None
        return cls(**{name: data[key] for name, key in ALWAYS.items()},
                   **{name: data.get(name, absent) for name, absent in UNLESS.items()
                      if name not in _SPELLED}, content=content, level=level)

    # --- the game's state --------------------------------------------------------------

    def in_state(self) -> dict[str, Any]:
        """What the game's state holds of its setup: the seed and character, and the
        optional fields only when not their default (a manual game's state and hash are as
        they always were), the overlay as its digest."""
        data = {"seed": self.seed, "character": self.character, **self._unless()}
        if self.content is not None:
            data[CONTENT] = self.content.digest
        if self.level is not None:
            data[LEVEL] = self.level.to_json()
        return data

    @classmethod
    def of_state(cls, state: dict, **others: Any) -> Setup:
        """The setup a game's state was played under, as far as the state tells it (not its
        overlay: the state holds its digest); the rest (``made_by``, ``content``,
        ``wizard``) as given, else the defaults."""
        level = state.get(LEVEL)
        if level is not None and LEVEL not in others:
            others = {**others, LEVEL: Picture.from_json(level)}
        return cls(state["seed"], state["character"],
                   **{name: state.get(name, absent) for name, absent in UNLESS.items()
                      if name not in _SPELLED}, **others)

    def differs(self, state: dict, than: str = "its setup") -> str | None:
        """Where ``state`` (a game's state: a snapshot, a keyframe) disagrees with this
        setup, in words ("was played under other rules than the save names", with ``than``
        "the save names"), or None. Values are compared with their class (``1`` is not
        ``true``)."""
        mine = self.in_state()
        for key in ("seed", "character", *UNLESS):
            theirs, ours = state.get(key), mine.get(key)
            if type(theirs) is not type(ours) or theirs != ours:
                words = _DIFFER.get(key, f"was played with another {key} than {{than}}")
                return words.format(than=than)
        return None


_DIFFER = {  # (a field not named here: "was played with another <its name> than ...")
    "seed": "is of another game (another seed than {than})",
    "character": "is of another game (another character than {than})",
    RULES: "was played under other rules than {than}",
    AUTO_PICKUP: "was played with another auto-pickup than {than}",
    RULES_VERSION: "was played under another version of its rules than {than}",
    CONTENT: "was played under another overlay than {than}",
    LEVEL: "was played on another level's picture than {than}",
}


class ReadsSetup:
    """Its ``setup``'s fields read as attributes of their own, as they always were (the
    engine's and a save's): one set of read-only properties for both."""

    __slots__ = ()
    setup: Setup

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def character(self) -> str:
        return self.setup.character

    @property
    def rules(self) -> str:
        """The combat system it is played under (``systems.get(rules)``)."""
        return self.setup.rules

    @property
    def rules_version(self) -> int:
        """The version of its rules it plays by (a recording replays by the one it was
        played under)."""
        version = self.setup.rules_version
        assert version is not None  # (a Setup holds the version it plays by)
        return version

    @property
    def auto_pickup(self) -> bool:
        """A step picks up what the gameplay's auto-pickup takes (a game option, chosen when
        the game begins and kept in its state)."""
        return self.setup.auto_pickup

    @property
    def made_by(self) -> str:
        """The game version that began it: where play changed since, its own is kept for it
        (its save names it, so its recording replays as it was played)."""
        made_by = self.setup.made_by
        assert made_by is not None  # (a Setup holds the version that began it)
        return made_by

    @property
    def content(self) -> Overlay | None:
        """The overlay (a mod) the game is played under, or None (its catalog's)."""
        return self.setup.content
