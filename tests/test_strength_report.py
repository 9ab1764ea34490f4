"""docs/strength.md is written by ``python -m bench.report --write`` from the
kept game records; written again here, it must be the committed file, so the
published strength cannot drift from the games it was computed from."""
from __future__ import annotations

import copy
import doctest
import json

import pytest

from bench import ladder, report
from ninja_dojo.solver.players import ladder_file


def test_docs_strength_is_what_the_records_give():
    committed = report.DOCUMENT.read_text(encoding="utf-8")
    assert report.render() == committed, (
        "docs/strength.md differs from what the kept records give: python -m bench.report --write")


def test_it_reports_every_finished_run_and_every_rated_game():
    text = report.DOCUMENT.read_text(encoding="utf-8")
    runs = report.registered_runs(report.REGISTRY.read_text(encoding="utf-8"))
    assert sum(r.finished for r in runs) >= 4
    for run in runs:
        assert (f"| `{run.name[:-len('.jsonl')]}` |" in text) == run.finished
    for game, entry in json.loads(ladder_file().read_text()).items():
        assert f"`{report.ladder_command(game, entry)}`" in text
        assert f"### {report.table_name(game, entry['players'], entry['options'])}\n" in text


def test_a_ladder_whose_kept_ratings_are_not_its_fit_is_refused(tmp_path, monkeypatch):
    # A small ladder of its own (two matches, 6 games of Nin Jan), so the
    # test does not depend on which games the repository has rated.
    from ninja_dojo.solver import players
    monkeypatch.setattr(ladder, "GAMES_DIR", tmp_path / "games")
    monkeypatch.setattr(ladder, "ladder_file", lambda: tmp_path / "ladder.json")
    monkeypatch.setattr(players, "ladder_file", lambda: tmp_path / "ladder.json")
    monkeypatch.setattr(ladder, "calibrate", lambda *a, **k: 2000.0)
    assert ladder.main(["--game", "ninjan", "--pair", "easy/novice=4", "--pair", "medium/easy=2",
                        "--bootstrap", "20", "--write"]) == 0
    doc = json.loads((tmp_path / "ladder.json").read_text())
    assert "| medium against easy | 2 |" in "\n".join(report.ladder_section(doc, bootstrap=20))
    edited = copy.deepcopy(doc)
    edited["ninjan"]["ratings"]["easy"]["elo"] += 1
    with pytest.raises(Exception, match="ninjan: ladder.json is not the fit of its kept games"):
        report.ladder_section(edited, bootstrap=20)
    # A game of its schedule missing from the record: refused as well.
    kept = tmp_path / "games" / "ninjan-2p.jsonl"
    kept.write_text("\n".join(kept.read_text().splitlines()[1:]) + "\n")
    with pytest.raises(Exception, match="5 of the ladder's 6 games are kept"):
        report.ladder_section(doc, bootstrap=20)


def test_a_finished_line_for_no_registered_run_is_refused():
    text = report.REGISTRY.read_text(encoding="utf-8") + "\nFinished: `nothing-1p-1.jsonl`, all 1 games\n"
    with pytest.raises(Exception, match="nothing-1p-1.jsonl is not a registered run"):
        report.registered_runs(text)


def test_a_bad_record_is_one_line_and_exit_status_2(tmp_path, monkeypatch, capsys):
    registry = tmp_path / "README.md"
    run = next(r for r in report.registered_runs(report.REGISTRY.read_text()) if r.finished)
    registry.write_text(report.REGISTRY.read_text())
    (tmp_path / run.name).write_text("not a record\n")
    monkeypatch.setattr(report, "REGISTRY", registry)
    monkeypatch.setattr(report, "DOCUMENT", tmp_path / "strength.md")
    assert report.main(["--write"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bench.report: ") and err.count("\n") == 1
    assert not (tmp_path / "strength.md").exists()


@pytest.mark.parametrize("module", [report, ladder])
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0, result
