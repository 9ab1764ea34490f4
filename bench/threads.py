"""The search on 2 threads against 1, for every game: the CI gate of 1.8x.

    python -m bench.threads [--threads 2] [--min-speedup 1.8] [--reruns 2] [--json]

For each deal of ``bench/test_bench_games.py`` the search runs for
``--seconds`` on one thread, then as long on ``--threads`` threads (so every
tree grows about as large as the one-thread tree; an iteration budget would
instead make the search wait for its slowest thread), and reports:

* the speedup in iterations per second of wall time, the figure the issue
  asks for;
* the projected speedup, ``threads`` times the ratio of iterations per CPU
  second (each thread's own CPU time, ``CLOCK_THREAD_CPUTIME_ID``): what the
  threads would give on free cores.  It shows what the threads cost each
  other (locks, shared caches, memory bandwidth) and nothing of a neighbour,
  since a thread waiting for a core spends no CPU time;
* the overlap of the threads' run intervals (intersection over union): 1
  when they really run at the same time, near 1/threads if something (the
  GIL, a lock) made them take turns.

A deal passes when its wall-clock speedup reaches ``--min-speedup``, timed
up to ``--reruns`` more times (on the 2-core CI machine, idle, the first try
does).  When a busy machine keeps the wall-clock figure down, it still
passes when the projected speedup reaches the minimum and the threads
overlapped (>= 0.9): the threads scale, the cores were taken.

A deal that fails is timed again after all the others, in up to
``--later`` more passes ``--pause`` seconds apart: on the CI's shared
machine a neighbour can slow one core for several seconds, CPU time
included (a busy sibling hyperthread on the host slows a thread that is
running), and the deals timed in that window fail together whatever the
code.  A real cost of the threads to each other (a lock, the GIL, shared
cache lines) is in every pass, so it still fails.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Callable

from ninja_dojo.engine import new_game
from ninja_dojo.solver.search import Search, SearchConfig

from bench.test_bench_games import DEALS

MIN_OVERLAP = 0.9


def measure(state, seconds: float, threads: int, seed: int = 3) -> dict:
    """One search of ``seconds`` on ``threads`` threads."""
    search = Search(state, state.movers()[0],
                    SearchConfig(seconds=seconds, seed=seed, threads=threads))
    wall = search.search()
    timings = [t.timing() for t in search._trees]
    starts, ends, cpus = zip(*timings)
    union = max(ends) - min(starts)
    inter = max(0.0, min(ends) - max(starts))
    done = search.iterations_done
    return {"wall": wall, "cpu": sum(cpus), "iterations": done,
            "per_second": done / wall, "per_cpu_second": done / sum(cpus),
            "overlap": inter / union if union > 0 else 1.0,
            "bytes_per_iteration": search.memory_bytes / done}


def compare(state, seconds: float, threads: int, rounds: int = 3) -> dict:
    """The best of ``rounds`` measures each, one thread and many taking turns
    (a neighbour's burst then slows one measure, not the figure)."""
    ones, manys = [], []
    for _ in range(rounds):
        ones.append(measure(state, seconds, 1))
        manys.append(measure(state, seconds, threads))
    one = max(ones, key=lambda m: m["per_second"])
    many = max(manys, key=lambda m: m["per_second"])
    one["per_cpu_second"] = max(m["per_cpu_second"] for m in ones)
    many["per_cpu_second"] = max(m["per_cpu_second"] for m in manys)
    many["overlap"] = max(m["overlap"] for m in manys)
    return {"threads": threads,
            "iterations_per_second_1": round(one["per_second"]),
            "iterations_per_second_n": round(many["per_second"]),
            "speedup": many["per_second"] / one["per_second"],
            "projected": threads * many["per_cpu_second"] / one["per_cpu_second"],
            "overlap": many["overlap"],
            "bytes_per_iteration_1": round(one["bytes_per_iteration"], 1),
            "bytes_per_iteration_n": round(many["bytes_per_iteration"], 1)}


def verdict(tries: list[dict], min_speedup: float) -> str:
    """``pass`` (wall clock), ``pass-cpu`` (busy machine, threads scale) or ``fail``.

    >>> verdict([{"speedup": 1.9, "projected": 1.95, "overlap": 0.99}], 1.8)
    'pass'
    >>> verdict([{"speedup": 1.2, "projected": 1.93, "overlap": 0.97}], 1.8)
    'pass-cpu'
    >>> verdict([{"speedup": 1.0, "projected": 1.99, "overlap": 0.5}], 1.8)
    'fail'
    >>> verdict([{"speedup": 1.5, "projected": 1.5, "overlap": 0.99}], 1.8)
    'fail'
    """
    if max(t["speedup"] for t in tries) >= min_speedup:
        return "pass"
    best = max(tries, key=lambda t: t["projected"])
    if best["projected"] >= min_speedup and best["overlap"] >= MIN_OVERLAP:
        return "pass-cpu"
    return "fail"


def tries_of(measure: Callable[[], dict], min_speedup: float, reruns: int) -> list[dict]:
    """One deal timed until it passes on wall clock, at most ``1 + reruns`` times."""
    tries = [measure()]
    while verdict(tries, min_speedup) != "pass" and len(tries) <= reruns:
        tries.append(measure())
    return tries


def gate(measures: dict[str, Callable[[], dict]], min_speedup: float, reruns: int,
         later: int, pause: float, report: Callable[[str, list[dict], int], None],
         sleep: Callable[[float], None] = time.sleep) -> list[str]:
    """Every deal's tries, the failed ones again in ``later`` passes after the
    rest, ``pause`` seconds apart; the deals that never passed.

    ``report(name, tries, pass_number)`` is told each deal's tries of a pass.
    """
    tries = {}
    for name, measure in measures.items():
        tries[name] = tries_of(measure, min_speedup, reruns)
        report(name, tries[name], 0)
    failed = [n for n in measures if verdict(tries[n], min_speedup) == "fail"]
    for k in range(1, later + 1):
        if not failed:
            break
        sleep(pause)
        for name in failed:
            tries[name] += tries_of(measures[name], min_speedup, reruns)
            report(name, tries[name], k)
        failed = [n for n in failed if verdict(tries[n], min_speedup) == "fail"]
    return failed


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--min-speedup", type=float, default=1.8)
    p.add_argument("--reruns", type=int, default=2)
    p.add_argument("--seconds", type=float, default=0.2, help="search time of each measure")
    p.add_argument("--later", type=int, default=3,
                   help="passes over the failed deals after the others")
    p.add_argument("--pause", type=float, default=15.0, help="seconds before each later pass")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = []
    if not args.json:
        print(f"{'deal':<26} {'1 thread':>10} {f'{args.threads} threads':>10} {'speedup':>8} "
              f"{'projected':>9} {'overlap':>7} {'bytes/it':>9}  verdict")

    def report(name, tries, pass_number):
        best = max(tries, key=lambda t: t["speedup"])
        v = verdict(tries, args.min_speedup)
        rows.append({"deal": name, **best, "tries": len(tries), "pass": pass_number,
                     "verdict": v, "projected": max(t["projected"] for t in tries)})
        if not args.json:
            r = rows[-1]
            when = f", pass {pass_number + 1}" if pass_number else ""
            print(f"{name:<26} {r['iterations_per_second_1']:>10,} {r['iterations_per_second_n']:>10,} "
                  f"{r['speedup']:>7.2f}x {r['projected']:>8.2f}x {r['overlap']:>7.2f} "
                  f"{r['bytes_per_iteration_1']:>4}/{r['bytes_per_iteration_n']:<4}  {v}"
                  + (f" ({len(tries)} tries{when})" if len(tries) > 1 else ""), flush=True)

    measures = {}
    for name, (game, players, options) in DEALS.items():
        state = new_game(game, players, seed=2024, **options)
        measures[name] = (lambda state=state: compare(state, args.seconds, args.threads))
    failed = gate(measures, args.min_speedup, args.reruns, args.later, args.pause, report)
    if args.json:
        print(json.dumps(rows))
    if failed:
        print(f"threads do not scale to {args.min_speedup}x: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
