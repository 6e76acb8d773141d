"""A save's JSON read with its recording one action at a time, so memory follows the file.

``json.loads`` makes a dict of every action: a recording of 4.4 million waits (57 MB) took
1.3 GB. A save opens with its actions (``{"actions":[...``: its keys are sorted), so they are
read here one value at a time, and an action spelled as one already read (a wait, a step
north) is that same dict again, not a new one: a long recording holds a few dozen distinct
actions. What follows the actions is read as the rest of the object. The data is what
``json.loads`` would give (a key given twice: the last one, or refused when ``strict``); a
file that does not open with its actions is read whole, as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

_OPENING = re.compile(r'[ \t\n\r]*\{[ \t\n\r]*"actions"[ \t\n\r]*:[ \t\n\r]*\[')
_SPACE = re.compile(r"[ \t\n\r]*")
SHARED_LENGTH = 400  # characters of an action's spelling kept to be met again
SHARED_MOST = 100_000  # distinct spellings kept at most (a hostile file's cannot grow it more)


def loads(text: str, *, parse_constant: Callable[[str], Any],
          object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None) -> Any:
    """``json.loads(text, ...)``, its leading "actions" array read a value at a time."""
    opening = _OPENING.match(text)
    if opening is None:
        return json.loads(text, parse_constant=parse_constant,
                          object_pairs_hook=object_pairs_hook)
    decoder = json.JSONDecoder(parse_constant=parse_constant,
                               object_pairs_hook=object_pairs_hook)
    actions, at = _array(decoder, text, opening.end())
    at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    if text.startswith(",", at):
        at += 1
    elif not text.startswith("}", at):
        raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
    rest = decoder.decode("{" + text[at:])  # the object's other keys (or none)
    if not isinstance(rest, dict):  # (a hook may make anything of an object)
        return rest
    if "actions" in rest:  # the key twice: json.loads keeps the last (strict refuses it)
        if object_pairs_hook is not None:
            object_pairs_hook([("actions", actions), ("actions", rest["actions"])])
        return rest
    return {"actions": actions, **rest}


def _array(decoder: json.JSONDecoder, text: str, at: int) -> tuple[list, int]:
    """The values of the array whose ``[`` ends before ``at``, and where it ends."""
    scan = decoder.raw_decode
    space = _SPACE.match
    shared: dict[str, Any] = {}
    values: list = []
    at = space(text, at).end()  # type: ignore[union-attr]
    if text.startswith("]", at):
        return values, at + 1
    while True:
        end = text.find("}", at) + 1 if text.startswith("{", at) else 0
        value = shared.get(text[at:end]) if end else None
        if value is None:  # a spelling not met before: read it (whole, nested or not)
            value, end = scan(text, at)
            if end - at <= SHARED_LENGTH and len(shared) < SHARED_MOST \
                    and isinstance(value, dict) and text[end - 1] == "}":
                shared[text[at:end]] = value
        values.append(value)
        at = space(text, end).end()  # type: ignore[union-attr]
        if text.startswith(",", at):
            at = space(text, at + 1).end()  # type: ignore[union-attr]
        elif text.startswith("]", at):
            return values, at + 1
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
