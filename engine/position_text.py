"""Positions a person reads and writes: one seat's view of a table, as TOML.

A position file (``engine.codec``) is the whole state, hidden cards and all,
in msgpack: what a program saves.  A *position text* is what one seat knows
and nothing more, in the game's own words, written in a text editor from
the table in front of you:

    # Nin Jan, as seat 1 sees it (seats are counted from 1).
    game = "ninjan"
    players = 3
    seat = 1
    round = 4
    phase = "choose"
    hand = ["7 Rock", "-2 Paper", "10 Scissors", "3 Paper", "1 Rock", "6 Rock"]
    piles = [["5 Paper"], ["2 Rock", "9 Paper"], ["-4 Scissors"]]
    won = [["8 Rock"], ["4 Paper", "-1 Rock"], []]

``position(text)`` turns it into a ``State``: what the seat cannot see (the
other hands, the box, a deck's order) is dealt at random, but consistently
with everything given, by the same determinization the search uses; whatever
does not add up is refused in one line naming its place ("hand: a second
'7 Rock'; Nin Jan has one of each card").  ``text_of(state, seat)`` writes a
state as that seat sees it, so that show, edit and analyse round-trip.

Each game that has a text form gives its ``GameType`` a ``text``: an object
with ``known(buf, seat)``, the seat's knowledge as ``Entry`` lines, and
``fields(doc, players, seat)``, a position's named fields (the codec's
``state``) from such a document, hidden parts filled in any consistent way
(they are dealt again at random afterwards).  docs/positions.md shows one
example a game.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=4)
>>> again = position(text_of(s, 0), seed=1)
>>> again.view(0) == s.view(0)
True
"""
from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.files import read_regular
# (the module, not its names: the games' packages import this one while
# engine.state is still filling its registry)
from ninja_dojo.engine import state as _state

#: The largest position text read (a hand-written one is a few kilobytes).
TEXT_LIMIT = 1 << 20
#: A list of lists longer than this is written one list a line (the inner ones on one line each).
WIDTH = 60
#: The longest list of keys a message says (a longer one is in docs/positions.md).
KEYS_LISTED = 160
#: The keys every position text begins with.
HEADER = ("game", "players", "seat", "options")


@dataclass(frozen=True)
class Entry:
    """One line of a position text: ``key = value``, with a comment above it
    saying what it is (in the game's words)."""
    key: str
    value: Any
    comment: str = ""


def games_with_text() -> list[str]:
    return [name for name, g in _state.GAMES.items() if g.text is not None]


# ------------------------------------------------------------------ writing
def _value(v, indent: str = "") -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        # (a JSON string is a TOML basic string: the same escapes)
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        one_line = "[" + ", ".join(_value(x, indent + " ") for x in v) + "]"
        if not indent and any(isinstance(x, (list, dict)) for x in v) and len(one_line) > WIDTH:
            return "[\n" + "".join(f"    {_value(x, '    ')},\n" for x in v) + "]"
        return one_line
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x, indent + ' ')}" for k, x in v.items()) + "}"
    raise TypeError(f"no TOML for {type(v).__name__}")


def _key(k: str) -> str:
    """A key as TOML writes it: bare when it can be."""
    return k if k and k.replace("_", "").replace("-", "").isalnum() and k.isascii() else json.dumps(k)


def _comment(text: str, out: list[str]) -> None:
    out.extend(f"# {line}".rstrip() for line in text.splitlines())


def write(entries, out: list[str], table: str = "") -> None:
    """``entries`` as TOML lines (appended to ``out``), each with its comment
    above it: the plain keys, then each map as a table of its own (under
    ``table``, when the entries are themselves a table's)."""
    if table:
        out.append(f"[{table}]")
    for e in entries:
        if not isinstance(e.value, dict):
            if e.comment:
                _comment(e.comment, out)
            out.append(f"{_key(e.key)} = {_value(e.value)}")
    # (TOML: a table's keys follow its [name]; tables come after every plain key)
    for e in entries:
        if isinstance(e.value, dict):
            out.append("")
            if e.comment:
                _comment(e.comment, out)
            write([Entry(k, v) for k, v in e.value.items()], out, f"{table}.{e.key}" if table else e.key)


def header_lines(state: "_state.State", seat: int) -> list[str]:
    """A text's first keys: the game, the table, whose view."""
    return [f"game = {_value(state.name)}", f"players = {state.players}",
            "# the seat whose hand this is", f"seat = {seat + 1}"]


def known(state: "_state.State", seat: int) -> list[Entry]:
    """What ``seat`` (from 0) knows of ``state``, as a text's entries."""
    game = state.game
    if game.text is None:
        raise PositionError(f"{game.title} has no text form yet (games with one: "
                            f"{', '.join(games_with_text())})")
    checks.integer(seat, "seat", 0, state.players - 1)
    return list(game.text.known(state.buffer(), seat))


def options_entry(state: "_state.State") -> list[Entry]:
    """The ``[options]`` table, every option said (none for a game without)."""
    options = {**defaults(state.game), **{k: v for k, v in state.options.items() if k != "players"}}
    # (a game whose options hold its own codes, as Senjutsu's decks its card
    # IDs, writes them in its words, and reads them back: ``options_read``)
    if hasattr(state.game.text, "options_words"):
        options = state.game.text.options_words(options)
    return [Entry("options", options)] if options else []


def text_of(state: "_state.State", seat: int) -> str:
    """``state`` as ``seat`` (counted from 0) sees it: a position text."""
    entries = known(state, seat)
    out = [f"# {state.game.title}, as seat {seat + 1} sees it (seats are counted from 1).",
           "# Edit it, then: solver analyse FILE.toml, or solver position FILE.toml -o FILE.msgpack",
           *header_lines(state, seat)]
    write(entries + options_entry(state), out)
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ reading
def parse(text: str) -> dict:
    """The TOML document in ``text``; ``PositionError`` saying where it is not TOML."""
    if not isinstance(text, str):
        raise PositionError(f"not a position text: expected text, got {checks.kind(text)}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PositionError(f"not a position text (TOML): {checks.cut(str(e))}") from None
    except RecursionError:      # (deeply nested arrays)
        raise PositionError("not a position text (TOML): nested too deeply") from None


def read_text(path: str | os.PathLike) -> str:
    """The text of a position text file (a regular file, at most ``TEXT_LIMIT`` bytes, UTF-8)."""
    data = read_regular(path, TEXT_LIMIT, "position text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PositionError(f"not a position text: byte {e.start} is not UTF-8") from None


def header(doc: dict) -> tuple:
    """The game, the player count, the seat (from 0) and the options of a
    position text's document."""
    if not isinstance(doc, dict):
        raise PositionError("not a position text")
    name = doc.get("game")
    if name is None:
        raise PositionError(f"game: missing (one of: {', '.join(_state.GAMES)})")
    if not isinstance(name, str) or name not in _state.GAMES:
        raise PositionError(f"game: {checks.shown(name)} is not a game (one of: {', '.join(_state.GAMES)})")
    game = _state.game_type(name)
    if game.text is None:
        raise PositionError(f"game: {game.title} has no text form yet (games with one: "
                            f"{', '.join(games_with_text())})")
    lo, hi = game.players
    players = checks.integer(_get(doc, "players"), "players", lo, hi)
    seat = checks.integer(_get(doc, "seat"), "seat", 1, players) - 1
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a table ([options])")
    if hasattr(game.text, "options_read"):
        options = game.text.options_read(options)
    options = {**defaults(game), **checks.options(game.options, game.title, options)}
    return game, players, seat, options


def defaults(game) -> dict:
    """Every option of ``game`` at its default (a text says them all)."""
    return {name: spec["default"] for name, spec in game.options.items()}


def _get(doc: dict, key: str):
    if key not in doc:
        raise PositionError(f"{key}: missing")
    return doc[key]


def position(text: str, seed: int = 0) -> "_state.State":
    """The state of a position text, what its seat cannot see dealt at random
    from ``seed`` (consistently with everything the text says)."""
    return position_of(parse(text), seed)


def position_of(doc: dict, seed: int = 0) -> "_state.State":
    """``position`` of a position text's parsed document."""
    checks.integer(seed, "seed", 0, _state.SEED_LIMIT - 1)
    game, players, seat, options = header(doc)
    body = {k: v for k, v in doc.items() if k not in HEADER}
    try:
        buf = game.from_fields(game.text.fields(body, players, seat, options))
    except PositionError as e:
        raise PositionError(in_text_words(str(e), game.text, seat)) from None
    known = _state.State(game.name, buf, {"players": players, **options}, seed)
    # The filling above is one consistent world; the game's determinization
    # (the search's) deals the unseen cards again at random.
    dealt = known.determinize(seat, seed)
    return _state.State(game.name, dealt.buffer(), known.options, seed)


def in_text_words(message: str, text, seat: int) -> str:
    """A message of the rules' own checks, which name a position's fields
    and count from 0 (``state.pp[1]: ...``), in a text's words: its keys,
    and seats and entries counted from 1 (``pp, seat 2: ...``).  ``text.SEATED`` names the
    keys of a text that hold one entry per seat; the hands are the text's
    ``hand`` for its own seat.

    >>> from ninja_dojo.engine.pride_of_ninja import text
    >>> in_text_words("state.pp[1]: expected an integer, got 'x'", text, 0)
    "pp, seat 2: expected an integer, got 'x'"
    >>> in_text_words("state.hands[0]: 'Oni' is not a card name", text, 0)
    "hand: 'Oni' is not a card name"
    """
    seated = getattr(text, "SEATED", ())

    def place(m: re.Match) -> str:
        key, i = m.group(1), int(m.group(2))
        if key == "hands":
            return "hand" if i == seat else f"the hand of seat {i + 1}"
        return f"{key}, seat {i + 1}" if key in seated else f"{key}, entry {i + 1}"

    return re.sub(r"\b([a-z_][a-z_.]*)\[(\d+)\]", place, re.sub(r"\bstate\.", "", message))


def load_text(path: str | os.PathLike, seed: int = 0) -> tuple["_state.State", int]:
    """The state of the position text file at ``path`` and its seat (from 0)."""
    doc = parse(read_text(path))
    return position_of(doc, seed), header(doc)[2]


def body_keys(table: dict, required, optional=(), where: str = "") -> None:
    """Refuse a key of a position text's body (or of its table ``where``)
    that the game does not know, naming the nearest one, and then name the
    first one missing."""
    known = (*required, *optional)
    for key in table:
        if key not in known:
            near = difflib.get_close_matches(str(key), known, 1)
            listed = ", ".join(known if where else (*HEADER[:3], *known))
            # (a game with many keys would not fit them on one line)
            keys = f"keys: {listed}" if len(listed) <= KEYS_LISTED else "docs/positions.md lists them"
            raise PositionError((f"{where}: {checks.shown(key)} is not a key here" if where else
                                 f"{checks.shown(key)}: not a key of this position")
                                + f" ({f'did you mean {near[0]!r}? ' if near else ''}{keys})")
    for key in required:
        if key not in table:
            raise PositionError(f"{where}.{key}: missing" if where else f"{key}: missing")
