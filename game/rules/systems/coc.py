"""The d100 roll-under system of success levels: the attacker rolls under its skill, the
defender dodges or counterattacks, and extreme or critical successes do maximum damage.

Decided where the document is silent: critical is a roll of 01; extreme at or under a fifth of
the skill, hard at or under half (both rounded down), regular at or under the skill; a fumble
is 100, or 96-100 when the skill is under 50. A dodge succeeds on an equal or better level than
the attack's; a counterattack must be strictly better (a tie goes to the attacker) and never
does extreme damage; when both fail (from version 3) they trade blows. Bonus and penalty dice
cancel one for one; the rest pick the best or worst tens die (00 with a units 0 is 100).

From our fighters (one place, ``numbers``): the fighting skill is 50 + 5 x the manual's to-hit
of the attack; Dodge is 25 + 5 x (the manual's Defence against it - 10), so an ordinary
unarmoured target (Dexterity 10, the document's DEX 50) dodges at 25, half its DEX; both stay
within 1 to 99. The damage bonus comes from STR + SIZ taken as 10 x Strength (-2, -1, 0, +1d4,
+1d6, then +1d6 per 80 more); throws, bows and slings add half of it. The weapon's damage is its
dice and every flat bonus but Strength's. Piercing and stinging weapons, and every shot, impale.
The manual's Protection comes off flat, as armour points. The defender dodges, or counters when
its own fighting skill is higher than its Dodge and the attack is a blow or bash from beside
it; a shot is not reacted to (the document's firearms), and gets a bonus die from beside the
target (point blank). Version 1 counted no rounds, so no one was ever outnumbered.

Version 2 (the document's reactions): a target that does not know of its attacker (asleep, or
unaware of the player) does not react. The others choose the reaction that serves them best:
the one with the smaller expected damage taken less expected damage dealt back (a tie
dodges). A round is 6 s of game time, and a target reacts at most as many times a round as it
has attacks; after that it is outnumbered, and each further blow or bash on it that round gets
a bonus die and no reaction (``game.world.play.rounds`` counts them).

Version 3 (the document's fight back and shooting): "If both roll failures, this may mean both
take damage": two failures in a fight back trade blows, each landing as a regular success
(before, no one was hurt). A shot's range sets the success it needs (within its
base range, a quarter of the weapon's range, a regular one; up to twice that a hard one;
beyond, an extreme one, and then only a 01 impales); a shot at a target with someone else
beside it takes a penalty die ("Shooting into Melee").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from ..dice import Dice, Rng
from ..events import EXTREME, FOUGHT_BACK, IMPALED, SUCCESS, TRADED
from ..profiles import BLOW, DODGE, SHOT, THROW, Fighter, defence, melee_attacks
from ..profiles import PARRY as PARRIED
from ..resolve import Outcome
from .common import (
    ONE,
    ZERO,
    Clash,
    add,
    blend,
    dice_text,
    hit,
    manual_defence,
    mapped,
    miss,
    tidy,
    weapon_dice,
)

NAME = "coc"
VERSION = 3  # 2: the unaware react not, reactions chosen, rounds; 3: shots' range, blows traded
DOCUMENT = 2  # the version from which the reactions above are played
RANGES = 3  # the version from which a shot's range sets its difficulty (below)
TRADES = 3  # the version from which two failures in a fight back trade blows
ROUND_TICKS = 60  # a round: 6 s, a step's time, one turn for each fighter
SUMMARY = "d100 under skill; success levels; dodge or counterattack"
EXACT_DUEL = False  # a counterattack hurts the attacker: the two sides are not independent
LEVELS = ("fumble", "failure", "regular", "hard", "extreme", "critical")
RANK = {"fumble": 0, "failure": 0, "regular": 1, "hard": 2, "extreme": 3, "critical": 4}
DODGE_REACTION, COUNTER = "dodge", "counter"
HALF_DB_SKILLS = ("Bows", "Slings")


@dataclass(frozen=True, slots=True)
class Numbers:
    skill: int
    damage: str
    db: str  # "0", "-1", "1d4"
    impales: bool
    dodge: int
    armour: int

    def row(self) -> tuple[str, ...]:
        return (str(self.skill), self.damage, self.db, "yes" if self.impales else "no",
                str(self.dodge), str(self.armour))


COLUMNS = ("skill", "damage", "DB", "impales", "Dodge", "armour")
# the tools' words: its criticals, and what its armour number is called
CRITICAL_LABEL = "extreme success"
ARMOUR_LABEL = "armour"
ATTACK_COLUMNS = 4  # the first 4 are the attack's; the rest the defender's


def _within(value: int) -> int:
    return max(1, min(99, value))


def damage_bonus(strength: int) -> str:
    """The damage bonus for STR + SIZ = 10 x Strength."""
    total = 10 * strength
    for top, db in ((64, "-2"), (84, "-1"), (124, "0"), (164, "1d4"), (204, "1d6")):
        if total <= top:
            return db
    return f"{2 + (total - 205) // 80}d6"


def numbers(f: Fighter, attack=None, *, kind: str = BLOW, adjacent: bool = True) -> Numbers:
    """A fighter in this system's numbers (its main blow unless ``attack`` is given)."""
    attack = attack or melee_attacks(f)[0]
    db = damage_bonus(f.strength)
    if attack.kind == SHOT and attack.skill not in HALF_DB_SKILLS:
        db = "0"
    if attack.kind in (SHOT, THROW) and db != "0":
        db = f"half {db}"
    impales = attack.kind == SHOT or bool({"piercing", "sting"} & set(attack.damage_types))
    return Numbers(_within(50 + 5 * attack.to_hit), str(weapon_dice(attack, f)), db, impales,
                   _within(25 + 5 * (manual_defence(f, kind, adjacent=adjacent) - 10)),
                   defence(f).protection)


# --- rolls and levels -------------------------------------------------------------------------


def level(roll: int, skill: int) -> str:
    """The success level of a d100 roll (1 to 100) against a skill."""
    if roll == 1:
        return "critical"
    if roll == 100 or (skill < 50 and roll >= 96):
        return "fumble"
    if roll <= skill // 5:
        return "extreme"
    if roll <= skill // 2:
        return "hard"
    return "regular" if roll <= skill else "failure"


def _value(tens: int, units: int) -> int:
    return 100 if tens == 0 and units == 0 else 10 * tens + units


def roll_d100(rng: Rng, bonus: int = 0, penalty: int = 0) -> tuple[int, str]:
    """A d100 with bonus and penalty dice (cancelling one for one): one units die and a tens
    die for each, the best (lowest) or worst (highest) counting."""
    net = bonus - penalty
    units = rng.randint(0, 9)
    tens = [rng.randint(0, 9) for _ in range(1 + abs(net))]
    values = [_value(t, units) for t in tens]
    pick = min(values) if net > 0 else max(values)
    shown = (f" (tens {', '.join(f'{t}0' for t in tens)}, units {units})"
             if net else "")
    return pick, shown


def roll_chances(bonus: int = 0, penalty: int = 0) -> dict[int, Fraction]:
    """The chance of each d100 result with bonus and penalty dice."""
    extra = abs(bonus - penalty)
    out: dict[int, Fraction] = {}
    for units in range(10):
        values = sorted(_value(t, units) for t in range(10))
        if bonus - penalty < 0:
            values.reverse()
        for j, value in enumerate(values):  # the best of 1 + extra dice is the j-th value
            p = Fraction((10 - j) ** (1 + extra) - (9 - j) ** (1 + extra), 10 ** (1 + extra))
            out[value] = out.get(value, ZERO) + p / 10
    return out


def success_chances(skill: int, bonus: int = 0, penalty: int = 0) -> dict[str, Fraction]:
    """The chance of each success level: fumble, failure, regular, hard, extreme, critical."""
    out = {name: ZERO for name in LEVELS}
    for roll, p in roll_chances(bonus, penalty).items():
        out[level(roll, skill)] += p
    return out


def _levels(skill: int, bonus: int = 0, penalty: int = 0) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for name, p in success_chances(skill, bonus, penalty).items():
        out[RANK[name]] = out.get(RANK[name], ZERO) + p
    return out


def contest(attack_rank: int, defence_rank: int, reaction: str | None, *,
            trade: bool = True) -> str:
    """"hit", "counter", "both" or "none" for two success ranks (0 is a failure). Two
    failures in a fight back trade blows ("both"; before version 3, ``trade`` False: "none")."""
    if reaction == COUNTER:
        if defence_rank > attack_rank:
            return "counter"
        if attack_rank:
            return "hit"
        return "both" if trade else "none"
    if not attack_rank:
        return "none"
    if reaction == DODGE_REACTION and defence_rank >= attack_rank:
        return "none"
    return "hit"


def melee_chances(attack: int, defence: int, reaction: str, *,
                  trade: bool = True) -> dict[str, Fraction]:
    """The chance that the attacker hits, the defender's counter hits, both do, or no one is
    hurt."""
    if reaction not in (DODGE_REACTION, COUNTER):
        raise ValueError(f"reaction must be 'dodge' or 'counter', not {reaction!r}")
    out = {"hit": ZERO, "counter": ZERO, "both": ZERO, "none": ZERO}
    for a, p in _levels(attack).items():
        for d, q in _levels(defence).items():
            out[contest(a, d, reaction, trade=trade)] += p * q
    return out


def _trades(clash: Clash) -> bool:
    """Whether two failures in a fight back trade blows: the page's "If both roll failures,
    this may mean both take damage", played from version 3."""
    return clash.since(TRADES)


# --- damage -----------------------------------------------------------------------------------


def _db(text: str) -> tuple[Dice | int, bool]:
    half = text.startswith("half ")
    core = text.removeprefix("half ")
    return (Dice.parse(core) if "d" in core else int(core)), half


def _halved(value: int, half: bool) -> int:
    return int(value / 2) if half else value


def roll_damage(weapon: Dice, db: str, *, extreme: bool, impales: bool,
                rng: Rng) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Regular or hard: the dice and the damage bonus. Extreme: their maximum, and for an
    impaling weapon a second, rolled, weapon and damage bonus added."""
    bonus, half = _db(db)

    def rolled() -> tuple[int, tuple[tuple[int, ...], ...]]:
        dice = weapon.roll_dice(rng)
        extra = bonus.roll_dice(rng) if isinstance(bonus, Dice) else ()
        value = sum(extra) if isinstance(bonus, Dice) else bonus
        return sum(dice) + weapon.bonus + _halved(value, half), (dice, extra)

    if not extreme:
        return rolled()
    top = weapon.maximum + _halved(bonus.maximum if isinstance(bonus, Dice) else bonus, half)
    if not impales:
        return top, ()
    more, dice = rolled()
    return top + more, dice


def damage_distribution(weapon: Dice, db: str, *, extreme: bool,
                        impales: bool) -> dict[int, Fraction]:
    bonus, half = _db(db)
    b = (mapped(bonus.distribution(), lambda v: _halved(v, half))
         if isinstance(bonus, Dice) else {bonus: ONE})
    rolled = add(weapon.distribution(), b)
    if not extreme:
        return rolled
    top = weapon.maximum + max(b)
    return mapped(rolled, lambda v: top + v) if impales else {top: ONE}


# --- one attack -------------------------------------------------------------------------------


def difficulty(clash: Clash) -> tuple[int, bool]:
    """The success rank a shot needs by its range, and whether it is extreme (impaling only
    on a 01): within the base range a regular success, up to twice it a hard one, beyond an
    extreme one (version 3). A weapon's range is four times its base range (a short bow's 14:
    base 3), so the farthest shot it can make is the document's "up to 4x base range"."""
    if clash.attack.kind != SHOT or not clash.since(RANGES):
        return RANK["regular"], False
    base = max(1, clash.attack.range // 4)
    if clash.distance <= base:
        return RANK["regular"], False
    if clash.distance <= 2 * base:
        return RANK["hard"], False
    return RANK["extreme"], True


def dice(net: int) -> tuple[int, int]:
    """(bonus dice, penalty dice) of a net count: positive bonus, negative penalty."""
    return max(net, 0), max(-net, 0)


def situation(clash: Clash) -> tuple[Numbers, Numbers, str | None, int]:
    """(attacker's numbers, target's, its reaction, bonus dice less penalty dice)."""
    you = numbers(clash.attacker, clash.attack)
    it = numbers(clash.target, kind=clash.attack.kind, adjacent=clash.adjacent)
    kind = clash.attack.kind
    if kind == SHOT:  # point blank: a bonus die; into a melee (version 3): a penalty die
        return you, it, None, int(clash.adjacent) - int(clash.into_melee
                                                        and clash.since(RANGES))
    if not clash.since(DOCUMENT):
        counters = clash.up_close and it.skill > it.dodge
        return you, it, COUNTER if counters else DODGE_REACTION, 0
    if clash.outnumbered and clash.up_close:
        return you, it, None, 1
    if not clash.aware:
        return you, it, None, 0
    if not clash.up_close:
        return you, it, DODGE_REACTION, 0  # "thrown weapons can be dodged"
    back = _counter_clash(clash)
    choice = _choice(you, it, _armour(clash), clash.target.crit_immune,
                     numbers(back.attacker, back.attack), _armour(back), _trades(clash))
    return you, it, choice, 0


def reacts(clash: Clash) -> bool:
    """Whether the target reacts to this attack (dodges or fights back): what a round counts."""
    return situation(clash)[2] is not None


def counter_attack(clash: Clash):
    """The target's own blow back at the attacker."""
    return melee_attacks(clash.target)[0]


def _counter_clash(clash: Clash) -> Clash:
    return Clash.of(counter_attack(clash), clash.target, clash.attacker,
                    by_player=clash.on_player, on_player=clash.by_player,
                    minus_off=clash.minus_off)


def _armour(clash: Clash) -> int:
    return clash.defence.protection if clash.attack.physical else 0


def _mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), ZERO)


@lru_cache(maxsize=4096)
def _choice(you: Numbers, it: Numbers, armour: int, immune: bool, back: Numbers,
            back_armour: int, trade: bool = False) -> str:
    """Dodge or fight back: the reaction with the smaller expected damage taken less expected
    damage dealt back by the counter (rolled as a regular success); a tie dodges."""
    counter = damage_distribution(Dice.parse(back.damage), back.db, extreme=False,
                                  impales=back.impales)
    dealt = _mean(mapped(counter, lambda v: max(0, v - back_armour)))
    worth = {}
    for reaction in (DODGE_REACTION, COUNTER):
        taken = _mean(_attack_damage(you, 0, reaction, it.skill if reaction == COUNTER
                                     else it.dodge, armour, immune, trade=trade))
        fought = melee_chances(you.skill, it.skill, COUNTER, trade=trade)
        chance = fought["counter"] + fought["both"] if reaction == COUNTER else ZERO
        worth[reaction] = taken - chance * dealt
    return COUNTER if worth[COUNTER] < worth[DODGE_REACTION] else DODGE_REACTION


def resolve(clash: Clash, rng: Rng) -> Outcome:
    you, it, reaction, bonus = situation(clash)
    roll, shown = roll_d100(rng, *dice(bonus))
    mine = level(roll, you.skill)
    needed, far = difficulty(clash)
    short = RANK[mine] < needed and RANK[mine] > 0
    lines = [f"attack d100 {roll}{shown} vs skill {you.skill}%: {mine}"
             + (", outnumbered: a bonus die" if bonus and clash.up_close else "")
             + (", into a melee: a penalty die" if bonus < 0 else "")
             + (f", but the range needs {LEVELS[needed + 1]}: a miss" if short else "")
             + ("" if reaction or clash.attack.kind == SHOT else ", no reaction")]
    if short:
        mine = "failure"
    theirs = "failure"
    if reaction is not None:
        other = it.skill if reaction == COUNTER else it.dodge
        d, _ = roll_d100(rng)
        theirs = level(d, other)
        lines.append(f"{'fight back' if reaction == COUNTER else reaction} d100 {d} vs "
                     f"{'skill' if reaction == COUNTER else 'Dodge'} {other}%: {theirs}")
    result = contest(RANK[mine], RANK[theirs], reaction, trade=_trades(clash))
    if result == "both":  # both failed the fight back: each blow lands, plainly
        back = _counter_clash(clash)
        counter = _damage(back, numbers(back.attacker, back.attack), "regular",
                          ("fights back: " + lines[-1],), rng)
        traded = _damage(clash, you, "regular", tuple(lines) + ("both failed: blows traded",),
                         rng)
        return replace(traded, counter=counter, event=TRADED)
    if result == "counter":
        back = _counter_clash(clash)
        counter = _damage(back, numbers(back.attacker, back.attack), "regular",
                          ("fights back: " + lines[-1],), rng)
        return miss(clash, rng, system=NAME, natural=(roll,), target=you.skill, plain=False,
                    rolls=tuple(lines) + ("fought back",), kind=PARRIED, counter=counter,
                    event=FOUGHT_BACK)
    if result == "none":
        dodged = RANK[mine] > 0
        return miss(clash, rng, system=NAME, natural=(roll,), target=you.skill, plain=True,
                    rolls=tuple(lines) + (("dodged",) if dodged else ()),
                    kind=DODGE if dodged else None)
    if far and mine != "critical":  # at extreme range only a 01 impales
        you = replace(you, impales=False)
    return _damage(clash, you, mine, tuple(lines), rng)


def _damage(clash: Clash, you: Numbers, mine: str, lines: tuple[str, ...],
            rng: Rng) -> Outcome:
    extreme = RANK[mine] >= RANK["extreme"]
    immune = extreme and clash.target.crit_immune
    weapon = Dice.parse(you.damage)
    raw, rolls = roll_damage(weapon, you.db, extreme=extreme and not immune,
                             impales=you.impales, rng=rng)
    armour = clash.defence.protection if clash.attack.physical else 0
    final = max(0, raw - armour)
    text = (f"damage {weapon}{'' if you.db == '0' else ' + ' + you.db}"
            + (" at its maximum" + (" and again" if you.impales else "")
               if extreme and not immune else "")
            + f": {' '.join(dice_text(r) for r in rolls if r)} = {raw}, armour {armour}: {final}")
    event = (IMPALED if you.impales else EXTREME) if extreme and not immune else SUCCESS
    return hit(clash, system=NAME, natural=(), target=you.skill, rolls=lines + (text,),
               damage_rolls=tuple(r for r in rolls if r), raw=raw, protection=armour,
               damage=final, critical=extreme and not immune, no_vital_spot=immune,
               type_roll=raw, event=event)


def distribution(clash: Clash) -> dict[int, Fraction]:
    """Damage to the target of one attack (a counterattack's damage falls on the attacker
    and is left out)."""
    you, it, reaction, bonus = situation(clash)
    other = it.skill if reaction == COUNTER else it.dodge
    return dict(_attack_damage(you, bonus, reaction, other, _armour(clash),
                               clash.target.crit_immune, *difficulty(clash),
                               trade=_trades(clash)))


def _attack_levels(skill: int, bonus: int, needed: int) -> dict[int, Fraction]:
    """The attack's success ranks, those short of what its range needs counted failures."""
    out: dict[int, Fraction] = {}
    for a, p in _levels(skill, *dice(bonus)).items():
        key = a if a >= needed else 0
        out[key] = out.get(key, ZERO) + p
    return out


@lru_cache(maxsize=4096)
def _attack_damage(you: Numbers, bonus: int, reaction: str | None, other: int, armour: int,
                   immune: bool, needed: int = 1, far: bool = False, *,
                   trade: bool = False) -> dict[int, Fraction]:
    """Damage to the target of one attack against a reaction rolled at ``other`` (kept: do
    not change what it returns)."""
    defender = _levels(other) if reaction is not None else {0: ONE}
    weapon = Dice.parse(you.damage)
    out: dict[int, Fraction] = {}
    for a, p in _attack_levels(you.skill, bonus, needed).items():
        for d, q in defender.items():
            if contest(a, d, reaction, trade=trade) not in ("hit", "both"):
                blend(out, {0: ONE}, p * q)
                continue
            extreme = a >= RANK["extreme"] and not immune
            impales = you.impales and (not far or a == RANK["critical"])
            dist = damage_distribution(weapon, you.db, extreme=extreme, impales=impales)
            blend(out, mapped(dist, lambda v: max(0, v - armour)), p * q)
    return tidy(out)


def chances(clash: Clash) -> tuple[Fraction, Fraction]:
    """(hit, extreme or critical hit)."""
    you, it, reaction, bonus = situation(clash)
    other = it.skill if reaction == COUNTER else it.dodge
    defender = _levels(other) if reaction is not None else {0: ONE}
    hit_p, crit = ZERO, ZERO
    for a, p in _attack_levels(you.skill, bonus, difficulty(clash)[0]).items():
        for d, q in defender.items():
            if contest(a, d, reaction, trade=_trades(clash)) in ("hit", "both"):
                hit_p += p * q
                if a >= RANK["extreme"] and not clash.target.crit_immune:
                    crit += p * q
    return hit_p, crit


def exchange(clash: Clash) -> dict[tuple[int, int], Fraction]:
    """One attack's damage to both sides, (to the target, to the attacker): a counterattack
    hurts the attacker, so the exact duel is a chain over both sides' hit points
    (``odds.chain_duel``) rather than two independent ones."""
    you, it, reaction, bonus = situation(clash)
    other = it.skill if reaction == COUNTER else it.dodge
    defender = _levels(other) if reaction is not None else {0: ONE}
    armour = _armour(clash)
    weapon = Dice.parse(you.damage)
    counter = _counter_damage(_counter_clash(clash))
    needed, far = difficulty(clash)
    out: dict[tuple[int, int], Fraction] = {}
    for a, p in _attack_levels(you.skill, bonus, needed).items():
        for d, q in defender.items():
            result = contest(a, d, reaction, trade=_trades(clash))
            if result == "counter":
                dist = {(0, v): w for v, w in counter.items()}
            elif result == "none":
                dist = {(0, 0): ONE}
            else:
                extreme = a >= RANK["extreme"] and not clash.target.crit_immune
                impales = you.impales and (not far or a == RANK["critical"])
                hurt = damage_distribution(weapon, you.db, extreme=extreme, impales=impales)
                landed = mapped(hurt, lambda v: max(0, v - armour))
                back = counter if result == "both" else {0: ONE}  # traded: both hurt
                dist = {(v, c): w * x for v, w in landed.items() for c, x in back.items()}
            for key, w in dist.items():
                out[key] = out.get(key, ZERO) + p * q * w
    return {k: v for k, v in sorted(out.items()) if v}


def _counter_damage(back: Clash) -> dict[int, Fraction]:
    """A counterattack's damage: the defender's first blow at a regular success."""
    mine = numbers(back.attacker, back.attack)
    dist = damage_distribution(Dice.parse(mine.damage), mine.db, extreme=False,
                               impales=mine.impales)
    return mapped(dist, lambda v: max(0, v - _armour(back)))
