"""Position files that never crash anything, for every game, present and
future (``tests/properties.py`` reads ``engine.GAMES``).

Whatever the bytes, loading gives either one ``PositionError`` (one line,
naming the field) or a sound state: one that saves and loads back the same,
that a tiny search can analyse and that plays to the end.  The inputs:
random bytes, truncated and bit-flipped real positions, and real positions
(saved at random points of random games, with their history or as
hand-made positions without one) with structured damage: a value replaced
by one of another type, out of range, huge (beyond 64 bits), negative or a
nested map; a list entry (a card) duplicated or dropped; keys removed or
added at every level; history entries corrupted.  ``solver analyse`` on
damaged files exits 0, or 2 with one line on stderr.
"""
from __future__ import annotations

import contextlib
import copy
import io
import os
import random
import re
import tempfile

import msgpack
from hypothesis import event, given, settings, strategies as st

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, codec
from ninja_dojo.engine.review import GameReview, ReviewedMove
from ninja_dojo.solver.review import decisions
from ninja_dojo.solver.search import analyse
from tests.play import play_random
from tests.properties import budget, games, play_out, start

#: A refusal names what is wrong first: a field (``state.hands[2]``,
#: ``history[4] action``, ``options.deck``, ``seats[1]``,
#: ``review.decisions[3].best``...) or the file as a
#: whole (``not a position``, ``unknown field 'x'``, ``unknown game 'x'``).
NAMED = re.compile(r"^([a-z_]+(\.[a-z_]+|\[\d+\])*( seat| action)?: |not a (msgpack )?position|"
                   r"unknown (field|game) )")

#: Values of every kind a damaged file may hold where something else belongs.
EDGE_INTEGERS = [-1, 0, 1, 2, 7, 255, 256, 2**15, 2**16, 2**31, 2**32, 2**63 - 1, 2**63,
                 2**64 - 1, 2**64, 2**100, -2**31, -2**63, -2**63 - 1, -2**100]
values = st.one_of(
    st.none(), st.booleans(), st.sampled_from(EDGE_INTEGERS), st.integers(-3, 60),
    st.floats(allow_nan=True), st.text(max_size=12), st.binary(max_size=8),
    st.lists(st.integers(-2, 9) | st.text(max_size=4), max_size=4),
    st.dictionaries(st.text(max_size=6), st.integers(-2, 9) | st.text(max_size=4) | st.none(),
                    max_size=3),
    st.recursive(st.integers(-1, 3) | st.text(max_size=3),
                 lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                            max_size=2),
                 max_leaves=6),
)


def nodes(x, path=()):
    """Every place in a decoded position: paths of map keys and list indices."""
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from nodes(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from nodes(v, path + (i,))


def at(x, path):
    for key in path:
        x = x[key]
    return x


def damage(draw, doc) -> None:
    """One structured damage at a place of ``doc`` chosen by ``draw``."""
    places = list(nodes(doc))[1:]
    path = draw(st.sampled_from(places))
    parent, key = at(doc, path[:-1]), path[-1]
    node = parent[key]
    how = draw(st.sampled_from(["replace", "replace", "copy", "nudge", "remove", "duplicate",
                                "add key", "swap"]))
    if how == "replace":
        parent[key] = draw(values)
    elif how == "copy":            # a value from elsewhere in the file: a card name, a list...
        parent[key] = copy.deepcopy(at(doc, draw(st.sampled_from(places))))
    elif how == "nudge" and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + draw(st.sampled_from([-1, 1, -node - 1, 2**64, -2**64]))
    elif how == "remove":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(node))
    elif how == "add key":
        target = node if isinstance(node, dict) else parent if isinstance(parent, dict) else doc
        name = draw(st.sampled_from([k for p in places for k in p if isinstance(k, str)] + ["x"]))
        target[name + draw(st.sampled_from(["", "_", "2"]))] = draw(values)
    elif how == "swap":
        other = draw(st.sampled_from(places))
        if other[:len(path)] != path and path[:len(other)] != other:
            o_parent = at(doc, other[:-1])
            parent[key], o_parent[other[-1]] = o_parent[other[-1]], parent[key]
    else:
        parent[key] = draw(values)


@st.composite
def real_positions(draw):
    """A position saved at a random point of a random game, as a map."""
    config, seed = draw(games)
    state = play_random(start(config, seed), random.Random(seed), draw(st.integers(0, 250)))
    review = draw(st.none() | reviews(state))
    doc = codec.to_map(state, seats=draw(st.none() | st.just(["human"] * state.players)), review=review)
    if draw(st.booleans()):
        doc["history"] = []            # a hand-made position: the fields alone decide
        doc.pop("review", None)
    return doc


@st.composite
def reviews(draw, state):
    """A valid review of the first moves of ``state``'s game, with values
    drawn (a real one searches every decision: too slow here); the AI's
    move is one of the legal moves of the decision."""
    moves = draw(st.integers(0, len(state.history)))
    out = []
    for d in decisions(state):
        if d.move >= moves:
            break
        legal = d.state.legal_action_ids(d.seat)
        out.append(ReviewedMove(d.move, d.seat, d.played, draw(st.sampled_from(legal)),
                                draw(st.floats(0, 1)), draw(st.floats(0, 1)),
                                draw(st.integers(0, 5000)), d.legal, draw(st.integers(0, 10**6))))
    return GameReview(draw(st.integers(1, 10**6)), moves, tuple(out),
                      draw(st.just(0.0) | st.floats(0, 3600)))


@st.composite
def damaged_positions(draw):
    doc = draw(real_positions())
    for _ in range(draw(st.integers(1, 3))):
        damage(draw, doc)
    return doc


def packed(doc) -> bytes | None:
    """``doc`` as msgpack, or None when msgpack cannot hold it (an integer
    beyond 64 bits): then it is loaded as a map, as a program would."""
    try:
        return msgpack.packb(doc, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        return None


def assert_refusal(e: PositionError) -> None:
    message = str(e)
    assert message and "\n" not in message and len(message) <= 300, message
    assert NAMED.match(message), f"names no field: {message!r}"


def assert_sound(state: engine.State, seed: int) -> None:
    """A loaded state saves and loads back the same, can be searched, and
    plays to the end."""
    assert engine.loads(engine.dumps(state)) == state
    if not state.is_terminal():
        a = analyse(state.clone(), iterations=50, seed=seed)
        assert a.best.action in state.legal_action_ids(a.player)
    play_out(state.clone(), random.Random(seed))


def load_or_refuse(load, seed: int = 0) -> bool:
    """True when ``load()`` gave a sound state, False for a good refusal."""
    try:
        saved = load()
    except PositionError as e:
        assert_refusal(e)
        event("refused")
        return False
    state = saved.state
    if saved.review is not None:       # the review saves and loads back with its game
        event("loaded with a review")
        again = engine.loads_game(engine.dumps(state, review=saved.review))
        assert again.review == saved.review
    assert_sound(state, seed)
    event("loaded")
    return True


@settings(max_examples=budget(4))
@given(damaged_positions())
def test_damaged_positions_load_soundly_or_are_refused_naming_the_field(doc):
    data = packed(doc)
    load_or_refuse(lambda: engine.loads_game(data) if data is not None else codec.game_from_map(doc))


@settings(max_examples=budget(1))
@given(real_positions())
def test_real_positions_load_soundly(doc):
    assert load_or_refuse(lambda: engine.loads_game(msgpack.packb(doc, use_bin_type=True)))


@settings(max_examples=budget(2))
@given(real_positions(), st.data())
def test_truncated_or_flipped_positions_are_refused(doc, data):
    raw = msgpack.packb(doc, use_bin_type=True)
    cut = data.draw(st.integers(0, len(raw) - 1))
    load_or_refuse(lambda: engine.loads_game(raw[:cut]))
    flipped = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        flipped[i] ^= data.draw(st.integers(1, 255))
    load_or_refuse(lambda: engine.loads_game(bytes(flipped)))


@settings(max_examples=budget(2))
@given(st.binary(max_size=600))
def test_random_bytes_are_refused(raw):
    load_or_refuse(lambda: engine.loads_game(raw))


@settings(max_examples=budget(1))
@given(damaged_positions())
def test_solver_analyse_on_a_damaged_file_exits_0_or_2_with_one_line(doc):
    from ninja_dojo.solver.cli import main

    data = packed(doc)
    if data is None:
        return                          # not a file anyone can write
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "damaged.msgpack")
        with open(path, "wb") as f:
            f.write(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["analyse", path, "--iterations", "50"])
    if status == 0:
        assert "best:" in out.getvalue() and not err.getvalue()
    else:
        assert status == 2, (status, err.getvalue())
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("solver: error: "), \
            err.getvalue()
