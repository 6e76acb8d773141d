"""Imports point down only: the rules stay pure, the engine never imports a front end."""

import ast
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"

# layer -> the game layers and third-party packages it may import (the stdlib always).
ALLOWED = {
    "rules": ({"rules"}, {"numpy"}),
    "content": ({"rules", "content"}, set()),
    "world": ({"rules", "content", "world"}, {"esper", "tcod", "numpy"}),
    "persist": ({"rules", "content", "world", "persist"}, {"numpy"}),
    # The inspector and fight-simulator screens show the wizard layer's tools.
    "ui": ({"rules", "content", "world", "wizard", "ui"}, {"tcod", "numpy"}),
    "frontends": ({"ui", "frontends"}, {"tcod", "numpy", "blessed"}),
    "wizard": ({"rules", "content", "world", "wizard"}, {"numpy"}),
    # The lab runs, gathers and draws the wizard's tools: sweeps, progress, curves, charts.
    "lab": ({"rules", "content", "world", "wizard", "lab"}, {"tqdm", "matplotlib", "ray"}),
    # The Gymnasium environment (the package game/env/) is a front end for bots: it saves
    # recordings (persist) and draws the screen in the window front end's font. Its baselines
    # train with Stable-Baselines3 (PyTorch under it), imported only to train.
    "env": ({"rules", "content", "world", "persist", "ui", "frontends", "env"},
            {"gymnasium", "numpy", "tcod", "torch", "stable_baselines3", "sb3_contrib"}),
    # A game to share (casts, pages) replays a recording (persist) and draws its screens as
    # the terminal front end draws them (ui, frontends).
    "share": ({"rules", "content", "world", "persist", "ui", "frontends", "share"},
              {"numpy", "tcod"}),
}


def imports(path: Path, *, typing_only: bool = True,
            names: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in a file, relative ones resolved, those inside
    functions included; ``typing_only=False`` leaves out those under ``if TYPE_CHECKING:``
    (they name types for annotations and never run). ``names``: each name imported from a
    package as a module too (``from . import a`` imports ``package.a``)."""
    package = path.relative_to(GAME.parent).with_suffix("").parts[:-1]
    tree = ast.parse(path.read_text(), str(path))
    skipped = set()
    if not typing_only:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                skipped |= {id(n) for n in ast.walk(node)}
    out = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join((*base, node.module) if node.module else base)
            else:
                module = node.module or ""
            out.append((node.lineno, module))
            if names:
                out += [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return out


def violations(layer: str) -> list[str]:
    layers, third_party = ALLOWED[layer]
    bad = []
    folder = GAME / layer
    for path in sorted(folder.rglob("*.py")) if folder.is_dir() else [GAME / f"{layer}.py"]:
        for line, module in imports(path):
            top = module.split(".")[0]
            if top == "game":
                parts = module.split(".")
                ok = len(parts) == 1 or parts[1] in layers or parts[1] == "__init__"
            else:
                ok = top in sys.stdlib_module_names or top in third_party or top == "__future__"
            if not ok:
                bad.append(f"{path.relative_to(GAME.parent)}:{line} imports {module}")
    return bad


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_point_down(layer):
    assert violations(layer) == []


def test_the_check_would_catch_a_rules_import_of_esper(tmp_path, monkeypatch):
    fake = tmp_path / "game" / "rules"
    fake.mkdir(parents=True)
    (fake / "bad.py").write_text("import esper\nfrom ..world import engine\nimport tcod.map\n")
    monkeypatch.setattr(sys.modules[__name__], "GAME", tmp_path / "game")
    assert len(violations("rules")) == 3


# --- the world: its core knows no gameplay, and no module imports itself round a circle ---


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` -> the modules of it that it imports when it runs
    (inside functions too; not those only named for type checking)."""
    paths = {module_name(p): p for p in sorted(root.rglob("*.py"))}
    graph = {}
    for name, path in paths.items():
        found = {m for _, m in imports(path, typing_only=False, names=True) if m in paths}
        # ``from package import module`` imports that module (the package is its way there)
        found -= {m.rsplit(".", 1)[0] for m in found if "." in m}
        graph[name] = found - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph: its strongly connected parts of more than one module
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        top = stack.pop()
                        part.append(top)
                        if top == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                work.append((step, iter(sorted(graph[step]))))
            elif step in stack:
                low[node] = min(low[node], index[step])
    return found


def test_no_import_circles_anywhere_in_the_game():
    assert circles(import_graph(GAME)) == []


def test_the_circle_check_finds_a_circle_through_a_function(tmp_path, monkeypatch):
    fake = tmp_path / "game"
    (fake / "world").mkdir(parents=True)
    (fake / "world" / "a.py").write_text("from . import b\n")
    (fake / "world" / "b.py").write_text("def f():\n    from game.world import c\n")
    (fake / "world" / "c.py").write_text("from .a import x\n")
    (fake / "world" / "d.py").write_text("from typing import TYPE_CHECKING\n"
                                         "if TYPE_CHECKING:\n    from . import a\n")
    monkeypatch.setattr(sys.modules[__name__], "GAME", fake)
    assert circles(import_graph(fake)) == [["game.world.a", "game.world.b", "game.world.c"]]


def test_the_world_core_imports_no_gameplay():
    """The engine is handed its gameplay (``game.world.game``); it never imports it."""
    core = GAME / "world" / "core"
    bad = [f"{p.name}:{line} imports {m}" for p in sorted(core.rglob("*.py"))
           for line, m in imports(p, typing_only=False)
           if m.startswith(("game.world.play", "game.world.game"))]
    assert bad == []


# --- one way to change the world; library internals in one module each --------------------

CHANGES = ("create_entity", "delete_entity", "add_component", "remove_component",
           "switch_world", "delete_world", "clear_database")


def library_uses(path: Path) -> list[tuple[int, str]]:
    """(line, what) for each use of esper's internals or its changing functions, and of
    libtcod's own structures (``tcod.cffi``, ``ffi``, ``lib``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = f"{node.value.id}.{node.attr}"
            if node.value.id == "esper" and (node.attr.startswith("_") or node.attr in CHANGES):
                found.append((node.lineno, name))
        elif isinstance(node, ast.ImportFrom) and node.module == "tcod.cffi":
            found.append((node.lineno, "tcod.cffi"))
    return found


def test_only_the_store_changes_the_world_or_reads_esper_inside():
    store = GAME / "world" / "core" / "store.py"
    bad = [f"{p.relative_to(GAME.parent)}:{line} {what}" for p in sorted(GAME.rglob("*.py"))
           if p != store for line, what in library_uses(p) if what.startswith("esper")]
    assert bad == []


def esper_imports(root: Path) -> list[str]:
    """Every import of esper in the package at ``root`` but the store's (inside functions and
    for type checking too)."""
    store = root / "world" / "core" / "store.py"
    return [f"{p.relative_to(root.parent)}:{line}" for p in sorted(root.rglob("*.py"))
            if p != store for line, module in imports(p) if module.split(".")[0] == "esper"]


def test_only_the_store_imports_esper():
    """Everything reads through the engine's store (``get``, ``find``, ``has``, ``exists``,
    ``components``, ``query``), never through esper's current world, a process global."""
    assert esper_imports(GAME) == []


def test_the_esper_check_would_catch_an_import_anywhere(tmp_path, monkeypatch):
    fake = tmp_path / "game"
    (fake / "world" / "core").mkdir(parents=True)
    (fake / "ui").mkdir()
    (fake / "world" / "core" / "store.py").write_text("import esper\n")
    core = fake / "world" / "core"
    (core / "sight.py").write_text("def f():\n    from esper import get_component\n")
    (fake / "ui" / "look.py").write_text("import esper.x as e\n")
    monkeypatch.setattr(sys.modules[__name__], "GAME", fake)
    assert esper_imports(fake) == ["game/ui/look.py:1", "game/world/core/sight.py:2"]


def test_only_fov_touches_libtcod_inside():
    fov = GAME / "world" / "core" / "fov.py"
    bad = [f"{p.relative_to(GAME.parent)}:{line} {what}" for p in sorted(GAME.rglob("*.py"))
           if p != fov for line, what in library_uses(p) if what == "tcod.cffi"]
    assert bad == []


def test_the_library_check_would_catch_esper_inside(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import esper\nesper._entities.get(1)\nesper.add_component(1, 2)\n"
                   "from tcod.cffi import ffi\n")
    assert sorted(what for _, what in library_uses(bad)) == [
        "esper._entities", "esper.add_component", "tcod.cffi"]


def test_tcod_and_esper_are_pinned_below_their_next_major_versions():
    text = (GAME.parent / "pyproject.toml").read_text()
    assert '"tcod>=21,<22"' in text and '"esper>=3.2,<4"' in text


# --- the env takes from the UI only what draws; the rules are the world's ---

APP = "game.ui.app"
ENV_UI = {"game.ui.view", "game.ui.describe", "game.ui.screen", "game.ui.camera",
          "game.ui.keys", APP}
DRAWING = ENV_UI - {APP} | {"game.ui.menus", "game.ui.options", "game.ui.palette",
                            "game.ui.status", "game.ui.text"}
"""The UI modules the env may reach: those that draw the level and name things (and the
``Session`` and ``Camera`` a view is drawn from), the key table (what the full keyboard's
actions are, and what each means), and the terminal's own app (``GameApp``),
which the env draws and drives by keys as the terminal front end does (the screen it
observes, the full keyboard). What an action may do, what a command applies to and
auto-pickup are decided in the world (``game.world.play.choices``,
``game.world.play.autopickup``), never in these; and the env never reaches past the app into
a module that decides what a key does."""


def env_ui(root: Path) -> tuple[set[str], set[str]]:
    """The UI modules the modules of ``game/env/`` import, and every UI module they reach
    through them."""
    graph = import_graph(root)
    mine = [name for name in graph if name == "game.env" or name.startswith("game.env.")]
    direct = {m for name in mine for m in graph[name] if m.startswith("game.ui.")}
    reached, todo = set(), list(direct - {APP})  # through the app: as the terminal does
    while todo:
        module = todo.pop()
        if module not in reached:
            reached.add(module)
            todo += [m for m in graph[module] if m.startswith("game.ui.")]
    return direct, reached


def test_the_env_takes_from_the_ui_only_what_draws():
    direct, reached = env_ui(GAME)
    assert direct <= ENV_UI, f"env imports UI modules that do not draw: {direct - ENV_UI}"
    assert reached <= DRAWING, f"env reaches UI modules that do not draw: {reached - DRAWING}"


def test_the_env_check_would_catch_a_ui_module_that_decides(tmp_path, monkeypatch):
    fake = tmp_path / "game"
    (fake / "ui").mkdir(parents=True)
    (fake / "env").mkdir()
    (fake / "env" / "__init__.py").write_text("from .observe import x\n")
    (fake / "env" / "observe.py").write_text("from game.ui import combat_keys, view\n")
    (fake / "ui" / "combat_keys.py").write_text("")
    (fake / "ui" / "view.py").write_text("from . import inventory\n")
    (fake / "ui" / "inventory.py").write_text("")
    monkeypatch.setattr(sys.modules[__name__], "GAME", fake)
    direct, reached = env_ui(fake)
    assert direct - ENV_UI == {"game.ui.combat_keys"}
    assert reached - DRAWING == {"game.ui.combat_keys", "game.ui.inventory"}
