"""Strength tables: seeded tournaments between AI settings.

    python -m bench.strength --game ninjan --games 40 [--jobs N | --ray [ADDRESS]] > bench/strength-ninjan.md

Each row is one AI in one seat (rotating over the seats) against the same
opponent in every other seat; the win share is the mean of the AI's returns
(tied winners share), with a 95% Wilson interval.  An equal player's share
is 1/players: a row is a significant win when its interval lies above it.

The tables these runs gave are logged in docs/strength-log.md, at the code
of their day.  A result to publish is a run registered before its first game
(bench/tournament-games/README.md) and reported from its record in
docs/strength.md (``python -m bench.report``).
"""
from __future__ import annotations

import argparse
import sys
import time

from ninja_dojo.solver.cli import _options, run_tournament
from ninja_dojo.solver.search import cpu_cores

def matchups(budget: int):
    """(ai, vs, games factor): the AI at ``budget`` iterations (100,000 is
    about 1 s per move in Nin Jan) against each baseline, flat Monte Carlo at
    the same iterations, then the rollout-policy measurement."""
    small = max(budget // 20, 1000)
    return [
        (f"ismcts:{budget}", "random", 1),
        (f"ismcts:{budget}", "greedy", 1),
        (f"ismcts:{budget}", f"flat:{budget}", 1),
        (f"ismcts:{small}", f"ismcts:{small}+random", 3),
        ("greedy", "random", 10),
    ]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="ninjan")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=100_000, help="the AI's budget per move")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--only", help="run only the matchups whose opponent contains this (or 'AI OPPONENT')")
    p.add_argument("--no-header", action="store_true")
    p.add_argument("--jobs", type=int, default=cpu_cores(), help="games at once, one process each")
    p.add_argument("--ray", nargs="?", const=True, metavar="ADDRESS", help="play the games as Ray tasks")
    args = p.parse_args(argv)
    if not args.no_header:
        print("| players | AI | opponents | games | AI win share | 95% CI | equal share | minutes |")
        print("|---|---|---|---|---|---|---|---|")
    for n in args.players:
        for ai, vs, factor in matchups(args.iterations):
            if args.only and args.only != f"{ai} {vs}" and args.only not in vs:
                continue
            games = args.games * factor
            t0 = time.time()
            r = run_tournament(args.game, n, ai, vs, games, args.seed, _options(args.option, args.game),
                               jobs=args.jobs, ray=args.ray, progress=True)
            if r.get("interrupted"):
                games = r["games"]
            lo, hi = r["ci95"]
            label = f"{n}" + "".join(f", {o}" for o in args.option)
            print(f"| {label} | {ai} | {vs} | {games} | {r['win_share']:.1%} | {lo:.1%}-{hi:.1%} "
                  f"| {r['fair_share']:.0%} | {(time.time() - t0) / 60:.1f} |", flush=True)
            if r.get("interrupted"):
                return 130     # Ctrl-C: the row so far is printed, no more rows
    return 0


if __name__ == "__main__":
    sys.exit(main())
