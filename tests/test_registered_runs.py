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

from solver import cli
from solver.tournament import Record, Result, schedule

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "bench" / "tournament-games" / "README.md"
README = ROOT / "README.md"


def registered_commands():
    """``{record file name: the command's arguments}`` from the registry's
    table, parsed by the ``solver`` command's own parser."""
    commands = {}
    # A registered command names its file; the prose's bare ``solver
    # tournament --record`` does not.
    for command in re.findall(r"`(solver tournament [^`]*--record \S[^`]*)`",
                              REGISTRY.read_text()):
        args = cli.parser().parse_args(shlex.split(command)[1:])
        commands[Path(args.record).name] = args
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
    args = registered_commands()[name]
    assert int(games) == args.games
    path = REGISTRY.parent / name
    code = json.loads(path.read_text().splitlines()[0])["code"]
    record = Record(path, code)
    assert record.others == 0, "games of two codes"

    # Every game the registered command schedules is kept, and nothing else.
    pairings = schedule(args.game, args.players, args.ai, args.vs, args.games, args.seed,
                        cli._options(args.option, args.game), team=args.team)
    assert record.played(pairings) == pairings
    assert len(record.outcomes) == len(pairings)
    assert {p.hero for p in pairings} == set(range(args.players)), "the AI sat in every seat"
    for p in pairings:
        assert sum(record.outcome(p)[0]) == pytest.approx(1.0)

    result = Result(pairings, returns=[record.outcome(p)[0] for p in pairings])
    low, high = result.ci95
    assert percent(result.win_share) == share
    assert f"{percent(low)}-{percent(high)}" == interval

    # The README's strength tables publish the same numbers with the seed.
    rows = [line.replace("*", "") for line in README.read_text().splitlines()
            if line.startswith("|")]
    assert any(f"| {args.seed} |" in row and f"| {games} |" in row
               and f"| {share} | {interval} |" in row for row in rows), (
        f"no README row for seed {args.seed} with {games} games, {share} ({interval})")
