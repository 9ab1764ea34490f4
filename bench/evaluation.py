"""Fit a game's evaluation: the weights of ``EVALUATION`` in its engine module.

    python -m bench.evaluation --game senjutsu                # 4,000 duels, 2,000 games at 3 and at 4
    python -m bench.evaluation --game ninjato --games 500     # a quicker look

Plays seeded games with the engine's policy in every seat (the rollouts a
cut-off replaces), records what the evaluation reads of every seat
(``state.evaluation_features()``) wherever the game judges (Senjutsu: each
round's start; Ninjato: each turn's start), and fits the weights of a
softmax over the seats still standing to who went on to win (maximum
likelihood, every player count pooled; the core's ``evaluate`` is that
softmax).  Prints the log-loss on held-out games (the last fifth of each
count) beside the "every seat equal" guess, and the ``EVALUATION`` line to
put in the engine.  The result is a pure function of the seed and the engine.
"""
from __future__ import annotations

import argparse

import numpy as np

from ninja_dojo.engine import GAMES, new_game

def judged(game: str, players: int, seed: int):
    """Rows ``(features[seat][feature], standing[seat], returns[seat])`` at
    every point one policy-played game is judged."""
    s = new_game(game, players, seed=seed)
    rows, k = [], 0
    while not s.is_terminal():
        seen = s.evaluation_features()
        if seen is not None:
            rows.append(seen)
        s.apply({m: s.policy_action(m, seed * 100_000 + k).id for m in s.movers()})
        k += 1
    ret = s.returns()
    return [(x, standing, ret) for x, standing in rows]


def log_loss(w, X, A, Y):
    """Mean cross-entropy of the softmax over the standing, and its gradient."""
    v = np.where(A, X @ w, -np.inf)
    v -= v.max(axis=1, keepdims=True)
    e = np.exp(v)
    P = e / e.sum(axis=1, keepdims=True)
    loss = -(Y * np.log(P + 1e-12)).sum(axis=1).mean()
    grad = np.einsum("gp,gpf->f", P - Y, np.where(A[..., None], X, 0.0)) / len(X)
    return loss, grad


def fit(X, A, Y, steps: int = 3000, rate: float = 0.05):
    """Adam on the log-loss from zero weights."""
    w = np.zeros(X.shape[-1])
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, steps + 1):
        _, g = log_loss(w, X, A, Y)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return w


def padded(rows, width: int):
    """Arrays of every count padded to ``width`` seats (a missing seat never stands)."""
    X = np.zeros((len(rows), width, len(rows[0][0][0])))
    A = np.zeros((len(rows), width), bool)
    Y = np.zeros((len(rows), width))
    for i, (x, alive, ret) in enumerate(rows):
        X[i, :len(x)] = x
        A[i, :len(alive)] = alive
        Y[i, :len(ret)] = ret
    return X, A, Y


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(g for g, t in GAMES.items() if t.evaluation is not None))
    ap.add_argument("--games", type=int, default=2000,
                    help="games at each player count but 2 (twice as many duels)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    game = GAMES[args.game]
    low, high = game.players
    train, test = [], {}
    for players in range(low, high + 1):
        games = 2 * args.games if players == 2 else args.games
        held = games // 5
        for g in range(games):
            rows = judged(args.game, players, args.seed * 1_000_000 + players * 100_000 + g)
            (test.setdefault(players, []) if g >= games - held else train).extend(rows)
    w = fit(*padded(train, high))
    print(f"fitted on {len(train):,} judged positions")
    for players, rows in test.items():
        X, A, Y = padded(rows, high)
        fitted, _ = log_loss(w, X, A, Y)
        equal, _ = log_loss(np.zeros_like(w), X, A, Y)
        print(f"{players} players, {len(rows):,} held-out positions: log-loss {fitted:.4f} "
              f"(every seat equal: {equal:.4f})")
    print("EVALUATION = {" + ", ".join(f'"{k}": {x:.3f}' for k, x in zip(game.evaluation, w)) + "}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
