"""Positions as msgpack: a versioned map with named fields.

    {"format": "ninja-dojo/position", "version": 1, "game": "ninjan",
     "options": {"players": 4}, "seed": 7,
     "state": {...the game's named fields...},
     "history": [[[seat, action], ...], ...],
     "seats": ["human", "medium", ...],          # optional
     "review": {"version": 1, ...}}              # optional

``history`` holds the joint moves played from the deal of ``seed``.  When it
is not empty, loading replays it and requires that it reaches ``state``; a
hand-made position (a puzzle, an endgame) has an empty history.

``seats``, optional, says who sits where, one name per seat in seat order:
``"human"`` or the AI level the app set (``"medium"``...).  The engine checks
its shape only; the app checks the names.  A file without it (a puzzle, a
position from ``solver new``) leaves the seating to whoever opens it.

``review``, optional, is what the AI thought of every decision of the
game, computed once and kept with it (``engine.review``: its layout and
checks; ``solver.review`` computes it).

Loading validates everything and raises ``PositionError`` naming the bad
field; it never repairs anything silently.  Saving is atomic: a temporary
file in the same folder, flushed, then renamed over the target.

>>> from ninja_dojo.engine import new_game, dumps, loads
>>> s = new_game("ninjan", players=2, seed=5)
>>> loads(dumps(s)) == s
True
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass

import msgpack

from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine import checks
from ninja_dojo.engine.files import read_regular
from ninja_dojo.engine.review import GameReview, check_review
from ninja_dojo.engine.state import SEED_LIMIT, State, game_type, new_game, replay

FORMAT = "ninja-dojo/position"
VERSION = 1
KEYS = ("format", "version", "game", "options", "seed", "state", "history")
OPTIONAL_KEYS = ("seats", "review")
#: The longest seat name a file may hold.
SEAT_NAME_LIMIT = 32
#: The largest position file read (a long game with its review is far smaller).
FILE_LIMIT = 1 << 24
#: What bytes that are not msgpack at all are called.
NOT_MSGPACK = "not a position file (not msgpack)"


@dataclass(frozen=True)
class SavedGame:
    """A position file's contents: the state, and who sits where if it says.

    >>> from ninja_dojo.engine import new_game
    >>> g = loads_game(dumps(new_game("ninjan", 2, seed=1), seats=["human", "hard"]))
    >>> g.seats
    ('human', 'hard')
    """
    state: State
    seats: tuple[str, ...] | None = None
    review: GameReview | None = None


def to_map(state: State, seats=None, review: GameReview | None = None) -> dict:
    if state.seed is None:
        raise PositionError("seed: this state is a determinized copy (a world one seat cannot tell "
                            "from the true one), not a game that was played; save the real state")
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.name,
        "options": dict(state.options),
        "seed": state.seed,
        "state": state.fields(),
        "history": [[list(pair) for pair in joint] for joint in state.history],
    }
    if seats is not None:
        doc["seats"] = list(_seat_names(list(seats), state.players))
    if review is not None:
        if review.moves > len(state.history):
            raise PositionError(f"review.moves: the review covers {review.moves} moves, "
                                f"the game has {len(state.history)}")
        doc["review"] = review.to_map()
    return doc


def dumps(state: State, seats=None, review: GameReview | None = None) -> bytes:
    """msgpack bytes of ``state``; ``seats``, if given, are one name per seat;
    ``review``, if given, the game's review."""
    return msgpack.packb(to_map(state, seats, review), use_bin_type=True)


def _seat_names(seats, players: int) -> tuple[str, ...]:
    if not isinstance(seats, list) or len(seats) != players:
        raise PositionError(f"seats: expected a list of {players} names, one per seat")
    for i, name in enumerate(seats):
        if not isinstance(name, str) or not 0 < len(name) <= SEAT_NAME_LIMIT or not name.isprintable():
            raise PositionError(f"seats[{i}]: expected a name of 1 to {SEAT_NAME_LIMIT} printable characters")
    return tuple(seats)


def from_map(doc) -> State:
    """The state of a position map (as ``msgpack`` decodes it); validated."""
    return game_from_map(doc).state


def game_from_map(doc) -> SavedGame:
    """The state and seating of a position map; validated."""
    if not isinstance(doc, dict):
        raise PositionError("not a position: the top level must be a map")
    if type(doc.get("format")) is not str or doc["format"] != FORMAT:
        raise PositionError(f"format: expected {FORMAT!r}, got {checks.shown(doc.get('format'))}")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise PositionError(f"version: {checks.shown(version)} is not supported "
                            f"(this program reads version {VERSION})")
    for key in doc:
        if key not in KEYS and key not in OPTIONAL_KEYS:
            raise PositionError(f"unknown field {checks.shown(key)}")
    for key in KEYS:
        if key not in doc:
            raise PositionError(f"{key}: missing")
    name = doc["game"]
    if not isinstance(name, str):
        raise PositionError("game: expected a name")
    game = game_type(name)
    options = doc["options"]
    if not isinstance(options, dict) or "players" not in options:
        raise PositionError("options: expected a map with 'players'")
    lo, hi = game.players
    players = checks.integer(options["players"], "options.players", lo, hi)
    extra = checks.options(game.options, game.title,
                           {k: v for k, v in options.items() if k != "players"})
    seed = checks.integer(doc["seed"], "seed", 0, SEED_LIMIT - 1)
    fresh = new_game(name, players, seed, **extra).fields()
    buf = game.from_fields(doc["state"])
    have = game.fields(buf)
    # A game keeps each option in a state field of the same name.
    for key in ("players", *game.options):
        if have.get(key) != fresh.get(key):
            raise PositionError(f"options.{key}: {checks.shown(fresh.get(key))}, "
                                f"but the state says {checks.shown(have.get(key))}")
    history = doc["history"]
    if not isinstance(history, list):
        raise PositionError("history: expected a list of moves")
    moves = []
    for i, joint in enumerate(history):
        if not isinstance(joint, list) or not joint:
            raise PositionError(f"history[{i}]: expected a list of [seat, action] pairs")
        pairs = []
        for pair in joint:
            if not (isinstance(pair, list) and len(pair) == 2):
                raise PositionError(f"history[{i}]: expected [seat, action] pairs")
            pairs.append((checks.integer(pair[0], f"history[{i}] seat", 0, players - 1),
                          checks.integer(pair[1], f"history[{i}] action", 0, 1 << 16)))
        seats = [seat for seat, _ in pairs]
        if seats != sorted(set(seats)):
            raise PositionError(f"history[{i}]: each seat once, in seat order")
        moves.append(tuple(pairs))
    state = State(name, buf, {"players": players, **extra}, seed, moves)
    if moves:
        reached = replay(name, state.options, seed, moves)
        if reached.fields() != state.fields():
            raise PositionError("history: replaying the moves from the deal does not reach this state")
    seats = _seat_names(doc["seats"], players) if "seats" in doc else None
    review = check_review(doc["review"], state) if "review" in doc else None
    return SavedGame(state, seats, review)


def loads(data: bytes) -> State:
    """A position from msgpack bytes; ``PositionError`` if anything is wrong."""
    return loads_game(data).state


def loads_game(data: bytes) -> SavedGame:
    """A position and its seating from msgpack bytes; ``PositionError`` if anything is wrong."""
    if not isinstance(data, (bytes, bytearray)):
        raise PositionError("not a position: expected bytes")
    data = bytes(data)
    if not data:
        raise PositionError("not a position file (empty)")
    try:
        doc = msgpack.unpackb(data, raw=False, strict_map_key=True)
    except msgpack.ExtraData:
        # Bytes that begin as a position file are one gone wrong; anything
        # else (a text file, random bytes: its first byte reads as a
        # number, or as a map) never was one.
        if begins_as_position(data):
            raise PositionError("not a position: extra bytes after the position") from None
        raise PositionError(NOT_MSGPACK) from None
    except (ValueError, msgpack.UnpackException) as e:  # bad bytes: msgpack's several types
        if begins_as_position(data):
            raise PositionError(f"not a position file (cut short or damaged: "
                                f"{checks.cut(e)})") from None
        raise PositionError(NOT_MSGPACK) from None
    if not isinstance(doc, dict):   # (a one-character text file reads as a number)
        what = "text" if isinstance(doc, str) else checks.kind(doc)
        raise PositionError(f"not a position file (its msgpack is {what}, not a map)")
    return game_from_map(doc)


#: how a map's first key "format" is written (what every position file begins with)
_FORMAT_KEY = msgpack.packb("format")


def begins_as_position(data: bytes) -> bool:
    """Whether ``data`` begins as every position file does (``dumps``): a
    map whose first key is ``"format"``.  Bytes that do are a position file
    cut short or damaged; bytes that do not are no position file at all
    (text, random bytes), whatever msgpack makes of their first bytes.

    >>> begins_as_position(dumps(new_game("ninjan", 2, seed=1))[:20])
    True
    >>> begins_as_position(b"\\x80 random bytes"), begins_as_position(b"hello")
    (False, False)
    """
    if not data:
        return False
    # the map's header: one byte (up to 15 keys), or three or five (more)
    start = {0xde: 3, 0xdf: 5}.get(data[0], 1 if 0x80 <= data[0] <= 0x8f else None)
    return start is not None and data[start:start + len(_FORMAT_KEY)] == _FORMAT_KEY


def save(state: State, path: str | os.PathLike, seats=None, review: GameReview | None = None) -> None:
    """Write ``state`` (and ``seats``, one name per seat, and its ``review``,
    if given) to ``path`` atomically: the old file or the new, never half."""
    write_atomically(path, dumps(state, seats, review))


def write_atomically(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path``: the old file or the new, never half (a
    temporary file in the same folder, synced, then renamed over it)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=os.path.splitext(path)[1], dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load(path: str | os.PathLike) -> State:
    """The position in the file at ``path``; ``PositionError`` if anything is wrong."""
    return load_game(path).state


def load_game(path: str | os.PathLike) -> SavedGame:
    """The position and seating in the file at ``path``: a regular file of
    at most ``FILE_LIMIT`` bytes (``engine.files``: a FIFO or a device is
    refused, never waited on).  Nothing else is opened: a position holds
    all it needs (a Senjutsu deck is a preset's name or the cards)."""
    return loads_game(read_regular(path, FILE_LIMIT, "position file"))
