"""Issue 4 through key presses: shots, throws, bash, quiver, stances, the @ and skills screens."""

from __future__ import annotations

from test_screens import press, text

from game.rules import profiles
from game.ui import describe
from game.ui.app import GameApp
from game.ui.target import TargetScreen
from game.world.core import actions as A
from game.world.core.components import Actor, Health, Item, Stance
from game.world.game import Game
from game.world.play import choices, progress, start

RANGE = """
############
#..........#
#.@.....k..#
#..........#
############
"""


def app_for(picture: str, legend: dict, character: str = "dwarf warrior") -> GameApp:
    return GameApp.from_engine(Game.scenario(picture, legend, character=character, seed=4))


def test_t_aims_at_the_nearest_creature_and_fires_an_arrow():
    app = app_for(RANGE, {"k": "kobold"}, "elf ranger")
    engine = app.engine
    arrows = next(i for i in engine.inventory() if engine.item_name_only(i) == "arrow")
    before = engine.item_count(arrows)
    press(app, "t")
    assert isinstance(app.screen, TargetScreen)
    kobold = engine.creatures_here()[0][0]
    assert app.screen.cursor == (engine.position(kobold).x, engine.position(kobold).y)
    assert "Shoot the short bow, range 10" in text(app)
    result_log = len(engine.log)
    press(app, "enter")
    assert not isinstance(app.screen, TargetScreen)
    assert engine.item_count(arrows) == before - 1
    assert len(engine.log) > result_log  # the shot was told: a hit, a miss, or a dodge
    assert engine.turn == 1


def test_t_with_nothing_in_view_says_so_rather_than_describing_the_player():
    app = app_for(RANGE.replace("k", "."), {}, "elf ranger")
    press(app, "t")
    assert isinstance(app.screen, TargetScreen)
    shown = text(app)
    assert "No target in view" in shown and "You (" not in shown
    press(app, "enter")
    assert app.engine.turn == 0 and isinstance(app.screen, TargetScreen)  # nothing aimed at
    press(app, "l")  # aiming into the dark is allowed: the cursor moved, the ground is told
    assert "No target in view" not in text(app)


def test_escape_cancels_aiming_and_spends_no_time():
    app = app_for(RANGE, {"k": "kobold"}, "elf ranger")
    press(app, "t", "escape")
    assert app.engine.turn == 0 and not isinstance(app.screen, TargetScreen)


def test_big_T_throws_a_chosen_weapon_which_lands_on_the_floor():
    app = app_for(RANGE.replace("@.", "@j"), {"k": "kobold", "j": "javelin"})
    engine = app.engine
    press(app, "l", "g")  # step onto the javelin and pick it up
    javelin = next(i for i in engine.inventory() if engine.item_name_only(i) == "javelin")
    press(app, "T", engine.component(javelin, Item).letter)
    assert isinstance(app.screen, TargetScreen)
    assert "Throw the javelin, range 8" in text(app)
    press(app, "enter")
    assert javelin not in engine.inventory()
    kobold = engine.creatures_here()[0][1][1] if engine.creatures_here() else None
    landed = [engine.item_name_only(i) for x in range(12) for y in range(5)
              for i in engine.items_at(x, y)]
    assert "javelin" in landed  # (beside the kobold's spear, if the throw killed it)
    assert kobold is None or kobold.x == 8  # it stopped at the kobold or behind it


def test_stance_keys_change_the_status_line_and_the_at_screen():
    app = app_for(RANGE, {"k": "kobold"})
    press(app, "]")
    assert app.engine.component(app.engine.player, Stance).name == "Aggressive"
    assert "Aggressive" in text(app)
    press(app, "]", "@")
    assert "+5 to hit, 1d9+7 slashing or piercing" in text(app)  # Frenzy: +2 / +4
    press(app, "escape", "[", "[", "[")
    assert app.engine.component(app.engine.player, Stance).name == "Defensive"
    press(app, "\\")
    assert app.engine.component(app.engine.player, Stance).name == "Normal"
    assert app.engine.turn == 0  # switching stance takes no time


def test_a_second_weapon_adds_an_off_hand_line():
    app = app_for(RANGE.replace("@.", "@d"), {"k": "kobold", "d": "dagger"})
    press(app, "l", "g")
    dagger = next(i for i in app.engine.inventory() if app.engine.item_name_only(i) == "dagger")
    press(app, "w", app.engine.component(dagger, Item).letter, "@")
    screen = text(app)
    assert "Main hand" in screen and "Off hand" in screen
    assert "-1 to hit, 1d9+3 slashing or piercing" in screen  # +3 and main hand -4
    assert "-8 to hit, 1d4+2 piercing" in screen  # finesse: Dexterity +0, off hand -8


def test_a_bow_too_heavy_to_draw_costs_to_hit_and_damage():
    app = app_for(RANGE.replace("@.", "@w"), {"k": "kobold", "w": "long war bow"},
                  "elf ranger")
    engine = app.engine
    press(app, "@")
    light = text(app)
    press(app, "escape", "l", "g", "w")
    menu = text(app).splitlines()
    letter = next(line.split(")")[0].strip()[-1] for line in menu if "long war bow" in line)
    press(app, letter, "@")
    heavy = text(app)
    shot = profiles.shot(engine.fighter(engine.player))
    assert ("Strength 11, long war bow needs 14", -3) in [(m.reason, m.amount)
                                                          for m in shot.to_hit_mods]
    assert "Shot (short bow)" in light and "Shot (long war bow)" in heavy
    # Dexterity +3, Bows rank, Archer rank, -3 short: the line shows the rules' numbers.
    assert f"{shot.to_hit:+d} to hit, {shot.damage} piercing, range 14" in heavy
    assert str(shot.damage).startswith("1d8") and shot.damage.bonus == \
        2 + shot.damage_bonus


def test_B_bashes_with_a_shield():
    app = app_for("#####\n#@k.#\n#s..#\n#####", {"k": "kobold", "s": "large shield"})
    engine = app.engine
    press(app, "j", "g", "w", "d", "k")  # down, take the shield (d), wield it, back up
    kobold = engine.creatures_here()[0][0]
    engine.component(kobold, Health).hp = 99  # it must live through the bash
    before = engine.component(engine.player, Actor).next_tick
    press(app, "B")
    # a shield bash takes a plain blow's time
    assert engine.component(engine.player, Actor).next_tick == before + 60
    bash = profiles.bash(engine.fighter(engine.player))
    assert str(bash.damage) == "1d4+2" and bash.weapon == "large shield"


def test_V_strikes_a_vital_spot_without_a_shield_and_says_why_not():
    """V asks the world whether a vital strike can be made (the talent, the stamina), not
    whether a shield could bash: the rogue strikes with none."""
    beside = RANGE.replace("@.", "@k").replace("..k..", ".....")
    app = app_for(beside, {"k": "kobold"}, "elf rogue")
    engine = app.engine
    press(app, "V")
    assert app.session.notice == "You do not know the vital strike."  # a level 3 talent
    progress.gain(engine, progress.xp_for_level(engine, 3))
    press(app, "V")
    assert [a.tag for a in engine.actions] == ["vital"] and app.session.notice is None
    engine.component(engine.player, Stance).stamina = 0
    press(app, "V")
    assert app.session.notice == "You are too tired for a vital strike."
    warrior = app_for(beside, {"k": "kobold"})
    press(warrior, "V")
    assert warrior.session.notice == "You do not know the vital strike."
    assert warrior.engine.actions == []


def test_Q_quivers_ammunition():
    app = app_for(RANGE.replace("@.", "@a"), {"k": "kobold", "a": "arrow"}, "elf ranger")
    engine = app.engine
    press(app, "l", "g")
    loose = [i for i in engine.inventory() if engine.item_name_only(i) == "arrow"]
    assert len(loose) == 1  # joined the quivered pile
    assert engine.component(loose[0], Item).count > 1


def test_m_shows_the_skills_screen():
    app = app_for(RANGE, {"k": "kobold"})
    press(app, "m")
    screen = text(app)
    assert "Long blades" in screen and "Twin Blades" in screen and "0/30" in screen


def _first_spare_throwable(engine: Game) -> int | None:
    """The rule as t states it: the first of the throwables made for throwing and not in use."""
    made = [i for i in choices.throwables(engine)
            if describe.item_data(engine, i).made_for_throwing and engine.equipped_slot(i) is None]
    return made[0] if made else None


def test_t_without_a_bow_throws_the_first_spare_weapon_made_for_throwing():
    for pack in (["long sword", "hand axe", "dagger"], ["dagger", "rock", "javelin"],
                 ["long sword", "rock"], ["javelin", "dagger", "hand axe"]):
        engine = Game.scenario(RANGE, {}, seed=4)
        given = [start.give(engine, engine.player, name) for name in pack]
        for wielded in (None, *given):
            if wielded is not None:
                engine.submit(A.Wield(wielded))
            shot = choices.ready_shot(engine)
            expected = _first_spare_throwable(engine)
            assert (shot.at(3, 3).item if shot else None) == expected, (pack, wielded)
        engine.close()


def test_V_with_nobody_beside_says_there_is_nothing_to_strike_and_keeps_it_in_the_log():
    app = app_for(RANGE, {"k": "kobold"}, "elf rogue")  # the kobold stands six cells away
    progress.gain(app.engine, progress.xp_for_level(app.engine, 3))
    press(app, "V")
    assert app.engine.log[-1].line == "There is nothing beside you to strike."
    assert "shield" not in text(app) and app.engine.actions == []
