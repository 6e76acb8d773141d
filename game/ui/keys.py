"""The one key table: the main screen's handler and the help screen both read ``BINDINGS``.

Key names are the front ends' vocabulary (game.frontends.keys): "up", "upleft" (Home), "5",
"ctrl-p", printable characters as themselves. Other screens (menus, look) reuse ``DIRECTIONS``
so a direction key means the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Binding:
    keys: tuple[str, ...]
    command: str  # what the main screen does: "move", "wait", "drop", ...
    help: str
    direction: tuple[int, int] | None = None  # for "move"


def _move(keys: str, dx: int, dy: int, where: str) -> Binding:
    return Binding(tuple(keys.split()), "move", f"move or attack {where}", (dx, dy))


BINDINGS: tuple[Binding, ...] = (
    _move("up k 8", 0, -1, "north"),
    _move("down j 2", 0, 1, "south"),
    _move("left h 4", -1, 0, "west"),
    _move("right l 6", 1, 0, "east"),
    _move("upleft y 7", -1, -1, "north-west"),
    _move("upright u 9", 1, -1, "north-east"),
    _move("downleft b 1", -1, 1, "south-west"),
    _move("downright n 3", 1, 1, "south-east"),
    Binding(("o",), "explore", "explore, picking things up"),
    Binding(("_",), "travel", "travel to a cell you pick"),
    Binding(("G",), "travel_down", "travel to the stairs >"),
    Binding(("U",), "travel_up", "travel to the stairs <"),
    Binding((".", "s"), "wait", "wait a moment"),
    Binding(("z", "5"), "rest", "rest until healed"),
    Binding(("g", ","), "pickup", "pick up"),
    Binding(("d",), "drop", "drop an item"),
    Binding(("w",), "wield", "wield a weapon or shield"),
    Binding(("W",), "wear", "wear armour"),
    Binding(("R",), "takeoff", "take off or unwield"),
    Binding(("q",), "quaff", "quaff a potion"),
    Binding(("r",), "read", "read a scroll or a book"),
    Binding(("a",), "zap", "zap (aim) a wand"),
    Binding(("Z",), "cast", "cast a spell"),
    Binding(("i",), "inventory", "inventory"),
    Binding(("t",), "fire", "shoot or throw"),
    Binding(("T",), "throw", "throw anything"),
    Binding(("Q",), "quiver", "quiver ammunition"),
    Binding(("B",), "bash", "shield bash"),
    Binding(("V",), "vital", "vital strike (rogue)"),
    Binding(("A",), "rage", "rage (berserker)"),
    Binding(("[",), "stance_down", "stance: more careful"),
    Binding(("]",), "stance_up", "stance: more aggressive"),
    Binding(("\\",), "stance_normal", "stance: Normal"),
    Binding((">",), "descend", "go down a staircase"),
    Binding(("<",), "ascend", "go up a staircase"),
    Binding(("@",), "character", "character screen"),
    Binding(("m",), "skills", "skills and styles"),
    Binding(("x", ";"), "look", "look around"),
    Binding(("ctrl-p",), "messages", "message log"),
    Binding(("?",), "help", "this help"),
    Binding(("S",), "save", "save and quit"),
    Binding(("escape",), "quit", "quit (the game is saved)"),
    # Wizard mode (game.ui.wizard_menu): "&" enters it or opens its menu; the rest work only
    # in a wizard game. Ctrl-C/Z/S/Q/H/I/J/M/P are left alone: signals, flow control, keys
    # terminals cannot tell apart (Backspace, Tab, Enter) and the message log.
    Binding(("&",), "wizard", "wizard: enter, or the menu"),
    Binding(("ctrl-a",), "wiz_map", "wizard: map the level"),
    Binding(("ctrl-t",), "wiz_teleport", "wizard: teleport"),
    Binding(("ctrl-d",), "wiz_depth", "wizard: go to a depth"),
    Binding(("ctrl-e",), "wiz_creature", "wizard: create a creature"),
    Binding(("ctrl-w",), "wiz_item", "wizard: wish for an item"),
    Binding(("ctrl-g",), "wiz_heal", "wizard: heal fully"),
    Binding(("ctrl-b",), "wiz_stat", "wizard: set a stat"),
    Binding(("ctrl-u",), "wiz_rank", "wizard: set a rank"),
    Binding(("ctrl-k",), "wiz_kill", "wizard: kill all creatures"),
    Binding(("ctrl-v",), "wiz_invulnerable", "wizard: invulnerability"),
    Binding(("ctrl-r",), "wiz_rolls", "wizard: roll display"),
    Binding(("ctrl-x",), "wiz_regen", "wizard: regenerate level"),
    Binding(("ctrl-o",), "wiz_odds", "wizard: odds inspector"),
    Binding(("ctrl-f",), "wiz_fsim", "wizard: fight simulator"),
    Binding(("ctrl-n",), "wiz_identify", "wizard: identify all"),
    Binding(("ctrl-l",), "wiz_spells", "wizard: learn all spells"),
    Binding(("ctrl-y",), "wiz_level", "wizard: gain a level"),
    Binding((), "wiz_wake", "wizard: wake all creatures"),  # the menu's, or the options file's
)

WIZARD_PREFIX = "wizard: "  # the help texts of the wizard keys: the help screen's second page


def keymap(bindings: tuple[Binding, ...]) -> dict[str, Binding]:
    keymap: dict[str, Binding] = {}
    for binding in bindings:
        for key in binding.keys:
            if key in keymap:
                raise ValueError(f"key {key!r} bound twice")
            keymap[key] = binding
    return keymap


KEYMAP = keymap(BINDINGS)
DIRECTIONS = {k: b.direction for k, b in KEYMAP.items() if b.direction is not None}


def binding_name(binding: Binding) -> str:
    """What the options file calls a binding: its command, or "move_north" and the like."""
    if binding.direction is None:
        return binding.command
    return "move_" + binding.help.removeprefix("move or attack ").replace("-", "_")


NAMES = {binding_name(b): b for b in BINDINGS}


def rebound(overrides: dict[str, tuple[str, ...]]) -> tuple[Binding, ...]:
    """The key table with some bindings given new keys (the options file's [keys]); a key
    given to one binding is taken from any other that had it. Names and keys are checked by
    the options file's reader; two bindings given one key is a ValueError."""
    if not overrides:
        return BINDINGS
    claimed: dict[str, str] = {}
    for name, keys in overrides.items():
        for key in keys:
            if key in claimed and claimed[key] != name:
                raise ValueError(f"key {key!r} given to both {claimed[key]} and {name}")
            claimed[key] = name
    out = []
    for binding in BINDINGS:
        name = binding_name(binding)
        keys = overrides.get(name, tuple(k for k in binding.keys if k not in claimed))
        out.append(Binding(tuple(keys), binding.command, binding.help, binding.direction))
    return tuple(out)

def left_keyless(overrides: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """The bindings the options file left with no key at all, each with the keys taken from
    it: (name, keys), in the key table's order. A binding it gave no keys of its own (the
    menu-only wizard command) is not counted."""
    claimed = {key for keys in overrides.values() for key in keys}
    return [(binding_name(b), b.keys) for b in BINDINGS
            if b.keys and binding_name(b) not in overrides and set(b.keys) <= claimed]


_LABELS = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right",
    "upleft": "Home", "upright": "PgUp", "downleft": "End", "downright": "PgDn",
    "escape": "Esc", "enter": "Enter", "tab": "Tab", "btab": "S-Tab", "backspace": "Bksp",
}  # fmt: skip


def key_label(key: str) -> str:
    """How the help screen names a key: "Home", "Ctrl-P", "W"."""
    if key.startswith("ctrl-"):
        return "Ctrl-" + key[5:].upper()
    return _LABELS.get(key, key)
