"""Every game's ``determinize``, checked one way for all games, present and
future (``tests/properties.py`` reads ``engine.GAMES``).

At the decisions of random games, for every observer (each seat and the
public ``-1``), a copy ``state.determinize(observer, seed)`` must be a world
the observer cannot tell from the true one, and a sound one:

- it shows the observer exactly what the true state shows (``view``), gives
  it the same moves, and waits on the same seats;
- it carries no past that could rebuild the truth (no seed, no history);
- it is consistent: the game's own loader accepts its fields (every card in
  one place) and a history-less position of it survives msgpack;
- it plays to the end from every legal move of every seat to move.

The search's own hidden-information test is in ``tests/test_solver.py``.
"""
from __future__ import annotations

import random

from hypothesis import given, settings

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State
from tests.play import random_joint
from tests.properties import budget, decision_kind, games, play_out, start


def forced(state: State) -> bool:
    """Every seat to move has a single legal move: a state the loader refuses
    ("nothing to decide"), which a copy may be when the observer's own move
    is forced and the resampled seats happen to have one move each."""
    return all(len(state.legal_action_ids(m)) == 1 for m in state.movers())


def assert_consistent(state: State) -> None:
    """The game's loader takes the state's fields back unchanged, and a
    history-less position of it round-trips through msgpack.  A forced
    state is checked once its forced moves are played."""
    while forced(state) and not state.is_terminal():
        state = state.clone()
        state.apply({m: state.legal_action_ids(m)[0] for m in state.movers()})
    buf = state.game.from_fields(state.fields())
    assert state.game.fields(buf) == state.fields()
    if state.is_terminal():
        return
    position = State(state.name, state.buffer(), state.options, 0)
    assert engine.loads(engine.dumps(position)) == position


def assert_sound_copy(state: State, observer: int, seed: int) -> State:
    copy = state.determinize(observer, seed)
    assert copy.seed is None and copy.history == []
    assert copy.view(observer) == state.view(observer)
    assert copy.movers() == state.movers()
    if observer in state.movers():
        assert copy.legal_action_ids(observer) == state.legal_action_ids(observer)
    assert_consistent(copy)
    return copy


def assert_plays_on(copy: State, rng: random.Random) -> None:
    """From every legal move of every seat to move (the other seats moving
    at random), the copy plays to a sound end."""
    for seat in copy.movers():
        for action in copy.legal_action_ids(seat):
            s = copy.clone()
            joint = random_joint(s, rng)
            joint[seat] = s.action(action)
            s.apply(joint)
            assert_consistent(s)
            assert_consistent(play_out(s, rng))


@settings(max_examples=budget(1.6))
@given(games)
def test_every_copy_keeps_the_observers_view_and_plays_on(game):
    config, seed = game
    rng = random.Random(seed)
    state = start(config, seed)
    seen_kinds = set()
    while not state.is_terminal():
        # Every observer at every decision; from each kind of decision met
        # for the first time in this game, every legal move is played out.
        kind = decision_kind(state)
        for observer in range(-1, state.players):
            copy = assert_sound_copy(state, observer, rng.getrandbits(64))
            if kind not in seen_kinds:
                assert_plays_on(copy, rng)
        seen_kinds.add(kind)
        state.apply(random_joint(state, rng))


@settings(max_examples=budget(0.8))
@given(games)
def test_a_copy_of_a_copy_is_still_the_observers_world(game):
    """The search determinizes copies of states it reached from a copy."""
    config, seed = game
    rng = random.Random(seed)
    state = start(config, seed)
    while not state.is_terminal():
        observer = rng.randrange(-1, state.players)
        copy = state.determinize(observer, rng.getrandbits(64))
        again = assert_sound_copy(copy, observer, rng.getrandbits(64))
        assert again.view(observer) == state.view(observer)
        state.apply(random_joint(state, rng))


def test_copies_refuse_a_seat_that_is_not_there():
    state = start(("ninjan", 2, {}), 1)
    for observer, seed in ((2, 0), (-2, 0), (0, -1), (0, 2**64), (True, 0)):
        try:
            state.determinize(observer, seed)
        except PositionError:
            continue
        raise AssertionError(f"determinize({observer!r}, {seed!r}) was accepted")
