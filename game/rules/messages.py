"""The log's words for an attack, in the manual's phrasing and never with numbers; another
combat system's events (``game.rules.events``) in that system's own terms.

Phrasing lives here so that play, the fight simulator and tests share it. ``Who`` names one
side of a fight as the player sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import events as E
from .profiles import (
    ARMOUR,
    BASH,
    DEFLECTION,
    DEXTERITY,
    DODGE,
    NATURAL,
    PARRY,
    SHIELD,
    WALL,
)
from .resolve import PLAIN, Outcome

# Verbs by damage type: an ordinary hit, and a big one (a third of the target's maximum hit
# points). "hit" is a creature's generic attack.
VERBS = {
    "slashing": ("slash", "cleave"),
    "piercing": ("stab", "impale"),
    "bludgeoning": ("bash", "smash"),
    "bite": ("bite", "maul"),
    "claw": ("claw", "rake"),
    "sting": ("sting", "pierce"),
    "unarmed": ("punch", "pummel"),
    "hit": ("hit", "hit"),
    "fire": ("burn", "sear"),
    "cold": ("chill", "freeze"),
    "lightning": ("shock", "blast"),
}
NO_VITAL_SPOT = "It has no vital spot."
SHIELD_BASH = "shield-bash"  # the verb of a bash that lands: "You shield-bash the jackal."


@dataclass(frozen=True, slots=True)
class Who:
    """One side of a fight: ``name`` is "kobold"; ``proper`` names take no article."""

    name: str
    is_player: bool = False
    seen: bool = True
    proper: bool = False
    thing: bool = False  # a missile named for itself: its "weapon" is itself ("the arrow")

    @property
    def the(self) -> str:
        """How a sentence names it: "you", "the kobold", "Thora", "something"."""
        if self.is_player:
            return "you"
        if not self.seen:
            return "something"
        return self.name if self.proper else f"the {self.name}"

    @property
    def possessive(self) -> str:
        """ "your", "the kobold's", "something's"."""
        if self.is_player:
            return "your"
        base = self.the
        return base + ("'" if base.endswith("s") else "'s")


YOU = Who("you", is_player=True)


def a_or_an(noun: str) -> str:
    """ "a kobold", "an ogre"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def plural(n: int, noun: str) -> str:
    """ "1 checkpoint", "2 checkpoints", "0 kills" (nouns that take an s)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def third_person(verb: str) -> str:
    """ "slash" -> "slashes", "stab" -> "stabs", "parry" -> "parries"."""
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z")) else "s")


def _verb(who: Who, verb: str) -> str:
    return verb if who.is_player else third_person(verb)


def cap(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def attack_messages(outcome: Outcome, attacker: Who, target: Who, *,
                    target_natural: str = "", protection_noun: str = "armour",
                    came_from: str = "") -> list[str]:
    """The log lines for one attack: a miss with its reason, a hit, or a glance; plus
    "It has no vital spot." where a crit-immune target shrugged off a critical.

    A shot or a throw reads as its missile ("The kobold archer's arrow hits you."); when its
    shooter is unseen, the missile is said to fly in from ``came_from`` ("the east") and the
    next line says what it did ("It hits you.")."""
    if outcome.attack.is_missile and not (attacker.seen or attacker.is_player):
        missile = Who(outcome.attack.noun, thing=True)
        arrival = cap(f"{a_or_an(outcome.attack.noun)} flies in from {came_from or 'somewhere'}.")
        return [arrival] + [_it(line, missile) for line in
                            attack_messages(outcome, missile, target, target_natural=target_natural,
                                            protection_noun=protection_noun)]
    if outcome.event:
        lines = [event_message(outcome, attacker, target, target_natural, protection_noun)]
    elif not outcome.hit:
        return [miss_message(outcome, attacker, target, target_natural)]
    elif outcome.glanced:
        lines = [glance_message(outcome, attacker, target, protection_noun)]
    else:
        lines = [hit_message(outcome, attacker, target)]
    if outcome.no_vital_spot:
        lines.append(NO_VITAL_SPOT)
    return lines


TIMES = {2: "twice", 3: "three times"}


def event_message(outcome: Outcome, attacker: Who, target: Who, target_natural: str,
                  protection_noun: str) -> str:
    """Another system's event in its own terms (``game.rules.events``): where the manual has
    the event, in the manual's words; where it has not, in the system's ("fails to
    penetrate", "fails to wound", "fights back", "impales")."""
    event, weapon = outcome.event, _weapon(outcome, attacker)
    unseen = not (attacker.seen and target.seen)
    if not outcome.hit:
        if event == E.MISSED or unseen:
            return miss_message(replace(outcome, miss_kind=PLAIN), attacker, target)
        verb = {E.DODGED: "dodge", E.PARRIED: "parry", E.FENDED: "fend off",
                E.FOUGHT_BACK: "fight back against"}.get(event)
        if event == E.BLOCKED:
            its = "your" if target.is_player else "its"
            return cap(f"{target.the} {_verb(target, 'block')} {weapon} with {its} shield.")
        if verb is None:
            raise ValueError(f"unknown miss event: {event!r}")
        head, _, rest = verb.partition(" ")
        return cap(f"{target.the} {_verb(target, head)}{' ' + rest if rest else ''} {weapon}.")
    armour = f"{target.possessive} {protection_noun}" if outcome.protection else target.the
    if event == E.NO_PENETRATION:
        return cap(f"{weapon} fails to penetrate {armour}.")
    if event == E.NOT_WOUNDED:
        return cap(f"{weapon} fails to wound {target.the}.")
    if event == E.ARMOUR_STOPPED or outcome.glanced:
        if outcome.protection:
            return glance_message(outcome, attacker, target, protection_noun)
        return cap(f"{weapon} fails to hurt {target.the}.")
    if event == E.IMPALED and (attacker.seen or attacker.is_player):
        if outcome.attack.is_missile:
            return cap(f"{weapon} impales {target.the}!")
        return cap(f"{attacker.the} {_verb(attacker, 'impale')} {target.the}!")
    line = hit_message(replace(outcome, big_hit=outcome.big_hit
                               and event not in (E.SUCCESS, E.TRADED)),
                       attacker, target)
    end = line[-1]
    if event == E.PENETRATED and outcome.count > 1:
        times = TIMES.get(outcome.count, f"{outcome.count} times")
        return f"{line[:-1]}, penetrating {times}{end}"
    if event == E.SOAKED:
        its = "your" if target.is_player else "its"
        return f"{line[:-1]}, but {its} armour takes some of the blow{end}"
    if event == E.TRADED:  # both failed a fight back: the counter's own line follows
        return f"{line[:-1]}, and {target.the} {_verb(target, 'fight')} back{end}"
    return line


def _it(line: str, missile: Who) -> str:
    """ "The arrow hits you." -> "It hits you." (the line before named the arrow)."""
    name = cap(missile.the)
    return "It" + line[len(name):] if line.startswith(name + " ") else line


def compass(dx: int, dy: int) -> str:
    """Where (dx, dy) lies from the origin, y growing southwards: "the north-east"."""
    if dx == dy == 0:
        return "somewhere"
    ns = "north" if dy < 0 else "south"
    ew = "east" if dx > 0 else "west"
    if abs(dx) > 2 * abs(dy):
        return f"the {ew}"
    if abs(dy) > 2 * abs(dx):
        return f"the {ns}"
    return f"the {ns}-{ew}"


def hit_message(outcome: Outcome, attacker: Who, target: Who) -> str:
    """ "You slash the giant rat hard!", "The kobold stabs you.", "You cleave the kobold." A
    confirmed critical keeps the ordinary verb and ends in " hard!"; a big hit that is not a
    critical takes the big verb; a bash is a bash ("You shield-bash the jackal.", not the
    "smash" of a mace)."""
    ordinary, big = VERBS.get(outcome.damage_type, VERBS["hit"])
    if outcome.attack.kind == BASH:  # a bash is told as one, whatever its damage type
        ordinary = big = SHIELD_BASH
    if not attacker.seen and not attacker.is_player:
        ordinary = big = "hit"
    if outcome.attack.is_missile:  # "The kobold archer's arrow hits you."
        ordinary = "hit"
    verb = big if outcome.big_hit and not outcome.confirmed else ordinary
    end = " hard!" if outcome.confirmed else "."
    if outcome.attack.is_missile:
        return cap(f"{_weapon(outcome, attacker)} {third_person(verb)} {target.the}{end}")
    return cap(f"{attacker.the} {_verb(attacker, verb)} {target.the}{end}")


def glance_message(outcome: Outcome, attacker: Who, target: Who, protection_noun: str) -> str:
    """A hit that Protection soaked whole: "Your sword glances off the cave beetle's shell."."""
    return cap(f"{_weapon(outcome, attacker)} glances off {target.possessive} {protection_noun}.")


def _weapon(outcome: Outcome, attacker: Who) -> str:
    """ "your sword", "the kobold's spear", "something's blow"."""
    if attacker.thing:
        return attacker.the
    noun = outcome.attack.noun if attacker.seen or attacker.is_player else "blow"
    return f"{attacker.possessive} {noun}"


def miss_message(outcome: Outcome, attacker: Who, target: Who, target_natural: str = "") -> str:
    """Why it missed, as far as the player saw it (the decisions page's table)."""
    kind = outcome.miss_kind
    unseen = not (attacker.seen and target.seen)
    if outcome.attack.is_missile and (kind == PLAIN or unseen):
        return cap(f"{_weapon(outcome, attacker)} misses {target.the}.")
    if kind == PLAIN or unseen:
        return cap(f"{attacker.the} {_verb(attacker, 'miss')} {target.the}.")
    weapon = _weapon(outcome, attacker)
    if kind in (DEXTERITY, DODGE):
        return cap(f"{target.the} {_verb(target, 'dodge')} {weapon}.")
    if kind == ARMOUR:
        return cap(f"{weapon} glances off {target.possessive} armour.")
    if kind == SHIELD:
        its = "your" if target.is_player else "its"
        return cap(f"{target.the} {_verb(target, 'block')} {weapon} with {its} shield.")
    if kind == PARRY:
        return cap(f"{target.the} {_verb(target, 'parry')} {weapon}.")
    if kind == NATURAL:
        return cap(f"{weapon} glances off {target.possessive} {target_natural or 'hide'}.")
    if kind == DEFLECTION:
        return cap(f"{weapon} is turned aside.")
    if kind == WALL:
        return cap(f"{weapon} strikes the wall around {target.the}.")
    raise ValueError(f"unknown miss kind: {kind!r}")


DEATHS = {"bled to death": "bleeds to death", "died of poison": "dies of poison"}


def death_message(name: str, cause: str, *, proper: bool = False) -> str:
    """What the log says when a creature the player sees dies: "The cave beetle bleeds to
    death."; a blow or a missile that kills was logged already, so it simply "dies"."""
    who = name if proper else f"the {name}"
    return cap(f"{who} {DEATHS.get(cause, 'dies')}.")
