"""What a combat system says happened in an attack, when the manual's words do not fit it.

An ``Outcome`` from the manual carries no event (``""``): its words are the manual's own. The
other systems name the event they rolled, so the log phrases each in that system's terms:
nothing "parries" where nothing parries (``game.rules.messages``).
"""

from __future__ import annotations

MISSED = "missed"  # the roll fell short: "The kobold misses you."
DODGED = "dodged"  # avoided: qud's DV, coc's Dodge, tides' Agility against a missile
PARRIED = "parried"  # tides: Ws turns a blow with a weapon in hand
BLOCKED = "blocked"  # tides: ... with a shield
FENDED = "fended off"  # tides: ... with neither (a creature's own Ws)
FOUGHT_BACK = "fought back"  # coc: the defender's counterattack won the contest
TRADED = "traded"  # coc: both failed in a fight back, so both blows land (version 3)
NO_PENETRATION = "no penetration"  # qud: a hit whose triplets never beat AV
PENETRATED = "penetrated"  # qud: a hit that penetrated ``Outcome.count`` times
NOT_WOUNDED = "not wounded"  # tides: a hit whose wound roll failed
ARMOUR_STOPPED = "armour stopped"  # tides: wounded, but armour took all of the damage
SOAKED = "soaked"  # d20: a negative AC took some of the damage off
HIT = "hit"  # a hit the system has nothing more to say about
SUCCESS = "success"  # coc: a regular or hard success (coc knows no big hits: its verb is plain)
EXTREME = "extreme"  # coc: an extreme or critical success with a weapon that does not impale
IMPALED = "impaled"  # coc: ... with a weapon that impales
ELEMENTAL = "elemental"  # qud: fire, cold or lightning, applied on a hit without penetration

SYSTEM_EVENTS = (MISSED, DODGED, PARRIED, BLOCKED, FENDED, FOUGHT_BACK, NO_PENETRATION,
                 PENETRATED, NOT_WOUNDED, ARMOUR_STOPPED, SOAKED, HIT, SUCCESS, EXTREME, IMPALED,
                 ELEMENTAL, TRADED)
