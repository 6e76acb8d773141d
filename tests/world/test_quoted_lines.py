"""Every line README.md and docs/ quote from the game is what play says: each quoted sentence
is produced here by real blows, shots and turns in a small scenario, or by the named test
that produces it in play; and no other sentence is quoted."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from game.rules import profiles
from game.world.core import actions as A
from game.world.core.components import Creature, Equipment, Health, Inventory, Powers, Vitals
from game.world.game import Game
from game.world.play import combat, missiles

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")))
ROOM = "#####\n#@k.#\n#####"


def quoted(doc: str) -> set[str]:
    """The whole sentences a page quotes: a capital first, a stop last, in double quotes;
    not in its fenced blocks (commands, tables and files, which are not the game's words)."""
    prose = re.sub(r"^```.*?^```", "", (ROOT / doc).read_text(), flags=re.M | re.S)
    text = " ".join(prose.split())
    return set(re.findall(r'"([A-Z][^"]*[.!?])"', text))


def lines_of(events) -> set[str]:
    """The log lines of these events: an attack's, and a message's (a death)."""
    return {line for e in events
            for line in (*getattr(e, "lines", ()), *filter(None, [getattr(e, "text", "")]))}


def wear(game: Game, slot: str, name: str, powers: Powers | None = None) -> None:
    game.use()
    item = game.create_item(name, powers=powers)
    inventory = game.store.get(game.player, Inventory)
    inventory.items = [*inventory.items, item]  # set anew (game.world.core.changes)
    setattr(game.store.get(game.player, Equipment), slot, item)


@functools.cache
def melee(kind: str, character: str, rules: str = "manual", *, player_strikes: bool = False,
          amulet: str = "", armoured: bool = False, blows: int = 1200) -> frozenset[str]:
    """Every line of ``blows`` attacks between the player and a ``kind`` beside it, the
    player healed after each. The foe fights at its full hit points until it first dies (its
    death said), then on hit points past its maximum, so that a big hit is still big."""
    game = Game.scenario(ROOM, {"k": kind}, character=character, seed=2, rules=rules)
    if amulet:
        wear(game, "neck", "amulet", Powers(ego=amulet, known=True))
    if armoured:  # Defence and Protection past 20: a negative AC under d20
        wear(game, "body", "suit of plate armour", Powers(enchant=3, ego="of the bulwark"))
        wear(game, "off", "tower shield", Powers(enchant=3))
    foe = game.blocker_at(2, 1)
    said: set[str] = set()
    for _ in range(blows):
        game.use()
        if not game.exists(foe):  # it died: another in its place, which never will
            foe = game.create_creature(kind, 2, 1, 1)
            game.component(foe, Creature).awake = True
        health = game.store.get(foe, Health)
        health.hp = health.max_hp if "dies." not in " ".join(said) else 1000
        a, t = (game.player, foe) if player_strikes else (foe, game.player)
        said |= lines_of(combat.melee(game, a, t)[0])
        game.heal_fully(game.player)
        game.outcome = None
    game.close()
    return frozenset(said)


@functools.cache
def missiles_at_you(kind: str, character: str = "human mage", times: int = 600) -> frozenset[str]:
    """A ``kind`` three cells east shoots or throws at the player, ``times`` times."""
    game = Game.scenario("#######\n#@..k.#\n#######", {"k": kind}, character=character, seed=5)
    shooter = game.blocker_at(4, 1)
    data = game.catalog.creatures[kind]
    said: set[str] = set()
    for _ in range(times):
        game.use()
        fighter = game.fighter(shooter)
        if data.missile is not None:
            attack, name = profiles.shot(fighter), data.ammo.name
        else:
            attack, name = profiles.throw(fighter, data.throws), data.throws.name
        assert attack is not None
        said |= lines_of(missiles.loose(game, shooter, attack, 1, 1, name, breaks=100))
        game.heal_fully(game.player)
        game.outcome = None
    game.close()
    return frozenset(said)


@functools.cache
def poisoned_to_death() -> frozenset[str]:
    """A giant spider bites a skeleton (its rival) till the poison takes; the skeleton, at
    its last hit point, dies of it on a turn of the player's waiting."""
    game = Game.scenario("######\n#@.Sk#\n######", {"S": "giant spider", "k": "skeleton"},
                         seed=4)
    spider, skeleton = game.blocker_at(3, 1), game.blocker_at(4, 1)
    vitals, health = game.store.get(skeleton, Vitals), game.store.get(skeleton, Health)
    for _ in range(100):
        game.use()
        combat.melee(game, spider, skeleton)
        health.hp = health.max_hp  # (healing fully would cure the poison too)
        if vitals.poison:
            break
    health.hp = 1
    game.store.delete(spider)
    said = {m.text for m in game.log}
    for _ in range(6):
        game.submit(A.Wait())
        said |= {m.text for m in game.log}
    game.close()
    return frozenset(said)


@functools.cache
def unseen(attacker: str, target: str, *, shoots: bool = False,
           times: int = 300) -> frozenset[str]:
    """A ``target`` at the edge of the player's light, and an ``attacker`` beside it in the
    dark (``shoots``: four cells further off, shooting): what the player reads of it."""
    picture = ("#@......t...a#" if shoots else "#@......ta...#")
    game = Game.scenario(f"##############\n{picture}\n##############",
                         {"t": target, "a": attacker}, character="human mage", seed=1)
    victim, striker = game.blocker_at(8, 1), game.blocker_at(12 if shoots else 9, 1)
    assert game.sees(victim) and not game.sees(striker)
    said: set[str] = set()
    for _ in range(times):
        game.use()
        game.store.get(victim, Health).hp = 1000  # nobody dies
        if shoots:
            shot = profiles.shot(game.fighter(striker))
            assert shot is not None
            said |= lines_of(missiles.loose(game, striker, shot, 8, 1, "arrow", breaks=100))
        else:
            said |= lines_of(combat.melee(game, striker, victim)[0])
    game.close()
    return frozenset(said)


PLAY = {
    "You parry the kobold's spear.": lambda: melee("kobold", "human mage"),
    "The kobold stabs you hard!": lambda: melee("kobold", "human mage"),
    "The kobold misses you.": lambda: melee("kobold", "human mage"),
    "The ghost hits you hard!": lambda: melee("ghost", "human mage"),
    "The kobold's spear glances off your scales.":
        lambda: melee("kobold", "lizardfolk mage", amulet="of the tortoise"),
    "The kobold's spear glances off your skin.":
        lambda: melee("kobold", "dwarf warrior", amulet="of the tortoise"),
    "You slash the giant rat hard!":
        lambda: melee("giant rat", "dwarf warrior", player_strikes=True),
    "You cleave the kobold.": lambda: melee("kobold", "dwarf warrior", player_strikes=True),
    "You miss the kobold.": lambda: melee("kobold", "dwarf warrior", player_strikes=True),
    "The kobold dies.": lambda: melee("kobold", "dwarf warrior", player_strikes=True),
    "The kobold stabs you, but your armour takes some of the blow.":
        lambda: melee("kobold", "dwarf guardian", "d20", armoured=True),
    "The kobold archer's arrow hits you.": lambda: missiles_at_you("kobold archer"),
    "The goblin's javelin impales you.": lambda: missiles_at_you("goblin"),
    "The skeleton dies of poison.": poisoned_to_death,
    "Something hits the cave beetle.": lambda: unseen("giant rat", "cave beetle"),
    "Something's blow glances off the cave beetle's shell.":
        lambda: unseen("giant rat", "cave beetle"),
    "An arrow flies in from the east.":
        lambda: unseen("kobold archer", "giant rat", shoots=True),
    "It hits the giant rat.": lambda: unseen("kobold archer", "giant rat", shoots=True),
}
"""Each quoted line, and what says it in play here."""

ELSEWHERE = {
    "A kobold archer comes into view.": "tests/world/test_effects.py",
    "It has no vital spot.": "tests/world/test_blow_words.py",
    "The cave beetle bleeds to death.": "tests/world/test_fair_messages.py",
    "The giant rat bites the kobold.": "tests/world/test_feuds.py",
    "The cave beetle fends off your sword.": "tests/world/test_system_words.py",
    "The kobold dodges your sword.": "tests/world/test_system_words.py",
    "The giant spider fights back against your sword.": "tests/world/test_system_words.py",
    "The giant spider bites you.": "tests/world/test_system_words.py",
    "The skeleton parries your sword.": "tests/world/test_system_words.py",
    "The kobold strikes at you as you step away.": "tests/world/test_characters.py",
    "There is a wall in the way.": "tests/world/test_scenarios.py",
    "You are bleeding.": "tests/world/test_fair_messages.py",
    "You are poisoned.": "tests/world/test_fair_messages.py",
    "You bash the kobold hard!": "tests/world/test_system_words.py",
    "You bash the kobold, and the kobold fights back.": "tests/systems/test_coc.py",
    "You catch the kobold asleep.": "tests/world/test_system_words.py",
    "You shield-bash the kobold.": "tests/world/test_system_words.py",
    "You catch the kobold unaware.": "tests/world/test_characters.py",
    "You die...": "tests/world/test_fair_messages.py",
    "You impale the kobold!": "tests/world/test_system_words.py",
    "You slash the kobold, penetrating twice.": "tests/world/test_system_words.py",
    "Your rage ebbs, and you are exhausted.": "tests/world/test_characters.py",
    "Your rest is interrupted.": "tests/world/test_scenarios.py",
    "Your sword fails to penetrate the cave beetle's shell.": "tests/world/test_system_words.py",
    "Your sword fails to wound the kobold.": "tests/world/test_system_words.py",
    "The game could not be saved: ...": "tests/ui/test_leaving.py",  # its start, then why
    "Done exploring.": "tests/ui/test_explore.py",
    "Partly explored: some places out of reach.": "tests/ui/test_explore.py",
    "You see: battle axe.": "tests/ui/test_explore.py",
    "It was a scroll of identify.": "tests/world/test_identify.py",
    "It is a +1 long sword.": "tests/world/test_identify.py",
    "Choose what to identify.": "tests/world/test_identify.py",
    "You feel you know everything you carry.": "tests/world/test_identify.py",
    "An unknown potion: drink it to learn what it is.": "tests/ui/test_unknown_stays_unknown.py",
    "Done exploring. You stand on the stairs down (>).": "tests/ui/test_explore.py",
    "Not with a creature in view.": "tests/ui/test_explore.py",
    "You know no way there.": "tests/ui/test_explore.py",
    "There is a wall in the way: that spot cannot be reached from here.":
        "tests/world/test_lines_of_fire.py",
    "The javelin hits the wall.": "tests/world/test_lines_of_fire.py",
    "Wizard mode is not for this game: the env was made without wizard=True.":
        "tests/env/test_env_wizard.py",
    **{line: "tests/world/test_tides_spells.py" for line in (
        "The frost bolt is not powerful enough to harm the kobold.",
        "You cast frost bolt with Irresistible Force!", "You miscast the spell!",
        "The spell slips through your fingers, but you avoid any lasting ill effects.",
        "The kobold shaman miscasts its spell!", "The kobold dodges your frost bolt.",
        "You dodge the frost bolt.")},
}
"""Each quoted line a test elsewhere produces in play, and that test's file."""


def test_every_quoted_line_is_accounted_for():
    found = set().union(*(quoted(doc) for doc in DOCS))
    assert found == set(PLAY) | set(ELSEWHERE)


@pytest.mark.parametrize("line", sorted(PLAY))
def test_a_quoted_line_is_said_in_play(line):
    assert line in PLAY[line]()


@pytest.mark.parametrize("line", sorted(ELSEWHERE))
def test_a_quoted_line_is_produced_by_a_test_elsewhere(line):
    assert line.removesuffix(" ...") in (ROOT / ELSEWHERE[line]).read_text()


def test_the_kobold_never_hits_you_hard():
    assert not any("kobold hits" in line for line in melee("kobold", "human mage"))
    for doc in DOCS:
        assert "The kobold hits you hard!" not in (ROOT / doc).read_text()
