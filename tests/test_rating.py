"""The ladder's rating fit (solver.rating) on tournaments whose true ratings
are known: simulated Plackett-Luce finishing orders and heads-up games."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from ninja_dojo.solver.rating import SCALE, finishing_order, fit

TRUE = np.array([1000.0, 1150.0, 1300.0, 1380.0, 1500.0])


def simulate_table(rng, strengths, entrants):
    """One game's places, drawn from Plackett-Luce: first place among all,
    then the next among the rest, each with probability proportional to
    strength."""
    left = list(range(len(entrants)))
    place = [0] * len(entrants)
    for p in range(len(entrants)):
        w = strengths[[entrants[s] for s in left]]
        k = rng.choice(len(left), p=w / w.sum())
        place[left.pop(k)] = p
    return place


def round_robin(seed, games, table):
    """``games`` games of ``table`` seats, every subset of the five entrants
    in turn, seats shuffled; the true ratings are ``TRUE``."""
    rng = np.random.default_rng(seed)
    strengths = np.exp((TRUE - TRUE[0]) / SCALE)
    subsets = list(itertools.combinations(range(len(TRUE)), table))
    out = []
    for g in range(games):
        who = list(rng.permutation(subsets[g % len(subsets)]))
        out.append((who, simulate_table(rng, strengths, who)))
    return out


@pytest.mark.parametrize("table,games", [(5, 400), (2, 2000)])
def test_the_fit_finds_the_true_ratings_within_its_intervals(table, games):
    r = fit(round_robin(1, games, table), 5, anchor=0, anchor_rating=1000, bootstrap=200)
    assert r.elo[0] == 1000 and list(r.fisher[0]) == [1000, 1000]
    for i in range(1, 5):
        lo, hi = r.bootstrap[i]
        assert lo < TRUE[i] < hi, (i, r.elo[i], lo, hi)
        assert r.fisher[i][0] < TRUE[i] < r.fisher[i][1]
        assert abs(r.elo[i] - TRUE[i]) < 60
    # The levels come out in their true order.
    assert list(np.argsort(r.elo)) == [0, 1, 2, 3, 4]


def test_the_fisher_intervals_hold_the_truth_about_95_times_in_100():
    inside = total = 0
    for seed in range(40):
        r = fit(round_robin(100 + seed, 60, 5), 5, anchor=0, anchor_rating=1000)
        for i in range(1, 5):
            inside += r.fisher[i][0] < TRUE[i] < r.fisher[i][1]
            total += 1
    assert 0.88 <= inside / total <= 1.0, inside / total


def test_the_bootstrap_intervals_hold_the_truth_about_95_times_in_100():
    inside = total = 0
    for seed in range(15):
        r = fit(round_robin(300 + seed, 60, 5), 5, anchor=0, anchor_rating=1000, bootstrap=200)
        for i in range(1, 5):
            inside += r.bootstrap[i][0] < TRUE[i] < r.bootstrap[i][1]
            total += 1
    assert inside / total >= 0.85, inside / total


def test_more_games_give_narrower_intervals():
    few = fit(round_robin(2, 50, 5), 5)
    many = fit(round_robin(2, 800, 5), 5)
    width = lambda r: r.fisher[1:, 1] - r.fisher[1:, 0]
    assert (width(many) < width(few) / 3).all()


def test_ties_and_an_unbeaten_entrant():
    # Two entrants who always tie rate the same; one who always wins gets a
    # finite rating, far above (the weak prior keeps it finite).
    games = [([0, 1, 2], [1, 1, 0])] * 20
    r = fit(games, 3)
    assert abs(r.elo[0] - r.elo[1]) < 1e-6
    assert 500 < r.elo[2] - r.elo[0] < 3000


def test_winner_only_uses_the_first_places_only():
    # The second and third places swap between the two sets of games; the
    # winner is the same: fitted on winners only, they are the same games.
    a = [([0, 1, 2], [0, 1, 2])] * 10 + [([0, 1, 2], [1, 0, 2])] * 5
    b = [([0, 1, 2], [0, 2, 1])] * 10 + [([0, 1, 2], [2, 0, 1])] * 5
    assert np.allclose(fit(a, 3, winner_only=True).elo, fit(b, 3, winner_only=True).elo)
    assert not np.allclose(fit(a, 3).elo, fit(b, 3).elo)


@pytest.mark.parametrize("returns,scores,places", [
    ([1.0, 0.0, 0.0], [30, 10, 20], [0, 2, 1]),          # most points wins
    ([0.0, 1.0, 0.0, 0.0], [5, 2, 9, 5], [1, 0, 2, 1]),  # fewest wins (San, Ni, Ichi!), a tie behind
    ([0.5, 0.5, 0.0], [8, 8, 3], [0, 0, 1]),             # a shared win
    ([1.0, 0.0, 0.0], [8, 8, 8], [0, 1, 1]),             # a tiebreak beyond the score
])
def test_finishing_order(returns, scores, places):
    assert finishing_order(returns, scores) == places
