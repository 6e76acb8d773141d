"""The full keyboard's action numbers are the released table's, never the key table's order:
version 1 as it was released, every released table the one before with keys appended, and
every key the key table has in the latest."""

from __future__ import annotations

from game import env as E
from game.env import full_actions, keyboard
from game.env.full_actions import FULL_ACTIONS, FULL_ACTIONS_V1, RELEASED
from game.env.keyboard import FULL_KEYS, KEYS_NOW, numbered

# env.unwrapped.action_meanings() with actions="full" as version 1 was released: action i is
# the key named before its ": ". Never edit a line of this; a new version appends to it.
RELEASED_V1 = (
    'Up: move or attack north',
    'k: move or attack north',
    '8: move or attack north',
    'Down: move or attack south',
    'j: move or attack south',
    '2: move or attack south',
    'Left: move or attack west',
    'h: move or attack west',
    '4: move or attack west',
    'Right: move or attack east',
    'l: move or attack east',
    '6: move or attack east',
    'Home: move or attack north-west',
    'y: move or attack north-west',
    '7: move or attack north-west',
    'PgUp: move or attack north-east',
    'u: move or attack north-east',
    '9: move or attack north-east',
    'End: move or attack south-west',
    'b: move or attack south-west',
    '1: move or attack south-west',
    'PgDn: move or attack south-east',
    'n: move or attack south-east',
    '3: move or attack south-east',
    'o: explore, picking things up',
    '_: travel to a cell you pick',
    'G: travel to the stairs >',
    'U: travel to the stairs <',
    '.: wait a moment',
    's: wait a moment',
    'z: rest until healed',
    '5: rest until healed',
    'g: pick up',
    ',: pick up',
    'd: drop an item',
    'w: wield a weapon or shield',
    'W: wear armour',
    'R: take off or unwield',
    'q: quaff a potion',
    'r: read a scroll or a book',
    'a: zap (aim) a wand',
    'Z: cast a spell',
    'i: inventory',
    't: shoot or throw',
    'T: throw anything',
    'Q: quiver ammunition',
    'B: shield bash',
    'V: vital strike (rogue)',
    'A: rage (berserker)',
    '[: stance: more careful',
    ']: stance: more aggressive',
    '\\: stance: Normal',
    '>: go down a staircase',
    '<: go up a staircase',
    '@: character screen',
    'm: skills and styles',
    'x: look around',
    ';: look around',
    'Ctrl-P: message log',
    '?: this help',
    'S: save and quit',
    'Esc: quit (the game is saved)',
    '&: wizard: enter, or the menu',
    'Ctrl-A: wizard: map the level',
    'Ctrl-T: wizard: teleport',
    'Ctrl-D: wizard: go to a depth',
    'Ctrl-E: wizard: create a creature',
    'Ctrl-W: wizard: wish for an item',
    'Ctrl-G: wizard: heal fully',
    'Ctrl-B: wizard: set a stat',
    'Ctrl-U: wizard: set a rank',
    'Ctrl-K: wizard: kill all creatures',
    'Ctrl-V: wizard: invulnerability',
    'Ctrl-R: wizard: roll display',
    'Ctrl-X: wizard: regenerate level',
    'Ctrl-O: wizard: odds inspector',
    'Ctrl-F: wizard: fight simulator',
    'Ctrl-N: wizard: identify all',
    'Ctrl-L: wizard: learn all spells',
    'Ctrl-Y: wizard: gain a level',
    'Enter: turn the page, close, choose',
    'Backspace: erase',
    'Tab: turn the page, close, choose',
    'Shift-Tab: turn the page, close, choose',
    'Space: turn the page, close, choose',
    "0: the key 0 (a menu's choice, an item or spell letter, text typed)",
    "c: the key c (a menu's choice, an item or spell letter, text typed)",
    "e: the key e (a menu's choice, an item or spell letter, text typed)",
    "f: the key f (a menu's choice, an item or spell letter, text typed)",
    "p: the key p (a menu's choice, an item or spell letter, text typed)",
    "v: the key v (a menu's choice, an item or spell letter, text typed)",
    "C: the key C (a menu's choice, an item or spell letter, text typed)",
    "D: the key D (a menu's choice, an item or spell letter, text typed)",
    "E: the key E (a menu's choice, an item or spell letter, text typed)",
    "F: the key F (a menu's choice, an item or spell letter, text typed)",
    "H: the key H (a menu's choice, an item or spell letter, text typed)",
    "I: the key I (a menu's choice, an item or spell letter, text typed)",
    "J: the key J (a menu's choice, an item or spell letter, text typed)",
    "K: the key K (a menu's choice, an item or spell letter, text typed)",
    "L: the key L (a menu's choice, an item or spell letter, text typed)",
    "M: the key M (a menu's choice, an item or spell letter, text typed)",
    "N: the key N (a menu's choice, an item or spell letter, text typed)",
    "O: the key O (a menu's choice, an item or spell letter, text typed)",
    "P: the key P (a menu's choice, an item or spell letter, text typed)",
    "X: the key X (a menu's choice, an item or spell letter, text typed)",
    "Y: the key Y (a menu's choice, an item or spell letter, text typed)",
    "!: the key ! (a menu's choice, an item or spell letter, text typed)",
    '": the key " (a menu\'s choice, an item or spell letter, text typed)',
    "#: the key # (a menu's choice, an item or spell letter, text typed)",
    "$: the key $ (a menu's choice, an item or spell letter, text typed)",
    "%: the key % (a menu's choice, an item or spell letter, text typed)",
    "': the key ' (a menu's choice, an item or spell letter, text typed)",
    "(: the key ( (a menu's choice, an item or spell letter, text typed)",
    "): the key ) (a menu's choice, an item or spell letter, text typed)",
    "*: the key * (a menu's choice, an item or spell letter, text typed)",
    "+: the key + (a menu's choice, an item or spell letter, text typed)",
    "-: the key - (a menu's choice, an item or spell letter, text typed)",
    "/: the key / (a menu's choice, an item or spell letter, text typed)",
    ":: the key : (a menu's choice, an item or spell letter, text typed)",
    "=: the key = (a menu's choice, an item or spell letter, text typed)",
    "^: the key ^ (a menu's choice, an item or spell letter, text typed)",
    "`: the key ` (a menu's choice, an item or spell letter, text typed)",
    "{: the key { (a menu's choice, an item or spell letter, text typed)",
    "|: the key | (a menu's choice, an item or spell letter, text typed)",
    "}: the key } (a menu's choice, an item or spell letter, text typed)",
    "~: the key ~ (a menu's choice, an item or spell letter, text typed)",
)


def label(meaning: str) -> str:
    return meaning[:meaning.index(": ", 1)]


def test_version_1_holds_its_numbers():
    """A key's number never changes: the words after it may (a help line reworded)."""
    assert len(FULL_ACTIONS_V1) == len(RELEASED_V1) == 126
    meanings = E.DungeonEnv(actions="full").action_meanings()
    moved = [(i, label(was), label(now)) for i, (was, now)
             in enumerate(zip(RELEASED_V1, meanings, strict=False)) if label(was) != label(now)]
    assert not moved, f"actions renumbered (number, was, now): {moved}"
    assert tuple(label(keyboard.meaning(key)) for key in FULL_ACTIONS_V1) == \
        tuple(label(m) for m in RELEASED_V1)


def test_each_released_table_appends_to_the_one_before():
    versions = sorted(RELEASED)
    assert versions == list(range(1, len(versions) + 1))
    assert full_actions.FULL_ACTIONS_VERSION == versions[-1] == E.FULL_ACTIONS_VERSION
    assert E.DungeonEnv.metadata["full_actions_version"] == versions[-1]
    for before, after in zip(versions, versions[1:], strict=False):
        old, new = RELEASED[before], RELEASED[after]
        assert new[:len(old)] == old, f"version {after} renumbers version {before}'s actions"
    assert len(set(FULL_ACTIONS)) == len(FULL_ACTIONS)


def test_every_key_of_the_key_table_is_in_the_released_table():
    missing = [key for key in KEYS_NOW if key not in FULL_ACTIONS]
    assert not missing, (
        f"the key table has keys the env's released action table lacks: {missing}. Append "
        f"them in game/env/full_actions.py as a new version, FULL_ACTIONS_V"
        f"{full_actions.FULL_ACTIONS_VERSION + 1} = FULL_ACTIONS_V"
        f"{full_actions.FULL_ACTIONS_VERSION} + {tuple(missing)!r}, in RELEASED; never "
        f"insert them before the end")
    assert FULL_KEYS == FULL_ACTIONS


def test_a_new_key_comes_last_and_a_lost_key_keeps_its_number():
    keys, retired = numbered(("a", "b", "c"), ("c", "new", "a"))
    assert keys == ("a", "b", "c", "new") and retired == {"b"}


def test_a_key_the_key_table_lost_is_refused(monkeypatch):
    monkeypatch.setattr(keyboard, "RETIRED", frozenset({"ctrl-p"}))
    env = E.DungeonEnv(actions="full", observation_keys=("tty_chars", "message"))
    env.reset(seed=1)
    stack, actions, turn = list(env.keyboard.app.stack), len(env.engine.actions), env.engine.turn
    obs, reward, terminated, truncated, _ = env.step(FULL_KEYS.index("ctrl-p"))
    assert env.keyboard.app.stack == stack and len(env.engine.actions) == actions
    assert env.engine.turn == turn and not (terminated or truncated)
    assert "no longer a key" in bytes(obs["message"]).decode()
    assert keyboard.meaning("ctrl-p").startswith("Ctrl-P: no longer a key")

