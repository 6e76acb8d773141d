"""A terminal roguelike whose combat follows the combat manual to the letter."""

__version__ = "0.3.0"


def version_number(version: str) -> tuple[int, ...]:
    """A released version as numbers to compare ("0.10.0" comes after "0.9.0")."""
    return tuple(int(part) for part in version.split("."))
