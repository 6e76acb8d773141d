"""A module's underscore names are its own: no module of the game reads or sets one of another
module's (``other._x``, ``from .x import _y``, ``getattr(engine, "_y")``), nor one of an object
that another module owns. ``self._x``, ``cls._x`` and a module's own names are fine; a name
another module needs is given a public one in the module that owns it.

Without types, "owns" is told by the name: an underscore attribute reached through anything but
``self`` or ``cls`` must be one the module itself defines (a function, class, global, argument,
``self._x =`` or ``__slots__`` entry), and through a name imported from another module never.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"

# Library internals, each touched in one module (docs/architecture.md): esper's in the store.
LIBRARY_INTERNALS = {
    ("world/core/store.py", "esper._entities"),
    ("world/core/store.py", "esper._entity_count"),
}
ATTRIBUTE_CALLS = ("getattr", "setattr", "hasattr", "delattr")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_names(tree: ast.AST) -> set[str]:
    """Every name a module defines: functions, classes, globals and locals, arguments, class
    fields, ``self._x =`` and ``cls._x =``, ``__slots__`` entries."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            own.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            own |= {c.value for c in ast.walk(node.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return own


def reaches(path: Path) -> list[tuple[int, str]]:
    """(line, what) for each underscore name of another module a file reads or sets."""
    tree = ast.parse(path.read_text(), str(path))
    own = own_names(tree)
    imported: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported |= {a.asname or a.name for a in node.names}
            module = "." * node.level + (node.module or "")
            found += [(node.lineno, f"from {module} import {a.name}")
                      for a in node.names if private(a.name)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if (isinstance(base, ast.Name) and base.id in imported) or node.attr not in own:
                found.append((node.lineno, ast.unparse(node)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ATTRIBUTE_CALLS and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and private(node.args[1].value)
              and not (isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "cls"))
              and (node.args[1].value not in own or (isinstance(node.args[0], ast.Name)
                                                     and node.args[0].id in imported))):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_no_module_reaches_for_another_modules_underscore_names():
    bad = [f"game/{path.relative_to(GAME).as_posix()}:{line} {what}"
           for path in sorted(GAME.rglob("*.py")) for line, what in reaches(path)
           if (path.relative_to(GAME).as_posix(), what) not in LIBRARY_INTERNALS]
    assert bad == [], ("underscore names of other modules (give each a public name in the "
                       "module that owns it):\n" + "\n".join(bad))


def test_the_library_internals_allowed_are_still_there():
    """An allowance no longer needed goes."""
    used = {(path.relative_to(GAME).as_posix(), what) for path in sorted(GAME.rglob("*.py"))
            for _, what in reaches(path)}
    assert used >= LIBRARY_INTERNALS


def test_the_check_would_catch_every_kind_of_reach(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from . import view\n"
        "from .resolve import _damage_type, Outcome\n"
        "from game.rules.systems import coc as c\n"
        "\n"
        "class Mine:\n"
        "    __slots__ = ('_kept',)\n"
        "    def __init__(self, other):\n"
        "        self._mine = 1\n"
        "        self._kept = other._kept\n"  # its own class's name: fine
        "        self.__class__.__name__\n"
        "\n"
        "def _helper(engine):\n"
        "    view._sprites(engine)\n"
        "    c._situation(engine)\n"
        "    Outcome._fields\n"
        "    engine._appearances = 1\n"
        "    getattr(engine, '_log', None)\n"
        "    _helper(engine)\n"
        "    engine.store._table\n"
    )
    assert [what for _, what in reaches(bad)] == [
        "from .resolve import _damage_type", "view._sprites", "c._situation",
        "Outcome._fields", "engine._appearances", "getattr(engine, '_log', None)",
        "engine.store._table"]
