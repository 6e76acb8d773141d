"""The options file: read at start, every value checked, one line for anything wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tcod.console

from game.ui import palette
from game.ui.app import GameApp
from game.ui.help import HelpScreen
from game.ui.options import Options
from game.ui.options_file import OptionsError, load
from game.world.core.components import Player
from game.world.game import Game

ROOT = Path(__file__).resolve().parents[2]
GOOD = """
auto_pickup = false
roll_display = true

[keys]
wait = ["w", "space"]
explore = "Home"

[colours]
wall = "#102030"
floor_remembered = [1, 2, 3]
"""


def write(tmp_path: Path, text: str, name: str = "options.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_good_file_sets_flags_keys_and_colours(tmp_path):
    options = load(write(tmp_path, GOOD))
    assert options.auto_pickup is False and options.roll_display is True
    assert options.more_prompt is True  # left out: the default
    assert options.keys == {"wait": ("w", " "), "explore": ("upleft",)}
    assert options.colours == {"wall": (16, 32, 48), "floor_remembered": (1, 2, 3)}


@pytest.mark.parametrize(("text", "says"), [
    ("auto_pikup = true", "unknown option 'auto_pikup'; did you mean: auto_pickup?"),
    ("auto_pickup = 'yes'", "auto_pickup must be true or false, not 'yes'"),
    ("[keys]\nexplor = 'o'", "unknown binding in [keys] 'explor'; did you mean: explore"),
    ("[keys]\nwait = 'not a key'", "keys.wait: unknown key 'not a key'"),
    ("[keys]\nwait = []", "keys.wait must be a key or a list of keys"),
    ("[keys]\nwait = 'o'\nexplore = 'o'", "key 'o' given to both wait and explore"),
    ("[colours]\nwal = '#000000'", "unknown colour 'wal'; did you mean: wall"),
    ("[colours]\nwall = '#12'", "colours.wall must be \"#rrggbb\" or [r, g, b]"),
    ("[colours]\nwall = [1, 2, 300]", "colours.wall must be"),
    ("keys = 3", "keys must be a table"),
    ("auto_pickup = ", "not valid TOML"),
])
def test_each_bad_value_is_one_line_naming_the_file(tmp_path, text, says):
    path = write(tmp_path, text)
    with pytest.raises(OptionsError) as err:
        load(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and says in message and "\n" not in message


def test_an_unreadable_file_is_one_line(tmp_path):
    with pytest.raises(OptionsError, match="cannot read the options file"):
        load(tmp_path / "missing.toml")
    (tmp_path / "bin.toml").write_bytes(b"\xff\xfe")
    with pytest.raises(OptionsError, match="not UTF-8"):
        load(tmp_path / "bin.toml")


def run_game(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_play_with_a_bad_options_file_exits_2_with_one_line(tmp_path):
    path = write(tmp_path, "colour = 1", "mine.toml")
    out = run_game("play", "--seed", "1", "--char", "elf ranger", "--options", str(path),
                   cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "mine.toml: unknown option 'colour'; did you mean: colours?" in out.stderr


def test_options_toml_in_the_working_directory_is_read(tmp_path):
    write(tmp_path, "more_prompt = 1")
    out = run_game("play", "--seed", "1", "--char", "elf ranger", cwd=tmp_path)
    assert out.returncode == 2 and "options.toml: more_prompt must be true or false" in out.stderr
    (tmp_path / "options.toml").write_text("more_prompt = false")
    out = run_game("play", "--seed", "1", "--char", "elf ranger", cwd=tmp_path)
    assert "no terminal" in out.stderr  # the options were fine; only the terminal is missing


def test_moved_keys_act_and_the_help_shows_them():
    options = Options(keys={"wait": ("w",)})
    app = GameApp.from_engine(Game(3, "dwarf warrior"), options=options)
    turn = app.engine.turn
    app.handle_key("w")  # w waits now, instead of wielding
    assert app.engine.turn == turn + 1 and app.screen is app.stack[0]
    help_screen = HelpScreen(app.stack[0].bindings)
    console = tcod.console.Console(80, 24, order="F")
    rows = []
    for _ in range(4):  # every page of the help
        console.clear()
        help_screen.draw(console)
        rows += ["".join(chr(c) for c in console.ch[:, y]) for y in range(24)]
        help_screen.handle_key("tab")
    assert any("w" in row and "wait a moment" in row for row in rows)
    assert any("wield a weapon" in row and row.split("wield")[0][-13:].strip() == "(no key)"
               for row in rows)  # no key left in its key column, and it says so


def test_roll_display_starts_a_new_wizard_game_with_the_rolls_shown():
    app = GameApp(4, "dwarf warrior", wizard=True, options=Options(roll_display=True))
    assert app.engine.component(app.engine.player, Player).show_rolls
    assert app.engine.actions  # a recorded action, so the replay shows the rolls too
    plain = GameApp(4, "dwarf warrior", options=Options(roll_display=True))
    assert not plain.engine.component(plain.engine.player, Player).show_rolls


def test_auto_pickup_chooses_a_new_games_option_and_a_saved_game_keeps_its_own(tmp_path):
    """The option is the world's, given when a game begins (by the key the start screen
    takes, or at once with a character); a game already under way plays by its own."""
    from test_screens import press

    from game.persist.savefile import continue_game, save

    assert GameApp(4, "dwarf warrior").engine.auto_pickup  # what a player gets by default
    off = GameApp(4, "dwarf warrior", options=Options(auto_pickup=False))
    assert off.engine.auto_pickup is False
    started = GameApp(4, options=Options(auto_pickup=False))
    press(started, "a")  # the first ready character
    assert started.engine is not None and started.engine.auto_pickup is False
    path = save(off.engine, tmp_path / "off.json")
    again = GameApp.from_engine(continue_game(path), options=Options(auto_pickup=True))
    assert again.engine.auto_pickup is False


@pytest.fixture
def saved_palette():
    saved = {k: v for k, v in vars(palette).items() if k.isupper()}
    tones = dict(palette.TONES)
    yield
    vars(palette).update(saved)
    palette.TONES.clear()
    palette.TONES.update(tones)


def test_colours_change_what_every_screen_draws(saved_palette):
    palette.apply({"wall": (1, 2, 3), "wall_remembered": (4, 5, 6), "text": (7, 8, 9),
                   "combat": (9, 9, 9)})
    assert palette.WALL == ((1, 2, 3), (4, 5, 6)) and palette.TEXT == (7, 8, 9)
    assert palette.tone("info") == (7, 8, 9) and palette.tone("combat") == (9, 9, 9)
    assert set(palette.colour_names()) >= {"wall", "wall_remembered", "text", "combat"}


def hostile(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.toml"
    if kind == "fifo":
        os.mkfifo(path)  # no writer: opening it to read would wait for ever
    elif kind == "zero":
        path.symlink_to("/dev/zero")  # endless: must not be read whole
    elif kind == "deep":
        path.write_text("a = " + "[" * 100_000)
    else:
        path.write_text('[keys]\nexplore = ["o", "o"]\n')
    return path


@pytest.mark.parametrize("kind, says", [
    ("fifo", "it is a named pipe, not a regular file"),
    ("zero", "it is a device, not a regular file"),
    ("deep", "not valid TOML: nested too deep"),
    ("twice", "keys.explore: key 'o' is listed twice"),
])
def test_a_hostile_options_file_is_one_line_and_exit_2(tmp_path, kind, says):
    path = hostile(tmp_path, kind)
    try:
        out = run_game("play", "--seed", "1", "--char", "elf ranger", "--options", str(path),
                       cwd=tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the {kind} options file hung the game")
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr[-300:]
    assert f"{path}: " in out.stderr and says in out.stderr


def test_a_key_taken_from_a_binding_left_with_none_is_a_warning_naming_it(tmp_path):
    options = load(write(tmp_path, '[keys]\nrest = "R"\n'))
    (warning,) = options.warnings
    assert "takeoff" in warning and "'R'" in warning and "rest" in warning
    assert "R" in options.keys["rest"]  # allowed: it is a warning, not an error
    app = GameApp.from_engine(Game.scenario("#####\n#@..#\n#####"), options=options)
    console = tcod.console.Console(80, 24, order="F")
    app.draw(console)
    screen = "\n".join("".join(chr(c or 32) for c in console.ch[:, y]) for y in range(24))
    assert "takeoff" in screen  # on the game's first screen


def test_the_readmes_options_example_leaves_every_binding_a_key(tmp_path):
    import re
    import textwrap
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```toml\n(.*?)```", readme, re.S)
    assert block is not None
    options = load(write(tmp_path, textwrap.dedent(block.group(1))))
    assert options.keys and options.warnings == ()


def test_the_play_command_prints_the_warning_before_the_game(tmp_path):
    path = write(tmp_path, '[keys]\nrest = "R"\n')
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from game.commands.play import read_options; "
         f"read_options({str(path)!r})"], capture_output=True, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0
    assert result.stderr.startswith(f"warning: {path}: [keys]: takeoff")
