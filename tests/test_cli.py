"""The ``solver`` command line, run as a user runs it."""
import json
import os
import random
import re
import subprocess
import sys
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from ninja_dojo.engine import PositionError, load, save
from tests.conftest import ninjan_position, solver_process
from tests.play import play_random, random_joint
from tests.properties import budget


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
        assert set(m) == {"action", "name", "text", "visits", "share", "value"}
        assert m["name"].startswith("play ")
    # The recommendation: the best win rate among well-searched moves.
    top = max(m["visits"] for m in doc["moves"])
    contenders = [m for m in doc["moves"] if m["visits"] >= top / 5]
    assert doc["best"] == max(contenders, key=lambda m: (m["value"], m["visits"]))
    assert sum(m["share"] for m in doc["moves"]) == pytest.approx(1.0)
    # The others choosing at the same moment, by their seats counted from 1.
    assert set(doc["others"]) == {"2", "3", "4"}
    assert [step["seat"] for step in doc["line"]][:1] == [1]
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


def test_analyse_says_when_the_decision_is(tmp_path):
    # before the first round (Senjutsu's samurai are placed in round 0)
    pos = tmp_path / "duel.msgpack"
    solver("new", "senjutsu", "--players", 2, "--option", "samurai=ronin,master", "--seed", 3, "-o", pos)
    out = solver("analyse", pos, "--iterations", 300)
    assert out.stdout.splitlines()[0] == "Senjutsu: seat 1 to decide (before round 1)"
    assert "best: place on (" in out.stdout


def test_bench_json_keys():
    doc = json.loads(solver("bench", "--game", "ninjan", "--players", 2, "--seconds", 0.2, "--json").stdout)
    assert doc["playouts_per_second"] > 0 and doc["iterations_per_second"] > 0


def test_tournament_prints_win_share_with_interval():
    out = solver("tournament", "--game", "ninjan", "--players", 2, "--ai", "greedy",
                 "--vs", "random", "--games", 20, "--json")
    doc = json.loads(out.stdout)
    lo, hi = doc["ci95"]
    assert 0 <= lo <= doc["win_share"] <= hi <= 1 and doc["games"] == 20


def test_a_team_tournament_measures_the_side_the_ai_plays():
    out = solver("tournament", "--game", "san_ni_ichi", "--players", 4, "--option", "teams=true",
                 "--ai", "greedy", "--vs", "random", "--games", 8, "--team", "--jobs", 1, "--no-progress")
    line = out.stdout.strip()
    assert line.startswith("greedy in 2 seats of a team vs 2 x random, 8 games of san_ni_ichi: win share ")
    assert line.endswith("an equal team gets 50.0%)")


@pytest.mark.parametrize("args,needle", [
    (["analyse", "/no/such/file.msgpack"], "cannot read"),
    (["new", "ninjan", "--players", 9, "-o", "x.msgpack"], "2 to 5 players"),
    (["new", "chess", "--players", 2, "-o", "x.msgpack"], "unknown game"),
    (["analyse", "POS", "--iterations", "lots"], "'lots' is not a whole number of iterations"),
    (["analyse", "POS", "--iterations", 0], "iterations"),
    (["analyse", "POS", "--player", 7], "--player: 7 is not a seat; seats are 1 to 2"),
    (["analyse", "POS", "--player", 0], "--player: 0 is not a seat"),
    (["analyse", "MIDROUND", "--player", 2], "seat 2 has no decision now (seats to decide: 1)"),
    (["analyse", "POS", "--iterations", 10, "--seconds", 1], "not allowed with"),
    (["analyse", "GARBAGE"], "not a position file (cut short or damaged: "),
    (["tournament", "--game", "ninjan", "--ai", "ismcts:lots", "--vs", "random", "--games", 2],
     "budget"),
    (["tournament", "--game", "san_ni_ichi", "--players", 6, "--ai", "greedy", "--vs", "random",
      "--team"], "no teams with these options (team play is --option teams=true)"),
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


# ------------------------------------------------ as a new user tries it
@pytest.mark.parametrize("args,needle", [
    # budgets that are not numbers, not finite, or absurd
    (["analyse", "POS", "--seconds", "inf"], "--seconds: 'inf' is not a finite number of seconds"),
    (["analyse", "POS", "--seconds", "nan"], "--seconds: 'nan' is not a finite number"),
    # each range says its bounds as they are checked: a time is more than 0
    (["analyse", "POS", "--seconds", "0"], "--seconds: 0 is too small: more than 0 and at most 3600 seconds"),
    (["analyse", "POS", "--seconds", "-0.5"], "--seconds: -0.5 is too small: more than 0 and at most 3600"),
    (["analyse", "POS", "--seconds", "1e9"], "--seconds: 1e9 is too large: more than 0 and at most 3600"),
    (["analyse", "POS", "--iterations", "1000000000"],
     "1000000000 is too large: from 1 to 100,000,000 iterations"),
    (["analyse", "POS", "--iterations", "0"], "--iterations: 0 is too small: from 1 to 100,000,000"),
    (["review", "POS", "--jobs", "300"], "--jobs: 300 is too large: from 0 to 256 (0: every core)"),
    (["bench", "--threads", "0"], "--threads: 0 is too small: from 1 to 256"),
    (["bench", "--seconds", "inf"], "--seconds: 'inf' is not a finite number"),
    (["tournament", "--game", "ninjan", "--ai", "greedy", "--vs", "random", "--games", "0"],
     "--games: 0 is too small: from 1 to 1,000,000 games"),
    # a seed says what is wrong with the value given
    (["tournament", "--game", "ninjan", "--ai", "greedy", "--vs", "random", "--seed", "-1"],
     "--seed: -1 is negative: a seed is 0 or more"),
    (["tournament", "--game", "ninjan", "--ai", "greedy", "--vs", "random", "--seed",
      str(10**18)], f"--seed: {10**18} is too large; at most"),
    (["analyse", "POS", "--seed", "-3"], "--seed: -3 is negative"),
    (["new", "ninjan", "--players", "2", "--seed", str(2**63), "-o", "x.msgpack"],
     "is too large: a seed is below 2^63"),
    # a tournament names its game
    (["tournament", "--ai", "greedy", "--vs", "random"], "required: --game"),
    (["new", "ninjan", "--players", "2", "--option", "players=3", "-o", "x.msgpack"],
     "give --players instead"),
    ([], "give a command: new, analyse, show, position, review, bench or tournament"),
])
def test_bad_budgets_seeds_and_missing_arguments(tmp_path, args, needle):
    pos = tmp_path / "p.msgpack"
    solver("new", "ninjan", "--players", 2, "--seed", 3, "-o", pos)
    out = solver(*[pos if a == "POS" else (tmp_path / a if a == "x.msgpack" else a) for a in args],
                 check=False)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and needle in lines[0], out.stderr
    assert out.stdout == "" and not (tmp_path / "x.msgpack").exists()


def _leftovers(folder) -> list:
    return [p.name for p in folder.iterdir() if p.name.startswith(".tmp-")]


def test_file_errors_are_one_line_and_leave_nothing(tmp_path):
    """A missing folder, a folder, a file where a folder should be: one line, exit 2."""
    (tmp_path / "plain").write_text("not a folder")
    cases = [
        (tmp_path / "nonexistent" / "dir" / "x.msgpack", "no folder"),
        (tmp_path, "is a folder; give a file name"),
        (tmp_path / "plain" / "x.msgpack", "no folder"),
    ]
    for target, needle in cases:
        out = solver("new", "ninjan", "--players", 4, "-o", target, check=False)
        lines = out.stderr.strip().splitlines()
        assert out.returncode == 2 and len(lines) == 1 and needle in lines[0], out.stderr
        assert "Traceback" not in out.stderr
    assert _leftovers(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]


def test_a_folder_without_write_permission(tmp_path, monkeypatch, capsys):
    """(The folder's refusal is played by ``mkstemp``: the tests may run as root.)"""
    import errno
    import os
    import tempfile
    from ninja_dojo.solver.cli import main

    def refused(*args, **kw):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    target = tmp_path / "x.msgpack"
    assert main(["new", "ninjan", "--players", "2", "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"solver: error: -o {str(target)!r}: cannot write (Permission denied)"]
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_is_one_line_and_the_old_file_stays(tmp_path, monkeypatch, capsys):
    """ENOSPC while writing: the message, exit 2, the file as it was, no temporary left."""
    import errno
    import os
    from ninja_dojo.solver.cli import main
    target = tmp_path / "x.msgpack"
    target.write_bytes(b"the old file")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", full)
    assert main(["new", "ninjan", "--players", "2", "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"solver: error: -o {str(target)!r}: cannot write (No space left on device)"]
    assert target.read_bytes() == b"the old file" and _leftovers(tmp_path) == []


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (Linux /proc), whatever else the machine runs."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interrupted(args, after=1.5):
    """Run the solver, press Ctrl-C (SIGINT) once it has worked ``after``
    seconds of CPU time (so it is searching, not still starting up, however
    loaded the machine is); the result and how long it took to stop."""
    import signal
    import time
    p = solver_process(*args)
    while p.poll() is None and _cpu_seconds(p.pid) < after:
        time.sleep(0.05)
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, out, err, time.monotonic() - t0


def test_ctrl_c_stops_analyse_with_the_result_so_far(tmp_path):
    pos = tmp_path / "pon.msgpack"
    solver("new", "pride_of_ninja", "--players", 5, "--seed", 3, "-o", pos)
    code, out, err, took = _interrupted(["analyse", pos, "--seconds", 60, "--json"])
    assert code == 130, err
    doc = json.loads(out)                          # valid JSON, what was found so far
    assert doc["stopped_early"] is True and doc["iterations"] > 0
    assert doc["seconds"] < 30 and took < 10       # it did not run its 60 s
    state = load(pos)
    assert {m["action"] for m in doc["moves"]} <= {a.id for a in state.legal_actions(0)}
    # The table says so too; its columns stay aligned with Pride of Ninja's long names.
    code, out, err, _ = _interrupted(["analyse", pos, "--seconds", 60])
    assert code == 130 and "stopped early (Ctrl-C)" in out
    rows = [line for line in out.splitlines()[2:] if line and not line.startswith(("best:", "stop"))]
    assert len(rows) > 2 and len({line.index("%") for line in rows}) == 1, out


def test_ctrl_c_stops_bench_with_the_rates_so_far():
    code, out, err, took = _interrupted(["bench", "--game", "ninjan", "--seconds", 60, "--json"])
    assert code == 130 and took < 10, err
    doc = json.loads(out)
    assert doc["stopped_early"] is True and doc["playouts_per_second"] > 0


def test_analyse_table_aligns_long_move_names(tmp_path):
    pos = tmp_path / "pon.msgpack"
    solver("new", "pride_of_ninja", "--players", 3, "--seed", 2, "-o", pos)
    out = solver("analyse", pos, "--iterations", 2000).stdout.splitlines()
    header, rows = out[1], [line for line in out[2:] if not line.startswith("best:")]
    assert any(len(r.split("  ")[0]) > 24 for r in rows)       # names longer than 24
    for column in ("visits", "share"):
        end = header.index(column) + len(column)
        assert all(r[end - 1].isdigit() or r[end - 1] == "%" for r in rows), (column, out)


def test_small_words_are_right():
    out = solver("tournament", "--game", "ninjan", "--players", 2, "--ai", "greedy",
                 "--vs", "random", "--games", 1).stdout
    assert "1 game of ninjan" in out and "1 games" not in out


# ------------------------------------------ any argument list: property test
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

WORDS = st.sampled_from([
    "new", "analyse", "analyze", "bench", "tournament", "frobnicate", "--help", "-h",
    "ninjan", "san_ni_ichi", "pride_of_ninja", "chess", "--players", "--seed", "--option",
    "-o", "--output", "--iterations", "--seconds", "--player", "--json", "--selection",
    "--rollout", "--game", "--ai", "--vs", "--games", "deck=red", "teams=true", "deck=",
    "=", "players=3", "x", "rm", "random", "greedy", "ismcts:20", "flat:20", "ismcts:lots",
    "ismcts:1e9", "novice", "0", "1", "2", "3", "4", "6", "-1", "20", "200", "0.05", "inf",
    "-inf", "nan", "1e308", "1e9", "99999999999", str(2**63), str(2**64), "", " ", "é",
    "POS", "MISSING", "DIR", "GARBAGE", "OUT", "NOFOLDER",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.lists(WORDS, max_size=9))
def test_any_argument_list_gives_a_result_or_one_line_and_exit_2(tmp_path, capsys, words):
    """Whatever a user types: exit 0 with a result, or exit 2 with one line
    on stderr (``--help``: the help and exit 0).  Never a traceback."""
    from ninja_dojo.solver.cli import main
    pos = tmp_path / "pos.msgpack"
    if not pos.exists():
        main(["new", "ninjan", "--players", "2", "--seed", "1", "-o", str(pos)])
        (tmp_path / "garbage.msgpack").write_bytes(b"\x93 not a position")
    capsys.readouterr()
    where = {"POS": pos, "MISSING": tmp_path / "missing.msgpack", "DIR": tmp_path,
             "GARBAGE": tmp_path / "garbage.msgpack", "OUT": tmp_path / "out.msgpack",
             "NOFOLDER": tmp_path / "no" / "such" / "out.msgpack"}
    argv = [str(where.get(w, w)) for w in words]
    # Keep the runs short: a budget is given where one is missing.
    if argv and argv[0] in ("analyse", "analyze") and not {"--iterations", "--seconds"} & set(argv):
        argv += ["--iterations", "200"]
    if argv and argv[0] == "bench" and "--seconds" not in argv:
        argv += ["--seconds", "0.05"]
    if argv and argv[0] == "tournament":
        if "--games" not in argv:
            argv += ["--games", "1"]
        argv += ["--jobs", "1", "--no-progress"]       # (in this process, quietly)
    try:
        code = main(argv)
    except SystemExit as e:            # --help
        code = e.code
        assert code == 0 and "usage:" in capsys.readouterr().out
        return
    out, err = capsys.readouterr()
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("solver: error: "), (argv, err)
    else:
        assert out.strip() and err == "", (argv, out, err)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []


def test_ninjato_through_the_command_line(tmp_path):
    # The same interface as every game: new, analyse, bench, tournament.
    pos = tmp_path / "ninjato.msgpack"
    out = solver("new", "ninjato", "--players", 3, "--seed", 11, "-o", pos)
    assert "Ninjato, 3 players, seed 11" in out.stdout
    state = load(pos)
    assert state.name == "ninjato" and state.players == 3
    seat = state.movers()[0]
    doc = json.loads(solver("analyse", pos, "--iterations", 600, "--seed", 1, "--json").stdout)
    assert doc["game"] == "ninjato" and doc["player"] == seat + 1
    assert {m["action"] for m in doc["moves"]} == {a.id for a in state.legal_actions(seat)}
    assert {m["name"] for m in doc["moves"]} >= {"Dojo"}
    table = solver("analyse", pos, "--iterations", 300).stdout
    assert f"Ninjato: seat {seat + 1} to decide (turn 1)" in table and "best: " in table
    bench = json.loads(solver("bench", "--game", "ninjato", "--players", 2, "--seconds", 0.2, "--json").stdout)
    assert bench["game"] == "ninjato" and bench["playouts_per_second"] > 0
    res = json.loads(solver("tournament", "--game", "ninjato", "--players", 2, "--ai", "greedy",
                            "--vs", "random", "--games", 4, "--json").stdout)
    assert res["games"] == 4 and 0 <= res["win_share"] <= 1
    bad = solver("new", "ninjato", "--players", 5, "-o", tmp_path / "x.msgpack", check=False)
    assert bad.returncode == 2 and "2 to 4 players" in bad.stderr


def _damaged_san_ni_ichi(tmp_path, damage) -> str:
    """A San, Ni, Ichi! position file with one field spoiled by ``damage``."""
    import msgpack
    from ninja_dojo.engine import codec, new_game

    d = codec.to_map(new_game("san_ni_ichi", 4, seed=10, teams=True))
    damage(d)
    path = tmp_path / "damaged.msgpack"
    path.write_bytes(msgpack.packb(d, use_bin_type=True))
    return str(path)


@pytest.mark.parametrize("damage,field", [
    # issue 10: each of these printed a traceback and exited 1
    (lambda d: d["options"].update(deck={"standard": 1}), "options.deck"),
    (lambda d: d["options"].update(teams={}), "options.teams"),
    (lambda d: d["state"]["smoke_bomb_at_least"].__setitem__(1, 2**64 - 1),
     "state.smoke_bomb_at_least[1]"),
    (lambda d: d["state"].update(round=2**63), "state.round"),
    (lambda d: d["state"].update(deck=["standard"]), "state.deck"),
])
def test_damaged_san_ni_ichi_file_is_one_line_and_exit_2(tmp_path, capsys, damage, field):
    from ninja_dojo.solver.cli import main
    from ninja_dojo.tui.match import load_match

    path = _damaged_san_ni_ichi(tmp_path, damage)
    assert main(["analyse", path, "--iterations", "50"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and field in err and "Traceback" not in err, err
    with pytest.raises(PositionError, match=f"^{re.escape(field)}"):   # what dojo --load shows
        load_match(path)


def _san_position_naming_seat_0():
    """A 4-player San, Ni, Ichi! position where seat 2, 3 or 4 (counted from
    1) chooses among moves that name the first seat, "seat 0" to the engine."""
    import random

    from ninja_dojo.engine import new_game
    rng = random.Random(5)
    for seed in range(50):
        s = new_game("san_ni_ichi", 4, seed=seed)
        while not s.is_terminal():
            for seat in s.movers():
                names = [a.name for a in s.legal_actions(seat)]
                if seat != 0 and len(names) > 1 and any("seat 0" in n for n in names):
                    return s, seat
            s.apply(random_joint(s, rng))
    raise AssertionError("no such position in 50 deals")


def test_analyse_counts_the_seats_in_move_names_from_1(tmp_path):
    from ninja_dojo.engine import seats_from_one
    state, seat = _san_position_naming_seat_0()
    pos = tmp_path / "san.msgpack"
    save(state, pos)
    out = solver("analyse", pos, "--player", seat + 1, "--iterations", 400, "--seed", 1).stdout
    assert f"seat {seat + 1} to decide" in out
    assert "seat 0" not in out                    # the first seat is seat 1 here, as in the header
    legal = [a.name for a in state.legal_actions(seat)]
    for name in legal:
        assert any(line.startswith(seats_from_one(name) + " ") for line in out.splitlines()), name
    doc = json.loads(solver("analyse", pos, "--player", seat + 1, "--iterations", 400, "--seed", 1,
                            "--json").stdout)
    assert doc["player"] == seat + 1
    assert sorted(m["name"] for m in doc["moves"]) == sorted(legal)   # the names state.apply takes
    for m in doc["moves"] + [doc["best"]]:
        assert m["text"] == seats_from_one(m["name"])
        assert "seat 0" not in m["text"]
    for step in doc["line"]:
        assert 1 <= step["seat"] <= 4


def test_review_counts_the_seats_in_move_names_from_1(tmp_path):
    import random

    from ninja_dojo.engine import new_game, seats_from_one
    state = play_random(new_game("san_ni_ichi", 4, seed=3), random.Random(3))
    path = tmp_path / "game.msgpack"
    save(state, path)
    out = solver("review", path, "--iterations", 100).stdout
    doc = json.loads(solver("review", path, "--iterations", 100, "--json").stdout)
    assert any("seat 0" in d["played"] for d in doc["decisions"])     # the engine's names
    assert "seat 0" not in out
    for d in doc["decisions"]:
        assert d["played_text"] == seats_from_one(d["played"]) and d["best_text"] == seats_from_one(d["best"])
        row = f"{d['move']:>4} {d['player']:>4}  {d['played_text']}"
        assert any(line.startswith(row) for line in out.splitlines()), row


# ------------------------------------------ any bytes given as a position file
#: a real position file, with its game's moves (cut anywhere below)
_GOOD = None


def _good_file() -> bytes:
    global _GOOD
    if _GOOD is None:
        from ninja_dojo.engine import dumps, new_game
        state = new_game("ninjan", 3, seed=5)
        play_random(state, random.Random(1), moves=4)
        _GOOD = dumps(state, ["human", "novice", "novice"])
    return _GOOD


_NOT_POSITIONS = (st.binary(max_size=400)
                  | st.text(max_size=200).map(lambda s: s.encode("utf-8"))
                  | st.floats(0, 1, exclude_max=True).map(lambda x: _good_file()[:int(x * len(_good_file()))])
                  | st.binary(min_size=1, max_size=8).map(lambda b: _good_file() + b))


@settings(max_examples=budget(8), deadline=None)
@given(raw=_NOT_POSITIONS)
def test_any_bytes_given_as_a_position_are_one_line_and_exit_2(raw):
    """Random bytes, text, an empty file, a position cut short or with bytes
    after it: ``solver analyse``, ``solver review`` and ``dojo --load`` say
    what the file is not, in one line, exit 2, never with a traceback."""
    import contextlib
    import io
    import tempfile
    from ninja_dojo.solver.cli import main as solver_main
    from ninja_dojo.tui.app import main as dojo_main
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "x.msgpack")
        with open(path, "wb") as f:
            f.write(raw)
        for command in (["analyse", path, "--iterations", "10"], ["review", path, "--jobs", "1"]):
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()) as out:
                assert solver_main(command) == 2
            lines = err.getvalue().splitlines()
            assert len(lines) == 1 and lines[0].startswith("solver: error: not a "), lines
            assert out.getvalue() == ""
        err = io.StringIO()

        def started(self, *args, **kw):
            raise AssertionError("the app started with a file that is no position")
        with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as e, \
                mock.patch("ninja_dojo.tui.app.DojoApp.run", started):
            dojo_main(["--load", path])
        lines = err.getvalue().splitlines()
        assert e.value.code == 2 and len(lines) == 1, lines
        assert lines[0].startswith(f"dojo: error: --load '{path}': not a "), lines
        # What each is called is true of it.
        said = lines[0].split(": ", 3)[-1]
        if raw == b"":
            assert said == "not a position file (empty)"
        elif raw.startswith(_good_file()):
            assert said == "not a position: extra bytes after the position"
        elif _good_file().startswith(raw) and len(raw) > 8:
            assert said.startswith("not a position file (cut short or damaged: ")
        elif not raw[:1] or raw[0] < 0x80:       # text: its first byte reads as a number
            assert said == "not a position file (not msgpack)" or "its msgpack is" in said


def test_a_text_file_or_random_bytes_are_named_so_on_every_command_line(tmp_path):
    """As a person tries it: the commands run as installed."""
    text = tmp_path / "notes.msgpack"
    text.write_text("my notes about the game\n")
    noise = tmp_path / "noise.msgpack"
    noise.write_bytes(b"\x83" + bytes(range(7, 250)))      # starts as a map would
    for path in (text, noise):
        for command in (["analyse", path], ["review", path]):
            out = solver(*command, check=False)
            assert out.returncode == 2 and out.stderr == "solver: error: not a position file (not msgpack)\n"
        out = subprocess.run([sys.executable, "-m", "ninja_dojo.tui", "--load", str(path)],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 2
        assert out.stderr == f"dojo: error: --load '{path}': not a position file (not msgpack)\n"
