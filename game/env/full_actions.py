"""The full keyboard's released action tables: action ``i`` of ``actions="full"`` is key
``FULL_ACTIONS[i]``, whatever order the key table (``game.ui.keys``) lists its keys in.

A released table is never changed: a key the key table gains is appended, in a new table named
by the next version (``FULL_ACTIONS_V2 = FULL_ACTIONS_V1 + ("new key",)``) made the latest
below, so every number a trained policy or a logged episode used keeps its meaning. A key the
key table loses keeps its slot, refused: pressing it does nothing (``game.env.keyboard``).
``tests/env/test_env_action_table.py`` holds version 1 as released and fails while the key
table has a key the latest table lacks.
"""

from __future__ import annotations

# Version 1: the key table's keys in its order as of game 0.3.0 (moves, commands, stances,
# stairs, the wizard's), then Enter, Backspace, Tab, Shift-Tab and Space, then every other
# printable character.
FULL_ACTIONS_V1: tuple[str, ...] = (
    'up', 'k', '8', 'down', 'j', '2', 'left', 'h', '4', 'right', 'l', '6', 'upleft', 'y', '7',
    'upright', 'u', '9', 'downleft', 'b', '1', 'downright', 'n', '3', 'o', '_', 'G', 'U', '.', 's',
    'z', '5', 'g', ',', 'd', 'w', 'W', 'R', 'q', 'r', 'a', 'Z', 'i', 't', 'T', 'Q', 'B', 'V', 'A',
    '[', ']', '\\', '>', '<', '@', 'm', 'x', ';', 'ctrl-p', '?', 'S', 'escape', '&', 'ctrl-a',
    'ctrl-t', 'ctrl-d', 'ctrl-e', 'ctrl-w', 'ctrl-g', 'ctrl-b', 'ctrl-u', 'ctrl-k', 'ctrl-v',
    'ctrl-r', 'ctrl-x', 'ctrl-o', 'ctrl-f', 'ctrl-n', 'ctrl-l', 'ctrl-y', 'enter', 'backspace',
    'tab', 'btab', ' ', '0', 'c', 'e', 'f', 'p', 'v', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L',
    'M', 'N', 'O', 'P', 'X', 'Y', '!', '"', '#', '$', '%', "'", '(', ')', '*', '+', '-', '/', ':',
    '=', '^', '`', '{', '|', '}', '~',
)

RELEASED: dict[int, tuple[str, ...]] = {1: FULL_ACTIONS_V1}
"""Every released table by its version, each the one before with keys appended."""

FULL_ACTIONS_VERSION = max(RELEASED)
FULL_ACTIONS = RELEASED[FULL_ACTIONS_VERSION]
