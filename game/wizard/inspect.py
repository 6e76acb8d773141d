"""The odds inspector: exact chances between two fighters, from ``game.rules.odds`` alone."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules import charscreen, odds, profiles, systems

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


def clash(attacker: Side, defender: Side, attack: profiles.AttackProfile) -> systems.Clash:
    return systems.Clash.of(attack, attacker.fighter, defender.fighter,
                            by_player=attacker.is_player, on_player=defender.is_player)


def action_distribution(attacker: Side, defender: Side,
                        rules: str = systems.DEFAULT) -> dict[int, Fraction]:
    """Damage of one attack up close: every blow of it (two weapons, several natural
    attacks) added together; what lands after the target is dead does not matter to it."""
    system = systems.get(rules)
    total: dict[int, Fraction] = {0: Fraction(1)}
    for attack in attacker.attacks:
        blow = system.distribution(clash(attacker, defender, attack))
        total = _fconvolve(total, blow)
    return total


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


def inspect(you: Side, it: Side, rules: str = systems.DEFAULT) -> Inspection:
    """The exact odds between two sides under a combat system."""
    your_hit, your_crit = _chances(you, it, rules)
    its_hit, its_crit = _chances(it, you, rules)
    yours, theirs = action_distribution(you, it, rules), action_distribution(it, you, rules)
    duel = duel_odds(you, it, rules, yours, theirs)
    return Inspection(you, it, your_hit, its_hit, your_crit, its_crit, yours, theirs,
                      odds.kill_chances(yours, it.hp, KILL_BLOWS), duel, rules,
                      all_miss(you, it, rules))


def all_miss(attacker: Side, defender: Side, rules: str) -> Fraction:
    """The chance that every blow of one attack misses (each blow rolls on its own)."""
    out = Fraction(1)
    for attack in attacker.attacks:
        out *= 1 - systems.get(rules).chances(clash(attacker, defender, attack))[0]
    return out


def duel_odds(you: Side, it: Side, rules: str, yours: dict[int, Fraction],
              theirs: dict[int, Fraction]) -> odds.Duel:
    """Who kills whom first, both striking from time 0 (you first on a tie): two independent
    chains where only the striker's blows hurt, else (a counterattack hurts the attacker,
    coc) one chain over both sides' hit points."""
    if systems.get(rules).EXACT_DUEL:
        return odds.duel(yours, you.ticks, you.hp, theirs, it.ticks, it.hp, DUEL_BLOWS)
    mine = [systems.exchange(rules, clash(you, it, a)) for a in you.attacks]
    back = [systems.exchange(rules, clash(it, you, a)) for a in it.attacks]
    return odds.chain_duel(mine, you.ticks, you.hp, back, it.ticks, it.hp, DUEL_BLOWS)


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
    return f"{float(p) * 100:5.1f}%"


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
    return (f"You kill it first: {pct(ins.duel.first_wins).strip()}   "
            f"it kills you first: {pct(ins.duel.second_wins).strip()}"
            + (f"   undecided: {pct(ins.duel.undecided).strip()}"
               if ins.duel.undecided > Fraction(1, 10**4) else ""))


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
