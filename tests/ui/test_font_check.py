"""No file reaches libtcod's TrueType reader that it could read past the end of: under
valgrind, loading "not a font" made thousands of invalid reads in stb_truetype, and one such
read crashed the test suite with SIGSEGV. The checked font is then loaded many times over."""

from __future__ import annotations

import struct

import pytest

from game.frontends import fonts, window

REAL = window.FONT.read_bytes()


def _directory_entry(data: bytes, tag: bytes) -> int:
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        if data[12 + 16 * i:16 + 16 * i] == tag:
            return 12 + 16 * i
    raise AssertionError(tag)


def _past_the_end(tag: bytes) -> bytes:
    data = bytearray(REAL)
    struct.pack_into(">I", data, _directory_entry(REAL, tag) + 8, len(REAL) - 4)
    return bytes(data)


BAD = {
    "not a font": b"not a font",
    "ten bytes of a font": REAL[:10],
    "the directory cut": REAL[:40],
    "half a font": REAL[:len(REAL) // 2],
    "a table past the end": _past_the_end(b"glyf"),
    "a collection": b"ttcf\x00\x01\x00\x00\x00\x00\x00\x01" + REAL,
    "no cmap": REAL.replace(b"cmap", b"cmaq", 1),
    "empty": b"",
}


@pytest.fixture
def libtcod_untouched(monkeypatch):
    def called(*args, **kwargs):
        raise AssertionError("libtcod's TrueType reader was handed an unchecked file")
    monkeypatch.setattr(fonts.tcod.tileset, "load_truetype_font", called)


@pytest.mark.parametrize("name", BAD)
def test_a_file_that_is_no_whole_font_never_reaches_libtcod(tmp_path, name, libtcod_untouched):
    path = tmp_path / "font.ttf"
    path.write_bytes(BAD[name])
    with pytest.raises(window.NoWindow) as err:
        window.load_font(path)
    message = str(err.value)
    assert message.startswith(f"cannot read the font {path}: ") and "\n" not in message


def test_the_bundled_font_damaged_by_one_byte_is_refused(monkeypatch, tmp_path,
                                                         libtcod_untouched):
    damaged = tmp_path / "DejaVuSansMono.ttf"
    data = bytearray(REAL)
    data[len(data) // 3] ^= 0xFF  # inside the glyphs: the directory still looks whole
    damaged.write_bytes(bytes(data))
    monkeypatch.setattr(window, "FONT", damaged)
    with pytest.raises(window.NoWindow, match="not the font the game ships"):
        window.load_font(damaged)


def test_the_checked_fonts_load_again_and_again(tmp_path):
    """The native call the window makes, many times, from the bundled font and from another
    copy of it read as a system font (checked by its directory): the same cells each time."""
    system = tmp_path / "SystemMono.ttf"
    system.write_bytes(REAL)
    for i in range(6):
        tileset = window.load_font(window.FONT if i % 2 else system)
        assert (tileset.tile_width, tileset.tile_height) == (14, 24)
        assert tileset.get_tile(ord("@"))[..., 3].any()
