"""The documentation is run and checked against the engine, so it cannot
drift: every Python block of docs/api.md runs, and the tables of fields it
documents list exactly the keys the engine produces."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from ninja_dojo import engine
DOCS = Path(__file__).resolve().parent.parent / "docs"
API = DOCS / "api.md"


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def table_keys(text, heading_row):
    """The backquoted names of the first column of the table whose header
    row starts with ``heading_row``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading_row))
    keys = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        keys += re.findall(r"`([a-z_]+)`", line.split("|")[1])
    return keys


def test_api_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = python_blocks(API.read_text(encoding="utf-8"))
    assert len(blocks) >= 8
    namespace = {"__name__": "docs_api"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for i, block in enumerate(blocks):
            try:
                exec(compile(block, f"docs/api.md block {i + 1}", "exec"), namespace)
            except Exception as e:
                pytest.fail(f"docs/api.md block {i + 1} fails: {type(e).__name__}: {e}\n{block}")
    # The whole game of the first example was played out.
    assert namespace["state"].name == "ninjan"
    printed = out.getvalue()
    # The comments of the hand-made endgame state what it prints.
    assert "[16, 11]" in printed and "seat 0 (score 24) wins" in printed
    assert "state.round: 0 is not in 1..9" in printed


def test_api_documents_every_view_key():
    text = API.read_text(encoding="utf-8")
    view = engine.new_game("ninjan", players=2, seed=1).view(0)
    assert sorted(table_keys(text, "| key | meaning |")) == sorted(view)


def test_api_documents_where_each_view_keeps_what_its_seat_remembers():
    """Each row of the table names a key that is in that game's view where
    the row says (a seat's part: seat 0's)."""
    text = API.read_text(encoding="utf-8")
    titles = {g.title: name for name, g in engine.GAMES.items()}
    games = set()
    for row in text.split("| key | game | where | meaning |")[1].splitlines()[2:]:
        if not row.startswith("|"):
            break
        key, title, where, _ = [c.strip().strip("`") for c in row.split("|")[1:-1]]
        games.add(titles[title])
        view = engine.new_game(titles[title], 3, seed=1).view(0)
        if where == "the view":
            places = [view]
        else:
            places = [view[w[:-3]][0] if w.endswith("[p]") else view[w]
                      for w in re.findall(r"`?([a-z_]+(?:\[p\])?)`?", where)]
        assert places and all(key in place for place in places), (key, where)
    assert games == {"pride_of_ninja", "ninjato", "senjutsu"}


def test_api_documents_every_position_key_and_state_field():
    text = API.read_text(encoding="utf-8")
    state = engine.new_game("ninjan", players=2, seed=1)
    review = engine.review.GameReview(4000, 0, ())
    assert table_keys(text, "| key | value |") == list(engine.codec.to_map(state, seats=["human", "easy"],
                                                                           review=review))
    assert sorted(table_keys(text, "| field | value |")) == sorted(state.fields())


def test_ninjan_rules_doc_marks_every_ruling():
    text = (DOCS / "rules" / "ninjan.md").read_text(encoding="utf-8")
    # The rulings file of the project's brief (rules/ninjan.md) has eight.
    for n in range(1, 9):
        assert f"(ruling {n})" in text, f"ruling {n} is not marked in docs/rules/ninjan.md"


def test_ninjato_rules_doc_marks_every_ruling():
    text = (DOCS / "rules" / "ninjato.md").read_text(encoding="utf-8")
    # rules/ninjato.md has rulings 1 to 24 and 8a, 11a.
    for n in [*map(str, range(1, 25)), "8a", "11a"]:
        assert f"(ruling {n})" in text, f"ruling {n} is not marked in docs/rules/ninjato.md"
    assert "(**chosen**" in text or "**chosen**" in text


def test_senjutsu_rules_doc_marks_every_ruling_and_lists_every_card_as_the_data_has_it():
    from ninja_dojo.engine.senjutsu.cards import CARDS
    text = (DOCS / "rules" / "senjutsu.md").read_text(encoding="utf-8")
    # rules/senjutsu.md has rulings 1 to 26.
    for n in range(1, 27):
        assert f"(ruling {n})" in text, f"ruling {n} is not marked in docs/rules/senjutsu.md"
    assert "(**chosen**" in text or "**chosen**" in text
    rows = {line.split("|")[1].strip(): line for line in text.splitlines()
            if line.startswith("| ") and line.split("|")[1].strip()[:1] in "GMSRV"
            and len(line.split("|")[1].strip()) == 3}
    assert sorted(rows) == sorted(c.id for c in CARDS)
    for c in CARDS:          # the card table says what the data file says (one source, checked)
        cells = [x.strip() for x in rows[c.id].split("|")[1:-1]]
        assert cells[1:5] == [c.name, c.kind_text, c.init_text, c.actions], c.id


def test_ninjato_docstring_examples_run():
    import doctest

    import ninja_dojo.engine.ninjato

    from ninja_dojo import engine
    import tests.ninjato_table
    for module in (engine.ninjato, tests.ninjato_table):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


@pytest.mark.parametrize("name", ["engine", "ninja_dojo.engine.errors", "ninja_dojo.engine.checks", "ninja_dojo.engine.state",
                                  "ninja_dojo.engine.codec", "ninja_dojo.engine.files", "ninja_dojo.engine.position_text", "ninja_dojo.engine.record_text",
                                  "ninja_dojo.engine.ninjan.text", "ninja_dojo.engine.san_ni_ichi.text",
                                  "ninja_dojo.engine.pride_of_ninja.text", "ninja_dojo.engine.senjutsu.text",
                                  "ninja_dojo.engine.ninjato.text", "ninja_dojo.engine.review", "ninja_dojo.solver.search",
                                  "ninja_dojo.solver.players",
                                  "ninja_dojo.solver.review", "ninja_dojo.solver.rating", "ninja_dojo.solver.tournament",
                                  "ninja_dojo.engine.senjutsu", "ninja_dojo.engine.senjutsu.cards", "ninja_dojo.engine.senjutsu.decks",
                                  "ninja_dojo.engine.senjutsu.rules", "ninja_dojo.engine.senjutsu.notation",
                                  "ninja_dojo.engine.senjutsu.position", "ninja_dojo.engine.senjutsu.views",
                                  "ninja_dojo.engine.san_ni_ichi", "ninja_dojo.engine.san_ni_ichi.rules",
                                  "ninja_dojo.engine.san_ni_ichi.notation", "ninja_dojo.engine.san_ni_ichi.position",
                                  "ninja_dojo.engine.san_ni_ichi.views",
                                  "ninja_dojo.engine.pride_of_ninja", "ninja_dojo.engine.pride_of_ninja.notation",
                                  "ninja_dojo.engine.pride_of_ninja.rules", "ninja_dojo.engine.pride_of_ninja.position",
                                  "ninja_dojo.engine.pride_of_ninja.views",
                                  "ninja_dojo.engine.ninjato.rules", "ninja_dojo.engine.ninjato.notation",
                                  "ninja_dojo.engine.ninjato.position", "ninja_dojo.engine.ninjato.views",
                                  "tests.properties", "tests.senjutsu_table", "bench.agreement"])
def test_engine_and_solver_doctests(name):
    """The examples in the docstrings of the engine's and the solver's Python
    modules run and hold (the app's: tests/test_tui_doctests.py)."""
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0, result


ROOT = DOCS.parent


def test_the_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    """The README's first lines are the command that starts the game and the
    command that passes the tests; CI (.ci/run) runs that test command, with
    extras added (Ray) and nothing else changed."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    setup = "python3 -m venv .venv && . .venv/bin/activate && "
    assert lines[0] == "# ninja-dojo" and lines[1] == ""
    assert lines[2] == f"    {setup}pip install -e . && dojo"
    assert lines[3] == f"    {setup}pip install -e '.[test]' && pytest"
    ci = re.findall(r"^pip install -e '\.\[([\w,]+)\]' && (.*)$", (ROOT / ".ci" / "run").read_text(), flags=re.M)
    assert len(ci) == 1, ci
    extras, command = ci[0]
    assert "test" in extras.split(",") and command == "pytest"


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it ("The app's levels rated":
    ``the-apps-levels-rated``)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_relative_link_of_the_documents_leads_somewhere():
    files = [ROOT / "README.md", *DOCS.glob("**/*.md"), *(ROOT / "bench").glob("**/*.md")]
    broken = []
    for f in files:
        text = re.sub(r"```.*?```", "", f.read_text(encoding="utf-8"), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (f.parent / path) if path else f
            if not linked.exists():
                broken.append(f"{f.relative_to(ROOT)}: {target}")
            elif anchor and anchor not in {slug(h) for h in re.findall(r"^#+ (.*)$", linked.read_text(), flags=re.M)}:
                broken.append(f"{f.relative_to(ROOT)}: {target} (no such heading)")
    assert len(files) >= 10 and not broken, broken


def test_the_code_points_to_documents_that_exist():
    """A comment or docstring that sends the reader to a document names one
    that exists (the README was cut to a newcomer's page: its experiment log
    is docs/strength-log.md, the app's guide docs/playing.md), and a section
    it quotes is in that document."""
    sources = [p for folder in ("engine", "solver", "tui", "bench")
               for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".pyx", ".pxd")]
    assert len(sources) > 50
    wrong = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"README", text):
            named = re.search(r"[\w./-]*$", text[:m.start()]).group().lstrip("./") + "README.md"
            if not text.startswith(".md", m.end()) or not (ROOT / named).is_file():
                line = text.count("\n", 0, m.start()) + 1
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {text.splitlines()[line - 1].strip()}")
        for m in re.finditer(r"\bdocs/([\w./-]+\.md)(?:, \"([^\"]+)\")?", text):
            doc = DOCS / m.group(1)
            if not doc.is_file():
                wrong.append(f"{path.relative_to(ROOT)}: {m.group()} (no such document)")
            elif m.group(2) and m.group(2) not in doc.read_text(encoding="utf-8"):
                wrong.append(f"{path.relative_to(ROOT)}: {m.group()} (no such section)")
    assert not wrong, "\n".join(wrong)


def test_the_documents_name_python_objects_that_exist():
    """A dotted name written out (``ninja_dojo.engine.senjutsu.decks.read_deck_file``)
    is importable as written: a document names the installed package,
    ``ninja_dojo``, unless its own examples import the first part (``from
    ninja_dojo import engine``).  The experiment log is history, left as it was."""
    import importlib
    wrong = []
    for doc in [ROOT / "README.md", *DOCS.glob("**/*.md"), *(ROOT / "bench").glob("**/*.md")]:
        if doc.name == "strength-log.md":
            continue
        text = doc.read_text(encoding="utf-8")
        imported = set(re.findall(r"^from ninja_dojo import (\w+)", text, flags=re.M))
        for name in re.findall(r"`((?:ninja_dojo\.)?(?:engine|solver|tui)(?:\.\w+){2,})", text):
            first = name.split(".")[0]
            if first != "ninja_dojo" and first not in imported:
                wrong.append(f"{doc.relative_to(ROOT)}: {name} (write ninja_dojo.{name})")
                continue
            parts = (name if first == "ninja_dojo" else f"ninja_dojo.{name}").split(".")
            for cut in range(len(parts), 1, -1):      # the longest module, then its attributes
                try:
                    obj = importlib.import_module(".".join(parts[:cut]))
                except ImportError:
                    continue
                try:
                    for attr in parts[cut:]:
                        obj = getattr(obj, attr)
                except AttributeError:
                    wrong.append(f"{doc.relative_to(ROOT)}: {name} (no such name)")
                break
            else:
                wrong.append(f"{doc.relative_to(ROOT)}: {name} (no such module)")
    assert not wrong, "\n".join(wrong)
