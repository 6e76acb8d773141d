"""Colours, named for what they mean, so every screen agrees (the engine never picks colours)."""

from __future__ import annotations

Colour = tuple[int, int, int]

BLACK: Colour = (0, 0, 0)
TEXT: Colour = (210, 210, 210)
DIM: Colour = (130, 130, 140)
FAINT: Colour = (85, 85, 95)
TITLE: Colour = (255, 220, 120)
HEADING: Colour = (140, 190, 255)
KEY: Colour = (255, 200, 90)
FRAME: Colour = (110, 110, 140)
PANEL: Colour = (16, 16, 28)
SELECTED_BG: Colour = (50, 60, 100)
CURSOR_BG: Colour = (200, 190, 80)
GOOD: Colour = (120, 220, 120)
WARN: Colour = (240, 200, 80)
BAD: Colour = (240, 90, 80)

TONES: dict[str, Colour] = {
    "info": TEXT,
    "good": GOOD,
    "bad": BAD,
    "warn": WARN,
    "combat": (230, 190, 150),
    "wizard": (200, 130, 255),
}

# Terrain: (visible, remembered).
WALL: tuple[Colour, Colour] = ((190, 175, 150), (75, 70, 80))
FLOOR: tuple[Colour, Colour] = ((125, 125, 140), (50, 50, 65))
STAIRS: tuple[Colour, Colour] = ((255, 255, 255), (120, 120, 130))


def tone(name: str) -> Colour:
    return TONES.get(name, TEXT)


def dimmed(colour: Colour, factor: float = 0.6) -> Colour:
    r, g, b = colour
    return (int(r * factor), int(g * factor), int(b * factor))


def health(fraction: float) -> Colour:
    """Green when healthy, yellow when hurt, red when near death."""
    if fraction > 0.6:
        return GOOD
    return WARN if fraction > 0.3 else BAD


# --- the options file's [colours] ---------------------------------------------------------

_SINGLE = ("text", "dim", "faint", "title", "heading", "key", "frame", "panel", "selected_bg",
           "cursor_bg", "good", "warn", "bad")
_PAIRS = ("wall", "floor", "stairs")  # "wall" in view, "wall_remembered" out of it


def colour_names() -> list[str]:
    """Every colour the options file may set."""
    tones = [t for t in TONES if t not in _SINGLE and t != "info"]
    return [*_SINGLE, *tones, *(f"{p}{s}" for p in _PAIRS for s in ("", "_remembered"))]


def apply(colours: dict[str, Colour]) -> None:
    """Set colours by name (the options file's [colours]) for every screen from now on."""
    here = globals()
    for name, rgb in colours.items():
        base, remembered = name.removesuffix("_remembered"), name.endswith("_remembered")
        if base in _PAIRS:
            pair = list(here[base.upper()])
            pair[1 if remembered else 0] = rgb
            here[base.upper()] = tuple(pair)
            continue
        if name in _SINGLE:
            here[name.upper()] = rgb
        if name in TONES or name in ("good", "bad"):
            TONES[name] = rgb
        if name == "text":
            TONES["info"] = rgb
