"""The UI screens rendered to text: keys in through GameApp, the console read back as lines."""

from __future__ import annotations

import pytest
import tcod.console

from game.content.catalog import load_catalog
from game.rules import charscreen, profiles
from game.ui import keys, palette
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.help import binding_keys
from game.ui.main_screen import MainScreen
from game.ui.menus import Entry, MenuScreen
from game.ui.screen import POP
from game.ui.view import Layout, camera
from game.world.core import actions as A
from game.world.core.components import Equipment, Health, Item, Vitals
from game.world.game import Game

ROOM = """
##########
#........#
#.@.k....#
#........#
##########
"""
KOBOLD = {"k": "kobold"}


def render(app, width: int = 80, height: int = 24) -> list[str]:
    """The frame as text lines, one per row."""
    console = tcod.console.Console(width, height, order="F")
    app.draw(console)
    return ["".join(chr(c or 32) for c in console.ch[:, y]) for y in range(height)]


def text(app, width: int = 80, height: int = 24) -> str:
    return "\n".join(render(app, width, height))


def press(app: GameApp, *names: str) -> bool:
    result = True
    for name in names:
        result = app.handle_key(name)
    return result


def scenario(picture: str = ROOM, legend: dict | None = None, **kw) -> GameApp:
    return GameApp.from_engine(Game.scenario(picture, KOBOLD if legend is None else legend,
                                               **kw))


def where(lines: list[str], char: str) -> list[tuple[int, int]]:
    return [(x, y) for y, line in enumerate(lines) for x, c in enumerate(line) if c == char]


def big_picture(px: int, py: int) -> str:
    """An 80x40 walled room with the player at (px, py)."""
    rows = []
    for y in range(40):
        row = "".join("#" if x in (0, 79) or y in (0, 39) else "." for x in range(80))
        if y == py:
            row = row[:px] + "@" + row[px + 1:]
        rows.append(row)
    return "\n".join(rows)


# --- the main screen ---------------------------------------------------------------------


def test_main_screen_shows_the_player_and_a_visible_kobold():
    lines = render(scenario())
    assert len(where(lines, "@")) == 1
    assert len(where(lines, "k")) == 1
    assert lines[where(lines, "@")[0][1]].strip() == "#.@.k....#"


def test_status_lines_show_hp_defence_depth_and_seed():
    app = scenario(seed=42)
    engine = app.engine
    defence = profiles.defence(engine.fighter(engine.player))
    status = Layout.of(tcod.console.Console(80, 24, order="F")).status
    lines = render(app)[status.y:status.y + 2]
    assert "dwarf warrior" in lines[0]
    assert "HP 14/14" in lines[0]
    assert f"Dv {defence.total()}" in lines[0] and f"Pv {defence.protection}" in lines[0]
    assert "Depth 1" in lines[1] and "Seed 42" in lines[1]


@pytest.mark.parametrize("rules", ["qud", "d20", "coc", "tides"])
def test_status_line_shows_the_defence_of_the_combat_system_in_play(rules):
    app = scenario(rules=rules, character="elf mage")
    engine = app.engine
    words = charscreen.system_defence_words(rules, engine.fighter(engine.player, known_only=True))
    status = Layout.of(tcod.console.Console(80, 24, order="F")).status
    first, second = render(app)[status.y:status.y + 2]
    assert words in first + second and "Dv " not in first + second  # not the manual's numbers
    assert "elf mage" in first and "HP " in first and "SP " in first  # nothing cut
    assert "Depth 1" in second and first.rstrip() == first.rstrip()[:79]


def test_status_shows_afflictions_only_when_present():
    app = scenario()
    assert "Bleeding" not in text(app)
    app.engine.component(app.engine.player, Vitals).bleeding = 3
    assert "Bleeding" in text(app)


def test_messages_appear_after_bumping_a_kobold():
    app = scenario("#####\n#@k.#\n#####")
    before = len(app.engine.log)
    assert press(app, "l")
    assert len(app.engine.log) > before
    screen = text(app)
    assert app.engine.log[-1].text[:40] in screen.replace("\n", " ")


def test_long_messages_wrap_and_the_log_keeps_its_rows():
    app = scenario()
    for _ in range(8):
        press(app, ".")
    lines = render(app)
    log = Layout.of(tcod.console.Console(80, 24, order="F")).log
    assert log.h == 5 and log.y + log.h == 24
    assert all(len(line.rstrip()) <= 80 for line in lines)


def test_camera_keeps_the_player_on_screen_on_an_80x40_map():
    for px, py in ((3, 2), (40, 20), (76, 37)):
        app = GameApp.from_engine(Game.scenario(big_picture(px, py)))
        lines = render(app)
        assert len(where(lines, "@")) == 1, (px, py)
    layout = Layout.of(tcod.console.Console(80, 24, order="F"))
    engine = Game.scenario(big_picture(76, 37))
    assert camera(engine, layout.map) == (0, 40 - layout.map.h)
    engine = Game.scenario(big_picture(3, 2))
    assert camera(engine, layout.map) == (0, 0)


def test_seeded_game_draws_the_map_scrolled_and_a_taller_console_shows_more_log():
    app = GameApp(seed=1, character="dwarf warrior")
    assert "@" in text(app)
    tall = render(app, 100, 40)
    assert "@" in "\n".join(tall)
    assert Layout.of(tcod.console.Console(100, 40, order="F")).log.h > 5


def test_unexplored_cells_are_blank_and_remembered_ones_dim():
    corridor = "#" * 31 + "\n#@" + "." * 20 + "#.......#\n" + "#" * 31
    app = GameApp.from_engine(Game.scenario(corridor))
    press(app, *["l"] * 12)
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    lines = [("".join(chr(c) for c in console.ch[:, y])) for y in range(24)]
    row = next(y for y, line in enumerate(lines) if "@" in line)
    start = lines[row].index("#")
    assert lines[row][start + 1] == "."  # the first step, remembered
    assert tuple(console.fg[start + 1, row]) == palette.FLOOR[1]
    assert tuple(console.fg[lines[row].index("@") + 1, row]) == palette.FLOOR[0]
    assert lines[row][start + 23:start + 30].strip() == ""  # the closed room: never seen


# --- items -------------------------------------------------------------------------------


def test_inventory_marks_what_is_wielded_and_worn():
    app = scenario()
    press(app, "i")
    screen = text(app)
    assert "long sword (wielded)" in screen and "leather jerkin (worn)" in screen
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


def test_drop_menu_drops_the_chosen_item():
    app = scenario()
    engine = app.engine
    press(app, "d")
    assert isinstance(app.screen, MenuScreen)
    assert "Drop what?" in text(app)
    potion = engine.inventory()[2]
    press(app, "c")
    assert potion not in engine.inventory()
    pos = engine.position(engine.player)
    assert engine.items_at(pos.x, pos.y) == [potion]
    assert isinstance(app.screen, MainScreen)
    assert "You drop the 2 healing potions." in text(app)


def test_g_picks_up_one_item_directly_and_asks_among_several():
    app = scenario("#####\n#@d.#\n#####", {"d": "dagger"})
    engine = app.engine
    press(app, "l", "g")
    assert "dagger" in [engine.item_name(i) for i in engine.inventory()]
    press(app, "d", "a", "d", "b")  # drop the long sword (a), then the leather jerkin (b)
    press(app, "g")
    assert "Pick up what?" in text(app)
    press(app, "a")
    assert isinstance(app.screen, MainScreen)
    assert any(engine.item_name(i) == "long sword" for i in engine.inventory())


def test_nothing_to_pick_up_stays_in_the_log_and_is_not_recorded():
    app = scenario()
    press(app, "g")
    assert "There is nothing here to pick up." in text(app)
    press(app, "i", "escape")  # another key: the refusal is still there to read
    assert app.engine.log[-1].line == "There is nothing here to pick up."
    assert "There is nothing here to pick up." in text(app)
    press(app, "g")
    assert app.engine.log[-1].line == "There is nothing here to pick up. (x2)"
    assert app.engine.actions == []  # a refusal, like the world's own, is not an action


def test_take_off_wear_wield_and_quaff():
    app = scenario(ROOM.replace("k", "."))
    engine = app.engine
    jerkin = engine.inventory()[1]
    press(app, "R", "b")
    assert engine.equipped_slot(jerkin) is None
    press(app, "W", "b")  # every menu names a thing by its own letter
    assert engine.equipped_slot(jerkin) == "body"
    sword = engine.inventory()[0]
    press(app, "R", "a", "w", "a")
    assert engine.equipped_slot(sword) == "main"
    engine.component(engine.player, Health).hp = 3
    press(app, "q", "c")
    assert engine.component(engine.player, Health).hp > 3


# --- other screens ---------------------------------------------------------------------


def test_character_screen_shows_attacks_defence_equipment_and_ranks():
    app = scenario()
    engine = app.engine
    press(app, "@")
    screen = text(app)
    dv = profiles.defence(engine.fighter(engine.player)).total()
    assert dv == 11
    assert "+3 to hit, 1d9+3 slashing or piercing" in screen
    assert "Dv 11" in screen
    assert "Str 15 (+2)" in screen and "leather jerkin" in screen
    assert "Long blades" in screen and "0/30" in screen
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


def test_character_screen_shows_a_shot_or_a_throw():
    ranger = GameApp(seed=3, character="elf ranger")
    press(ranger, "@")
    assert "Shot (short bow)" in text(ranger)
    duelist = GameApp(seed=3, character="human duelist")
    press(duelist, "@")
    assert "Throw (dagger)" in text(duelist)


def test_help_lists_every_binding_of_the_table():
    app = scenario()
    press(app, "?")
    screen = text(app)
    for _ in range(3):  # the wizard's keys are on the last page
        press(app, "tab")
        screen += text(app)
    for binding in keys.BINDINGS:
        assert binding.help in screen
        assert binding_keys(binding).strip() and binding_keys(binding) in screen
    assert binding_keys(keys.Binding((), "wiz_wake", "wizard: wake all creatures")) == "(& menu)"
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


def test_every_bound_key_is_handled():
    app = scenario()
    for key in keys.KEYMAP:
        if keys.KEYMAP[key].command == "save":
            assert scenario().handle_key(key) is False  # S saves and quits
            continue
        assert app.handle_key(key)
        render(app)
        app.stack[1:] = []


def test_message_log_scrolls_and_closes():
    app = scenario(ROOM.replace("k", "."))
    for n in range(30):  # more lines than the screen holds
        app.engine.say(f"Line {n} of the log.")
    press(app, "ctrl-p")
    screen = app.screen
    first = render(app)
    press(app, "upright")
    assert screen.back > 0 and render(app) != first
    press(app, "downleft")
    assert screen.back == 0
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


def test_look_describes_a_kobold_and_closes():
    app = scenario()
    press(app, "x")
    assert "You (14/14 HP), on the floor." in text(app)
    press(app, "tab")
    screen = text(app)
    assert "A kobold, unhurt, on the floor." in screen
    assert load_catalog().creatures["kobold"].description in screen.replace("\n", " ") or \
        "dog-faced" in screen
    press(app, "right")
    assert "The floor." in text(app)
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


@pytest.mark.parametrize(("kind", "awake", "words"), [
    ("kobold", False, "A kobold (asleep), unhurt, on the floor."),
    ("cave beetle", False, "A cave beetle (unaware of you), unhurt, on the floor."),
    ("cave beetle", True, "A cave beetle, unhurt, on the floor."),
])
def test_look_says_whether_a_creature_has_noticed_you(kind, awake, words):
    """A sneak attack needs a creature that has not noticed the player: look says so (a
    sleeper, or a wanderer that has not seen you)."""
    from game.world.core.components import Creature

    app = scenario(legend={"k": kind})
    eid = app.engine.creatures_here()[0][0]
    app.engine.component(eid, Creature).awake = awake
    press(app, "x", "tab")
    assert words in text(app)


def test_look_cursor_reaches_far_corners_of_a_big_map():
    app = GameApp.from_engine(Game.scenario(big_picture(40, 20)))
    press(app, "x", *["down"] * 25)
    lines = render(app)
    assert "You have not seen that place." in "\n".join(lines)
    assert where(lines, "@") == []  # the view followed the cursor to the bottom edge
    press(app, *["up"] * 12)
    assert "The floor." in text(app)


def test_death_screen_appears_when_the_player_dies_and_a_key_quits():
    picture = "#####\n#ooo#\n#o@o#\n#ooo#\n#####"
    app = scenario(picture, {"o": "orc berserker"})
    app.engine.component(app.engine.player, Health).hp = 1
    for _ in range(50):
        press(app, ".")
        if isinstance(app.screen, EndScreen):
            break
    assert app.engine.over and isinstance(app.screen, EndScreen)
    screen = text(app)
    assert "You die..." in screen and app.engine.cause in screen
    assert "Seed" in screen and "of game time" in screen and "dwarf warrior" in screen
    assert press(app, "l") is True  # a stray movement key does not skip it
    assert press(app, "enter") is False


def test_quit_asks_first():
    app = scenario()
    assert press(app, "escape") is True
    assert "Really quit? (y/n)" in text(app)
    assert press(app, "n") is True
    assert isinstance(app.screen, MainScreen)
    assert press(app, "escape") is True
    assert press(app, "y") is False


def test_start_screen_picks_a_character():
    app = GameApp(seed=7)
    names = [n for n, k in load_catalog().characters.items() if k.ready]
    screen = text(app)
    for name in names:
        assert name in screen
    assert load_catalog().characters[names[0]].description in screen
    assert press(app, "b")
    assert app.engine is not None and app.engine.character == names[1]
    assert app.engine.seed == 7
    assert isinstance(app.screen, MainScreen) and "@" in text(app)


def test_start_screen_arrows_and_enter():
    app = GameApp(seed=7)
    press(app, "down", "down", "up", "enter")
    assert app.engine.character == list(load_catalog().characters)[1]


@pytest.mark.parametrize("size", [(80, 24), (120, 50)])
def test_every_screen_draws_at_any_size(size):
    app = GameApp(seed=2, character="elf ranger")
    for key in ("i", "@", "?", "ctrl-p", "x", "d", "escape"):
        press(app, key)
        render(app, *size)
        app.stack[1:] = []


def test_victory_screen_after_climbing_out_with_the_amulet():
    app = scenario("######\n#@a<.#\n######", {"a": "amulet of the deep"})
    press(app, "l", "g", "l", "<")
    assert app.engine.outcome == "won" and isinstance(app.screen, EndScreen)
    assert "You win!" in text(app)
    assert press(app, "escape") is False


def test_long_menus_page_and_letters_pick_on_the_shown_page():
    picked = []
    entries = [Entry(f"item {n}", n) for n in range(45)]
    menu = MenuScreen("Pick", entries, lambda value: picked.append(value) or POP)
    lines = render(menu)
    assert "Pick (1/3)" in "\n".join(lines) and "item 19" in "\n".join(lines)
    assert "item 20" not in "\n".join(lines)
    assert all(line.rstrip() == line.rstrip()[:80] for line in lines)
    menu.handle_key("downright")
    assert "Pick (2/3)" in text(menu)
    assert menu.handle_key("b") is POP and picked == [21]


def test_bash_without_a_shield_says_you_have_no_shield():
    app = scenario(ROOM.replace("k", "."), {}, character="elf ranger")
    assert profiles.bash(app.engine.fighter(app.engine.player)) is None
    press(app, "B")
    assert app.session.notice == "You have no shield to bash with."


def test_the_map_does_not_jump_a_row_with_every_step_where_the_light_leaves_room():
    """DCSS's way: the view stays while the player walks, and moves near an edge (within the
    light's reach of it). At 120x40 the map view has room to spare; at 80x24 its 17 rows are
    the light's own 8 + 1 + 8, so there it follows every step up or down."""
    app = GameApp.from_engine(Game.scenario(big_picture(40, 12)))
    rows_of_at = []
    for _ in range(15):
        rows_of_at.append(where(render(app, 120, 40), "@")[0][1])
        press(app, "j")
    scrolls = sum(1 for a, b in zip(rows_of_at, rows_of_at[1:], strict=False) if b == a)
    assert scrolls <= 3  # the view scrolled at most a few times in 15 steps south
    assert len(set(rows_of_at)) > 5  # the @ walked down the screen instead
    layout = Layout.of(tcod.console.Console(120, 40, order="F"))
    assert all(0 <= y < layout.map.h for y in rows_of_at)
    assert Layout.of(tcod.console.Console(80, 24, order="F")).map.h == 17


def test_a_bigger_terminal_shows_more_of_the_map():
    app = GameApp.from_engine(Game.scenario(big_picture(40, 20)))
    small = Layout.of(tcod.console.Console(80, 24, order="F")).map
    big = Layout.of(tcod.console.Console(120, 40, order="F")).map
    assert big.h > small.h + 8 and big.w > small.w
    app.engine.gamemap.explored[:] = True
    shown = {size: sum(len(line.strip()) for line in render(app, *size)[:rows])
             for size, rows in (((80, 24), small.h), ((120, 40), big.h))}
    assert shown[(120, 40)] == 80 * big.h and shown[(80, 24)] == 80 * small.h
def test_after_a_drop_the_next_d_takes_the_letter_shown_before():
    """The bug: letters were positions, so after a drop they slid onto other items."""
    app = scenario("######\n#@djJ#\n######", {"d": "dagger", "j": "javelin", "J": "javelin"})
    engine = app.engine
    press(app, "l", "g", "l", "g", "l", "g")
    letters = {engine.item_name_only(i): engine.component(i, Item).letter
               for i in engine.inventory()}
    assert letters == {"long sword": "a", "leather jerkin": "b", "healing potion": "c",
                       "dagger": "d", "javelin": "e"}  # the two javelins stack under e
    press(app, "d", "b")  # drop the leather jerkin
    press(app, "d")
    assert "c) 2 healing potions" in text(app) and "e) 2 javelins" in text(app)
    press(app, "d")  # the dagger, still d
    assert "dagger" not in [engine.item_name_only(i) for i in engine.inventory()]
    assert "2 healing potions" in [engine.item_name(i) for i in engine.inventory()]


def test_a_thing_picked_up_again_takes_its_old_letter_back():
    app = scenario("####\n#@.#\n####", {})
    engine = app.engine
    press(app, "d", "a", "g")
    sword = next(i for i in engine.inventory() if engine.item_name_only(i) == "long sword")
    assert engine.component(sword, Item).letter == "a"


def test_pick_up_all_with_g_in_the_menu():
    app = scenario("####\n#@d#\n####", {"d": "dagger"})
    engine = app.engine
    engine.create_item("javelin", 1, engine.position(engine.player))
    engine.create_item("arrow", 5, engine.position(engine.player))
    press(app, "g")
    assert "Pick up what?" in text(app)
    press(app, "g")
    assert engine.items_at(1, 1) == [] and isinstance(app.screen, MainScreen)
    names = [engine.item_name(i) for i in engine.inventory()]
    assert "javelin" in names and "5 arrows" in names


def test_examining_an_item_in_the_inventory_shows_its_numbers_from_the_rules():
    app = scenario()
    press(app, "i", "a")
    screen = text(app)
    blow = profiles.melee_attacks(app.engine.fighter(app.engine.player))[0]
    assert f"Blow: {blow.to_hit:+d} to hit, {blow.damage}" in screen
    assert "Threat 20-24" in screen and "Weight 4.0 lb" in screen
    assert "Now:" not in screen  # the sword in hand: its numbers are the ones now
    press(app, "escape", "b")
    assert "Worn: Dv" in text(app) and "Now:" not in text(app)
    jerkin = app.engine.component(app.engine.player, Equipment).body
    press(app, "escape", "escape")
    app.engine.submit(A.TakeOff(jerkin))
    press(app, "i", "b")  # taken off: worn beside as it is now
    assert "Worn: Dv" in text(app) and "Now:  Dv" in text(app)


def test_look_examines_an_item_lying_under_the_cursor_with_the_inventory_text():
    app = scenario("""
#######
#.@./.#
#######
""", {"/": "stiletto"})
    press(app, "x")
    assert "v: examine item" in text(app)
    press(app, "right", "right")
    assert "Lying here: stiletto." in text(app)
    press(app, "v")
    screen = text(app)
    assert "Pierces armour" in screen and "to hit" in screen and "Weight" in screen
    press(app, "escape")
    assert "Lying here: stiletto." in text(app)
