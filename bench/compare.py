"""Compare a pytest-benchmark JSON run with the committed baseline.

    python bench/compare.py bench/baseline.json run.json [--max-slowdown 0.4] [--reruns 2]
    python bench/compare.py --best-of bench/baseline.json run1.json run2.json run3.json

Compares each benchmark's minimum time (the least noisy statistic on a busy
machine) and exits 1 when any is slower than the baseline by more than the
allowed fraction.  A benchmark missing from either side is reported, not
failed, so adding one does not break CI before its baseline is refreshed.

Why re-runs: on a shared 2-core machine a neighbour can slow one core for a
few seconds, long enough to cover every round of the benchmarks that happen
to run then (one CI run saw all five Pride of Ninja 4-player measures 25-80%
slow while the ones before and after were within 10%).  A regression in the
code is slow every time; a neighbour is not.  So benchmarks over the limit are
run again, alone, up to ``--reruns`` times, and each keeps its best minimum.
For the same reason a baseline is the best of several full runs (``--best-of``
writes each benchmark's least minimum over the runs given).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

# The options CI times with; a re-run must time the same way.
PYTEST_BENCH = [
    "-p", "no:cacheprovider", "-o", "addopts=", "-q", "--benchmark-enable",
    "--benchmark-disable-gc", "--benchmark-min-time=0.05", "--benchmark-max-time=0.5",
    "--benchmark-columns=min,rounds",
]


def mins(path):
    """Benchmark node id -> minimum time in seconds."""
    with open(path) as f:
        data = json.load(f)
    return {b["fullname"]: b["stats"]["min"] for b in data["benchmarks"]}


def best_of(paths):
    """The first run's JSON with each benchmark's minimum the least over all runs."""
    best = {}
    for path in paths:
        for name, t in mins(path).items():
            best[name] = min(best.get(name, t), t)
    with open(paths[0]) as f:
        data = json.load(f)
    for b in data["benchmarks"]:
        b["stats"]["min"] = best[b["fullname"]]
    return data


def host_factor(base, run):
    """The median of now/baseline: how much slower this machine is overall.

    Reported, not used to excuse anything: a change that slows every benchmark
    looks just like a slower machine.
    """
    ratios = [run[n] / base[n] for n in run if n in base]
    return statistics.median(ratios) if ratios else None


def short(node_id):
    return node_id.split("::")[-1]


def slower(base, run, max_slowdown):
    """The node ids over the limit, in a stable order."""
    return sorted(n for n in run if n in base and run[n] / base[n] - 1 > max_slowdown)


def rerun(node_ids):
    """Time the given benchmarks again; node id -> minimum time."""
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        subprocess.run([sys.executable, "-m", "pytest", *PYTEST_BENCH,
                        f"--benchmark-json={path}", *node_ids], check=True)
        return mins(path)
    finally:
        os.unlink(path)


def paired(base, now, now_label="run"):
    """(name, now/baseline - 1) for every name in either, sorted; the change is
    a note "(only in ...)" where one side lacks the name."""
    for name in sorted(set(base) | set(now)):
        if name not in base or name not in now:
            yield name, f"(only in {now_label if name in now else 'baseline'})"
        else:
            yield name, now[name] / base[name] - 1


def report(base, run, max_slowdown, attempts):
    print(f"{'benchmark':<48} {'baseline':>10} {'now':>10} {'change':>7}")
    for name, change in paired(base, run):
        if isinstance(change, str):
            print(f"{short(name):<48} {change}")
            continue
        note = ""
        if change > max_slowdown:
            note = "  SLOWER THAN ALLOWED"
        if attempts.get(name, 1) > 1:
            note += f"  (best of {attempts[name]} runs)"
        print(f"{short(name):<48} {base[name] * 1e3:>8.3f}ms {run[name] * 1e3:>8.3f}ms"
              f" {change:>+7.0%}{note}")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--best-of":
        if len(argv) < 3:
            print("usage: compare.py --best-of OUT RUN [RUN...]", file=sys.stderr)
            return 2
        data = best_of(argv[2:])
        with open(argv[1], "w") as f:
            json.dump(data, f, indent=4)
        print(f"wrote {argv[1]}: each benchmark's least minimum over {len(argv) - 2} runs")
        return 0
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("baseline")
    p.add_argument("run")
    p.add_argument("--max-slowdown", type=float, default=0.4)
    p.add_argument("--reruns", type=int, default=0,
                   help="time benchmarks over the limit again, alone, up to this many times")
    args = p.parse_args(argv)
    base, run = mins(args.baseline), mins(args.run)
    attempts = {}
    for _ in range(args.reruns):
        over = slower(base, run, args.max_slowdown)
        if not over:
            break
        print(f"re-running {len(over)} benchmark(s) over the limit: "
              + ", ".join(short(n) for n in over), flush=True)
        for name, t in rerun(over).items():
            run[name] = min(run[name], t)
            attempts[name] = attempts.get(name, 1) + 1
    report(base, run, args.max_slowdown, attempts)
    factor = host_factor(base, run)
    if factor is not None:
        print(f"median now/baseline: {factor:.2f} (this machine against the baseline's, "
              "if the code did not change)")
    return 1 if slower(base, run, args.max_slowdown) else 0


if __name__ == "__main__":
    sys.exit(main())
