"""The registered tournaments' published results are recomputed from their
kept games, so a share in the README cannot drift from the record it came
from, and a record cannot be cut short or mixed from two versions of the code
without a test failing.

The registry (``bench/tournament-games/README.md``) fixes each run's command
before its first game; a run is published by a ``Finished:`` line there and by
a row of the README's strength tables with the run's seed, games, share and
95% interval.
"""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from solver.tournament import wilson

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "bench" / "tournament-games" / "README.md"
README = ROOT / "README.md"


def registered_commands():
    """``{record file name: parsed options}`` from the registry's table."""
    commands = {}
    for command in re.findall(r"`(solver tournament [^`]+)`", REGISTRY.read_text()):
        words = shlex.split(command)
        options = dict(zip(words[2::2], words[3::2]))
        if "--record" not in options:  # the prose names the option itself
            continue
        commands[Path(options["--record"]).name] = options
    return commands


def finished_runs():
    """``(file, games, share, interval)`` of every ``Finished:`` line."""
    text = " ".join(REGISTRY.read_text().split())
    return re.findall(
        r"Finished: `([\w.-]+\.jsonl)`, all (\d+) games by one code fingerprint"
        r" \([^)]*\): ([\d.]+%) \(([\d.]+%-[\d.]+%)\)", text)


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def test_the_registry_lists_finished_runs():
    assert len(finished_runs()) >= 4


@pytest.mark.parametrize("name, games, share, interval", finished_runs())
def test_a_finished_run_is_what_its_record_holds(name, games, share, interval):
    options = registered_commands()[name]
    assert int(games) == int(options["--games"])
    lines = [json.loads(line)
             for line in (REGISTRY.parent / name).read_text().splitlines()]
    assert len(lines) == int(games)
    assert len({line["key"] for line in lines}) == len(lines)
    assert len({line["code"] for line in lines}) == 1, "games of two codes"

    ai = options["--ai"]
    total = 0.0
    seats = set()
    for line in lines:
        game, specs, *_ = json.loads(line["key"])
        assert game == options["--game"]
        assert len(specs) == int(options["--players"])
        assert specs.count(ai) == 1
        assert sum(line["returns"]) == pytest.approx(1.0)
        seat = specs.index(ai)
        seats.add(seat)
        total += line["returns"][seat]
    assert seats == set(range(int(options["--players"]))), "the AI sat in every seat"

    low, high = wilson(total, len(lines))
    assert percent(total / len(lines)) == share
    assert f"{percent(low)[:-1]}%-{percent(high)}" == interval

    # The README's strength tables publish the same numbers with the seed.
    seed = options["--seed"]
    rows = [line.replace("*", "") for line in README.read_text().splitlines()
            if line.startswith("|")]
    assert any(f"| {seed} |" in row and f"| {games} |" in row
               and f"| {share} | {interval} |" in row for row in rows), (
        f"no README row for seed {seed} with {games} games, {share} ({interval})")
