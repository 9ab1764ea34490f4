"""The registered tournaments' published results are recomputed from their
kept games, so a share in docs/strength.md cannot drift from the record it
came from, and a record cannot be cut short or mixed from two versions of the
code without a test failing.

The registry (``bench/tournament-games/README.md``) fixes each run's command
before its first game; a run is marked complete by a ``Finished:`` line there,
committed with its record, and published by its row of docs/strength.md
(written by ``python -m bench.report --write``) with the run's games, share
and 95% interval.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import report
from ninja_dojo.solver import cli
from ninja_dojo.solver.tournament import Record, Result, schedule

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "bench" / "tournament-games" / "README.md"
STRENGTH = ROOT / "docs" / "strength.md"


def registered_commands():
    """``{record file name: the command's arguments}`` from the registry's
    table, parsed by the ``solver`` command's own parser."""
    return {run.name: run.args for run in report.registered_runs(REGISTRY.read_text())}


def finished_runs():
    """``(file, games)`` of every ``Finished:`` line."""
    text = " ".join(REGISTRY.read_text().split())
    return re.findall(r"Finished: `([\w.-]+\.jsonl)`, all (\d+) games by one code fingerprint", text)


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def test_the_registry_lists_finished_runs():
    assert len(finished_runs()) >= 4


@pytest.mark.parametrize("name, games", finished_runs())
def test_a_finished_run_is_what_its_record_holds(name, games):
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
    share, interval = percent(result.win_share), f"{percent(low)}-{percent(high)}"

    # docs/strength.md publishes the same numbers in the run's row, with its
    # registered command.
    text = STRENGTH.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith(f"| `{Path(name).stem}` |")]
    assert len(rows) == 1, f"docs/strength.md has {len(rows)} rows for {name}"
    assert f"| {games} | {share} | {interval} |" in rows[0], (
        f"docs/strength.md's row for {name} is not {games} games, {share} ({interval}): {rows[0]}")
    assert f"`{Path(name).stem}`: `solver tournament " in text and f"--seed {args.seed} " in text


def test_a_record_cut_short_or_mixed_is_refused_by_the_report(tmp_path):
    """bench.report writes no row for a record that is not exactly its run."""
    run = next(r for r in report.registered_runs(REGISTRY.read_text()) if r.finished)
    lines = (REGISTRY.parent / run.name).read_text().splitlines()
    (tmp_path / run.name).write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(Exception, match=f"{len(lines) - 1} of the {len(lines)} games"):
        report.result(run, tmp_path)
    other = json.loads(lines[-1]) | {"code": "another code"}
    (tmp_path / run.name).write_text("\n".join(lines[:-1] + [json.dumps(other)]) + "\n")
    with pytest.raises(Exception, match="played by other code"):
        report.result(run, tmp_path)
    (tmp_path / run.name).write_text("\n".join(lines) + "\n")
    assert report.result(run, tmp_path).games == len(lines)
