"""The character screen (@): stats, Defence, the attack lines exactly as the rules build them,
what is held and worn by slot, and ranks with the training toward the next.

The numbers come from ``game.rules.charscreen`` and ``profiles`` over the engine's Fighter,
the same builders the attack in play uses, so the screen never disagrees with the dice.
"""

from __future__ import annotations

import tcod.console

from game.rules import charscreen, levels, stats, systems
from game.rules.items import Weapon
from game.world.core.components import Attributes, Health, Hero, Player, Spells, Stance, Training
from game.world.play import progress

from . import describe, palette
from .screen import InfoPage
from .text import footer, put, put_runs, wrap

Cell = tuple[str, str, palette.Colour]
RIGHT_COLUMN = 40
GRID = 18  # width of a cell of the stats grid
LABEL = 12  # least width of the label column of attacks


class CharacterScreen(InfoPage):
    def draw(self, console: tcod.console.Console) -> None:
        y = self._draw_header(console)
        y = self._draw_attacks(console, y)
        self._draw_equipment(console, y + 1)
        self._draw_training(console, y + 1)
        footer(console, "Any key: close")

    def _draw_header(self, console: tcod.console.Console) -> int:
        """Who, stats, condition, defence and talents; a row too long for the console goes
        on over the next (nothing is cut at 80 columns). Returns the first row after it."""
        engine, me = self.engine, self.engine.player
        name = engine.store.get(me, Player).character
        kind = engine.catalog.characters[name]
        hero = engine.component(me, Hero) or Hero()
        width = console.width - 2
        y = _row(console, 0, [("", name, palette.TITLE), ("Race", kind.race, palette.TEXT),
                              ("Class", kind.class_, palette.TEXT),
                              ("Level", str(hero.level), palette.TEXT)], width)
        race = engine.catalog.races.get(kind.race)
        nxt = (f"/{progress.xp_for_level(engine, hero.level + 1)}"
               if hero.level < levels.MAX_LEVEL else " (highest level)")
        y = _row(console, y, [("XP", f"{hero.xp}{nxt}", palette.TEXT)]
                 + ([("Trait", f"{race.trait}: {race.trait_text}", palette.TEXT)]
                    if race else []), width)
        attrs = engine.store.get(me, Attributes)
        _grid(console, y, [(label, f"{value} ({stats.modifier(value):+d})", palette.TEXT)
                           for label, value in (("Str", attrs.strength), ("Dex", attrs.dexterity),
                                                ("Con", attrs.constitution),
                                                ("Wil", attrs.willpower))])
        y = _grid_or_row(console, y + 1, self._condition_cells(), width)
        y = _row(console, y, self._defence_cells(), width)
        held = progress.talents_of(engine, me)
        return _row(console, y, [("Talents", ", ".join(held) or "none yet", palette.TEXT)],
                    width)

    def _condition_cells(self) -> list[Cell]:
        engine, me = self.engine, self.engine.player
        health, stance = engine.store.get(me, Health), engine.store.get(me, Stance)
        raging = progress.raging(engine.store, me)
        return [("HP", f"{health.hp}/{health.max_hp}",
                 palette.health(health.hp / max(1, health.max_hp))),
                ("Stamina", f"{stance.stamina}/{stance.max_stamina}", palette.TEXT),
                ("Stance", stance.name + (", raging" if raging else ""),
                 palette.WARN if raging else palette.TEXT)] + _spell_cells(engine)

    def _defence_cells(self) -> list[Cell]:
        engine = self.engine
        defence = describe.defence(engine)
        strength = engine.store.get(engine.player, Attributes).strength
        carried = sum(describe.weight_tenths(engine, i) for i in engine.inventory())
        load = describe.burden(engine)
        limit = f"{describe.pounds(carried)} of {describe.pounds(50 * strength)}"
        shown = [("Dv", str(defence.total()), palette.TEXT),
                 ("Pv", charscreen.protection_words(defence), palette.TEXT)]
        if engine.rules != systems.DEFAULT:
            shown = []  # the system's own defence is shown with its attacks
        return shown + [("Burden", f"{load} ({limit})",
                          palette.TEXT if load == stats.UNBURDENED else palette.WARN)]

    def _draw_attacks(self, console: tcod.console.Console, y: int) -> int:
        rules = self.engine.rules
        heading = "Attacks" if rules == systems.DEFAULT else f"Attacks ({rules} rules)"
        put(console, 1, y, heading, palette.HEADING)
        lines = self.attack_lines()
        indent = 3 + max(LABEL, *(len(label) + 2 for label, _ in lines))
        for label, line in lines:
            y += 1
            put(console, 3, y, label, palette.DIM)
            put(console, indent, y, line, palette.TEXT)
        return y + 1

    def attack_lines(self) -> list[tuple[str, str]]:
        engine = self.engine
        fighter = engine.fighter(engine.player, known_only=True)
        item = None if fighter.missile is not None else self._throwing_weapon()
        thrown: Weapon | None = None
        thrower = None
        if item is not None:
            data = describe.item_data(engine, item)
            assert isinstance(data, Weapon)  # _throwing_weapon found a weapon
            thrown = data
            thrower = engine.fighter(engine.player, known_only=True, thrown=item)
        rules = engine.rules
        lines = charscreen.attack_lines(fighter, thrown=thrown, rules=rules, thrower=thrower)
        if rules != systems.DEFAULT:  # the numbers it fights with, as the odds inspector's
            lines.append(("Defence", charscreen.system_defence_words(rules, fighter)))
        return lines

    def _throwing_weapon(self) -> int | None:
        """The first thing carried that is made for throwing (shown when no bow is readied)."""
        for item in self.engine.inventory():
            data = describe.item_data(self.engine, item)
            if isinstance(data, Weapon) and data.made_for_throwing:
                return item
        return None

    def _draw_equipment(self, console: tcod.console.Console, y: int) -> None:
        """Each slot and what is in it, a long name wrapped over the rows below; where the
        rows would run past the footer, the empty slots are named on one line instead."""
        engine = self.engine
        held = {engine.equipped_slot(i): i for i in engine.inventory()}
        put(console, 1, y, "Equipment", palette.HEADING)
        width = RIGHT_COLUMN - 15
        rows: list[tuple[str, str, palette.Colour]] = []
        empty = []
        for slot, label in describe.SLOT_NAMES.items():
            item = held.get(slot)
            if item is None:
                empty.append(label)
                rows.append((label, "-", palette.FAINT))
                continue
            for i, part in enumerate(wrap(engine.item_name(item), width)):
                rows.append((label if i == 0 else "", part, palette.TEXT))
        if y + 1 + len(rows) > console.height - 1:  # no room: the empty slots in one line
            rows = [r for r in rows if r[1] != "-"]
            rows += [("", part, palette.FAINT) for part in
                     wrap("empty: " + ", ".join(e.lower() for e in empty), RIGHT_COLUMN - 4)]
        for row, (label, text, colour) in enumerate(rows, start=1):
            if y + row >= console.height - 1:
                return
            put(console, 3, y + row, label, palette.DIM)
            x = 3 if label == "" and colour == palette.FAINT and text.startswith("empty") \
                else 3 + 11
            put(console, x, y + row, text, colour, width=RIGHT_COLUMN - 1 - x)

    def _draw_training(self, console: tcod.console.Console, y: int) -> None:
        """Each rank held or trained toward, a name too long for its column wrapped; where
        they run past the footer, the last row says how many more the skills screen (m)
        shows."""
        training = self.engine.store.get(self.engine.player, Training)
        x = RIGHT_COLUMN
        put_runs(console, x, y, [("Skills and styles", palette.HEADING),
                                 ("       rank  training", palette.DIM)])
        trained = _trained(training)
        last = console.height - 2  # the last row above the footer
        for index, (is_style, name) in enumerate(trained):
            label = wrap(f"{name} (style)" if is_style else name, RANK_LABEL)
            if y + len(label) > last or (y + len(label) == last and index < len(trained) - 1):
                put(console, x + 2, y + 1, f"{len(trained) - index} more: see the skills (m)",
                    palette.DIM)
                return
            rank = (training.styles if is_style else training.skills).get(name, 0)
            self._draw_rank(console, x, y + 1, label, rank, training.points.get(name, 0))
            y += len(label)

    @staticmethod
    def _draw_rank(console: tcod.console.Console, x: int, y: int, label: list[str],
                   rank: int, points: int) -> None:
        progress = "max" if rank >= stats.MAX_RANK else f"{points}/{stats.rank_cost(rank)}"
        for row, part in enumerate(label):
            put(console, x + 2, y + row, part, palette.TEXT, width=RANK_LABEL)
        put(console, x + 25, y, f"{rank:>2}", palette.TEXT)
        put(console, x + 31, y, progress, palette.DIM)


RANK_LABEL = 22  # the room of a rank's name, before its number


def _trained(training: Training) -> list[tuple[bool, str]]:
    """(is_style, name) of every rank held or being trained toward: skills, then styles."""
    names = set(training.skills) | set(training.styles) | set(training.points)
    return sorted((name in training.styles or name in stats.STYLES, name) for name in names)


def _row(console: tcod.console.Console, y: int, cells: list[Cell], width: int) -> int:
    """Cells one after another, three spaces apart (for values too wide for the grid); a cell
    that would run past ``width`` starts the next row, and a value too long for a whole row is
    wrapped. Returns the row after the last one used."""
    x = 0
    for label, value, colour in cells:
        head = f"{label} " if label else ""
        gap = 3 if x else 0
        if x and x + gap + len(head) + len(value) > width:
            y, x, gap = y + 1, 0, 0
        parts = wrap(value, max(1, width - len(head))) if len(head) + len(value) > width \
            else [value]
        put_runs(console, 1 + x + gap, y, [(head, palette.DIM), (parts[0], colour)])
        x += gap + len(head) + len(parts[0])
        for part in parts[1:]:
            y += 1
            put(console, 1 + len(head), y, part, colour)
            x = len(head) + len(part)
    return y + 1


def _grid_or_row(console: tcod.console.Console, y: int, cells: list[Cell], width: int) -> int:
    """The cells in the stats grid's columns when each fits its column, else as a row."""
    if len(cells) * GRID <= width + 1 and all(len(label) + 1 + len(value) < GRID
                                              for label, value, _ in cells):
        _grid(console, y, cells)
        return y + 1
    return _row(console, y, cells, width)


def _grid(console: tcod.console.Console, y: int, cells: list[Cell]) -> None:
    """ "Str 15 (+2)" cells in fixed columns, so the rows line up."""
    for column, (label, value, colour) in enumerate(cells):
        put_runs(console, 1 + column * GRID, y, [(f"{label} ", palette.DIM), (value, colour)])


def _spell_cells(engine) -> list[Cell]:
    book = engine.component(engine.player, Spells)
    if book is None or not book.known:
        return []
    return [("Spells", f"{book.points}/{book.max_points}", palette.TEXT)]
