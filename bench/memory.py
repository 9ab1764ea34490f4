"""Search memory per iteration, measured at 2 million iterations.

    python -m bench.memory [--players 4] [--iterations 2000000]

Prints the tree's allocated bytes (node array, arm pool and child table
capacities, the dominant part of a search's memory) divided by iterations,
with the search rate on the same run.
"""
import argparse
import json
import time

from ninja_dojo.engine import new_game
from ninja_dojo.solver.search import Search, SearchConfig


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="ninjan")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--iterations", type=int, default=2_000_000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    state = new_game(args.game, args.players, seed=args.seed)
    search = Search(state, 0, SearchConfig(iterations=args.iterations, seed=args.seed))
    t0 = time.perf_counter()
    search._search.run()
    dt = time.perf_counter() - t0
    stats = search._search.tree_stats()
    stats.update(game=args.game, players=args.players, iterations=args.iterations,
                 bytes_per_iteration=round(stats["bytes"] / args.iterations, 1),
                 iterations_per_second=round(args.iterations / dt))
    print(json.dumps(stats))


if __name__ == "__main__":
    main()
