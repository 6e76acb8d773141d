"""What a step is worth: the kills in it, the depths reached, the win.

+1 for each creature that dies in a step in which the player struck it, +10 for each depth
reached deeper than any before in this episode (the starting depth counts as reached), +100
for escaping with the amulet.
"""

from __future__ import annotations

from game.world.core.events import AttackEvent, Died, Message

KILL_REWARD, DEPTH_REWARD, WIN_REWARD = 1.0, 10.0, 100.0


def tally(player: int, events: tuple) -> tuple[int, str]:
    """The deaths of creatures the player struck in these events, and the lines logged."""
    lines: list[str]
    struck, kills, lines = set(), 0, []
    for event in events:
        if isinstance(event, AttackEvent):
            lines += event.lines
            if event.attacker == player:
                struck.add(event.target)
        elif isinstance(event, Message):
            lines.append(event.text)
        elif isinstance(event, Died) and event.entity in struck:
            kills += 1
    return kills, " ".join(lines)


def score(kills: int, new_depths: int, won: bool) -> float:
    """Today's score of one step."""
    return KILL_REWARD * kills + DEPTH_REWARD * new_depths + (WIN_REWARD if won else 0.0)
