"""Content: the manual's tables, loaded from ``assets/*.toml`` into the rules' frozen types."""

from .loader import (
    ASSETS_DIR,
    ContentError,
    file_label,
    load_armour,
    load_armoury,
    load_weapons,
)

__all__ = [
    "ASSETS_DIR",
    "ContentError",
    "file_label",
    "load_armour",
    "load_armoury",
    "load_weapons",
]
