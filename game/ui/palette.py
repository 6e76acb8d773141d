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
