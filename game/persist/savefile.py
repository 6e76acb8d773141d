"""The save file: a recording (seed, character, every action) plus a snapshot for fast loading.

One JSON object, written compactly with sorted keys::

    {"format": 1, "game_version": "0.3.0", "seed": 7, "character": "dwarf warrior",
     "wizard": false, "actions": [{"t": "move", "dx": 1, "dy": 0}, ...],
     "checkpoints": {"50": "<sha256>", "100": "...", "<len(actions)>": "..."},
     "snapshot": {... Game.state() ...}, "final_hash": "<sha256>", "dead": false,
     "checksum": "<sha256 of the canonical JSON of every other field>"}

The fields that spell the game's setup are its ``Setup``'s (``game.world.core.setup``:
``to_json`` writes them, ``from_json`` checks them, ``differs`` against the snapshot).
``wizard`` is the mode the game began in (what a replay passes to ``Game``); a game turned
wizard later records that as an action (see ``SaveData.wizard_game``). Two more header fields
are written only when they are not the default, so a save without them is as it always was:
``"rules"`` (the combat system, when not the manual) and ``"auto_pickup": true`` (the game
option, on: a step picks things up in the world). Both are in the snapshot too, under the same
names, and must agree with it. A save made before auto-pickup was a game option has no such
field: its auto-pickups are PickUp actions of their own, and it replays with the option off.
A game played under a content overlay (a mod: ``game.content.overlay``) holds it, written only
then: ``"content": {"name": "tough-kobolds", "files": {"creatures.toml": "<its text>", ...}}``,
and its snapshot the overlay's digest (``"content"``), which must agree with it; the overlay is
laid over the assets and checked as they are when the save loads, so ``verify`` and ``replay``
need nothing but the save. The checksum covers it as it covers every other field.
A checkpoint ``"k"`` is the state hash after the first k actions: every ``CHECKPOINT_EVERY``
actions (computed during play by :class:`Recording`, never by replaying at save time) and
after the last. The snapshot's message log is display text outside the state hash. A
recording of 1,000 actions or more also holds ``"keyframes"``: the engine's whole state every
``KEYFRAME_EVERY`` actions, each at a checkpoint and each packed into one string
(:mod:`game.persist.keyframes`), so a replay's first jump unpacks and restores the nearest one
instead of replaying from the seed, and loading does not parse the hundreds of others
(``verify`` never uses them; a jump checks the one it restores as a snapshot and against its
checkpoint). Older saves held each keyframe as an object, or as its JSON text: both still read.
A save is untrusted input: :func:`load` checks everything and turns every problem into one
:class:`SaveError` line naming the file; it never writes to the file. A save made by a game
version whose recordings this one does not read (:mod:`game.persist.versions`) is refused so.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.content import ContentError
from game.content.catalog import Catalog
from game.content.editions import catalog_for
from game.content.overlay import Overlay
from game.rules.quoting import quoted
from game.world.core import actions as A
from game.world.core.components import Player
from game.world.core.engine import CHECKPOINT_EVERY
from game.world.core.setup import OPTIONAL, SAVED, ReadsSetup, Setup
from game.world.core.state import canonical  # the one JSON spelling checksums and hashes take
from game.world.game import Game

from . import streamed
from .files import NotRegular, read_regular, short_name, write_atomic
from .keyframes import MAX_TOTAL, most, pack, unpack
from .snapshot_check import BadSnapshot, required_components
from .snapshot_check import check as check_snapshot
from .versions import refusal

FORMAT = 1
MAX_BYTES = 64 * 1024 * 1024  # far beyond any real game; refuses to parse a huge file
DEFAULT_DIR = Path("saves")
ENABLE_WIZARD = "wiz.enable"  # the tag of game.wizard.actions.Enable (a layer above this one)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_INDEX = re.compile(r"0|[1-9][0-9]{0,8}")
# the game's setup's own fields are its (game.world.core.setup: SAVED, and OPTIONAL ones)
_FIELDS = {"format": int, **SAVED, "actions": list, "checkpoints": dict, "snapshot": dict,
           "final_hash": str, "dead": bool, "checksum": str}
# a crash report: {"action": the action that crashed, "error": ...}; a long recording's
# keyframes: {"500": the state after 500 actions, packed, ...}, each at a checkpoint
# the id of the game's playing (``GAME_ID``): random, never game state; a score row holds it
_OPTIONAL = {"crash": dict, "keyframes": dict, "game_id": str}
GAME_ID = "game_id"
_ID = re.compile(r"[0-9a-f]{16,64}")


class SaveError(Exception):
    """A save that cannot be written, read or used; ``str()`` is one line naming the file."""


class GameOver(SaveError):
    """The save is of a finished game: it can be replayed, not continued."""


@dataclass(frozen=True, slots=True)
class SaveData(ReadsSetup):
    """A loaded and checked save: the game's ``setup`` (``Setup``: its seed, character,
    rules, made-by version, overlay...), and its recording."""

    path: Path
    setup: Setup
    actions: tuple[A.Action, ...]
    checkpoints: dict[int, str]
    snapshot: dict
    final_hash: str
    dead: bool
    crash: A.Action | None = None  # a crash report's last action: replaying it crashes again
    crash_error: str = ""
    keyframes: dict[int, str] = field(default_factory=dict)  # position -> state, packed
    game_id: str | None = None  # the id of the playing that wrote it (older saves: none)

    @property
    def game_version(self) -> str:
        """The game version that began it (its setup's ``made_by``)."""
        return self.made_by

    @property
    def wizard(self) -> bool:
        return self.setup.wizard

    @property
    def catalog(self) -> Catalog:
        """The tables it was played by: the assets as its version had them, under its overlay
        (checked when the save loaded)."""
        return catalog_for(self.content, self.game_version)

    @property
    def wizard_game(self) -> bool:
        """Begun in wizard mode or turned wizard later: either way marked for good."""
        return self.wizard or any(a.tag == ENABLE_WIZARD for a in self.actions)


# --- hashing -------------------------------------------------------------------------------


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def snapshot_hash(snapshot: dict) -> str:
    """The state hash of a snapshot, as ``Game.state_hash()`` computes it (the log is not
    game state: it is left out)."""
    return sha256(canonical({k: v for k, v in snapshot.items() if k != "log"}))


def checksum(data: dict) -> str:
    return sha256(canonical({k: v for k, v in data.items() if k != "checksum"}))


# --- recording during play -----------------------------------------------------------------


class Recording:
    """A game being recorded. The engine itself takes a checkpoint every
    ``engine.CHECKPOINT_EVERY`` actions as they are submitted, so any front end that submits to
    the engine records; this wrapper keeps the older spelling and resumes saved games."""

    def __init__(self, engine: Game, checkpoints: dict[int, str] | None = None) -> None:
        self.engine = engine
        engine.checkpoints.update(checkpoints or {})

    @property
    def checkpoints(self) -> dict[int, str]:
        return self.engine.checkpoints

    @classmethod
    def resume(cls, path: str | os.PathLike) -> Recording:
        """Continue a saved game, keeping its checkpoints (see :func:`continue_game`)."""
        return cls(continue_game(path))

    def submit(self, action: A.Action) -> A.Result:
        return self.engine.submit(action)

    def save(self, path: str | os.PathLike) -> Path:
        return save(self.engine, path)


# --- writing -------------------------------------------------------------------------------


def save_data(engine: Game, *, checkpoints: dict[int, str] | None = None,
              game_id: str | None = None) -> dict:
    """The whole save as a dict, checksum included (the engine's own checkpoints unless
    others are given); ``game_id``, the id of this playing of the game (its score row's)."""
    checkpoints = engine.checkpoints if checkpoints is None else checkpoints
    actions = [a.to_json() for a in engine.actions]
    snapshot = engine.state()
    final = snapshot_hash(snapshot)
    if any(not 0 <= k <= len(actions) for k in checkpoints):
        raise ValueError("a checkpoint lies beyond the recorded actions")
    marks = {str(k): h for k, h in sorted(checkpoints.items())}
    marks[str(len(actions))] = final
    data = {
        "format": FORMAT, **_begun(engine).to_json(), "actions": actions,
        "checkpoints": marks, "snapshot": snapshot, "final_hash": final,
        "dead": engine.outcome == "dead",
    }
    frames = {str(k): pack(v) for k, v in sorted(engine.keyframes.items())
              if k <= len(actions) and k in checkpoints}
    if frames:
        data["keyframes"] = frames
    if game_id is not None:
        data[GAME_ID] = game_id
    data["checksum"] = checksum(data)
    return data


def _begun(engine: Game) -> Setup:
    """The game's setup as a replay must begin it: in wizard mode as ``_wizard`` finds it
    (a game restored from a state alone knows no more)."""
    wizard = _wizard(engine)
    return engine.setup if engine.setup.wizard is wizard else replace(engine.setup,
                                                                       wizard=wizard)


def _wizard(engine: Game) -> bool:
    """Whether the game began in wizard mode, as a replay must begin it. Wizard mode is for
    good and can be turned on only once, so a game that is wizard now began so unless its
    log turns it on."""
    player = engine.component(engine.player, Player)
    now = bool(player is not None and player.wizard)
    return now and not any(a.tag == ENABLE_WIZARD for a in engine.actions)


def save(engine: Game, path: str | os.PathLike, *,
         checkpoints: dict[int, str] | None = None, game_id: str | None = None) -> Path:
    """Write the save atomically: the old file stays whole until the new one is on disk."""
    path = Path(path)
    text = canonical(save_data(engine, checkpoints=checkpoints, game_id=game_id)) + "\n"
    try:
        write_atomic(path, text.encode())
    except OSError as err:
        raise SaveError(f"{path}: cannot save: {err.strerror or err}") from None
    return path


def crash_report(engine: Game, error: BaseException, folder: Path = DEFAULT_DIR) -> Path:
    """Write the game so far and the action that crashed it to ``crash-<seed>-<turn>.json``:
    the game is rebuilt from its seed (its live state may be half changed), so the report is
    a normal save whose replay ends by performing the crashing action again."""
    clean = Game(_begun(engine))
    try:
        for action in engine.actions:
            clean.submit(action)
        data = save_data(clean)
    finally:
        clean.close()
    if engine.pending is not None:
        data["crash"] = {"action": engine.pending.to_json(),
                         "error": f"{type(error).__name__}: {_short(error)}"}
        data["checksum"] = checksum(data)
    for n in range(1, 1000):  # a free name: never over another report
        path = Path(folder) / short_name(f"crash-{engine.seed}-{engine.turn}"
                                         + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(path):
            break
    write_atomic(path, (canonical(data) + "\n").encode())
    return path


# --- reading -------------------------------------------------------------------------------


def load(path: str | os.PathLike) -> SaveData:
    """Read and check a save; any problem is a one-line SaveError naming the file."""
    path = Path(path)
    raw = _read(path)
    data, sealed = _parse(path, raw)

    def bad(problem: str) -> SaveError:
        return SaveError(f"{path}: {problem}")

    _check_header(data, sealed, bad)
    _check_fields(data, bad)
    refused = refusal(data["game_version"])  # before anything is made of its actions
    if refused is not None:
        raise bad(refused)
    try:
        setup = Setup.from_json(data)  # every field of the game's setup, checked
    except ValueError as err:  # (a ContentError too: the overlay it holds is read here)
        raise bad(str(err)) from None
    catalog = _catalog(setup.content, data["game_version"], bad)
    if setup.character not in catalog.characters:
        raise bad(f"unknown character {quoted(setup.character, 40)}")
    actions = _actions(data["actions"], bad)
    checkpoints = _checkpoints(data["checkpoints"], len(actions), bad)
    _check_consistent(data, setup, checkpoints, len(actions), catalog, bad)
    crash, error = _crash(data.get("crash"), bad)
    frames = _keyframes(data.get("keyframes", {}), checkpoints, len(actions), bad)
    game_id = data.get(GAME_ID)
    if game_id is not None and not (isinstance(game_id, str) and _ID.fullmatch(game_id)):
        raise bad(f"field {GAME_ID!r} is not a game's id")
    return SaveData(path, setup, actions, checkpoints, data["snapshot"], data["final_hash"],
                    data["dead"], crash, error, frames, game_id)


def _catalog(content: Overlay | None, version: str, bad) -> Catalog:
    """The tables the game was played by, the overlay's checked as the assets are."""
    try:
        return catalog_for(content, version)
    except ContentError as err:
        if content is None:  # the game's own assets are broken: not this save's fault
            raise
        raise bad(f"the overlay {content.name!r} it was played under: {err}") from None


def _keyframes(raw: dict, checkpoints: dict[int, str], count: int, bad) -> dict[int, str]:
    """Each keyframe sits at a checkpoint. It is kept as it came, packed, and unpacked,
    parsed and checked only when a replay jumps to it (see :func:`keyframe_state`): a long
    recording holds hundreds of them and a jump needs one. Older saves held each as a JSON
    object instead; those are packed as they load. Their number is capped by the recording's
    length before any is looked at."""
    out = {}
    if len(raw) > most(count):
        raise bad(f"{len(raw)} keyframes: more than a recording of {count} actions holds "
                  f"({most(count)} at most)")
    for key, value in raw.items():
        if not _INDEX.fullmatch(key) or int(key) not in checkpoints or int(key) == 0:
            raise bad(f"keyframe {quoted(key, 20)} is not at a checkpoint")
        if isinstance(value, dict):
            value = pack(canonical(value))
        if not isinstance(value, str):
            raise bad(f"keyframe {key} is not a game state")
        out[int(key)] = value
    return dict(sorted(out.items()))


def keyframe_state(save: SaveData, position: int) -> dict:
    """The save's keyframe at ``position`` as a game state, checked as a snapshot is
    (whether it restores to its checkpoint's hash is the replay's to check); a BadSnapshot
    line says what is wrong."""
    text = unpack(save.keyframes[position])
    try:
        frame = json.loads(text, object_pairs_hook=_no_duplicates,
                           parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise BadSnapshot(f"it is not valid JSON: {_short(err)}") from None
    if not isinstance(frame, dict):
        raise BadSnapshot("it is not a game state")
    differs = save.setup.differs(frame, "the save names")
    if differs is not None:
        raise BadSnapshot(f"it {differs}")
    check_snapshot(frame, save.catalog, required_components())
    return frame


def engine_keyframes(save: SaveData, upto: int | None = None) -> dict[int, str]:
    """The save's keyframes (those at or before ``upto``) unpacked, as an engine keeps them,
    for a game that goes on from the save and will save them again. One that does not
    unpack is left out, and so are those beyond ``MAX_TOTAL`` bytes of states in all (the
    latest kept): a keyframe only saves a replay time, and the recording is whole."""
    out = {}
    room = MAX_TOTAL
    for position, stored in sorted(save.keyframes.items(), reverse=True):
        if room <= 0:
            break
        if upto is None or position <= upto:
            try:
                out[position] = unpack(stored, room)
            except BadSnapshot:
                continue
            room -= len(out[position])
    return dict(sorted(out.items()))


def _crash(raw: Any, bad) -> tuple[A.Action | None, str]:
    if raw is None:
        return None, ""
    if not isinstance(raw, dict) or set(raw) != {"action", "error"} \
            or not isinstance(raw["error"], str):
        raise bad("field 'crash' should hold an action and an error")
    try:
        return A.Action.from_json(raw["action"]), raw["error"]
    except ValueError as err:
        raise bad(f"crash action: {_short(err)}") from None


def _read(path: Path) -> bytes:
    try:
        raw = read_regular(path, MAX_BYTES)
    except NotRegular as err:
        raise SaveError(f"{path}: is {err.strerror}") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except OSError as err:
        raise SaveError(f"{path}: cannot read: {err.strerror or err}") from None
    if not raw.strip():
        raise SaveError(f"{path}: the file is empty")
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{path}: too large to be a save ({MAX_BYTES} bytes at most)")
    return raw


def _parse(path: Path, raw: bytes) -> tuple[dict, bool]:
    """The save's data, and whether the file is sealed: byte for byte what :func:`save`
    wrote, its checksum over those very bytes. A sealed file has no key twice (it is the
    canonical JSON of a dict), so only a file that is not sealed (hand-edited, reformatted,
    corrupt) pays for parsing again with every object checked for duplicate keys."""
    data = _decode(path, raw, strict=False)
    if _sealed(raw, data):
        return data, True
    return _decode(path, raw, strict=True), False


def _decode(path: Path, raw: bytes, *, strict: bool) -> dict:
    try:
        data = streamed.loads(raw.decode("utf-8"), parse_constant=_no_constant,
                              object_pairs_hook=_no_duplicates if strict else None)
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a save file (not UTF-8 text; corrupt?)") from None
    except json.JSONDecodeError as err:
        raise SaveError(f"{path}: not valid JSON (truncated or corrupt?): {err.msg} "
                        f"at line {err.lineno} column {err.colno}") from None
    except (ValueError, RecursionError) as err:
        raise SaveError(f"{path}: not a save file: {_short(err)}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (a JSON {type(data).__name__}, "
                        f"not an object)")
    return data


def _sealed(raw: bytes, data: dict) -> bool:
    """Whether ``raw`` is ``canonical(data) + "\\n"`` with a matching checksum, found in one
    pass over the bytes instead of writing the data out again. ``save`` writes the checksum
    as ``,"checksum":"<hex>"`` among the sorted keys; when that is the only key of that name
    anywhere in the file and the bytes around it hash to it, those bytes are the canonical
    JSON the checksum was taken over (sha256 does not collide), so the data parsed from them
    is exactly the data :func:`checksum` would check."""
    mark = data.get("checksum")
    if not isinstance(mark, str) or not _HEX64.fullmatch(mark):
        return False
    field = b',"checksum":"' + mark.encode() + b'"'
    if raw.count(b'"checksum":') != 1 or raw.count(field) != 1:
        return False
    at, end = raw.index(field), len(raw) - raw.endswith(b"\n")
    view = memoryview(raw)
    digest = hashlib.sha256(view[:at])
    digest.update(view[at + len(field):end])
    return digest.hexdigest() == mark


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key appears twice in one object")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save can hold")


def _short(err: BaseException) -> str:
    return " ".join(str(err).split())[:120] or type(err).__name__


def _check_header(data: dict, sealed: bool, bad) -> None:
    version = data.get("format")
    if version is None:
        raise bad("not a save file (no format version)")
    if version != FORMAT or isinstance(version, bool):
        raise bad(f"save format {quoted(version, 20)} is not supported (this game reads "
                  f"format {FORMAT})")
    mark = data.get("checksum")
    if not isinstance(mark, str) or not _HEX64.fullmatch(mark):
        raise bad("no valid checksum")
    if not sealed and checksum(data) != mark:
        raise bad("checksum mismatch: the file is corrupt or was edited")


def _check_fields(data: dict, bad) -> None:
    missing = sorted(set(_FIELDS) - set(data))
    extra = sorted(set(data) - set(_FIELDS) - set(_OPTIONAL) - set(OPTIONAL))
    if missing or extra:
        raise bad(f"missing fields {missing}" if missing else f"unknown fields {extra}")
    for key, kind in _FIELDS.items():
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise bad(f"field {key!r} should be {kind.__name__}, not {type(value).__name__}")
    for key in ("final_hash",):
        if not _HEX64.fullmatch(data[key]):
            raise bad(f"field {key!r} is not a sha256 hex digest")


def _actions(raw: list, bad) -> tuple[A.Action, ...]:
    """Every action, checked. A long recording repeats a few dozen distinct actions (moves,
    waits) many thousand times: each distinct spelling is checked once and its action (a
    frozen value) shared. The key holds each value's type beside it, so ``true`` is never
    taken for ``1``; a spelling with floats is checked every time (``-0.0`` is ``0.0``), and
    one that is not an object or holds a list cannot be a key: it is checked every time."""
    out: list[A.Action] = []
    known: dict[tuple, A.Action] = {}
    same: dict[int, A.Action] = {}  # the one dict a spelling read again is (streamed)
    append, get = out.append, known.get
    key: tuple | None
    for item in raw:
        action = same.get(id(item))  # (every item stays alive in ``raw``: ids are its own)
        if action is not None:
            append(action)
            continue
        try:
            key = (*item.items(), *map(type, item.values()))
            action = get(key)
        except (AttributeError, TypeError):
            key = action = None
        if action is None:
            try:
                action = A.Action.from_json(item)
            except (ValueError, TypeError) as err:
                raise bad(f"action {len(out)}: {_short(err)}") from None
            if key is not None and float not in key:
                known[key] = action
        if len(same) < streamed.SHARED_MOST:
            same[id(item)] = action
        append(action)
    return tuple(out)


def _checkpoints(raw: dict, count: int, bad) -> dict[int, str]:
    """Each checkpoint's position and hash, and one every ``CHECKPOINT_EVERY`` actions: a
    game takes them as it is played (every version has), so verify finds a recording out
    of sync within that many actions, and one without them (a forgery of 20,000 actions
    with none took 27 s to fail) is refused before anything is replayed."""
    out = {}
    for key, value in raw.items():
        if not _INDEX.fullmatch(key) or int(key) > count:
            raise bad(f"checkpoint {quoted(key, 20)} is not an action index from 0 to {count}")
        if not isinstance(value, str) or not _HEX64.fullmatch(value):
            raise bad(f"checkpoint {key} is not a sha256 hex digest")
        out[int(key)] = value
    missing = next((k for k in range(CHECKPOINT_EVERY, count + 1, CHECKPOINT_EVERY)
                    if k not in out), None)
    if missing is not None:
        raise bad(f"no checkpoint after action {missing}: a recording holds one every "
                  f"{CHECKPOINT_EVERY} actions (this one was not made by the game, or was "
                  "cut)")
    return dict(sorted(out.items()))


def _check_consistent(data: dict, setup: Setup, checkpoints: dict[int, str], count: int,
                      catalog: Catalog, bad) -> None:
    """The parts must agree with each other (the snapshot with the setup the save names);
    whether they agree with the seed is verify's question (a consistent forgery loads, and
    verify finds it out of sync)."""
    snap = data["snapshot"]
    if data["dead"] != (snap.get("outcome") == "dead"):
        raise bad("the 'dead' flag disagrees with the snapshot")
    try:
        final = snapshot_hash(snap)
    except (TypeError, ValueError, RecursionError):
        raise bad("the snapshot is not plain data") from None
    if final != data["final_hash"]:
        raise bad("the snapshot does not match its final hash")
    if checkpoints.get(count) != final:
        raise bad(f"no checkpoint after the last action ({count}) matching the final hash")
    try:
        check_snapshot(snap, catalog, required_components())
    except BadSnapshot as err:
        raise bad(str(err)) from None
    differs = setup.differs(snap, "the save names")
    if differs is not None:
        raise bad(f"the snapshot {differs}")


# --- continuing ----------------------------------------------------------------------------


def continue_game(path: str | os.PathLike) -> Game:
    """The saved game, restored from its snapshot (no replay), ready to play on. Its
    ``actions`` hold the whole recording, so saving again keeps it."""
    return _restore(load(path))


def _restore(save: SaveData) -> Game:
    if save.dead:
        raise GameOver(f"{save.path}: this character is dead; the save is a recording: "
                       f"replay it with python -m game replay {save.path}")
    if save.snapshot.get("outcome") is not None:
        outcome = quoted(save.snapshot.get("outcome"), 20)
        raise GameOver(f"{save.path}: this game is over ({outcome})"
                       f"; the save is a recording: replay it with "
                       f"python -m game replay {save.path}")
    try:
        # a game goes on as the version that began it, under the overlay it began under
        engine = Game.from_state(save.snapshot, save.setup)
    except Exception as err:  # untrusted data may fail in any way: report it in one line
        raise SaveError(f"{save.path}: the snapshot cannot be restored: {_short(err)}") from None
    if engine.state_hash() != save.final_hash:
        engine.close()
        raise SaveError(f"{save.path}: the snapshot does not restore to its own hash")
    engine.actions = list(save.actions)
    engine.checkpoints = dict(save.checkpoints)
    engine.keyframes = engine_keyframes(save)
    return engine
