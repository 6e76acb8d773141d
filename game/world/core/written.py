"""Functions written out from our own component classes' field names, as ``dataclasses``
writes ``__init__``: one call reads (or spells) a whole entity. The state hash and the
Fighter stamp read an entity with the one :func:`reader`, by one rule (``value_of``: every
value with its class). The same rule as a loop of ``getattr`` was measured (callgrind, bot and
env games) to cost a quarter more of a whole env step and two fifths more of a bot's action.

The one place game code is compiled while it runs. Only field names of the game's own
dataclasses reach the source, each checked to be an identifier (``identifier``); no save,
table, option or other input ever does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

_SCALARS = ("int", "str", "bool")


def identifier(kind: type, name: str) -> str:
    """A field name of ``kind``, checked to be a plain identifier before it is written in."""
    if not name.isidentifier():
        raise TypeError(f"{kind.__name__}: a field name that is not an identifier")
    return name


def function(source: str, name: str, names: Mapping[str, object]) -> Callable:
    """The function ``name`` that ``source`` defines, ``names`` its globals."""
    space: dict[str, Any] = dict(names)
    exec(source, space)  # noqa: S102  (written here from checked field names)
    return space[name]


def reader(kinds: tuple[type, ...], left_out: Mapping[str, tuple[str, ...]] | None = None, *,
           classes: bool = True, flat: bool = False) -> Callable[[dict], tuple]:
    """``comps -> ((each field of kinds[0] read), (kinds[1]'s), ...)``: one call reads a
    whole entity (its dict of components), each field as :func:`value_of` says, but those
    ``left_out`` names for a class (by class name). ``classes=False`` reads the values alone:
    what the Fighter stamp needs, since a Fighter built from ``True`` equals one built from
    ``1`` (the hash spells them apart, so it reads the classes too); measured, the classes
    cost a tenth of a bot's action in the stamp. ``flat``: every value in one tuple, not one
    a component (the kinds, in order, tell where each component's begin: a tuple less for
    each component, for the stamp)."""
    lines, reads = [], []
    rule = value_of if classes else values_only
    for index, kind in enumerate(kinds):
        skip = (left_out or {}).get(kind.__name__, ())
        lines.append(f"    c{index} = comps[K{index}]")
        values = [v for f in fields(kind) if f.name not in skip
                  for v in rule(identifier(kind, f.name), str(f.type), f"c{index}")]
        each = "".join(v + ", " for v in values)
        reads.append(each if flat else f"({each}), ")
    code = "\n".join(["def read(comps):", *lines,
                      f"    return ({''.join(reads)})"])
    return function(code, "read", {"_deep": deep if classes else frozen,
                                   **{f"K{i}": k for i, k in enumerate(kinds)}})


def copier(kind: type) -> Callable[[Any], Any]:
    """``c -> a copy of c``, its list and dict fields copied too (a component's hold only
    scalars): what a copy of a game is made of (``state.Copied``)."""
    values = []
    for f in fields(kind):
        name = identifier(kind, f.name)
        flat = str(f.type).startswith(("list", "dict"))
        values.append(f"c.{name}.copy()" if flat else f"c.{name}")
    code = f"def copy(c):\n    return K({', '.join(values)})"
    return function(code, "copy", {"K": kind})


def value_of(name: str, annotation: str, obj: str) -> list[str]:
    """The expressions a field is read by: the value and its class, so ``True`` never passes
    for ``1``; a tuple, list or dict of scalars copied, then the classes of what it holds (an
    empty one, the usual case, skips the ``map``: it costs a call); any other container deeply
    (``deep``). ``obj`` names the component in them."""
    inner = [k.strip() for k in annotation[annotation.find("[") + 1:-1].split(",")]
    x = f"{obj}.{name}"
    if annotation.startswith("tuple[") and all(k in _SCALARS for k in inner):
        each = "".join(f"{x}[{i}].__class__, " for i in range(len(inner)))
        return [x, f"({each}) if len({x}) == {len(inner)} else _deep({x})"]
    if annotation.startswith("list[") and inner[0] in _SCALARS:
        return [f"tuple({x})", f"tuple(map(type, {x})) if {x} else ()"]
    if annotation.startswith("dict[") and all(k in _SCALARS for k in inner):
        return [f"tuple({x}.items())",
                f"(tuple(map(type, {x})), tuple(map(type, {x}.values()))) if {x} else ()"]
    if annotation.startswith(("dict", "list", "set", "tuple")):
        return [f"_deep({x})"]
    return [x, f"{x}.__class__"]


def values_only(name: str, annotation: str, obj: str) -> list[str]:
    """``value_of`` without the classes: a scalar or a tuple of scalars as it is, a list, set
    or dict of scalars copied (a copy compares faster than tuples made of it), any other
    container deeply (``frozen``)."""
    inner = [k.strip() for k in annotation[annotation.find("[") + 1:-1].split(",")]
    x = f"{obj}.{name}"
    if annotation.startswith("tuple[") and all(k in _SCALARS for k in inner):
        return [x]
    if annotation.startswith(("list[", "set[")) and inner[0] in _SCALARS:
        return [f"{x}.copy()"]  # a shallow copy is a snapshot, compared by value
    if annotation.startswith("dict[") and all(k in _SCALARS for k in inner):
        return [f"{x}.copy()"]
    if annotation.startswith(("dict", "list", "set", "tuple")):
        return [f"_deep({x})"]
    return [x]


def frozen(value):
    """A container's snapshot as nested tuples (values alone)."""
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    if isinstance(value, list | set | tuple):
        return (value.__class__, *(frozen(v) for v in value))
    return value


def deep(value):
    """A container's snapshot, each scalar with its class."""
    if isinstance(value, dict):
        return tuple((k, deep(v)) for k, v in value.items())
    if isinstance(value, list | set | tuple):
        return (value.__class__, *(deep(v) for v in value))
    return (value, value.__class__)
