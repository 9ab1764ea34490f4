"""Compare a pytest-benchmark JSON run with the committed baseline.

    python bench/compare.py bench/baseline.json run.json [--max-slowdown 0.4]

Compares each benchmark's minimum time (the least noisy statistic on a busy
machine) and exits 1 when any is slower than the baseline by more than the
allowed fraction.  A benchmark missing from either side is reported, not
failed, so adding one does not break CI before its baseline is refreshed.
"""
import argparse
import json
import sys


def mins(path):
    with open(path) as f:
        data = json.load(f)
    return {b["fullname"].split("::")[-1]: b["stats"]["min"] for b in data["benchmarks"]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("baseline")
    p.add_argument("run")
    p.add_argument("--max-slowdown", type=float, default=0.4)
    args = p.parse_args(argv)
    base, run = mins(args.baseline), mins(args.run)
    failed = False
    print(f"{'benchmark':<32} {'baseline':>12} {'now':>12} {'change':>8}")
    for name in sorted(set(base) | set(run)):
        if name not in base or name not in run:
            print(f"{name:<32} {'(only in ' + ('run' if name in run else 'baseline') + ')':>34}")
            continue
        change = run[name] / base[name] - 1
        bad = change > args.max_slowdown
        failed |= bad
        print(f"{name:<32} {base[name] * 1e3:>10.3f}ms {run[name] * 1e3:>10.3f}ms {change:>+7.0%}"
              f"{'  SLOWER THAN ALLOWED' if bad else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
