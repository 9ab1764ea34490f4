"""Instructions per hot-loop workload, counted by callgrind: the CI's exact speed gate.

    python -m bench.instructions [--max-increase 0.1] [--json]
    python -m bench.instructions --write          # refresh bench/instructions.json

Why a second gate beside the timed benchmarks: CI runs on a shared 2-core
machine whose neighbours make a benchmark's best time swing 30-80% for
minutes at a time (bench/README.md), so a wall-clock limit tight enough to
catch a real regression also fails on noise.  ``valgrind --tool=callgrind``
counts the instructions executed instead: the same binary on the same input
gives the same count however busy the machine is, so the limit here can be
10%.  It sees the work the code does, not cache misses or a slower machine;
the timed benchmarks (``bench/compare.py``, with a loose limit) still catch
those when they are large.

What is counted, for every deal of ``bench/test_bench_games.py``: the same
entry points the timed benchmarks call (random and heuristic playouts,
clone + apply, the search's iterations), with smaller budgets, each inside
its compiled loop only (``--toggle-collect``), one count per call
(``--dump-after``): one valgrind run per function (valgrind 3.19 keeps only
the last ``--toggle-collect`` given), two at a time.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.compare import paired

BASELINE = Path(__file__).with_name("instructions.json")

# measure -> the compiled loop it runs in (Cython's names in solver/_ismcts.c):
# the loops themselves, with no Python in them, not the Python functions that
# call them, whose allocations cost more or fewer instructions with the
# interpreter's state and would make the count differ between equal calls.
FUNCTIONS = {
    "random_playouts": "__pyx_f_10ninja_dojo_6solver_7_ismcts_play_games",
    "heuristic_playouts": "__pyx_f_10ninja_dojo_6solver_7_ismcts_play_games",
    "clone_apply": "__pyx_f_10ninja_dojo_6solver_7_ismcts_clone_apply_n",
    "ismcts_iterations": "__pyx_f_10ninja_dojo_6solver_7_ismcts_6Search__run",
}
PLAYOUTS = 64  # playouts() plays whole batches of 64 games
CLONES = 1000
ITERATIONS = 500


def workloads():
    """(name, callable) in the order the child runs them; names are 'measure[deal]'."""
    from ninja_dojo.engine import new_game
    from ninja_dojo.solver import _ismcts
    from ninja_dojo.solver.search import Search, SearchConfig

    from bench.test_bench_games import DEALS

    for deal_name, (game, players, options) in DEALS.items():
        deal = new_game(game, players, seed=2024, **options)
        buf = deal.buffer()
        yield (f"random_playouts[{deal_name}]",
               lambda d=deal, b=buf: _ismcts.playouts(d.rules, b, 1e9, 7, False, PLAYOUTS))
        yield (f"heuristic_playouts[{deal_name}]",
               lambda d=deal, b=buf: _ismcts.playouts(d.rules, b, 1e9, 7, True, PLAYOUTS))
        yield (f"clone_apply[{deal_name}]",
               lambda d=deal, b=buf: _ismcts.clone_apply(d.rules, b, CLONES, 5))

        def search(d=deal):
            Search(d, d.movers()[0], SearchConfig(iterations=ITERATIONS, seed=3, threads=1)).search()
        yield f"ismcts_iterations[{deal_name}]", search


def child(function: str) -> int:
    """Run, in order, the workloads that run in ``function`` (under valgrind, from count())."""
    for name, run in workloads():
        if runs_in(name, function):
            run()
    return 0


def runs_in(name: str, function: str) -> bool:
    """Whether the workload ``name`` ('measure[deal]') runs in the compiled ``function``."""
    return FUNCTIONS[name.split("[", 1)[0]] == function


def count() -> dict[str, int]:
    """Workload name -> instructions executed inside it."""
    if shutil.which("valgrind") is None:
        raise SystemExit("bench.instructions: valgrind is not installed "
                         "(Debian: apt-get install valgrind)")
    names = [name for name, _ in workloads()]
    functions = sorted(set(FUNCTIONS.values()))
    counts = {}
    with ThreadPoolExecutor(2) as pool:
        for function, totals in zip(functions, pool.map(count_in, functions)):
            ran = [n for n in names if runs_in(n, function)]
            if len(totals) != len(ran):
                raise SystemExit(f"bench.instructions: {len(totals)} counts in {function} "
                                 f"for {len(ran)} workloads (is it still the compiled "
                                 "function's name in solver/_ismcts.c?)")
            counts.update(zip(ran, totals))
    return {n: counts[n] for n in names}


def count_in(function: str) -> list[int]:
    """Instructions inside each call of ``function``, in call order."""
    return callgrind_counts(function, ["-m", "bench.instructions", "--child", function])


def callgrind_counts(function: str, python_args: list[str]) -> list[int]:
    """Run ``python python_args`` under callgrind; the instructions inside each
    call of the compiled ``function``, in call order."""
    out_dir = tempfile.mkdtemp(prefix="callgrind-")
    try:
        out = os.path.join(out_dir, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               "--collect-atstart=no", "--dump-instr=no",
               f"--toggle-collect={function}", f"--dump-after={function}",
               sys.executable, *python_args]
        env = dict(os.environ, PYTHONHASHSEED="0")
        done = subprocess.run(cmd, env=env, capture_output=True, text=True,
                              cwd=Path(__file__).parent.parent)
        if done.returncode != 0:
            raise SystemExit(f"bench.instructions: the run under valgrind failed:\n{done.stderr[-2000:]}")
        # One dump per call, numbered in call order: cg.out.1, cg.out.2, ...
        parts = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        return [total(p) for p in parts]
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)


def total(path: str) -> int:
    with open(path) as f:
        for line in f:
            m = re.match(r"(?:summary|totals):\s+(\d+)", line)
            if m:
                return int(m.group(1))
    raise SystemExit(f"bench.instructions: no total in {path}")


def compare(base: dict[str, int], now: dict[str, int], max_increase: float) -> list[str]:
    """Print the table; the names over the limit."""
    over = []
    print(f"{'workload':<44} {'baseline':>13} {'now':>13} {'change':>7}")
    for name, change in paired(base, now, "now"):
        if isinstance(change, str):
            print(f"{name:<44} {change}")
            continue
        note = ""
        if change > max_increase:
            note = "  MORE INSTRUCTIONS THAN ALLOWED"
            over.append(name)
        print(f"{name:<44} {base[name]:>13,} {now[name]:>13,} {change:>+7.1%}{note}")
    return over


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.instructions",
                                description=__doc__.splitlines()[0])
    p.add_argument("--max-increase", type=float, default=0.1,
                   help="fail when a workload needs more than this fraction more instructions")
    p.add_argument("--write", action="store_true", help=f"write the counts to {BASELINE.name}")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--child", metavar="FUNCTION", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        return child(args.child)
    from ninja_dojo.engine.checks import out_of_range
    problem = out_of_range(args.max_increase, 0, 10, high_open=True)
    if problem:
        p.error(f"--max-increase: {problem}")
    now = count()
    if args.json:
        print(json.dumps(now, indent=2))
    if args.write:
        BASELINE.write_text(json.dumps(now, indent=2, sort_keys=True) + "\n")
        print(f"wrote {BASELINE} ({len(now)} workloads)")
        return 0
    base = json.loads(BASELINE.read_text())
    return 1 if compare(base, now, args.max_increase) else 0


if __name__ == "__main__":
    sys.exit(main())
