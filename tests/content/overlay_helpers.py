"""Overlays for the tests: small folders of TOML tables written into tmp_path."""

from __future__ import annotations

from pathlib import Path

TOUGH = """\
[creature."kobold"]
hit_points = 8
weapon = "short sword"

[creature."cave troll"]
glyph = "T"
colour = [90, 140, 90]
depth = 1
frequency = 400
hit_points = 30
strength = 16
description = "A hulking troll that smells of the deep caves."
attacks = [{ name = "claw", damage = "1d6", type = "slashing" }]
"""


def write_overlay(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder
