"""Ratings from finishing orders: a Plackett-Luce fit on the Elo scale.

Each entrant ``i`` has a strength ``g_i = exp(t_i)``.  A game's finishing
order is read as a sequence of choices (Plackett-Luce): the first place is
chosen among everyone at the table with probability ``g_i / sum(g)``, the
second among the rest, and so on.  With two at a table this is the
Bradley-Terry model, so heads-up games and big tables fit the same way.
Tied places (a shared win, equal scores) count with the Breslow rule:
each of the ``d`` tied entrants is chosen from the same remaining set, the
denominator taken ``d`` times.

Ratings are ``400 log10 g`` (the Elo scale: 200 points apart, the stronger
of two wins 76% heads-up), shifted so that the ``anchor`` entrant has
``anchor_rating``.  The fit is the maximum of the likelihood times a weak
normal prior on ``t`` (sd 1,000 Elo points), which keeps an entrant that
won every game it played at a finite rating without moving the others.

Intervals: from the Fisher information at the fit (the inverse of the
curvature, the anchor held fixed), and by a bootstrap over games, which
does not lean on the games' places being Plackett-Luce draws.

>>> games = [([0, 1], [0, 1])] * 30 + [([0, 1], [1, 0])] * 10   # 0 first in 30 of 40
>>> r = fit(games, 2)
>>> round(r.elo[0] - r.elo[1])      # 400 log10(30 / 10) = 190.8, less a hair of prior
190
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: Elo points per natural-log unit of strength
SCALE = 400 / math.log(10)
#: the prior's standard deviation, in Elo points
PRIOR_SD = 1000.0
Z95 = 1.959964


def finishing_order(returns: list[float], scores: list[int]) -> list[int]:
    """Each seat's place (0 first; tied seats share a place) at the end of
    a game: the winners (a return above 0) first, then the others by
    score, in the direction the game counts (more is better, unless the
    winners hold the lowest score, as in San, Ni, Ichi!).

    >>> finishing_order([0.0, 1.0, 0.0], [10, 25, 3])
    [1, 0, 2]
    >>> finishing_order([0.0, 0.0, 1.0, 0.0], [4, 9, 1, 4])   # lowest wins
    [1, 2, 0, 1]
    >>> finishing_order([0.5, 0.5, 0.0], [7, 7, 7])             # a tiebreak decided
    [0, 0, 1]
    """
    winners = [s for s, r in enumerate(returns) if r > 0]
    others = [s for s, r in enumerate(returns) if r <= 0]
    best = {scores[s] for s in winners}
    if others and max(best) < min(scores[s] for s in others):
        key = lambda s: scores[s]          # the lowest score won
    elif others and min(best) > max(scores[s] for s in others):
        key = lambda s: -scores[s]
    else:
        key = lambda s: 0                  # the scores do not order the others
    place = [0] * len(returns)
    rank, prev = 0, None
    for s in sorted(others, key=key):
        if key(s) != prev:
            rank, prev = rank + 1, key(s)
        place[s] = rank
    return place


@dataclass
class Stages:
    """The fit's data: one row per choice of a place (a Plackett-Luce stage).

    ``pool[r, i]`` is 1 when entrant ``i`` was still to be placed, ``chosen[r, i]``
    when it took the place, ``d[r]`` how many shared it; ``game[r]`` the game
    the row came from (the bootstrap resamples games)."""

    pool: np.ndarray
    chosen: np.ndarray
    d: np.ndarray
    game: np.ndarray


def stages(games: list[tuple[list[int], list[int]]], n: int, winner_only: bool = False) -> Stages:
    """``games``: (entrant at each seat, each seat's place).  ``winner_only``
    keeps only the choice of the first place."""
    pool, chosen, d, game = [], [], [], []
    for g, (who, place) in enumerate(games):
        left = set(range(len(who)))
        for p in sorted(set(place)):
            group = [s for s in left if place[s] == p]
            row_pool = np.zeros(n)
            row_chosen = np.zeros(n)
            for s in left:
                row_pool[who[s]] += 1
            for s in group:
                row_chosen[who[s]] += 1
            pool.append(row_pool)
            chosen.append(row_chosen)
            d.append(len(group))
            game.append(g)
            left -= set(group)
            if winner_only or len(left) == 0:
                break
    return Stages(np.array(pool).reshape(-1, n), np.array(chosen).reshape(-1, n),
                  np.array(d, float), np.array(game, int))


def _fit_t(st: Stages, weight: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Newton's method on the log strengths ``t`` (prior included); returns
    ``t`` and the Hessian of the log posterior there."""
    lam = (SCALE / PRIOR_SD) ** 2
    t = np.zeros(n)
    wins = (weight[:, None] * st.chosen).sum(0)
    for _ in range(100):
        g = np.exp(t - t.max())
        denom = st.pool @ g
        p = st.pool * g / denom[:, None]              # each row's choice probabilities
        wd = weight * st.d
        grad = wins - (wd[:, None] * p).sum(0) - lam * t
        hess = (p * wd[:, None]).T @ p - np.diag((wd[:, None] * p).sum(0)) - lam * np.eye(n)
        step = np.linalg.solve(hess, -grad)
        t = t + step
        if np.abs(step).max() < 1e-10:
            break
    return t, hess


@dataclass
class Ratings:
    names: list[str]
    elo: np.ndarray               # one rating per entrant
    fisher: np.ndarray            # (n, 2): 95% interval from the Fisher information
    bootstrap: np.ndarray | None  # (n, 2): 95% bootstrap interval, if asked for
    games: int
    anchor: int

    def table(self) -> list[dict]:
        out = []
        for i, name in enumerate(self.names):
            row = {"level": name, "elo": round(float(self.elo[i]))}
            row["ci95_fisher"] = [round(float(x)) for x in self.fisher[i]]
            if self.bootstrap is not None:
                row["ci95"] = [round(float(x)) for x in self.bootstrap[i]]
            out.append(row)
        return out


def fit(games: list[tuple[list[int], list[int]]], n: int, names: list[str] | None = None,
        anchor: int = 0, anchor_rating: float = 0.0, bootstrap: int = 0, seed: int = 0,
        winner_only: bool = False) -> Ratings:
    """Ratings of ``n`` entrants from ``games`` (entrant at each seat, each
    seat's place), ``anchor`` fixed at ``anchor_rating``; ``bootstrap``
    resamples of the games for bootstrap intervals (percentiles)."""
    st = stages(games, n, winner_only)
    t, hess = _fit_t(st, np.ones(len(st.d)), n)
    elo = anchor_rating + SCALE * (t - t[anchor])
    # The anchor fixed: the covariance of the others is the inverse of the
    # curvature without the anchor's row and column.
    keep = [i for i in range(n) if i != anchor]
    cov = np.zeros((n, n))
    cov[np.ix_(keep, keep)] = np.linalg.inv(-hess[np.ix_(keep, keep)])
    half = Z95 * SCALE * np.sqrt(np.diag(cov))
    fisher = np.stack([elo - half, elo + half], axis=1)
    boot = None
    if bootstrap:
        rng = np.random.default_rng(seed)
        counts = np.zeros(len(games))
        draws = np.empty((bootstrap, n))
        for b in range(bootstrap):
            counts[:] = np.bincount(rng.integers(0, len(games), len(games)), minlength=len(games))
            tb, _ = _fit_t(st, counts[st.game], n)
            draws[b] = anchor_rating + SCALE * (tb - tb[anchor])
        boot = np.percentile(draws, [2.5, 97.5], axis=0).T
    return Ratings(names or [str(i) for i in range(n)], elo, fisher, boot, len(games), anchor)
