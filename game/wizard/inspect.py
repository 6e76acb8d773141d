"""The odds inspector: exact chances between two fighters, from ``game.rules.odds`` alone.

The fight it counts is the one the fight simulator plays through the turn loop: each side's
turns in time order from time 0 (the first side first on a tie), a creature's up close drawn
as the AI draws them (``ai.up_close_odds``: a shield-bearer's bash one time in four), its shots
or throws while it has them and its target is in range, else a step nearer; the player's
shots (the shooting mode, from a given distance) while it has them, its blows beside its
target. Left out: spells, bleeding, poison and regeneration, training and stamina during the
fight, a frightened creature's flight.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules import charscreen, odds, profiles, systems

from .shares import percent

KILL_BLOWS = 6  # rows of the kill table
DUEL_BLOWS = 60
BAR = 30  # widest histogram bar


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a fight as the inspector sees it."""

    name: str
    fighter: profiles.Fighter
    hp: int  # the hit points it fights on with (what it has left)
    max_hp: int | None = None  # shown beside them when it is wounded
    is_player: bool = False  # some combat systems treat the player's blows apart
    moves: tuple[Move, ...] = ()  # up close, as it chooses them; none: a blow with each weapon
    shots: tuple[profiles.AttackProfile, ...] = ()  # each shot or throw it has, in turn
    shoots_up_close: bool = False  # the player's shooting mode: shots beside its target too
    step_ticks: int = 60  # a step nearer

    @property
    def health(self) -> str:
        """ "12 hp", or "5/12 hp" when wounded."""
        wounded = self.max_hp is not None and self.hp < self.max_hp
        return f"{self.hp}/{self.max_hp} hp" if wounded else f"{self.hp} hp"

    @property
    def attacks(self) -> list[profiles.AttackProfile]:
        return profiles.melee_attacks(self.fighter)

    @property
    def defence(self) -> profiles.DefenceProfile:
        return profiles.defence(self.fighter)

    @property
    def ticks(self) -> int:
        return self.attacks[0].ticks

    @property
    def up_close(self) -> tuple[Move, ...]:
        """Its moves beside its target, with their chances (its blows' time each)."""
        return self.moves or ((Fraction(1), tuple(self.attacks)),)


Move = tuple[Fraction, tuple[profiles.AttackProfile, ...]]  # a move's chance and its blows


def clash(attacker: Side, defender: Side, attack: profiles.AttackProfile,
          distance: int = 1) -> systems.Clash:
    return systems.Clash.of(attack, attacker.fighter, defender.fighter,
                            by_player=attacker.is_player, on_player=defender.is_player,
                            adjacent=distance == 1, distance=distance)


def action_distribution(attacker: Side, defender: Side,
                        rules: str = systems.DEFAULT) -> dict[int, Fraction]:
    """Damage of one turn up close: every blow of its move (two weapons, several natural
    attacks) added together, over the moves it chooses among; what lands after the target
    is dead does not matter to it."""
    system = systems.get(rules)
    out: dict[int, Fraction] = {}
    for chance, blows in attacker.up_close:
        total: dict[int, Fraction] = {0: Fraction(1)}
        for attack in blows:
            total = _fconvolve(total, system.distribution(clash(attacker, defender, attack)))
        for damage, p in total.items():
            out[damage] = out.get(damage, Fraction(0)) + chance * p
    return dict(sorted(out.items()))


def _fconvolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@dataclass(frozen=True, slots=True)
class Inspection:
    you: Side
    it: Side
    your_hit: Fraction
    its_hit: Fraction
    your_crit: Fraction
    its_crit: Fraction
    your_damage: dict[int, Fraction]
    its_damage: dict[int, Fraction]
    kills: list[Fraction]  # you kill it within 1, 2, ... attacks
    duel: odds.Duel
    rules: str = systems.DEFAULT
    your_miss: Fraction = Fraction(0)  # every blow of your attack misses


def _chances(attacker: Side, defender: Side, rules: str) -> tuple[Fraction, Fraction]:
    return systems.get(rules).chances(clash(attacker, defender, attacker.attacks[0]))


def inspect(you: Side, it: Side, rules: str = systems.DEFAULT,
            apart: int = 1) -> Inspection:
    """The exact odds between two sides under a combat system, ``apart`` steps apart; your
    figures are your first shot's in the shooting mode, else your blows' up close."""
    your_hit, your_crit = _chances(you, it, rules)
    its_hit, its_crit = _chances(it, you, rules)
    yours, theirs = action_distribution(you, it, rules), action_distribution(it, you, rules)
    duel = duel_odds(you, it, rules, yours, theirs, apart)
    miss = all_miss(you, it, rules)
    if you.shoots_up_close and you.shots:
        first = clash(you, it, you.shots[0], apart)
        your_hit, your_crit = systems.get(rules).chances(first)
        yours, miss = systems.get(rules).distribution(first), 1 - your_hit
    return Inspection(you, it, your_hit, its_hit, your_crit, its_crit, yours, theirs,
                      odds.kill_chances(yours, it.hp, KILL_BLOWS), duel, rules, miss)


def all_miss(attacker: Side, defender: Side, rules: str) -> Fraction:
    """The chance that every blow of one attack misses (each blow rolls on its own)."""
    out = Fraction(1)
    for attack in attacker.attacks:
        out *= 1 - systems.get(rules).chances(clash(attacker, defender, attack))[0]
    return out


def duel_odds(you: Side, it: Side, rules: str, yours: dict[int, Fraction],
              theirs: dict[int, Fraction], apart: int = 1) -> odds.Duel:
    """Who kills whom first, both from time 0 (you first on a tie): two independent chains
    where each side's every turn is alike up close and only the striker's blows hurt
    (``odds.duel``, over each side's damage of a turn: ``yours``, ``theirs``), else one chain
    over both sides' hit points, turn by turn (``odds.chain_turns``): a counterattack hurts
    the attacker (coc), or a side shoots or steps."""
    order = course(you, it, apart)
    if systems.get(rules).EXACT_DUEL and _steady(order):
        return odds.duel(yours, you.ticks, you.hp, theirs, it.ticks, it.hp, DUEL_BLOWS)
    sides, kept = (you, it), {}

    def exchanges(side: int, blows: tuple, distance: int) -> list[odds.Exchange]:
        key = (side, blows, distance)
        if key not in kept:
            kept[key] = [systems.exchange(rules, clash(sides[side], sides[1 - side], attack,
                                                       distance)) for attack in blows]
        return kept[key]

    turns = [(side, [(chance, exchanges(side, blows, distance)) for chance, blows in moves])
             for side, moves, distance in order]
    return odds.chain_turns(turns, you.hp, it.hp)


def _steady(order: list[tuple[int, tuple[Move, ...], int]]) -> bool:
    """Every turn of each side is the same choice of moves up close (its ``up_close``)."""
    return all(d == 1 for _, _, d in order) and len({(s, m) for s, m, _ in order}) <= 2


def course(you: Side, it: Side, apart: int = 1,
           turns: int = DUEL_BLOWS) -> list[tuple[int, tuple[Move, ...], int]]:
    """Both sides' turns in time order (you first on a tie), ``turns`` each: who (0 you, 1
    it), its moves (none: a step nearer) and the distance then. A side shoots while it has
    a shot and its target is in its range (beside it only in the player's shooting mode),
    else steps nearer; beside its target it makes its moves up close. What each does hangs
    on the distance alone, so the course is known before a blow is struck."""
    sides, clock, done, loosed = (you, it), [0, 0], [0, 0], [0, 0]
    distance, out = apart, []
    while min(done) < turns:
        side = 0 if done[1] >= turns or (done[0] < turns and clock[0] <= clock[1]) else 1
        me = sides[side]
        shot = me.shots[loosed[side]] if loosed[side] < len(me.shots) else None
        moves: tuple[Move, ...]
        if shot is not None and distance <= shot.range and (distance > 1 or me.shoots_up_close):
            moves, ticks, loosed[side] = ((Fraction(1), (shot,)),), shot.ticks, loosed[side] + 1
        elif distance > 1:
            moves, ticks = (), me.step_ticks
        else:
            moves, ticks = me.up_close, me.ticks
        out.append((side, moves, distance))
        distance -= distance > 1 and not moves
        clock[side] += ticks
        done[side] += 1
    return out


def numbers_lines(ins: Inspection) -> list[str]:
    """Both sides in the system's own numbers (its one conversion)."""
    system = systems.get(ins.rules)
    out = [f"Under the {ins.rules} rules ({system.SUMMARY}):"]
    for label, side in (("you", ins.you), ("it", ins.it)):
        row = system.numbers(side.fighter).row()
        out.append(f"  {label}: " + ", ".join(f"{c} {v}" for c, v in
                                              zip(system.COLUMNS, row, strict=True)))
    return out


def pct(p: Fraction) -> str:
    """ " 61.8%": a share in the inspector's column (rounded half up: shares.percent)."""
    return f"{percent(p):>6}"


def per_second(mean: Fraction, ticks: int) -> float:
    return float(mean) * 10 / ticks


def table(ins: Inspection) -> list[str]:
    """The inspector as text lines (fits 80 columns)."""
    you, it = ins.you, ins.it
    system = systems.get(ins.rules)
    your_mean, its_mean = odds.mean(ins.your_damage), odds.mean(ins.its_damage)
    lines = [
        f"{you.name} ({you.health}) against {it.name} ({it.health})",
        f"  {'':24}{'you':>12}{'it':>12}",
        f"  {'chance to hit':24}{pct(ins.your_hit):>12}{pct(ins.its_hit):>12}",
        f"  {system.CRITICAL_LABEL:24}{pct(ins.your_crit):>12}{pct(ins.its_crit):>12}",
        f"  {'damage per attack':24}{float(your_mean):>12.2f}{float(its_mean):>12.2f}",
        f"  {'damage per game second':24}{per_second(your_mean, you.ticks):>12.2f}"
        f"{per_second(its_mean, it.ticks):>12.2f}",
        f"  {armour_line(ins)}",
        "",
        f"Your damage per attack after {system.ARMOUR_LABEL} ({it.name}):",
        *histogram(ins.your_damage, ins.your_miss),
        "",
        "You kill it within: " + "  ".join(
            f"{n + 1}: {pct(p).strip()}" for n, p in enumerate(ins.kills[:3])),
        "                    " + "  ".join(
            f"{n + 4}: {pct(p).strip()}" for n, p in enumerate(ins.kills[3:])),
        _duel_line(ins),
        *([] if ins.duel.exact else [APPROXIMATE_NOTE]),
    ]
    if ins.rules != systems.DEFAULT:
        lines[1:1] = numbers_lines(ins)
    return lines


def armour_line(ins: Inspection) -> str:
    """ "Protection: yours 1, its 0" in the system's own word for it ("AV", "AC", ...)."""
    system = systems.get(ins.rules)
    if ins.rules == systems.DEFAULT:
        yours, its = (charscreen.protection_words(s.defence) for s in (ins.you, ins.it))
    else:
        at = system.COLUMNS.index(system.ARMOUR_LABEL)
        yours, its = (system.numbers(s.fighter).row()[at] for s in (ins.you, ins.it))
    return f"{system.ARMOUR_LABEL}: yours {yours}, its {its}"


def _duel_line(ins: Inspection) -> str:
    d = ins.duel
    return (f"You kill it first: {duel_pct(d, d.first_wins)}   "
            f"it kills you first: {duel_pct(d, d.second_wins)}"
            + (f"   undecided: {duel_pct(d, d.undecided)}"
               if d.undecided > Fraction(1, 10**4) else ""))


LEFT_OUT = "Not counted: spells, bleeding, poison, regeneration (play has them)."
APPROXIMATE = "~"  # before a share the chain worked in floats (odds.Duel.exact false)
APPROXIMATE_NOTE = "~ approximate: a chain too big to count exactly in time, worked in floats"


def duel_pct(duel: odds.Duel, p: Fraction) -> str:
    """ "61.8%", or "~61.8%" where the duel is approximate."""
    return ("" if duel.exact else APPROXIMATE) + pct(p).strip()


def histogram(dist: dict[int, Fraction], miss: Fraction = Fraction(0),
              rows: int = 10) -> list[str]:
    """A small bar chart: a row for a miss, one for a hit that did no damage (a glance),
    then the damage done grouped into at most ``rows`` bins."""
    glanced = dist.get(0, Fraction(0)) - miss
    bins: list[tuple[str, Fraction]] = [("miss", miss), ("no damage", glanced)]
    values = sorted(v for v in dist if v > 0)
    if values:
        low, high = values[0], values[-1]
        width = max(1, -(-(high - low + 1) // rows))
        for start in range(low, high + 1, width):
            end = min(high, start + width - 1)
            p = sum((q for v, q in dist.items() if start <= v <= end), Fraction(0))
            bins.append((f"{start}" if start == end else f"{start}-{end}", p))
    top = max(p for _, p in bins) or 1
    return [f"  {label:>9} {pct(p)} {'#' * round(float(p / top) * BAR)}" for label, p in bins]
