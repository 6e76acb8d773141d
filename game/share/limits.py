"""The numbers a shared game is made by, and the bounds of those a user may ask for, in one
light module (the command line reads them before any game is loaded)."""

from __future__ import annotations

SIZE = (80, 24)  # the screen drawn unless asked: the terminal the game needs at least
MOST = (400, 200)  # the largest screen drawn: a long game stays a few MB
SPEED = 1.0  # times the game's pace unless asked
SPEEDS = (0.01, 100.0)  # the least and the most speed that may be asked
IDLE = 2.0  # seconds: no screen waits longer than this for the next unless asked
IDLES = (0.1, 60.0)  # the least and the most idle limit that may be asked
STEP_SECONDS = 0.25  # a step of the player at speed 1: four a second
LEAST_SECONDS = 0.05  # an action that takes no game time still shows, briefly
