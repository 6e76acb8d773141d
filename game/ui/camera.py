"""Which part of the map the view shows: it stays put while the player walks about and moves
only when the player comes near an edge, as DCSS's does. Near means within the player's light
(``reach``) of it, so whatever the player can see is on screen: at 80x24, whose map is 17 rows
tall, the light's 8 cells each way fill it, and the view follows every step up or down (unless
the map's own edge is in view). A level narrower or shorter than the view sits in its middle.

A mode with a cursor (look, aiming, travel) starts from the view as it stands and moves it only
when the cursor would leave it, and only as far as it must (``Camera.show``), on a copy of the
main view's camera: so no mode's opening or closing moves the map."""

from __future__ import annotations

from dataclasses import dataclass


def margin(view: int) -> int:
    """How close to the view's edge the player may come before it moves (a fifth of it)."""
    return max(2, view // 5)


def centred(focus: int, size: int, view: int) -> int:
    """The first cell shown along one axis with ``focus`` in the middle, kept on the map."""
    if size <= view:
        return -((view - size) // 2)  # a small map sits in the middle
    return min(max(focus - view // 2, 0), size - view)


def follow(start: int, focus: int, size: int, view: int, reach: int = 0) -> int:
    """Keep ``start`` unless ``focus`` has come within the margin (or ``reach``, the light's
    radius, if more) of an edge, or left the view: then centre on it again."""
    if size <= view:
        return centred(focus, size, view)
    m = min(max(margin(view), reach), (view - 1) // 2)
    if start + m <= focus <= start + view - 1 - m:
        return start
    return centred(focus, size, view)


def shown(start: int, focus: int, size: int, view: int) -> int:
    """Keep ``start`` while ``focus`` is in the view; else move just far enough to show it."""
    if size <= view:
        return centred(focus, size, view)
    if focus < start:
        return max(focus, 0)
    if focus > start + view - 1:
        return min(focus - view + 1, size - view)
    return start


@dataclass(slots=True)
class Camera:
    """The view's top-left map cell, remembered between frames (UI state only)."""

    origin: tuple[int, int] | None = None
    frame: tuple[int, ...] = ()  # depth and sizes the origin was made for

    def look_at(self, focus: tuple[int, int], map_size: tuple[int, int],
                view: tuple[int, int], depth: int, reach: int = 0) -> tuple[int, int]:
        frame = (depth, *map_size, *view)
        if self.origin is None or frame != self.frame:
            self.origin = (centred(focus[0], map_size[0], view[0]),
                           centred(focus[1], map_size[1], view[1]))
        else:
            self.origin = (follow(self.origin[0], focus[0], map_size[0], view[0], reach),
                           follow(self.origin[1], focus[1], map_size[1], view[1], reach))
        self.frame = frame
        return self.origin

    def show(self, focus: tuple[int, int], map_size: tuple[int, int], view: tuple[int, int],
             depth: int, home: tuple[int, int], reach: int = 0) -> tuple[int, int]:
        """A cursor's view: it stays where it stands while ``focus`` is on screen, else it
        moves only as far as it must to show it. Where it has not stood for this level and
        size, it first stands where the main view would, on ``home`` (``look_at``)."""
        if self.origin is None or self.frame != (depth, *map_size, *view):
            self.look_at(home, map_size, view, depth, reach)
        assert self.origin is not None
        self.origin = (shown(self.origin[0], focus[0], map_size[0], view[0]),
                       shown(self.origin[1], focus[1], map_size[1], view[1]))
        return self.origin

    def copy(self) -> Camera:
        return Camera(self.origin, self.frame)
