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
    # The Gymnasium environment (one module, game/env.py) is a front end for bots.
    "env": ({"world", "ui"}, {"gymnasium", "numpy"}),
}


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in a file, relative ones resolved."""
    package = path.relative_to(GAME.parent).with_suffix("").parts[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join((*base, node.module) if node.module else base)
            else:
                module = node.module or ""
            out.append((node.lineno, module))
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
