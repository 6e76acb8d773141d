"""A font file is checked before libtcod's TrueType reader is given it.

libtcod reads fonts with stb_truetype, which trusts its input: on a file that is not a whole
font it reads past the end of its buffer. Under valgrind, "not a font" (ten bytes) sends
``stbtt__find_table`` down a table directory 24,864 entries long, thousands of invalid reads
a load; once in nine runs such a read met an unmapped page and the test suite died of
SIGSEGV. So nothing reaches it that is not a whole font: the bundled font must be the very
file shipped (its SHA-256), and any other must be a single TrueType or OpenType font whose
table directory, and every table the reader looks up, lie inside the file.
"""

from __future__ import annotations

import hashlib
import struct
import tempfile
from pathlib import Path

import tcod.tileset

BUNDLED_SHA256 = "0f5db4f1749979d961019838b160bec74abdf7f9eca69553fe1aa856bbff49a4"
"""assets/fonts/DejaVuSansMono.ttf as shipped (replacing the font means a new hash here)."""

MAX_BYTES = 64 << 20  # no monospace font comes near this
_SINGLE = (b"\x00\x01\x00\x00", b"true", b"OTTO")  # a collection (ttcf) libtcod cannot read
_NEEDED = (b"cmap", b"head", b"hhea", b"hmtx")
_OUTLINES = ((b"glyf", b"loca"), (b"CFF ",))


def load(path: Path, height: int, bundled: bool) -> tcod.tileset.Tileset:
    """The font at ``height`` pixels, read by libtcod from a private copy of the bytes that
    were checked (so a file changed between the check and the load is never read)."""
    data = read_checked(path, bundled)
    with tempfile.TemporaryDirectory(prefix="game-font-") as folder:
        copy = Path(folder) / "font.ttf"
        copy.write_bytes(data)
        return tcod.tileset.load_truetype_font(str(copy), 0, height)


def read_checked(path: Path, bundled: bool) -> bytes:
    """The font's bytes, or OSError or ValueError saying in a few words why it is no font
    libtcod can be trusted with."""
    with open(path, "rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError("larger than any font")
    if bundled:
        if hashlib.sha256(data).hexdigest() != BUNDLED_SHA256:
            raise ValueError("not the font the game ships (damaged or replaced)")
        return data
    problem = _directory_problem(data)
    if problem:
        raise ValueError(problem)
    return data


def _directory_problem(data: bytes) -> str | None:
    """What is wrong with the font's table directory, or None."""
    if len(data) < 12 or data[:4] not in _SINGLE:
        return "not a TrueType or OpenType font"
    (count,) = struct.unpack_from(">H", data, 4)
    if 12 + 16 * count > len(data):
        return "cut short (its table directory runs past its end)"
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            return f"cut short (its {tag.decode('latin-1').strip()} table runs past its end)"
        tables[tag] = length
    missing = [t for t in _NEEDED if t not in tables]
    if missing or not any(all(t in tables for t in kind) for kind in _OUTLINES):
        return "missing tables a font needs"
    return None
