"""Turn blessed keystrokes into the small vocabulary of key names the UI layer maps to actions.

Names: "up" "down" "left" "right", "upleft" "downleft" "upright" "downright" (Home/End/PgUp/PgDn,
which is what keypad 7/1/9/3 send on many terminals with Num Lock off), digits "0".."9" (main row
or keypad), "enter", "escape", "tab", "btab", "backspace", "delete", "ctrl-a".."ctrl-z",
printable characters as themselves, and for anything else blessed names (F keys, Alt or
modified arrows) its name in lower case without "KEY_" and with "-" for "_" ("f1", "alt-k",
"ctrl-up").

Terminals cannot tell Ctrl-H from Backspace, Ctrl-I from Tab, Ctrl-M/Ctrl-J from Enter or
Ctrl-[ from Escape; those come through as "backspace", "tab", "enter" and "escape".
"""

from __future__ import annotations

from blessed.keyboard import Keystroke, get_keyboard_codes

_BY_NAME: dict[str, str] = {
    "KEY_UP": "up", "KEY_DOWN": "down", "KEY_LEFT": "left", "KEY_RIGHT": "right",
    "KEY_KP_UP": "up", "KEY_KP_DOWN": "down", "KEY_KP_LEFT": "left", "KEY_KP_RIGHT": "right",
    "KEY_HOME": "upleft", "KEY_KP_HOME": "upleft", "KEY_UP_LEFT": "upleft",
    "KEY_END": "downleft", "KEY_KP_END": "downleft", "KEY_DOWN_LEFT": "downleft",
    "KEY_PGUP": "upright", "KEY_KP_PAGE_UP": "upright", "KEY_UP_RIGHT": "upright",
    "KEY_PGDOWN": "downright", "KEY_KP_PAGE_DOWN": "downright", "KEY_DOWN_RIGHT": "downright",
    # The keypad centre (5 with Num Lock off) is the digit, like the other keypad keys.
    "KEY_CENTER": "5", "KEY_BEGIN": "5", "KEY_KP_BEGIN": "5",
    "KEY_ENTER": "enter", "KEY_KP_ENTER": "enter", "KEY_ESCAPE": "escape",
    "KEY_TAB": "tab", "KEY_BTAB": "btab", "KEY_BACKSPACE": "backspace",
    "KEY_DELETE": "delete", "KEY_KP_DELETE": "delete",
    "KEY_KP_ADD": "+", "KEY_KP_SUBTRACT": "-", "KEY_KP_MULTIPLY": "*",
    "KEY_KP_DIVIDE": "/", "KEY_KP_DECIMAL": ".", "KEY_KP_EQUAL": "=",
    **{f"KEY_KP_{d}": str(d) for d in range(10)},
}  # fmt: skip

# Raw single characters whose meaning is the key, not Ctrl+letter (see module docstring).
_BY_CHAR: dict[str, str] = {
    "\r": "enter", "\n": "enter", "\t": "tab", "\x1b": "escape",
    "\x7f": "backspace", "\x08": "backspace",
}  # fmt: skip

_CODES: dict[int, str] = get_keyboard_codes()


def key_name(ks: Keystroke) -> str | None:
    """Return the normalized name of a keystroke, or None for no key (an inkey timeout)."""
    if not ks:
        return None
    name = ks.name or (_CODES.get(ks.code) if ks.code is not None else None)
    if name in _BY_NAME:
        return _BY_NAME[name]
    text = str(ks)
    if ks.code is None and text in _BY_CHAR:
        return _BY_CHAR[text]
    if ks.code is None and len(text) == 1 and 1 <= ord(text) <= 26:
        return "ctrl-" + chr(ord(text) + ord("a") - 1)
    if name:
        return name.removeprefix("KEY_").lower().replace("_", "-")
    return text
