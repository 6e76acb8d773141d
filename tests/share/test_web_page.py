"""``replay SAVE --html FILE``: one page that plays the game with nothing fetched, its screens
the game's own, the morgue beside them; and in a real browser (headless Chromium, which
.ci/run installs) the page draws the game's first screen, jumps to an action and plays."""

from __future__ import annotations

import html
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from share_helpers import EARLIER, dead_save, screen_at, share

from game.persist import savefile
from game.persist.replay import replay
from game.ui.morgue import morgue_text

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
SCREEN = re.compile(r'<pre class="screen" id="screen">(.*?)</pre>', re.S)
WHERE = re.compile(r'<span class="where" id="where">action (\d+) of (\d+)')


def make_page(save: Path, folder: Path, *flags: str) -> Path:
    page = folder / "game.html"
    assert share(str(save), "--html", str(page), *flags) == 0
    return page


def page_data(page: Path) -> dict:
    found = re.search(r'<script type="application/json" id="game-data">(.*?)</script>',
                      page.read_text(encoding="utf-8"), re.S)
    assert found is not None
    return json.loads(found.group(1))


def grid_at(data: dict, k: int) -> list[str]:
    """The screen after the page's frame ``k``: its runs laid one after another, as the
    page's script lays them (text only)."""
    width, height = data["width"], data["height"]
    cells = [" "] * (width * height)
    for frame in data["frames"][:k + 1]:
        for start, text, colours in frame:
            assert sum(colours[0::3]) == len(text)
            cells[start:start + len(text)] = list(text)
    return ["".join(cells[y * width:(y + 1) * width]) for y in range(height)]


def morgue_of(page: Path) -> str:
    found = re.search(r'<div class="morgue">\s*<h2>.*?</h2>\s*<pre>(.*?)</pre>',
                      page.read_text(encoding="utf-8"), re.S)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.mark.parametrize("version", sorted(EARLIER))
def test_the_page_holds_every_screen_of_each_version(version, tmp_path):
    page = make_page(EARLIER[version], tmp_path)
    data = page_data(page)
    assert (data["width"], data["height"]) == (80, 24)
    actions = len(savefile.load(EARLIER[version]).actions)
    assert data["positions"] == list(range(actions + 1))
    first, _ = screen_at(EARLIER[version], 0)
    assert grid_at(data, 0) == first
    last, below = screen_at(EARLIER[version], None)
    assert grid_at(data, len(data["frames"]) - 1)[below:] == last[below:]
    assert all(0 <= c < len(data["palette"]) for f in data["frames"] for r in f
               for c in r[2][1::3] + r[2][2::3])


def test_the_page_plays_at_the_speed_asked_its_waits_the_games_clock(tmp_path):
    data = page_data(make_page(EARLIER["0.3.0"], tmp_path, "--speed", "4", "--idle", "0.5"))
    assert (data["speed"], data["idle"]) == (4, 0.5) and 4 in data["speeds"]
    waits = data["waits"]
    assert waits[0] == 0 and min(waits[1:]) >= 0.05
    assert waits.count(0.25) > len(waits) // 2  # most actions are a step: a quarter second
    assert max(waits) > 0.5 * 4  # a rest, which the player's idle limit cuts short


def test_nothing_is_fetched(tmp_path):
    text = make_page(EARLIER["0.1.0"], tmp_path).read_text(encoding="utf-8")
    assert text.count("<script") == 2  # the data and our player, both inline
    for reference in ("src=", "href=", "http:", "https:", "@import", "url(", "<link",
                      "<iframe", "<img"):
        assert reference not in text, reference


def test_a_game_over_has_its_morgue_and_ends_on_its_end_screen(tmp_path):
    path = dead_save(tmp_path)
    page = make_page(path, tmp_path)
    data = page_data(page)
    with replay(savefile.load(path), engine_keyframes=False) as seeker:
        assert morgue_of(page) == morgue_text(seeker.engine)
    assert "Died: " in morgue_of(page)
    assert data["end"] == len(data["frames"]) - 1
    end, _ = screen_at(path, None)
    assert grid_at(data, data["end"]) == end and any("You die..." in r for r in end)


def test_a_game_not_over_has_its_character_as_it_stands(tmp_path):
    page = make_page(EARLIER["0.2.0"], tmp_path)
    with replay(savefile.load(EARLIER["0.2.0"]), engine_keyframes=False) as seeker:
        assert morgue_of(page) == morgue_text(seeker.engine)
    assert "Alive: the game goes on from here." in morgue_of(page)
    assert page_data(page)["end"] == -1


def test_no_text_of_the_game_ends_the_page_early(tmp_path):
    """A save under an overlay whose names hold ``</script>`` would still be data: the page
    writes ``</`` in its data as ``<\\/``."""
    text = make_page(EARLIER["0.1.0"], tmp_path).read_text(encoding="utf-8")
    data = text.split('id="game-data">', 1)[1].split("</script>", 1)[0]
    assert "</" not in data and json.loads(data)["title"]


# --- in a real browser -------------------------------------------------------------------


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no headless browser here (apt-get install chromium)")


def in_browser(page: Path, folder: Path, *flags: str, hash: str = "") -> str:
    """The page's DOM after three seconds of its own time, in headless Chromium."""
    done = subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--no-default-browser-check", f"--user-data-dir={folder / 'profile'}",
         "--virtual-time-budget=3000", *flags, page.as_uri() + hash],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def shown(dom: str) -> list[str]:
    found = SCREEN.search(dom)
    assert found is not None, dom[:2000]
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split("\n")


def test_a_browser_draws_the_first_screen(tmp_path):
    page = make_page(EARLIER["0.3.0"], tmp_path)
    png = tmp_path / "page.png"
    in_browser(page, tmp_path, f"--screenshot={png}", "--window-size=1500,760")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png.read_bytes()[16:24]) == (1500, 760)
    dom = in_browser(page, tmp_path, "--dump-dom")
    first, _ = screen_at(EARLIER["0.3.0"], 0)
    assert shown(dom)[:24] == first
    assert "You enter the dungeon" in "\n".join(first)
    assert WHERE.search(dom).groups() == ("0", "1250")


def test_a_browser_jumps_to_an_action_and_plays(tmp_path):
    page = make_page(EARLIER["0.3.0"], tmp_path)
    there, below = screen_at(EARLIER["0.3.0"], 640)
    dom = in_browser(page, tmp_path, "--dump-dom", hash="#action=640")
    assert shown(dom)[below:24] == there[below:]
    assert WHERE.search(dom).groups() == ("640", "1250")
    dom = in_browser(page, tmp_path, "--dump-dom", hash="#action=640&play")
    assert int(WHERE.search(dom).group(1)) > 640


def test_a_browser_holds_the_idle_limit_at_any_speed(tmp_path):
    """At a hundredth of the pace a step would wait 25 s; the idle limit, a tenth of a second,
    moves the page on all the same within its three seconds."""
    page = make_page(EARLIER["0.1.0"], tmp_path, "--speed", "0.01", "--idle", "0.1")
    dom = in_browser(page, tmp_path, "--dump-dom", hash="#play")
    assert int(WHERE.search(dom).group(1)) > 3
