"""The ``solver`` command line, run as a user runs it."""
import json
import subprocess
import sys

import pytest

from engine import load, save
from tests.conftest import ninjan_position


def solver(*args, check=True):
    out = subprocess.run([sys.executable, "-m", "solver", *map(str, args)],
                         capture_output=True, text=True, timeout=300)
    if check:
        assert out.returncode == 0, out.stderr
    return out


def test_new_then_analyse_as_json(tmp_path):
    pos = tmp_path / "start.msgpack"
    solver("new", "ninjan", "--players", 4, "--seed", 7, "-o", pos)
    state = load(pos)
    assert state.players == 4 and state.seed == 7 and state.history == []
    out = solver("analyse", pos, "--iterations", 3000, "--seed", 2, "--json")
    doc = json.loads(out.stdout)
    assert {"game", "player", "iterations", "seconds", "best", "moves"} <= set(doc)
    assert doc["game"] == "ninjan" and doc["player"] == 1 and doc["iterations"] == 3000
    legal = {a.id for a in state.legal_actions(0)}
    assert {m["action"] for m in doc["moves"]} == legal
    for m in doc["moves"]:
        assert set(m) == {"action", "name", "visits", "share", "value"}
        assert m["name"].startswith("play ")
    # The recommendation: the best win rate among well-searched moves.
    top = max(m["visits"] for m in doc["moves"])
    contenders = [m for m in doc["moves"] if m["visits"] >= top / 5]
    assert doc["best"] == max(contenders, key=lambda m: (m["value"], m["visits"]))
    assert sum(m["share"] for m in doc["moves"]) == pytest.approx(1.0)
    # Same seed and budget: the same analysis.
    again = json.loads(solver("analyse", pos, "--iterations", 3000, "--seed", 2, "--json").stdout)
    assert again["moves"] == doc["moves"]


def test_analyse_table_for_another_seat(tmp_path):
    pos = tmp_path / "p.msgpack"
    solver("new", "ninjan", "--players", 3, "--seed", 1, "-o", pos)
    out = solver("analyse", pos, "--player", 3, "--seconds", 0.2)
    assert "seat 3 to decide" in out.stdout      # seats count from 1, as in the app
    assert "best: play " in out.stdout
    doc = json.loads(solver("analyse", pos, "--player", 3, "--iterations", 500, "--json").stdout)
    state = load(pos)
    assert doc["player"] == 3
    assert {m["action"] for m in doc["moves"]} == {a.id for a in state.legal_actions(2)}


def test_bench_json_keys():
    doc = json.loads(solver("bench", "--game", "ninjan", "--players", 2, "--seconds", 0.2, "--json").stdout)
    assert doc["playouts_per_second"] > 0 and doc["iterations_per_second"] > 0


def test_tournament_prints_win_share_with_interval():
    out = solver("tournament", "--game", "ninjan", "--players", 2, "--ai", "greedy",
                 "--vs", "random", "--games", 20, "--json")
    doc = json.loads(out.stdout)
    lo, hi = doc["ci95"]
    assert 0 <= lo <= doc["win_share"] <= hi <= 1 and doc["games"] == 20


@pytest.mark.parametrize("args,needle", [
    (["analyse", "/no/such/file.msgpack"], "cannot read"),
    (["new", "ninjan", "--players", 9, "-o", "x.msgpack"], "2 to 5 players"),
    (["new", "chess", "--players", 2, "-o", "x.msgpack"], "unknown game"),
    (["analyse", "POS", "--iterations", "lots"], "invalid int"),
    (["analyse", "POS", "--iterations", 0], "iterations"),
    (["analyse", "POS", "--player", 7], "--player: 7 is not a seat; seats are 1 to 2"),
    (["analyse", "POS", "--player", 0], "--player: 0 is not a seat"),
    (["analyse", "MIDROUND", "--player", 2], "seat 2 has no decision now (seats to decide: 1)"),
    (["analyse", "POS", "--iterations", 10, "--seconds", 1], "not allowed with"),
    (["analyse", "GARBAGE"], "not a msgpack position"),
    (["tournament", "--ai", "ismcts:lots", "--vs", "random", "--games", 2], "budget"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, needle):
    pos = tmp_path / "p.msgpack"
    solver("new", "ninjan", "--players", 2, "--seed", 3, "-o", pos)
    garbage = tmp_path / "garbage.msgpack"
    garbage.write_bytes(pos.read_bytes()[:40])
    # Mid-round: 2 Rock (seat 1) beats no pile, so only seat 1 chooses.
    midround = tmp_path / "mid.msgpack"
    save(ninjan_position(2, [["9 Paper"], ["5 Rock"], ["-1 Paper"]], round=1, phase="resolve",
                         hands=[[], []], won=[[], ["3 Rock"]], played=["2 Rock", "9 Paper"],
                         resolved=1), midround)
    where = {"POS": pos, "GARBAGE": garbage, "MIDROUND": midround, "x.msgpack": tmp_path / "x.msgpack"}
    out = solver(*[where.get(a, a) for a in args], check=False)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert "Traceback" not in out.stderr
    assert not (tmp_path / "x.msgpack").exists()
