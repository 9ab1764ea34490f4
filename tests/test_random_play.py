"""Random Nin Jan games through the public ``State`` API, with the rules'
invariants checked after every move.

10,000 seeded games over 2-5 players, each move drawn uniformly from
``legal_actions``.  Every invariant is derived from the rulebook: the 48
cards never multiply or vanish, the box is never touched, a hand loses one
card a round, nine rounds, and the score is the sum of won cards.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import PositionError, new_game
from tests.conftest import DECK, value

GAMES = 10_000
ALL_IDS = range(54)
VALUE = {c: value(c) for c in DECK}
DECK_SET = frozenset(DECK)


BEATS = {("Rock", "Scissors"), ("Scissors", "Paper"), ("Paper", "Rock")}
TRIPLE = ("Rock", "Scissors", "Paper")


def resolution_order(cards):
    """Seats in resolution order (rulebook notes a and b, rulings 4)."""
    seats = sorted(range(len(cards)), key=lambda s: -value(cards[s]))
    out = []
    for v in sorted({value(c) for c in cards}, reverse=True):
        tied = [s for s in seats if value(cards[s]) == v]
        suit = {s: cards[s].split()[1] for s in tied}
        if len(tied) == 2 and (suit[tied[1]], suit[tied[0]]) in BEATS:
            tied.reverse()
        elif len(tied) == 3:
            tied.sort(key=lambda s: TRIPLE.index(suit[s]))
        out += tied
    return out


def check(state, players, box):
    f = state.fields()
    # ``played`` shows every card revealed this round; those already resolved
    # are also on a pile or won, so only the waiting ones count as a place.
    waiting = []
    if f["phase"] == "resolve":
        order = state.view(-1)["order"]
        assert sorted(order) == list(range(players))
        waiting = [f["played"][seat] for seat in order[f["resolved"]:]]
        resolved = {f["played"][seat] for seat in order[:f["resolved"]]}
        on_table = {c for p in f["piles"] for c in p} | {c for w in f["won"] for c in w}
        assert resolved <= on_table, "a resolved card is neither on a pile nor won"
    places = [*f["box"], *(c for h in f["hands"] for c in h),
              *(c for p in f["piles"] for c in p), *(c for w in f["won"] for c in w),
              *waiting]
    if len(places) != 48 or set(places) != DECK_SET:
        dup = [c for c, n in Counter(places).items() if n > 1]
        raise AssertionError(f"cards not conserved: {len(places)} placed, twice: {dup}")
    assert f["box"] == box, "the box changed"
    assert all(f["piles"]), "a pile is empty"
    assert state.scores() == [sum(map(VALUE.__getitem__, w)) for w in f["won"]]
    phase, rnd = f["phase"], f["round"]
    in_hand = {"choose": 10 - rnd, "resolve": 9 - rnd, "over": 0}[phase]
    assert [len(h) for h in f["hands"]] == [in_hand] * players
    if phase == "resolve":
        assert all(c is not None for c in f["played"])
    return f


def play(seed):
    players = 2 + seed % 4
    rng = random.Random(seed)
    state = new_game("ninjan", players=players, seed=seed)
    box = state.fields()["box"]
    assert len(box) == 48 - 3 - 9 * players
    rounds = 0
    moves = 0
    f = check(state, players, box)
    while not state.is_terminal():
        movers = state.movers()
        if f["phase"] == "choose":
            assert movers == list(range(players))
            rounds += 1
            assert f["round"] == rounds
        else:
            assert len(movers) == 1
        legal = {seat: state.legal_action_ids(seat) for seat in movers}
        assert all(legal.values()), "a mover without a legal move"
        joint = {seat: rng.choice(ids) for seat, ids in legal.items()}
        if f["phase"] == "choose":
            # "play 7 Paper" -> "7 Paper"
            cards = [state.action(joint[seat]).name.removeprefix("play ") for seat in range(players)]
            order = resolution_order(cards)
        # Every few moves, one seat tries a move that is not legal: refused,
        # and nothing changes.
        if moves % 4 == 0:
            seat = rng.choice(movers)
            bad = rng.choice([a for a in ALL_IDS if a not in legal[seat]])
            before = state.buffer()
            with pytest.raises(PositionError):
                state.apply({**joint, seat: bad})
            assert state.buffer() == before
        state.apply(joint)
        moves += 1
        f = check(state, players, box)
        if f["phase"] == "resolve":
            assert state.view(-1)["order"] == order
        else:
            steps = state.steps()
            assert [st["seat"] for st in steps] == order
            assert [st["card"] for st in steps] == [cards[seat] for seat in order]
        assert moves < 9 * (players + 1) + 1, "the game does not end"
    assert rounds == 9 and f["round"] == 9 and f["phase"] == "over"
    assert f["hands"] == [[]] * players
    assert len(state.history) == moves
    r = state.returns()
    assert sum(r) == pytest.approx(1.0)
    scores = state.scores()
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    assert r == pytest.approx([1 / len(winners) if i in winners else 0.0 for i in range(players)])
    return players, tuple(winners)


def test_ten_thousand_random_games_keep_every_invariant():
    per_count = Counter()
    ties = 0
    for seed in range(GAMES):
        players, winners = play(seed)
        per_count[players] += 1
        ties += len(winners) > 1
    assert sorted(per_count) == [2, 3, 4, 5]
    # Shared wins happen in real play, so the sharing path is exercised.
    assert ties > 0
