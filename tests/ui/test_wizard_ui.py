"""Wizard mode through keys (issue 6): the typed confirmation, every command on its own key and
from the & menu, the odds inspector and fight simulator screens, and the recording."""

from __future__ import annotations

import string

import pytest
from test_screens import press, render, text

from game.ui import keys
from game.ui.app import GameApp
from game.ui.ending import EndScreen
from game.ui.help import HelpScreen, binding_keys
from game.ui.main_screen import MainScreen
from game.ui.menus import MenuScreen
from game.ui.wizard_fsim import FsimScreen
from game.ui.wizard_menu import NEEDS
from game.ui.wizard_odds import ReportScreen
from game.ui.wizard_prompts import NamePrompt, completion, matching
from game.wizard.inspect import Side, inspect, table
from game.world.core.components import Attributes, Health, Item, Player, Training
from game.world.game import Game
from game.world.play import death
from game.world.play import wizard_actions as W

ROOM = """
##########
#........#
#..@k....#
#........#
##########
"""
LETTERS = string.ascii_lowercase
WIZARD_KEYS = [k for b in keys.BINDINGS if b.command.startswith("wiz_") for k in b.keys]


def game(picture: str = ROOM, legend: dict | None = None) -> GameApp:
    return GameApp.from_engine(Game.scenario(picture, legend or {"k": "kobold"}, seed=6))


def wizard(picture: str = ROOM, legend: dict | None = None) -> GameApp:
    app = game(picture, legend)
    press(app, "&", *"yes", "enter")
    assert flags(app).wizard
    return app


def flags(app: GameApp) -> Player:
    return app.engine.component(app.engine.player, Player)


def here(app: GameApp) -> tuple[int, int]:
    pos = app.engine.position(app.engine.player)
    return pos.x, pos.y


def kinds(app: GameApp) -> list[str]:
    return [c.kind for _, (c, _) in app.engine.creatures_here()]


# --- a normal game ------------------------------------------------------------------------


@pytest.mark.parametrize("key", WIZARD_KEYS)
def test_a_normal_game_cannot_reach_a_wizard_command(key):
    app = game()
    before = app.engine.state_hash()
    press(app, key)
    assert isinstance(app.screen, MainScreen)
    assert NEEDS in text(app)
    assert app.engine.state_hash() == before and app.engine.actions == []


def test_ampersand_and_yes_make_a_wizard_game():
    app = game()
    press(app, "&")
    assert "Enter wizard mode for good? Type yes:" in text(app)
    press(app, *"yes")
    assert "> yes_" in text(app)
    press(app, "enter")
    assert flags(app).wizard and app.engine.actions == [W.Enable()]
    assert "WIZARD" in text(app)


@pytest.mark.parametrize("typed", [["n", "o", "enter"], ["Y", "e", "s", "enter"],
                                   ["y", "e", "s", "!", "enter"], ["y", "e", "s", "escape"],
                                   ["enter"]])
def test_anything_but_yes_cancels(typed):
    app = game()
    press(app, "&", *typed)
    assert isinstance(app.screen, MainScreen)
    assert not flags(app).wizard and app.engine.actions == []


def test_backspace_edits_the_answer():
    app = game()
    press(app, "&", *"yex", "backspace", "s", "enter")
    assert flags(app).wizard


# --- the menu and each command ------------------------------------------------------------


def test_ampersand_in_a_wizard_game_lists_every_command_with_its_key():
    app = wizard()
    press(app, "&")
    assert isinstance(app.screen, MenuScreen)
    screen = text(app)
    for binding in keys.BINDINGS:
        if binding.command.startswith("wiz_"):
            assert binding.help.removeprefix("wizard: ") in screen
            assert not binding.keys or binding_keys(binding) in screen  # else the menu's own


def letter(app: GameApp, value: str) -> str:
    """The letter of a menu entry (on the first page)."""
    return LETTERS[next(i for i, e in enumerate(app.screen.entries) if e.value == value)]


def test_the_menu_runs_a_command_and_closes():
    app = wizard()
    app.engine.component(app.engine.player, Health).hp = 1
    press(app, "&")
    press(app, letter(app, "wiz_heal"))
    assert isinstance(app.screen, MainScreen)
    assert app.engine.component(app.engine.player, Health).hp == \
        app.engine.component(app.engine.player, Health).max_hp


def test_the_menu_opens_a_command_screen_in_its_place():
    app = wizard()
    press(app, "&")
    press(app, letter(app, "wiz_depth"))
    assert isinstance(app.screen, MenuScreen) and "Go to which depth?" in text(app)
    press(app, "escape")
    assert isinstance(app.screen, MainScreen)


def test_ctrl_a_maps_the_level():
    app = wizard()
    press(app, "ctrl-a")
    assert app.engine.gamemap.explored.all()


def test_ctrl_t_teleports_to_the_cell_under_the_cursor():
    app = wizard()
    x, y = here(app)
    press(app, "ctrl-t")
    assert "Teleport to: direction keys move" in text(app)
    press(app, "j", "h", "enter")
    assert here(app) == (x - 1, y + 1) and isinstance(app.screen, MainScreen)


def test_ctrl_d_goes_to_a_depth():
    app = wizard()
    press(app, "ctrl-d")
    assert "depth 6" in text(app)
    press(app, "c")
    assert app.engine.depth == 3


def test_ctrl_e_creates_a_creature_from_a_partial_name_and_tab():
    app = wizard()
    x, y = here(app)
    press(app, "ctrl-e", *"gobl")
    assert "goblin" in text(app) and "hobgoblin" in text(app)  # the matches are listed
    press(app, "tab")
    assert app.screen.text == "goblin"
    press(app, "enter")
    assert sorted(kinds(app)) == ["goblin", "kobold"]
    goblin = next(e for e, (c, _) in app.engine.creatures_here() if c.kind == "goblin")
    pos = app.engine.position(goblin)
    assert max(abs(pos.x - x), abs(pos.y - y)) == 1


def test_a_created_creature_appears_once_not_again_as_coming_into_view():
    app = wizard()
    press(app, "ctrl-e", *"jackal", "enter", ".")
    lines = [m.text for m in app.engine.log]
    assert "A jackal appears." in lines and "A jackal comes into view." not in lines


def test_ctrl_e_also_picks_from_the_list():
    app = wizard()
    press(app, "ctrl-e", "down", "down", "enter")
    assert sorted(kinds(app)) == sorted(["kobold", sorted(app.engine.catalog.creatures)[2]])


def test_ctrl_e_says_when_there_is_no_room():
    app = wizard("#####\n#@k.#\n#####", {"k": "kobold"})
    press(app, "ctrl-e", *"troll", "enter")
    assert kinds(app) == ["kobold"] and "There is no room next to you." in text(app)


def test_the_name_prompt_completes_and_cycles():
    names = ["kobold", "kobold archer", "goblin", "hobgoblin"]
    assert completion("ko", names) == "kobold"
    assert completion("kobold", names) == "kobold"
    assert matching("gob", names) == ["goblin", "hobgoblin"]
    prompt = NamePrompt("?", names, lambda name: name)
    for key in "ko":
        prompt.handle_key(key)
    prompt.handle_key("tab")
    assert prompt.text == "kobold" and prompt.matches[prompt.selected] == "kobold"
    prompt.handle_key("tab")  # nothing more to complete: the highlight moves on
    assert prompt.handle_key("enter") == "kobold archer"


def test_ctrl_w_wishes_an_item_to_the_players_feet():
    app = wizard()
    press(app, "ctrl-w", *"long s", "tab", "enter")
    assert [app.engine.item_name(i) for i in app.engine.items_at(*here(app))] == ["long sword"]


def test_ctrl_g_heals_fully():
    app = wizard()
    health = app.engine.component(app.engine.player, Health)
    health.hp = 2
    press(app, "ctrl-g")
    assert health.hp == health.max_hp


def test_ctrl_b_sets_a_stat_and_refuses_a_number_out_of_range():
    app = wizard()
    press(app, "ctrl-b", "b")  # dexterity
    press(app, *"40", "enter")
    assert "A number from 1 to 30, please." in text(app)
    press(app, "backspace", "backspace", *"25", "enter")
    assert app.engine.component(app.engine.player, Attributes).dexterity == 25
    assert isinstance(app.screen, MainScreen)


def test_ctrl_u_sets_a_skill_rank_and_a_style_rank():
    app = wizard()
    training = app.engine.component(app.engine.player, Training)
    press(app, "ctrl-u", "a", "7", "enter")  # the first skill: Axes
    assert training.skills["Axes"] == 7
    press(app, "ctrl-u")
    render(app)
    press(app, letter(app, "Duelist"), *"10", "enter")
    assert training.styles["Duelist"] == 10


def test_ctrl_k_kills_every_creature_on_the_level():
    app = wizard()
    press(app, "ctrl-k")
    assert kinds(app) == []


def test_ctrl_v_turns_invulnerability_on_and_off():
    app = wizard()
    press(app, "ctrl-v")
    assert flags(app).invulnerable
    press(app, "ctrl-v")
    assert not flags(app).invulnerable


def test_ctrl_r_shows_every_roll_after_an_attack():
    app = wizard()
    press(app, "ctrl-r")
    assert flags(app).show_rolls
    start = len(app.engine.log)
    press(app, "l")  # attack the kobold
    lines = [m.text.strip() for m in app.engine.log[start:]]
    assert any(": roll " in line for line in lines)


def test_ctrl_x_regenerates_the_level():
    app = wizard()
    before = app.engine.gamemap
    press(app, "ctrl-x")
    assert app.engine.gamemap is not before and 1 in app.engine.level_seeds


# --- reading only: odds and the fight simulator -------------------------------------------


def test_ctrl_o_shows_the_inspectors_table_for_the_creature():
    app = wizard()
    engine = app.engine
    kobold = engine.creatures_here()[0][0]
    press(app, "ctrl-o")
    assert "Odds against" in text(app)
    before = engine.state_hash()
    press(app, "enter")
    assert isinstance(app.screen, ReportScreen)
    me = engine.player
    expected = table(inspect(
        Side("dwarf warrior", engine.fighter(me), engine.component(me, Health).max_hp),
        Side("kobold", engine.fighter(kobold), engine.component(kobold, Health).max_hp)))
    shown = text(app)
    assert "Odds inspector (exact)" in shown
    assert " ".join("\n".join(expected).split()) in " ".join(shown.split())  # long lines wrap
    assert engine.state_hash() == before
    press(app, "x")
    assert isinstance(app.screen, MainScreen)


def test_the_creature_picker_needs_a_creature():
    app = wizard(ROOM.replace("k", "."))
    press(app, "ctrl-o")
    assert isinstance(app.screen, MainScreen) and "There is no creature in view." in text(app)
    app = wizard()
    press(app, "ctrl-f", "h", "enter")  # the cursor moved off the kobold
    assert "There is no creature there" in text(app)


def test_ctrl_f_simulates_fights_and_leaves_the_game_as_it_was():
    app = wizard()
    engine = app.engine
    actions = list(engine.actions)
    before = engine.state_hash()
    press(app, "ctrl-f", "enter")
    assert isinstance(app.screen, FsimScreen)
    while app.screen.tick():  # a slow machine may need more than the first second
        pass
    screen = text(app)
    assert "1000 fights" in screen and "attacker wins" in screen
    assert engine.state_hash() == before and engine.actions == actions
    press(app, "escape", "l")  # the game goes on in its own world
    assert isinstance(app.screen, MainScreen) and engine.turn == 1


def test_a_long_simulation_shows_progress_and_stops_on_escape():
    app = wizard()
    engine = app.engine
    before = engine.state_hash()
    kobold = engine.creatures_here()[0][0]
    app.stack.append(FsimScreen(engine, kobold, rounds=100_000, first_slice=0))
    assert "Fighting a kobold: 0 of 100000 fights" in text(app)
    assert app.screen.tick()  # a tenth of a second of fights, as the front end asks
    done = app.screen.report.tally.fights
    assert done > 0 and f"{done} of 100000 fights" in text(app)
    press(app, "escape")  # stop: the fights done so far
    fights = app.screen.report.tally.fights
    assert 0 < fights < 100_000 and f"{fights} fights" in text(app)
    assert engine.state_hash() == before
    press(app, "x")
    assert isinstance(app.screen, MainScreen)


# --- the recording, the help and the death screen -----------------------------------------


def test_every_wizard_key_is_recorded_and_replays_to_the_same_game():
    app = wizard()
    press(app, "ctrl-a", "ctrl-g", "ctrl-v", "ctrl-r", "ctrl-b", "a", *"20", "enter",
          "ctrl-u", "a", "3", "enter", "ctrl-t", "k", "enter", "ctrl-e", *"jack", "enter",
          "ctrl-w", *"rock", "enter", "ctrl-k", "ctrl-x", "ctrl-d", "b")
    engine = app.engine
    recorded = {type(a) for a in engine.actions}
    assert recorded == {W.Enable, W.MapLevel, W.Heal, W.Invulnerable, W.ShowRolls, W.SetStat,
                        W.SetRank, W.CreateCreature, W.CreateItem, W.Teleport, W.KillAll,
                        W.Regenerate, W.GoToDepth}
    replay = Game.scenario(ROOM, {"k": "kobold"}, seed=6)
    for action in engine.actions:
        replay.submit(type(action).from_json(action.to_json()))
    assert replay.state_hash() == engine.state_hash()


def test_help_shows_every_binding_at_80x24_over_pages_the_wizard_keys_last():
    app = game()
    press(app, "?")
    first = text(app)
    assert "Keys (1/" in first and "Tab/PgDn: next page" in first
    pages = [first]
    while "Wizard keys" not in pages[-1]:
        press(app, "tab")
        pages.append(text(app))
        assert len(pages) < 5
    assert f"({len(pages)}/{len(pages)})" in pages[-1]
    for binding in keys.BINDINGS:
        wizard_key = binding.help.startswith(keys.WIZARD_PREFIX)
        shown = pages[-1:] if wizard_key else pages[:-1]
        assert any(binding.help in p and binding_keys(binding) in p for p in shown)
    press(app, "x")
    assert isinstance(app.screen, MainScreen)


def test_help_fits_on_one_page_when_the_console_is_tall():
    app = game()
    press(app, "?")
    screen = text(app, 80, 40)
    assert all(b.help in screen for b in keys.BINDINGS) and "(1/2)" not in screen
    assert isinstance(app.screen, HelpScreen)


def test_the_death_screen_says_it_was_a_wizard_game():
    app = wizard()
    engine = app.engine
    death.damage(engine, engine.player, 999, cause="killed by a test")
    press(app, ".")
    assert isinstance(app.screen, EndScreen) and "A wizard game." in text(app)
    normal = game()
    death.damage(normal.engine, normal.engine.player, 999, cause="killed by a test")
    press(normal, ".")
    assert "A wizard game." not in text(normal)


def test_enter_takes_the_first_match_without_tab():
    app = wizard()
    press(app, "ctrl-w", *"healing", "enter")
    item = app.engine.items_at(*here(app))[0]
    assert app.engine.component(item, Item).name == "healing potion"


def test_a_wizard_game_from_the_start_is_marked_from_its_first_screen():
    from game.ui.app import GameApp
    from game.world.core.components import Player

    app = GameApp(3, character="dwarf warrior", wizard=True)
    assert app.engine.component(app.engine.player, Player).wizard
    chosen = GameApp(3, wizard=True)
    chosen.handle_key("a")
    assert chosen.engine.component(chosen.engine.player, Player).wizard
    normal = GameApp(3, character="dwarf warrior")
    assert not normal.engine.component(normal.engine.player, Player).wizard


def test_the_name_prompt_finds_misspelt_names_as_the_command_line_does():
    creatures = ["goblin", "hobgoblin", "kobold", "kobold archer"]
    assert matching("gobln", creatures)[0] == "goblin"
    assert matching("longsw", ["long sword", "short sword"]) == ["long sword"]
    assert completion("gobln", creatures) == "goblin"
    app = wizard()
    press(app, "ctrl-w", *"longsw", "enter")
    assert [app.engine.item_name(i) for i in app.engine.items_at(*here(app))] == ["long sword"]


def test_the_odds_inspector_takes_a_wounded_creature_as_it_is():
    app = wizard()
    engine = app.engine
    kobold = engine.creatures_here()[0][0]
    health = engine.component(kobold, Health)
    health.hp = 1
    press(app, "ctrl-o", "enter")
    shown = " ".join(text(app).split())
    assert f"kobold (1/{health.max_hp} hp)" in shown
    assert "You kill it within: 1: " in shown and "1: 0.0%" not in shown
    me = engine.player
    expected = table(inspect(Side("dwarf warrior", engine.fighter(me),
                                  engine.component(me, Health).hp),
                             Side("kobold", engine.fighter(kobold), 1, health.max_hp)))
    assert " ".join("\n".join(expected).split()) in shown  # the tables for 1 hp, not full health


# --- levels and waking --------------------------------------------------------------------


def test_gain_a_level_gives_the_next_level_with_its_hit_points_and_is_recorded():
    app = wizard()
    engine = app.engine
    hero = engine.component(engine.player, W.progress.Hero)
    health = engine.component(engine.player, Health)
    level, max_hp = hero.level, health.max_hp
    press(app, "ctrl-y")
    assert hero.level == level + 1 and hero.xp == W.progress.xp_for_level(engine, level + 1)
    assert health.max_hp > max_hp
    assert f"Welcome to level {level + 1}!" in text(app)
    assert isinstance(engine.actions[-1], W.GainLevel)


def test_gain_a_level_stops_at_the_highest_level():
    engine = wizard().engine
    for _ in range(W.levels.MAX_LEVEL - 1):
        assert not isinstance(engine.submit(W.GainLevel()), W.A.Impossible)
    hero = engine.component(engine.player, W.progress.Hero)
    assert hero.level == W.levels.MAX_LEVEL
    recorded = len(engine.actions)
    refused = engine.submit(W.GainLevel())
    assert isinstance(refused, W.A.Impossible)
    assert f"already at level {W.levels.MAX_LEVEL}" in refused.reason
    assert len(engine.actions) == recorded


def test_wake_every_creature_is_on_the_menu_without_a_key_of_its_own():
    picture = ROOM.replace("k", ".").replace("#........#\n##", "#......k.#\n##")
    app = wizard(picture)
    engine = app.engine
    sleeper = next(eid for eid, _ in engine.creatures_here())
    engine.component(sleeper, W.Creature).awake = False
    press(app, "&")
    entries = [e.value for e in app.screen.entries]
    press(app, *["down"] * entries.index("wiz_wake"), "enter")
    assert engine.component(sleeper, W.Creature).awake
    assert isinstance(engine.actions[-1], W.WakeAll)
