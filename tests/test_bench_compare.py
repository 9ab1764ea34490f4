"""The CI speed gate (bench/compare.py): a real slowdown fails, a passing blip does not."""
import json
import runpy
from pathlib import Path

import pytest

compare = runpy.run_path(str(Path(__file__).parent.parent / "bench" / "compare.py"))

NODE = "bench/test_bench_games.py::test_clone_apply[ninjan-4p]"
OTHER = "bench/test_bench_games.py::test_msgpack_encode[ninjan-4p]"


def write(path, times):
    path.write_text(json.dumps({"benchmarks": [
        {"fullname": name, "stats": {"min": t}} for name, t in times.items()]}))
    return str(path)


@pytest.fixture
def files(tmp_path):
    base = write(tmp_path / "base.json", {NODE: 1.0, OTHER: 1.0})
    run = write(tmp_path / "run.json", {NODE: 1.8, OTHER: 1.1})
    return base, run


def test_a_slowdown_without_reruns_fails(files, capsys):
    assert compare["main"]([*files]) == 1
    assert "SLOWER THAN ALLOWED" in capsys.readouterr().out


def test_a_blip_that_passes_on_rerun_is_not_a_failure(files, monkeypatch, capsys):
    timed = []

    def rerun(nodes):
        timed.append(list(nodes))
        return {NODE: 1.05}

    monkeypatch.setitem(compare["main"].__globals__, "rerun", rerun)
    assert compare["main"]([*files, "--reruns", "2"]) == 0
    assert timed == [[NODE]]  # only the slow one, and only once
    assert "best of 2 runs" in capsys.readouterr().out


def test_a_slowdown_every_time_fails_after_all_reruns(files, monkeypatch, capsys):
    timed = []

    def rerun(nodes):
        timed.append(list(nodes))
        return {NODE: 1.7}

    monkeypatch.setitem(compare["main"].__globals__, "rerun", rerun)
    assert compare["main"]([*files, "--reruns", "2"]) == 1
    assert len(timed) == 2
    out = capsys.readouterr().out
    assert "SLOWER THAN ALLOWED" in out and "best of 3 runs" in out


def test_a_benchmark_missing_from_the_baseline_is_reported_not_failed(tmp_path, capsys):
    base = write(tmp_path / "base.json", {NODE: 1.0})
    run = write(tmp_path / "run.json", {NODE: 1.0, OTHER: 5.0})
    assert compare["main"]([base, run, "--reruns", "2"]) == 0
    assert "only in run" in capsys.readouterr().out


def test_the_threads_gate_passes_on_wall_clock_or_on_cpu_time_with_real_overlap():
    from bench.threads import verdict

    assert verdict([{"speedup": 1.85, "projected": 1.9, "overlap": 0.99}], 1.8) == "pass"
    # A busy machine: the wall clock says 1.2x, each thread's CPU time says
    # the threads cost each other nothing, and they ran at the same time.
    assert verdict([{"speedup": 1.2, "projected": 1.95, "overlap": 0.97}], 1.8) == "pass-cpu"
    # Threads that take turns (a lock, the GIL) cannot pass on CPU time.
    assert verdict([{"speedup": 1.0, "projected": 2.0, "overlap": 0.5}], 1.8) == "fail"
    # Threads that slow each other down fail.
    assert verdict([{"speedup": 1.5, "projected": 1.6, "overlap": 0.99},
                    {"speedup": 1.6, "projected": 1.7, "overlap": 0.99}], 1.8) == "fail"
    assert verdict([{"speedup": 1.5, "projected": 1.6, "overlap": 0.99},
                    {"speedup": 1.81, "projected": 1.7, "overlap": 0.99}], 1.8) == "pass"


def test_the_threads_gate_times_a_failed_deal_again_after_the_others():
    from bench.threads import gate

    slow = {"speedup": 1.6, "projected": 1.65, "overlap": 0.99}
    fast = {"speedup": 1.9, "projected": 1.9, "overlap": 0.99}
    # "noisy" is slow for its first 4 tries (a neighbour's window), then
    # scales; "locked" never does; "fine" passes at once.
    noisy = iter([slow] * 4 + [fast] * 10)
    calls = {"fine": 0, "noisy": 0, "locked": 0}

    def measure(name, result):
        def m():
            calls[name] += 1
            return result()
        return m

    measures = {"fine": measure("fine", lambda: fast),
                "noisy": measure("noisy", lambda: next(noisy)),
                "locked": measure("locked", lambda: slow)}
    naps, seen = [], []
    failed = gate(measures, 1.8, reruns=2, later=2, pause=15.0,
                  report=lambda name, tries, k: seen.append((name, k)), sleep=naps.append)
    assert failed == ["locked"]
    assert calls == {"fine": 1, "noisy": 5, "locked": 9}
    assert naps == [15.0, 15.0]
    # the later passes come after every deal's first pass, in order
    assert seen == [("fine", 0), ("noisy", 0), ("locked", 0),
                    ("noisy", 1), ("locked", 1), ("locked", 2)]


def test_the_threads_gate_does_not_wait_when_every_deal_passes():
    from bench.threads import gate

    naps = []
    failed = gate({"a": lambda: {"speedup": 2.0, "projected": 2.0, "overlap": 1.0}}, 1.8,
                  reruns=2, later=3, pause=15.0, report=lambda *a: None, sleep=naps.append)
    assert failed == [] and naps == []


def test_best_of_keeps_each_benchmarks_least_minimum(tmp_path):
    runs = [write(tmp_path / "r1.json", {NODE: 1.0, OTHER: 3.0}),
            write(tmp_path / "r2.json", {NODE: 2.0, OTHER: 1.5}),
            write(tmp_path / "r3.json", {NODE: 0.9, OTHER: 2.0})]
    out = tmp_path / "best.json"
    assert compare["main"](["--best-of", str(out), *runs]) == 0
    assert compare["mins"](str(out)) == {NODE: 0.9, OTHER: 1.5}


def test_the_report_names_the_machines_overall_factor(files, capsys):
    compare["main"]([*files])
    assert "median now/baseline: 1.45" in capsys.readouterr().out
