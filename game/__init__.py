"""A terminal roguelike whose combat follows the combat manual to the letter."""

__version__ = "0.2.0"
