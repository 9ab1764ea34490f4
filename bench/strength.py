"""The strength table of the README: seeded tournaments between AI settings.

    python -m bench.strength --game ninjan --games 40 > bench/strength-ninjan.md

Each row is one AI in one seat (rotating over the seats) against the same
opponent in every other seat; the win share is the mean of the AI's returns
(tied winners share), with a 95% Wilson interval.  An equal player's share
is 1/players: a row is a significant win when its interval lies above it.
"""
from __future__ import annotations

import argparse
import sys
import time

from solver.cli import run_tournament

MATCHUPS = [
    # (ai, vs): the claims of issue 2 and the rollout-policy measurement
    ("ismcts:100000", "random"),
    ("ismcts:100000", "greedy"),
    ("ismcts:100000", "flat:100000"),
    ("ismcts:5000", "ismcts:5000+random"),
    ("greedy", "random"),
]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="ninjan")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", help="run only matchups whose AI or opponent contains this")
    args = p.parse_args(argv)
    print(f"| players | AI | opponents | games | AI win share | 95% CI | equal share | minutes |")
    print(f"|---|---|---|---|---|---|---|---|")
    for n in args.players:
        for ai, vs in MATCHUPS:
            if args.only and args.only not in ai + vs:
                continue
            games = args.games * (10 if ai == "greedy" else 1)
            t0 = time.time()
            r = run_tournament(args.game, n, ai, vs, games, args.seed)
            lo, hi = r["ci95"]
            print(f"| {n} | {ai} | {vs} | {games} | {r['win_share']:.1%} | {lo:.1%}-{hi:.1%} "
                  f"| {r['fair_share']:.0%} | {(time.time() - t0) / 60:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
