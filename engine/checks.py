"""Checks of a position file's values, shared by the codec and every game's
``from_fields``: one place that says how a missing key, a value of the wrong
type or a number out of range is refused.

A position file is untrusted: a number may be far larger than the C field it
lands in (msgpack holds up to 64 bits, Python ints any size), a map may stand
where a name belongs.  Every value goes through one of these checks before it
is used, so bad input always ends in one ``PositionError`` naming the field,
never an ``OverflowError`` or a ``TypeError`` from deeper down.

>>> integer(3, "state.round", 1, 7)
3
>>> integer(2**70, "state.round", 1, 7)
Traceback (most recent call last):
...
ninja_dojo.engine.errors.PositionError: state.round: 1180591620717411303424 is not in 1..7
>>> one_of({"a": 1}, "options.deck", ("standard", "alternate-1"))
Traceback (most recent call last):
...
ninja_dojo.engine.errors.PositionError: options.deck: a map is not one of standard, alternate-1
"""
from __future__ import annotations

import reprlib

from ninja_dojo.engine.errors import PositionError

#: Values longer than this are cut in messages (a message stays one short line).
SHOWN = 60
#: ``repr`` of a list or a map that stops early (a few entries, two levels deep)
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, SHOWN, SHOWN

_KINDS = {bool: "true or false", int: "an integer", str: "a name", list: "a list",
          dict: "a map", float: "a number", bytes: "bytes", type(None): "nothing"}


def kind(v) -> str:
    """What a value is, in words: ``kind([])`` is ``'a list'``."""
    return _KINDS.get(type(v), type(v).__name__)


def shown(v) -> str:
    """``repr(v)`` on one line, cut to a readable length: every value of
    untrusted input that a message quotes goes through here (or ``cut``),
    so a message stays one short line whatever the input held.  Only a
    prefix of a long value is ever turned into text.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown(10 ** 5000)
    'an integer of 5001 digits'
    """
    if isinstance(v, (str, bytes, bytearray)):
        text = repr(v[:SHOWN])
    elif isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 4 * SHOWN:
        # (say how big, not what: past 4,300 digits Python's str() refuses)
        return f"an integer of {_digits(v)} digits"
    else:
        text = _REPR.repr(v)
    return cut(text)


def _digits(v: int) -> int:
    """The number of decimal digits of ``v``, without ``str(v)`` (which
    Python refuses past 4,300 digits)."""
    import math
    n = abs(v)
    d = int(n.bit_length() * math.log10(2))     # d or d + 1 digits
    return d + 1 if n >= 10 ** d else d


def cut(text: str, limit: int = SHOWN) -> str:
    """``text`` (a reason from the system or a library, a line of a file) on
    one line of printable characters, cut to ``limit``.

    >>> cut("line one\\nline two\\x1b[2J")
    'line one line two?[2J'
    """
    text = " ".join(str(text)[:limit * 2].split())
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def number_words(n, grouped: bool = True) -> str:
    """A bound or a value as a message writes it: ``100,000,000``, ``3600``,
    ``0.5``; ``grouped=False``: an integer's digits in one run (a port)."""
    if isinstance(n, int) and not isinstance(n, bool):
        return f"{n:,}" if grouped else str(n)
    return f"{n:g}" if isinstance(n, float) else str(n)


def range_words(low, high, unit: str = "", *, low_open: bool = False,
                high_open: bool = False, grouped: bool = True) -> str:
    """A range as a person reads it, each bound worded as it is checked
    (an open bound is not "between": ``--seconds 0`` is refused because a
    time is *more than* 0).

    >>> range_words(1, 100_000_000, "iterations")
    'from 1 to 100,000,000 iterations'
    >>> range_words(0, 3600.0, "seconds", low_open=True)
    'more than 0 and at most 3600 seconds'
    >>> range_words(0, 10, high_open=True)
    'at least 0 and less than 10'
    """
    lo, hi = number_words(low, grouped), number_words(high, grouped)
    unit = f" {unit}" if unit else ""
    if not low_open and not high_open:
        return f"from {lo} to {hi}{unit}"
    return (f"{'more than' if low_open else 'at least'} {lo} and "
            f"{'less than' if high_open else 'at most'} {hi}{unit}")


def out_of_range(value, low, high, unit: str = "", *, low_open: bool = False,
                 high_open: bool = False, grouped: bool = True,
                 typed: str | None = None) -> str | None:
    """Why ``value`` is refused, in one line, or ``None`` when it lies in the
    range: the one wording of every bound the command lines check.
    ``typed``: the value as the person typed it (``1e9``), to quote it so.

    >>> out_of_range(0.0, 0, 3600.0, "seconds", low_open=True, typed="0")
    '0 is too small: more than 0 and at most 3600 seconds'
    >>> out_of_range(10**9, 1, 100_000_000, "iterations")
    '1,000,000,000 is too large: from 1 to 100,000,000 iterations'
    >>> out_of_range(5, 1, 10) is None
    True
    """
    if value != value:                      # NaN lies in no range
        side = "not a number"
    elif value < low or (low_open and value == low):
        side = "too small"
    elif value > high or (high_open and value == high):
        side = "too large"
    else:
        return None
    said = cut(typed) if typed is not None else number_words(value, grouped)
    words = range_words(low, high, unit, low_open=low_open, high_open=high_open, grouped=grouped)
    return f"{said} is {side}: {words}"


def get(f: dict, key: str, where: str = "state"):
    """``f[key]``, or ``PositionError`` naming ``where.key`` as missing."""
    if key not in f:
        raise PositionError(f"{where}.{key}: missing")
    return f[key]


def integer(v, where: str, lo: int, hi: int) -> int:
    """``v`` if it is an integer (not a bool) in ``lo..hi``."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise PositionError(f"{where}: expected an integer, got {type(v).__name__}")
    if not lo <= v <= hi:
        raise PositionError(f"{where}: {shown(v)} is not in {lo}..{hi}")
    return v


def boolean(v, where: str) -> bool:
    if not isinstance(v, bool):
        raise PositionError(f"{where}: expected true or false, got {shown(v)}")
    return v


def one_of(v, where: str, values) -> object:
    """``v`` if it equals one of ``values`` and has its type (``1`` is not
    ``True``); any value, even one that cannot be hashed, is safe to pass."""
    for x in values:
        if type(v) is type(x) and v == x:
            return v
    got = shown(v) if isinstance(v, (str, int, float, type(None))) else kind(v)
    raise PositionError(f"{where}: {got} is not one of {', '.join(map(str, values))}")


def items(v, where: str, length: int | None = None, what: str = "a list") -> list:
    """``v`` if it is a list (of ``length`` entries, when given)."""
    if not isinstance(v, list):
        raise PositionError(f"{where}: expected {what}, got {kind(v)}")
    if length is not None and len(v) != length:
        raise PositionError(f"{where}: expected {length} entries, got {len(v)}")
    return v


def seats(v, where: str, players: int) -> int:
    """A list of distinct seats as a bit mask (seat ``i`` is bit ``i``)."""
    mask = 0
    for i, x in enumerate(items(v, where, what="a list of seats")):
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < players:
            raise PositionError(f"{where}[{i}]: {shown(x)} is not a seat (0..{players - 1})")
        if (mask >> x) & 1:
            raise PositionError(f"{where}[{i}]: seat {x} is listed twice")
        mask |= 1 << x
    return mask


class Among:
    """A named set of allowed numbers, for messages: ``Among("a Guard id",
    range(40))``, or the numbers that pass ``test``.

    >>> 7 in Among("an odd number", test=lambda v: v % 2 == 1)
    True
    """

    def __init__(self, what: str, values=(), test=None):
        self.what = what
        self.values = frozenset(values)
        self.test = test

    def __contains__(self, v) -> bool:
        return self.test(v) if self.test is not None else v in self.values

    def __str__(self) -> str:
        return self.what


#: In a log entry's shape (``entry``): any seat of the game, 0..players-1.
SEAT = Among("a seat", ())


def _allows(domain, v: int, players: int) -> bool:
    if domain is SEAT:
        return 0 <= v < players
    if isinstance(domain, int):
        return v == domain
    if isinstance(domain, tuple):
        return any(_allows(d, v, players) for d in domain)
    return v in domain


def describe(domain, players: int) -> str:
    """A domain of ``entry``'s shapes in words: ``describe(range(40), 2)`` is ``'0..39'``."""
    if domain is SEAT:
        return f"a seat (0..{players - 1})"
    if isinstance(domain, int):
        return str(domain)
    if isinstance(domain, range):
        return f"{domain.start}..{domain.stop - 1}"
    if isinstance(domain, tuple):
        return " or ".join(describe(d, players) for d in domain)
    return str(domain)


def entry(row, where: str, widths, kinds: dict, players: int) -> list:
    """One entry of a game's step log: a list of integers, the first its
    kind, checked against the shapes the engine writes for that kind.

    The display reads these numbers as indices (a card's name, a hex, a
    node of a card's program), so each one is checked exactly where it can
    point: ``widths`` are the largest value of each C field, ``kinds`` maps
    a kind to ``(name, shapes)``, a shape being one domain per field after
    the kind: an ``int`` (that value), a ``range``, an ``Among``, ``SEAT``,
    or a tuple of them (any one).  When a kind has several shapes (the same
    step about a Guard or an Elite), the entry must fit one; the message
    names the first field that fits none.

    >>> kinds = {3: ("reveal", [(SEAT, 0, range(40)), (SEAT, 1, range(20))])}
    >>> entry([3, 1, 1, 19], "state.log[0]", (255, 255, 255, 255), kinds, 2)
    [3, 1, 1, 19]
    >>> entry([3, 1, 1, 39], "state.log[0]", (255, 255, 255, 255), kinds, 2)
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: state.log[0][3]: 39 is not 0..19 in a reveal step
    >>> entry([9, 1, 1, 39], "state.log[0]", (255, 255, 255, 255), kinds, 2)
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: state.log[0][0]: 9 is not a kind of step (3)
    """
    row = items(row, where, len(widths))
    vals = [integer(v, f"{where}[{k}]", 0, widths[k]) for k, v in enumerate(row)]
    if vals[0] not in kinds:
        lo, hi = min(kinds), max(kinds)
        known = (str(lo) if lo == hi else f"{lo}..{hi}" if len(kinds) == hi - lo + 1
                 else ", ".join(map(str, sorted(kinds))))
        raise PositionError(f"{where}[0]: {vals[0]} is not a kind of step ({known})")
    name, shapes = kinds[vals[0]]
    fits = []
    for shape in shapes:
        k = 0
        while k < len(shape) and _allows(shape[k], vals[k + 1], players):
            k += 1
        if k == len(shape):
            return vals
        fits.append(k)
    # The field where the shapes that fit longest stop fitting.
    k = max(fits)
    allowed = []
    for shape, fit in zip(shapes, fits):
        d = describe(shape[k], players)
        if fit == k and d not in allowed:
            allowed.append(d)
    raise PositionError(f"{where}[{k + 1}]: {vals[k + 1]} is not {' or '.join(allowed)} in a {name} step")


def known_keys(f: dict, allowed, where: str = "state") -> None:
    """Refuse a key that is not one of ``allowed`` (the first in name order)."""
    extra = [k for k in f if k not in allowed]
    if extra:
        raise PositionError(f"{where}: unknown field {shown(min(extra, key=repr))}")


def options(spec: dict, title: str, given) -> dict:
    """A game's options (without ``players``) checked against its module's
    ``OPTIONS`` (``spec``): every name known, every value one of its allowed
    values.  The game's ``new_state`` then checks what depends on the player
    count.

    >>> options({"deck": {"values": ("blue", "red")}}, "Pride of Ninja", {"deck": "green"})
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: options.deck: 'green' is not one of blue, red
    """
    if not isinstance(given, dict):
        raise PositionError(f"options: expected a map, got {kind(given)}")
    out = {}
    for key, value in given.items():
        if not spec:
            raise PositionError(f"options: {title} has no options ({shown(key)})")
        if not isinstance(key, str) or key not in spec:
            raise PositionError(f"options: {shown(key)} is not an option of {title} "
                                f"(options: {', '.join(spec)})")
        if spec[key].get("per_seat"):
            out[key] = per_seat(value, f"options.{key}", spec[key])
        else:
            out[key] = one_of(value, f"options.{key}", spec[key]["values"])
    return out


def per_seat(value, where: str, spec: dict):
    """A per-seat option (``"per_seat": True`` in a game's ``OPTIONS``): one
    value for every seat, or one per seat as a list or as text with commas
    (``"master,ronin"``, as the command line gives it).  Each value is one
    of ``spec["values"]``, or whatever ``spec["parse"](value, where)``
    accepts (it returns the value to keep, or raises ``PositionError``).
    Whether there is one value per seat is the game's to check: it knows the
    player count.

    >>> spec = {"values": ("random", "master", "ronin"), "per_seat": True}
    >>> per_seat("master, ronin", "options.samurai", spec)
    ['master', 'ronin']
    >>> per_seat("random", "options.samurai", spec)
    'random'
    >>> per_seat(["ronin", "ninja"], "options.samurai", spec)
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: options.samurai[1]: 'ninja' is not one of random, master, ronin
    """
    def one(v, at):
        if "parse" in spec:
            return spec["parse"](v, at)
        return one_of(v, at, spec["values"])

    if isinstance(value, str) and "," in value:
        value = [v.strip() for v in value.split(",")]
    if isinstance(value, list):
        if not value:
            raise PositionError(f"{where}: an empty list; give one value, or one per seat")
        return [one(v, f"{where}[{i}]") for i, v in enumerate(value)]
    return one(value, where)
