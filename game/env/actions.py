"""The env's 18 simple actions: what each stands for in the game as it stands now.

A step or bump attack in each of eight directions (NLE's compass order: N E S W, then NE SE
SW NW), wait, rest, pick up the first thing here, the stairs down and up, fire (or throw) at
the nearest creature in view, drink a healing potion, and the stance one step more careful,
one step bolder, or back to Normal. What each applies to is the world's rule
(``game.world.play.choices``): the env asks, as the UI does.
"""

from __future__ import annotations

from game.world.core import actions as A
from game.world.game import Game
from game.world.play import choices

MOVES = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0),
         "northeast": (1, -1), "southeast": (1, 1), "southwest": (-1, 1),
         "northwest": (-1, -1)}
ACTIONS = (*MOVES, "wait", "rest", "pickup", "down", "up", "fire", "quaff",
           "careful", "bold", "normal")
_SIMPLE = {"wait": A.Wait, "rest": A.Rest, "down": A.Descend, "up": A.Ascend}
# The actions that are the same whatever the game's state, made once (actions are frozen
# values: one Move(1, 0) serves every step east).
_FIXED = {ACTIONS.index(name): action for name, action in
          [*((name, A.Move(*move)) for name, move in MOVES.items()),
           *((name, kind()) for name, kind in _SIMPLE.items())]}
_STANCE_STEPS = {"careful": -1, "bold": 1, "normal": None}


def game_action(engine: Game, index: int) -> A.Action | str:
    """The game action env action ``index`` stands for now, or why there is none."""
    fixed = _FIXED.get(index)
    if fixed is not None:
        return fixed
    name = ACTIONS[index]
    if name == "pickup":
        pos = engine.position(engine.player)
        items = engine.items_at(pos.x, pos.y)
        return A.PickUp(items[0]) if items else "There is nothing here to pick up."
    if name == "fire":
        return fire_at_nearest(engine)
    if name == "quaff":
        potions = choices.fitting(engine, "quaff")
        return A.Quaff(potions[0]) if potions else "You have nothing to drink."
    return choices.stance_change(engine, _STANCE_STEPS[name])


def fire_at_nearest(engine: Game) -> A.Action | str:
    """Shoot (or throw) at the nearest creature in view, ties to the lowest id."""
    shot = choices.ready_shot(engine)
    if shot is None:
        return "You have nothing ready to shoot or throw."
    me = engine.position(engine.player)
    seen = sorted((max(abs(p.x - me.x), abs(p.y - me.y)), e, p.x, p.y)
                  for e, (_, p) in engine.creatures_here() if engine.sees(e))
    if not seen:
        return "There is nothing in view to shoot at."
    _, _, x, y = seen[0]
    return shot.at(x, y)
