"""The fight simulator: many fights through the same combat code as play, beside the exact odds.

Each fight happens in a small arena engine: the two fighters stand side by side and trade
attacks in time order through ``combat.melee`` (profiles, ``resolve``, wounds, death), both
from time 0, the attacker first on a tie, as the exact figure has it. By default a fight is
fought as the exact figure assumes: the build stays as it began (training and stamina are put
back after every attack, and no one is outnumbered under coc) and nothing ticks between blows
(no bleeding, poison or regeneration), so simulated and exact differ by sampling alone.
``as_play`` fights as play does: training and stamina change during the fight, and vitals tick
every 6 s. Either way the build is put back after each fight, so the thousandth fight is fought
as the first.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.content.catalog import Catalog, load_catalog
from game.rules import systems
from game.world.core.components import (
    Creature,
    Equipment,
    Health,
    Hero,
    Inventory,
    Powers,
    Reactions,
    Stance,
    Training,
    Vitals,
)
from game.world.core.engine import Engine
from game.world.core.events import AttackEvent
from game.world.core.state import component_from_json
from game.world.game import Game
from game.world.play import combat, vitals

from .inspect import Side, inspect

ARENA = """
#######
#.@AB.#
#######
"""
PLAYER = "player"


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


class Arena:
    """Two fighters in one small engine; ``fight()`` runs one fight to the end."""

    def __init__(self, attacker: str, defender: str, *, seed: int = 0,
                 character: str = "dwarf warrior", catalog: Catalog | None = None,
                 build: Game | None = None, rules: str = "manual",
                 as_play: bool = False) -> None:
        # the tables of the game whose build it takes (its overlay's, if any), else as given
        self.catalog = catalog or (build.catalog if build is not None else load_catalog())
        self.as_play = as_play
        legend = {"A": attacker} if attacker != PLAYER else {}
        legend["B"] = defender
        engine = Game.scenario(ARENA.replace("A", "A" if attacker != PLAYER else "."),
                               legend, character=character, seed=seed, rules=rules,
                               catalog=self.catalog)
        self.engine = engine
        if build is not None:
            copy_build(build, engine)
        self.names = (attacker, defender)
        self.training = copy.deepcopy(engine.store.get(engine.player, Training))
        self.hero = copy.copy(engine.component(engine.player, Hero))  # kills must not level up
        self.max_hp = engine.store.get(engine.player, Health).max_hp
        self.attacker = self._ensure_attacker()
        self.stances = {x: copy.copy(engine.store.get(eid, Stance)) for x, eid in
                        ((3, self.attacker), (4, self._ensure(4, defender)))}

    def _ensure(self, x: int, name: str) -> int:
        """The creature standing at x (recreated after it died)."""
        found = [eid for eid, (_, p) in self.engine.creatures_here() if p.x == x]
        if found:
            return found[0]
        eid = self.engine.create_creature(name, x, 1, 1)
        self.engine.store.get(eid, Creature).awake = True  # a fair fight: no sneak attacks
        return eid

    def _ensure_attacker(self) -> int:
        if self.names[0] == PLAYER:
            return self.engine.player
        return self._ensure(3, self.names[0])

    def sides(self) -> tuple[Side, Side]:
        """Both fighters as the inspector sees them, for the exact figures."""
        e = self.engine
        a, b = self._ensure_attacker(), self._ensure(4, self.names[1])
        return (Side(self.names[0], e.fighter(a), e.store.get(a, Health).max_hp,
                     is_player=a == e.player),
                Side(self.names[1], e.fighter(b), e.store.get(b, Health).max_hp))

    def _reset(self) -> tuple[int, int]:
        e = self.engine
        e.outcome, e.cause, e.now = None, "", 0
        if self.hero is not None:
            e.set_component(e.player, copy.copy(self.hero))
        e.store.get(e.player, Health).max_hp = self.max_hp
        self.attacker = self._ensure_attacker()
        defender = self._ensure(4, self.names[1])
        self._keep_build(self.attacker, defender)
        for eid in (self.attacker, defender):
            e.heal_fully(eid)
            e.store.get(eid, Vitals).next_tick = 60
        return self.attacker, defender

    def _keep_build(self, a: int, b: int) -> None:
        """Ranks, training and stances as they were at the start, and no reactions counted
        this round (coc's rounds: the exact duel has no one outnumbered)."""
        e = self.engine
        training = e.store.get(e.player, Training)
        training.skills, training.styles = (dict(self.training.skills),
                                            dict(self.training.styles))
        training.points = dict(self.training.points)
        for x, eid in ((3, a), (4, b)):
            if e.exists(eid):
                start = self.stances[x]
                stance = e.store.get(eid, Stance)
                stance.name, stance.stamina = start.name, start.stamina
                reactions = e.component(eid, Reactions)
                if reactions is not None:
                    reactions.count = 0

    def fight(self, tally: Tally, limit: int = 6000) -> None:
        """One fight to the death (or ``limit`` ticks), added to ``tally``."""
        e = self.engine
        e.use()
        a, b = self._reset()
        clock = {a: 0, b: 0}
        while True:
            actor = min(clock, key=lambda k: (clock[k], k != a))
            e.now = clock[actor]
            if self.as_play:
                vitals.metabolise(e, actor)
            if self._over(a, b) or e.now > limit:
                break
            target = b if actor == a else a
            events, ticks = combat.melee(e, actor, target)
            if not self.as_play:
                self._keep_build(a, b)
            if actor == a:
                tally.actions += 1
                _count(tally, events, a)
            clock[actor] += ticks
            if self._over(a, b):
                e.now = clock[actor]  # the fight lasts until the killing blow is done
                break
        tally.fights += 1
        tally.ticks += e.now
        winner = "attacker" if self._dead(b) else "defender" if self._dead(a) else "none"
        tally.wins += winner == "attacker"
        tally.losses += winner == "defender"
        tally.results.append((winner, e.now))

    def _dead(self, eid: int) -> bool:
        e = self.engine
        return (eid == e.player and e.outcome == "dead") or not e.exists(eid) \
            or e.store.get(eid, Health).hp <= 0

    def _over(self, a: int, b: int) -> bool:
        return self._dead(a) or self._dead(b)


AS_EXACT = ("Fought as the exact figure assumes: no training, stamina, bleeding, poison or "
            "regeneration during a fight.")
AS_PLAY = ("Fought as play fights: training, stamina, bleeding, poison and regeneration "
           "during the fight, which the exact figure leaves out.")


def mode_words(as_play: bool) -> str:
    """The line that says how the fights were fought."""
    return AS_PLAY if as_play else AS_EXACT


def _count(tally: Tally, events: list, attacker: int) -> None:
    for event in events:
        if isinstance(event, AttackEvent) and event.attacker == attacker:
            tally.attacks += 1
            tally.hits += event.outcome.hit
            tally.crits += event.outcome.confirmed
            tally.damage += event.outcome.damage


def copy_build(source: Game, arena: Engine) -> None:
    """Give the arena's player the current game's build: stats, ranks, stance and gear."""
    state = source.state(log=False)
    player = dict(next(c for eid, c in state["entities"] if eid == source.player))
    gear = [(source.item_name_only(i), source.item_count(i), source.equipped_slot(i),
             replace(p) if (p := source.component(i, Powers)) is not None else None)
            for i in source.inventory()]
    arena.use()
    for name in ("Attributes", "Training", "Stance", "Health", "Spells", "Effects"):
        if name in player:  # the magic, known or not, counts in the simulator
            arena.set_component(arena.player, component_from_json(name, player[name]))
    inventory = arena.store.get(arena.player, Inventory)
    equipment = arena.store.get(arena.player, Equipment)
    for item in inventory.items:
        arena.delete(item)
    for emptied in equipment.slots():
        setattr(equipment, emptied, None)
    carried = []
    for name, count, slot, powers in gear:
        item = arena.create_item(name, count, powers=powers)
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
        return [
            f"{t.fights} fights",
            f"  {'':22}{'simulated':>12}{'exact':>12}",
            f"  {'attacker wins':22}{t.wins / n:>12.1%}{_pct(self.exact_win):>12}",
            f"  {'hit rate':22}{t.hits / blows:>12.1%}{self.exact_hit:>12.1%}",
            f"  {self.critical_label:22}{t.crits / blows:>12.1%}{self.exact_crit:>12.1%}",
            f"  {'damage per attack':22}{t.damage / max(1, t.actions):>12.2f}"
            f"{self.exact_damage:>12.2f}",
            f"  {'damage per game second':22}{t.damage / max(1, t.ticks) * 10:>12.2f}",
            f"  {'fight length (game s)':22}{seconds:>12.1f}",
        ]


def _pct(value: float, width: int = 0) -> str:
    """A share as "61.8%", or "-" where it is not known exactly."""
    return "-" if value != value else f"{value:.1%}"  # NaN is the only value unequal to itself


def comparison(reports: dict[str, Report]) -> list[str]:
    """The same fight under several combat systems, one row each: simulated beside exact."""
    lines = [f"{'rules':8}{'wins':>8}{'exact':>8}{'hit':>8}{'exact':>8}{'crit':>7}"
             f"{'exact':>7}{'dmg':>7}{'exact':>7}{'game s':>7}"]
    for name, r in reports.items():
        t = r.tally
        n, blows = max(1, t.fights), max(1, t.attacks)
        lines.append(
            f"{name:8}{_pct(t.wins / n):>8}{_pct(r.exact_win):>8}{_pct(t.hits / blows):>8}"
            f"{_pct(r.exact_hit):>8}{_pct(t.crits / blows):>7}{_pct(r.exact_crit):>7}"
            f"{t.damage / max(1, t.actions):>7.2f}{r.exact_damage:>7.2f}"
            f"{t.ticks / 10 / n:>7.1f}")
    return lines


def simulate(arena: Arena, rounds: int,
             progress: Callable[[int], None] | None = None) -> Report:
    """Run ``rounds`` fights (stopping early, with what was done, on KeyboardInterrupt)."""
    you, it = arena.sides()
    exact = inspect(you, it, arena.engine.rules)
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
                  float(exact.duel.first_wins), you.ticks, arena.engine.rules)
