"""``--content DIR`` on play, bot, odds, fsim and balance: the overlay changes what they answer,
and a bad overlay is one line and exit 2 before anything runs."""

from __future__ import annotations

import pytest
from overlay_helpers import write_overlay

COMMANDS = {
    "play": ["play", "--char", "dwarf warrior", "--seed", "1"],
    "bot": ["bot", "--seed", "1", "--turns", "5"],
    "odds": ["odds", "player", "kobold"],
    "fsim": ["fsim", "player", "kobold", "--rounds", "5"],
    "balance": ["balance", "--seeds", "1", "--actions", "5"],
}


def bad(tmp_path, kind: str):
    folder = tmp_path / "mod"
    if kind == "a file":
        folder.write_text('[creature."kobold"]\nhit_points = 8\n')
    elif kind == "not TOML":
        write_overlay(folder, {"c.toml": "kobold: {hit_points: 8}\n"})
    elif kind == "unknown table":
        write_overlay(folder, {"c.toml": '[monster."kobold"]\nhit_points = 8\n'})
    elif kind == "unknown field":
        write_overlay(folder, {"c.toml": '[creature."kobold"]\nhp = 8\n'})
    elif kind == "bad value":
        write_overlay(folder, {"c.toml": '[creature."kobold"]\nhit_points = -8\n'})
    return folder


KINDS = {"missing": "no such folder", "a file": "not a folder",
         "not TOML": "c.toml: invalid TOML",
         "unknown table": "c.toml: unknown table 'monster'",
         "unknown field": "c.toml: creature 'kobold': field 'hp': unknown field",
         "bad value": "c.toml: creature 'kobold': field 'hit_points': -8 is below 0"}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_bad_overlay_is_one_line_and_exit_2(game_main, tmp_path, command, kind):
    folder = bad(tmp_path, kind)
    out = game_main(*COMMANDS[command], "--content", str(folder))
    assert out.returncode == 2, out
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr and not out.stdout
    says = KINDS[kind].replace("below 0", "below 1")
    assert says in out.stderr and str(folder) in out.stderr, out.stderr


def test_a_loaded_game_keeps_its_overlay(game_main, tmp_path, tough):
    out = game_main("play", "--load", str(tmp_path / "x.json"), "--content", str(tough))
    assert out.returncode == 2 and "leave out --content with --load" in out.stderr


def test_odds_answer_by_the_overlays_tables(game_main, tough):
    plain = game_main("odds", "player", "kobold")
    modded = game_main("odds", "player", "kobold", "--content", str(tough))
    assert plain.returncode == modded.returncode == 0
    assert "against kobold (6 hp)" in plain.stdout
    assert "against kobold (8 hp)" in modded.stdout and "overlay 'tough'" in modded.stdout
    troll = game_main("odds", "cave troll", "player", "--content", str(tough))
    assert troll.returncode == 0 and "cave troll (30 hp)" in troll.stdout
    unknown = game_main("odds", "cave trol", "player", "--content", str(tough))
    assert unknown.returncode == 2 and "cave troll" in unknown.stderr  # its names suggested
    assert game_main("odds", "cave troll", "player").returncode == 2  # not without it


def test_fsim_fights_by_the_overlays_tables(game_main, tough):
    plain = game_main("fsim", "player", "kobold", "--rounds", "20")
    modded = game_main("fsim", "player", "kobold", "--rounds", "20", "--content", str(tough))
    assert plain.returncode == modded.returncode == 0
    assert "under the overlay 'tough'" in modded.stdout.splitlines()[0]

    def exact_win(text: str) -> str:
        line = next(line for line in text.splitlines() if "attacker wins" in line)
        return line.split()[3]  # (attacker wins: simulated, exact, interval)

    assert exact_win(plain.stdout) != exact_win(modded.stdout)


def test_bot_and_balance_play_under_the_overlay(game_main, tmp_path, tough):
    out = game_main("bot", "--seed", "1", "--turns", "5", "--content", str(tough),
                    "--out", str(tmp_path / "b.json"))
    assert out.returncode == 0 and "under the overlay 'tough'" in out.stdout
    out = game_main("balance", "--seeds", "1", "--actions", "5", "--char", "dwarf warrior",
                    "--content", str(tough))
    assert out.returncode == 0 and "dwarf warrior " in out.stdout  # its row
    assert out.stdout.splitlines()[-1].endswith(", under the overlay 'tough'")
