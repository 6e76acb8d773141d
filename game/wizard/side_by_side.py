"""``odds --rules all``: the same two sides under every combat system, a row per figure and
a column per system, then each system's own figure for each side's attack: what that system
has that the others do not, exact as the rest.

qud: penetrations per hit; coc: success levels and the defender's reaction; tides: the share
of hits whose wound roll fails; d20: whether the armour class is rolled and soaks; the manual:
the share of hits that glance off Protection. Each is read through the system's own functions.
"""

from __future__ import annotations

from fractions import Fraction

from game.rules import odds, systems
from game.rules.systems import coc, d20, qud, tides

from .inspect import (
    APPROXIMATE_NOTE,
    KILL_BLOWS,
    LEFT_OUT,
    Inspection,
    Side,
    clash,
    duel_pct,
    numbers_lines,
    pct,
)
from .shares import percent


def own_line(rules: str, attacker: Side, defender: Side) -> str:
    """The system's own figure for ``attacker``'s main attack on ``defender``."""
    c = clash(attacker, defender, attacker.attacks[0])
    return LINES[rules](c)


def _manual(c: systems.Clash) -> str:
    hit, _ = systems.get("manual").chances(c)
    nothing = systems.get("manual").distribution(c).get(0, Fraction(0)) - (1 - hit)
    return f"glances off Protection: {_share(nothing, hit)} of hits"


def _qud(c: systems.Clash) -> str:
    you = qud.numbers(c.attacker, c.attack)
    it = qud.numbers(c.target, kind=c.attack.kind, adjacent=c.adjacent)
    mean = odds.mean(qud.penetrations(you.pv, it.av))
    return f"penetrations per hit {float(mean):.2f} (PV {you.pv} against AV {it.av})"


def _coc(c: systems.Clash) -> str:
    you, it, reaction, bonus = coc.situation(c)
    levels = coc.success_chances(you.skill, bonus)
    shown = ", ".join(f"{word} {_short(levels[name])}" for name, word in
                      (("critical", "crit"), ("extreme", "extreme"), ("hard", "hard"),
                       ("regular", "regular")))
    answer = {coc.COUNTER: f"target fights back ({it.skill})",
              coc.DODGE_REACTION: f"target dodges ({it.dodge})"}.get(reaction or "",
                                                                     "no reaction")
    return f"{shown}; {answer}"


def _tides(c: systems.Clash) -> str:
    you = tides.numbers(c.attacker, c.attack)
    it = tides.numbers(c.target, kind=c.attack.kind, adjacent=c.adjacent)
    failed = 1 - tides.chance(you.s, it.t)
    return f"a hit fails to wound {pct(failed).strip()} (S {you.s} against T {it.t})"


def _d20(c: systems.Clash) -> str:
    ac = d20.numbers(c.target, kind=c.attack.kind, adjacent=c.adjacent).ac
    if ac >= 0:
        return f"meets AC {ac}: not rolled, soaks nothing"
    return f"meets AC {ac}: rolled as -1d{-ac}, and 1d{-ac} comes off each hit"


def _short(p: Fraction) -> str:
    """ "12%", "12.5%": a percentage without a needless ".0"."""
    return percent(p).replace(".0%", "%")


def _share(part: Fraction, whole: Fraction) -> str:
    return pct(part / whole if whole else Fraction(0)).strip()


LINES = {"manual": _manual, "qud": _qud, "coc": _coc, "tides": _tides, "d20": _d20}


def side_by_side(inspections: dict[str, Inspection]) -> list[str]:
    """The same two sides under several combat systems: a row per figure, a column per
    system; then each system's own numbers for both sides."""
    first = next(iter(inspections.values()))
    width = 11
    head = f"{first.you.name} ({first.you.health}) against {first.it.name} ({first.it.health})"
    lines = [head, f"  {'':22}" + "".join(f"{n:>{width}}" for n in inspections)]

    def row(label: str, cells: list[str]) -> str:
        return f"  {label:22}" + "".join(f"{c:>{width}}" for c in cells)

    every = list(inspections.values())
    lines += [
        row("you hit", [pct(i.your_hit) for i in every]),
        row("it hits", [pct(i.its_hit) for i in every]),
        row("your critical", [pct(i.your_crit) for i in every]),
        row("its critical", [pct(i.its_crit) for i in every]),
        row("your damage an attack", [f"{float(odds.mean(i.your_damage)):.2f}" for i in every]),
        row("its damage an attack", [f"{float(odds.mean(i.its_damage)):.2f}" for i in every]),
    ]
    lines += [row(f"you kill it within {n + 1}", [pct(i.kills[n]) for i in every])
              for n in range(KILL_BLOWS)]
    lines += [row("you kill it first", [duel_pct(i.duel, i.duel.first_wins) for i in every]),
              row("it kills you first", [duel_pct(i.duel, i.duel.second_wins) for i in every])]
    if not all(i.duel.exact for i in every):
        lines.append(f"  {APPROXIMATE_NOTE}")
    lines.append(f"  {LEFT_OUT}")
    for ins in every:
        lines += ["", *numbers_lines(ins),
                  f"  yours: {own_line(ins.rules, ins.you, ins.it)}",
                  f"  its: {own_line(ins.rules, ins.it, ins.you)}"]
    return lines
