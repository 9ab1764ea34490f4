"""Every game registered (``engine.GAMES``) brings everything a game needs,
as docs/adding-a-game.md lists it; this test names whatever one lacks, with
the command or file that supplies it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ninja_dojo.engine import GAMES, GameType, new_game
from ninja_dojo.engine.state import GAME_NAMES

ROOT = Path(__file__).resolve().parent.parent


def lacks(name: str) -> list[str]:
    """What game ``name`` still lacks, one line each (empty: nothing)."""
    game = GAMES[name]
    out = []
    lo, hi = game.players
    if not (isinstance(lo, int) and isinstance(hi, int) and 2 <= lo <= hi):
        out.append(f"a player range of at least 2 (GameType.players is {game.players})")
    for key, spec in game.options.items():
        if "values" not in spec or spec.get("default") not in spec["values"]:
            out.append(f"option {key!r}: allowed 'values' with its 'default' among them")
        if not spec.get("help"):
            out.append(f"option {key!r}: a 'help' line (the setup screen and --help show it)")
    if game.evaluation is None and any(s.get("cut_rounds") for s in game.search_settings.values()):
        out.append("an evaluation (GameType.evaluation): its search settings cut rollouts off")
    try:
        state = new_game(name, lo, seed=1)
        state.view(-1), state.view(0), state.steps(), state.fields()
        for a in range(game.num_actions):
            game.action_name(a)
    except Exception as e:  # noqa: BLE001 - what a game lacks, whatever it raises
        out.append(f"a deal whose verbs work ({type(e).__name__}: {e})")
    if not (ROOT / "docs" / "rules" / f"{name}.md").is_file():
        out.append(f"its rules as implemented: docs/rules/{name}.md")
    if not list((ROOT / "tests" / "golden").glob(f"{name}_*.txt")):
        out.append(f"a golden playthrough: tests/golden/{name}_<players>p.txt (tests/golden.py)")
    if name not in json.loads((ROOT / "bench" / "guard.json").read_text()):
        out.append(f"a strength guard line: python -m bench.guard --game {name} --write")
    counts = json.loads((ROOT / "bench" / "instructions.json").read_text())
    if not any(f"[{name}-" in k for k in counts):
        out.append("instruction counts of its hot loops: python -m bench.instructions --write "
                   "(after adding it to bench/instructions.py's workloads)")
    baseline = json.loads((ROOT / "bench" / "baseline.json").read_text())
    if not any(name in b["name"] for b in baseline["benchmarks"]):
        out.append("throughput benchmarks in bench/baseline.json (bench/test_bench_games.py, "
                   "then bench/README.md 'Refreshing the baseline')")
    from ninja_dojo.tui.boards import BOARDS
    if name not in BOARDS:
        out.append("a board in the app (tui/boards.py)")
    return out


def test_the_registry_is_every_game_declared_once():
    assert list(GAMES) == list(GAME_NAMES)
    for name, game in GAMES.items():
        assert isinstance(game, GameType) and game.name == name


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_lacks_nothing(name):
    missing = lacks(name)
    assert not missing, f"{GAMES[name].title} lacks:\n  " + "\n  ".join(missing)


def test_what_a_game_lacks_is_named(monkeypatch, tmp_path):
    from dataclasses import replace

    game = GAMES["ninjan"]
    bare = replace(game, name="bare", options={"deck": {"values": ("a",), "default": "b"}})
    monkeypatch.setitem(GAMES, "bare", bare)
    monkeypatch.setattr("ninja_dojo.engine.state.GAME_NAMES", (*GAME_NAMES, "bare"))
    missing = "\n".join(lacks("bare"))
    for what in ("'deck'", "docs/rules/bare.md", "tests/golden/bare_", "bench.guard --game bare",
                 "instruction counts", "bench/baseline.json", "a board in the app"):
        assert what in missing
