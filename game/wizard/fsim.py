"""The fight simulator: many fights through the turn loop itself, beside the exact odds.

Each fight is a small game of its own, on a level drawn as a picture (``arena_game``: a
corridor), played as any game is: the player submits its action (a blow when beside the
defender, else a step towards it; in the shooting mode, from ``shoot`` steps away, a shot with
what ``choices.ready_shot`` readies while it has any), and the turn loop plays the creatures'
turns (``ai.awake_turn``: their bashes, spells, shots and steps, their flight when hurt). A
creature against a creature fights its foe while the player waits, walled off. Both start
at time 0, the player first on a tie, as the exact figure has it.

``as_play`` fights as play does. Otherwise the fight is fought as the exact figure assumes:
the build stays as it began (training, stamina and coc's reactions put back after every
turn), nothing ticks (no bleeding, poison or regeneration) and no creature has spell points
to cast with, so simulated and exact differ by sampling alone where the exact figure holds
the creatures' moves (``game.wizard.inspect``). Every fight is a new game of its own seed
(the arena's, then the next), so the thousandth fight is fought as the first.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from game.content.catalog import Catalog, load_catalog
from game.rules import systems
from game.world.core import actions as A
from game.world.core.components import (
    Creature,
    Equipment,
    Health,
    Inventory,
    Powers,
    Reactions,
    Spells,
    Stance,
    Training,
    Vitals,
)
from game.world.core.engine import Engine
from game.world.core.events import AttackEvent
from game.world.core.picture import Picture
from game.world.core.rng import SEEDS
from game.world.core.setup import Setup
from game.world.core.state import component_from_json
from game.world.game import Game
from game.world.play import choices, lines

from .inspect import APPROXIMATE, APPROXIMATE_NOTE, Side, inspect
from .shares import of as _of
from .shares import percent, span

PLAYER = "player"
BEHIND = 4  # free cells behind the defender, where a frightened one flees
NEVER = 10**9  # a vitals tick this far off never comes in a fight


@dataclass(slots=True)
class Tally:
    fights: int = 0
    wins: int = 0  # the attacker won
    losses: int = 0
    ticks: int = 0  # fight lengths added up
    actions: int = 0  # the attacker's attacks (a blow with each weapon held)
    attacks: int = 0  # the attacker's blows
    hits: int = 0
    crits: int = 0
    damage: int = 0
    results: list[tuple[str, int]] = field(default_factory=list)  # (winner, ticks) a fight


def picture(attacker: str, shoot: int = 0) -> str:
    """The arena: a corridor, the player ``@`` and the defender ``B`` ``shoot`` steps apart
    (1 up close); a creature attacker ``A`` beside the defender, the player walled off."""
    if attacker == PLAYER:
        row = "#.@" + "." * (max(1, shoot) - 1) + "B" + "." * BEHIND + "#"
    else:
        row = "#@#..AB" + "." * BEHIND + "#"
    wall = "#" * len(row)
    return f"{wall}\n{row}\n{wall}\n"


def arena_game(drawn: str, legend: dict[str, str], seed: int, character: str, rules: str,
               catalog: Catalog) -> Game:
    """A game on the level ``drawn`` (its setup's picture: no level generated, none peopled),
    the legend's creatures awake, never a recording."""
    setup = Setup(seed, character, rules=rules, level=Picture.of(drawn, legend))
    engine = Game(setup, catalog=catalog)
    engine.checkpoint_every = engine.keyframe_every = 0
    return engine


class Arena:
    """Two fighters; ``fight()`` plays one fight to the end, in a game of its own."""

    def __init__(self, attacker: str, defender: str, *, seed: int = 0,
                 character: str = "dwarf warrior", catalog: Catalog | None = None,
                 build: Game | None = None, rules: str = "manual",
                 as_play: bool = False, shoot: int = 0) -> None:
        # the tables of the game whose build it takes (its overlay's, if any), else as given
        self.catalog = catalog or (build.catalog if build is not None else load_catalog())
        self.as_play, self.shoot = as_play, shoot
        self.names = (attacker, defender)
        self.character, self.rules, self.seed = character, rules, seed
        self.build = build_of(build) if build is not None else None
        self.fought = 0
        # the fighters as they begin, for the exact figure
        self.engine, self._a, self._b = self._made(seed)

    def _made(self, seed: int) -> tuple[Engine, int, int]:
        """A new game of the two fighters, and (the attacker, the defender)."""
        attacker, defender = self.names
        legend = {"B": defender} if attacker == PLAYER else {"A": attacker, "B": defender}
        row = picture(attacker, self.shoot).splitlines()[1]
        engine = arena_game(picture(attacker, self.shoot), legend, seed, self.character,
                            self.rules, self.catalog)
        if self.build is not None:
            give_build(self.build, engine)
        at = {p.x: eid for eid, (_, p) in engine.creatures_here()}
        a = engine.player if attacker == PLAYER else at[row.index("A")]
        b = at[row.index("B")]
        if attacker != PLAYER:  # each the other's foe (game.world.play.feuds)
            engine.store.get(a, Creature).foe, engine.store.get(b, Creature).foe = b, a
        for eid in (a, b):
            engine.heal_fully(eid)
            if not self.as_play:
                engine.store.get(eid, Vitals).next_tick = NEVER
                book = engine.store.find(eid, Spells)
                if book is not None and eid != engine.player:
                    book.points = 0
        return engine, a, b

    def sides(self) -> tuple[Side, Side]:
        """Both fighters as the inspector sees them, for the exact figures."""
        from .scratch import side_of  # (scratch imports this module's PLAYER)

        e, a, b = self.engine, self._a, self._b
        return (side_of(e, a, self.names[0], shoot=bool(self.shoot)),
                side_of(e, b, self.names[1]))

    def fight(self, tally: Tally, limit: int = 6000) -> None:
        """One fight to the death (or ``limit`` ticks), added to ``tally``."""
        e, a, b = self._made((self.seed + self.fought * 7919) % SEEDS.stop)
        self.fought += 1
        held = _Build(e, (a, b)) if not self.as_play else None
        try:
            while not self._over(e, a, b) and e.now <= limit:
                result = e.submit(self._player_action(e, b) if a == e.player else A.Wait())
                if not isinstance(result, A.Done):  # nothing the player may do: a draw
                    break
                if held is not None:
                    held.put_back()
                _count(tally, result.events, a, e.player)
            tally.fights += 1
            tally.ticks += e.now
            winner = "attacker" if self._dead(e, b) else "defender" if self._dead(e, a) \
                else "none"
            tally.wins += winner == "attacker"
            tally.losses += winner == "defender"
            tally.results.append((winner, e.now))
        finally:
            e.close()

    def _player_action(self, e: Engine, target: int) -> A.Action:
        """The player's turn: a shot in the shooting mode while one is ready and flies
        straight to the target, else a blow beside it, else a step towards it."""
        me, it = e.position(e.player), e.position(target)
        if self.shoot:
            shot = choices.ready_shot(e)
            if shot is not None and lines.clear(e, e.player, target, shot.range):
                return shot.at(it.x, it.y)
        dx, dy = it.x - me.x, it.y - me.y
        if max(abs(dx), abs(dy)) == 1:
            return A.Attack(target)
        return A.Move((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))

    @staticmethod
    def _dead(e: Engine, eid: int) -> bool:
        return (eid == e.player and e.outcome == "dead") or not e.exists(eid) \
            or e.store.get(eid, Health).hp <= 0

    def _over(self, e: Engine, a: int, b: int) -> bool:
        return self._dead(e, a) or self._dead(e, b)


class _Build:
    """Ranks, training, stances and coc's reactions as they were at the start, put back after
    every turn (the exact figure's fixed build)."""

    def __init__(self, e: Engine, eids: tuple[int, int]) -> None:
        self.e, self.eids = e, eids
        self.training = copy.deepcopy(e.store.get(e.player, Training))
        self.stances = {eid: copy.copy(e.store.get(eid, Stance)) for eid in eids}

    def put_back(self) -> None:
        e = self.e
        training = e.store.get(e.player, Training)
        training.skills, training.styles = (dict(self.training.skills),
                                            dict(self.training.styles))
        training.points = dict(self.training.points)
        for eid, start in self.stances.items():
            if e.exists(eid):
                stance = e.store.get(eid, Stance)
                stance.name, stance.stamina = start.name, start.stamina
                reactions = e.component(eid, Reactions)
                if reactions is not None:
                    reactions.count = 0


AS_EXACT = ("Fought through the turn loop as the exact figure assumes: no training, stamina, "
            "bleeding, poison, regeneration or spells during a fight.")
AS_PLAY = ("Fought through the turn loop as play fights: training, stamina, bleeding, poison, "
           "regeneration and the creatures' spells, which the exact figure leaves out.")


def mode_words(as_play: bool) -> str:
    """The line that says how the fights were fought."""
    return AS_PLAY if as_play else AS_EXACT


def _count(tally: Tally, events, attacker: int, player: int) -> None:
    """The attacker's own blows of a round (not its counterattacks, coc's, on the other's
    turn); its attacks: the player's actions that struck, or each blow a creature's first kind
    of blow began (a blow with each weapon held is one attack)."""
    hits = [e for e in events if isinstance(e, AttackEvent)]
    countered = {id(e.outcome.counter) for e in hits if e.outcome.counter is not None}
    blows = [e for e in hits if e.attacker == attacker and id(e.outcome) not in countered]
    if blows:
        tally.actions += 1 if attacker == player else sum(
            e.outcome.attack.noun == blows[0].outcome.attack.noun for e in blows)
    for event in blows:
        tally.attacks += 1
        tally.hits += event.outcome.hit
        tally.crits += event.outcome.confirmed
        tally.damage += event.outcome.damage


def copy_build(source: Game, arena: Engine) -> None:
    """Give the arena's player the current game's build: stats, ranks, stance and gear."""
    give_build(build_of(source), arena)


BUILT = ("Attributes", "Training", "Stance", "Health", "Spells", "Effects")


def build_of(source: Game) -> tuple[dict, list]:
    """A game's build as ``give_build`` takes it: the player's components by name (its
    JSON), and its gear (name, count, slot, magic). Read once for all of an arena's fights."""
    state = source.state(log=False)
    player = dict(next(c for eid, c in state["entities"] if eid == source.player))
    gear = [(source.item_name_only(i), source.item_count(i), source.equipped_slot(i),
             replace(p) if (p := source.component(i, Powers)) is not None else None)
            for i in source.inventory()]
    return {name: player[name] for name in BUILT if name in player}, gear


def give_build(build: tuple[dict, list], arena: Engine) -> None:
    """Give the arena's player a build read by ``build_of``."""
    components, gear = build
    arena.use()
    for name, data in components.items():  # the magic, known or not, counts in the simulator
        arena.set_component(arena.player, component_from_json(name, data))
    inventory = arena.store.get(arena.player, Inventory)
    equipment = arena.store.get(arena.player, Equipment)
    for item in inventory.items:
        arena.delete(item)
    for emptied in equipment.slots():
        setattr(equipment, emptied, None)
    carried = []
    for name, count, slot, powers in gear:
        item = arena.create_item(name, count, powers=replace(powers) if powers else None)
        carried.append(item)
        if slot is not None:
            setattr(equipment, slot, item)
    inventory.items = carried  # set anew, never changed in place (world.core.changes)


@dataclass(frozen=True, slots=True)
class Report:
    tally: Tally
    exact_hit: float
    exact_crit: float
    exact_damage: float  # per attack, all blows of it
    exact_win: float
    attacker_ticks: int
    rules: str = systems.DEFAULT
    win_exact: bool = True  # else the exact kill-first was worked in floats (odds.Duel.exact)

    @property
    def critical_label(self) -> str:
        """ "critical rate" under the manual, else the system's word for its criticals."""
        if self.rules == systems.DEFAULT:
            return "critical rate"
        return systems.get(self.rules).CRITICAL_LABEL

    def lines(self) -> list[str]:
        t = self.tally
        n = max(1, t.fights)
        seconds = t.ticks / 10 / n
        blows = max(1, t.attacks)

        def rate(label: str, k: int, out_of: int, exact: str) -> str:
            return (f"  {label:22}{percent(Fraction(k, out_of)):>12}{exact:>12}"
                    f"{span(k, out_of):>16}")

        return [
            f"{t.fights} fights",
            f"  {'':22}{'simulated':>12}{'exact':>12}{'95% interval':>16}",
            rate("attacker wins", t.wins, n, self.win_text),
            rate("hit rate", t.hits, blows, _pct(self.exact_hit)),
            rate(self.critical_label, t.crits, blows, _pct(self.exact_crit)),
            f"  {'damage per attack':22}{t.damage / max(1, t.actions):>12.2f}"
            f"{self.exact_damage:>12.2f}",
            f"  {'damage per game second':22}{t.damage / max(1, t.ticks) * 10:>12.2f}",
            f"  {'fight length (game s)':22}{seconds:>12.1f}",
        ] + ([] if self.win_exact else [f"  {APPROXIMATE_NOTE}"])

    @property
    def win_text(self) -> str:
        """The exact kill-first, "~" before it when worked in floats."""
        return ("" if self.win_exact else APPROXIMATE) + _pct(self.exact_win)


def _pct(value: float) -> str:
    """A share as "61.8%", or "-" where it is not known exactly."""
    return percent(value)


def comparison(reports: dict[str, Report]) -> list[str]:
    """The same fight under several combat systems, one row each: simulated beside exact,
    the simulated wins' 95% interval after them."""
    lines = [f"{'rules':8}{'wins':>8}{'exact':>8}{'hit':>8}{'exact':>8}{'crit':>7}"
             f"{'exact':>7}{'dmg':>7}{'exact':>7}{'game s':>7}{'wins 95%':>13}"]
    for name, r in reports.items():
        t = r.tally
        n, blows = max(1, t.fights), max(1, t.attacks)
        lines.append(
            f"{name:8}{_of(t.wins, n, 1):>8}{r.win_text:>8}{_of(t.hits, blows, 1):>8}"
            f"{_pct(r.exact_hit):>8}{_of(t.crits, blows, 1):>7}{_pct(r.exact_crit):>7}"
            f"{t.damage / max(1, t.actions):>7.2f}{r.exact_damage:>7.2f}"
            f"{t.ticks / 10 / n:>7.1f}{span(t.wins, n):>13}")
    if not all(r.win_exact for r in reports.values()):
        lines.append(APPROXIMATE_NOTE)
    return lines


def simulate(arena: Arena, rounds: int,
             progress: Callable[[int], None] | None = None) -> Report:
    """Run ``rounds`` fights (stopping early, with what was done, on KeyboardInterrupt)."""
    you, it = arena.sides()
    exact = inspect(you, it, arena.engine.rules, apart=max(1, arena.shoot))
    tally = Tally()
    try:
        for i in range(rounds):
            arena.fight(tally)
            if progress is not None:
                progress(i + 1)
    except KeyboardInterrupt:
        pass
    return Report(tally, float(exact.your_hit), float(exact.your_crit),
                  float(sum(v * p for v, p in exact.your_damage.items())),
                  float(exact.duel.first_wins), you.ticks, arena.engine.rules,
                  exact.duel.exact)
