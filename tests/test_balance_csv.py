"""balance --csv says how it was made (in columns the csv module reads), and balance --from
plays the same games again from it."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from game import __version__
from game.__main__ import main
from game.commands import balance_csv
from game.content.overlay import read_overlay

RUN = ["balance", "--seeds", "2", "--depth", "2", "--actions", "80", "--rules", "all",
       "--char", "elf ranger"]


def _made(tmp_path: Path, capsys, *extra: str) -> tuple[Path, str]:
    out = tmp_path / "a.csv"
    assert main([*RUN, *extra, "--csv", str(out)]) == 0
    return out, capsys.readouterr().out


def test_the_csv_says_how_it_was_made(tmp_path, capsys):
    out, _ = _made(tmp_path, capsys)
    data = out.read_bytes()
    assert b"\r" not in data and data.endswith(b"\n")  # plain newlines
    rows = list(csv.DictReader(out.open(newline="")))
    assert len(rows) == 10 and list(rows[0]) == list(balance_csv.COLUMNS)
    for r in rows:
        assert (r["game_version"], r["as_version"], r["overlay"], r["overlay_digest"]) == \
            (__version__, "", "", "")
        assert (r["first_seed"], r["seeds"], r["target"], r["win"], r["most_actions"]) == \
            ("0", "2", "2", "0", "80")
        assert r["reached"] == str(int(int(r["depth"]) >= 2))
    assert {r["rules"] for r in rows} == {"manual", "qud", "d20", "coc", "tides"}


def test_from_plays_the_same_games_again(tmp_path, capsys):
    first, table = _made(tmp_path, capsys)
    again = tmp_path / "b.csv"
    assert main(["balance", "--from", str(first), "--csv", str(again)]) == 0
    assert capsys.readouterr().out == table
    assert again.read_bytes() == first.read_bytes()


def test_from_a_versus_run_wants_its_overlays_again(tmp_path, capsys):
    mod = Path(__file__).resolve().parents[1] / "mods" / "tough-kobolds"
    first, table = _made(tmp_path, capsys, "--versus", str(mod))
    rows = list(csv.DictReader(first.open(newline="")))
    digest = read_overlay(mod).digest
    assert {(r["overlay"], r["overlay_digest"]) for r in rows} == {("", ""),
                                                                    ("tough-kobolds", digest)}
    again = tmp_path / "b.csv"
    assert main(["balance", "--from", str(first), "--versus", str(mod), "--csv",
                 str(again)]) == 0
    assert capsys.readouterr().out == table and again.read_bytes() == first.read_bytes()
    assert main(["balance", "--from", str(first)]) == 2
    err = capsys.readouterr().err
    assert "made under the game's own tables and the overlay 'tough-kobolds'" in err


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace(",0,2,2,0,80", ",0,1_0,2,0,80"), "seeds '1_0' is not a whole"),
    (lambda t: t.replace(",0,2,2,0,80", ",0,3,2,0,80", 1), "settings differ"),
    (lambda t: t.replace("0.4.0", "0.3.0"), "made by game 0.3.0"),
    (lambda t: "name,score\nx,1\n", "not a CSV balance --csv wrote"),
    (lambda t: t.splitlines()[0] + "\n", "no games in it"),
    (lambda t: t.replace(",tides,", ",tidez,"), "tidez"),
])
def test_from_refuses_a_file_it_cannot_read_back_in_one_line(tmp_path, capsys, change, words):
    first, _ = _made(tmp_path, capsys)
    first.write_text(change(first.read_text()))
    assert main(["balance", "--from", str(first)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_from_leaves_the_settings_to_the_file(tmp_path, capsys):
    first, _ = _made(tmp_path, capsys)
    assert main(["balance", "--from", str(first), "--seeds", "3", "--win"]) == 2
    assert "leave out --seeds, --win" in capsys.readouterr().err
    assert main(["balance", "--from", str(tmp_path / "none.csv")]) == 2
    assert "No such file" in capsys.readouterr().err
