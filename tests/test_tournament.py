"""Tournaments: the same games, the same results, however they are played."""
from __future__ import annotations

import io
import json
import os
import signal
import sys
import time

import pytest

from ninja_dojo.engine import PositionError
from ninja_dojo.solver import tournament
from ninja_dojo.solver.tournament import Progress, Result, play, run, schedule
from tests.conftest import solver_process


def test_schedule_rotates_the_measured_seat_and_fixes_every_seed():
    games = schedule("ninjan", 3, "greedy", "random", games=5, seed=2)
    assert [g.hero for g in games] == [0, 1, 2, 0, 1]
    assert games[4].seats == ("random", "greedy", "random")
    assert len({g.deal for g in games}) == 5
    # A game is a pure function of its pairing.
    assert play(games[1]) == play(games[1])


def test_a_team_game_seats_the_ai_on_a_whole_side_and_measures_the_side():
    opts = {"teams": True}
    games = schedule("san_ni_ichi", 6, "greedy", "random", games=6, seed=5, options=opts, team=True)
    # Partners sit opposite; the side rotates with the measured seat.
    assert games[1].seats == ("random", "greedy", "random", "random", "greedy", "random")
    assert [g.measured for g in games] == [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)]
    alone = schedule("san_ni_ichi", 6, "greedy", "random", games=6, seed=5, options=opts)
    assert [g.deal for g in games] == [g.deal for g in alone] and alone[1].measured == (1,)
    result = run(games)
    # A side's share is its seats' shares added: the winning team's seats
    # split the win, so a side's share can reach 1 and 1/3 is equal.
    for p, r in zip(games, result.returns):
        a, b = p.measured
        assert r[a] == r[b] and abs(sum(r) - 1) < 1e-9
    assert result.hero_total == sum(2 * r[p.hero] for p, r in zip(games, result.returns))
    assert tournament.summary(result, "greedy", "random", 6, "san_ni_ichi")["fair_share"] == 1 / 3
    with pytest.raises(PositionError, match="no teams"):
        schedule("ninjan", 4, "greedy", "random", games=2, seed=1, team=True)


def test_processes_give_the_results_of_one_process():
    games = schedule("ninjan", 2, "ismcts:300", "greedy", games=10, seed=4)
    alone = run(games, jobs=1)
    together = run(games, jobs=2)
    assert together.returns == alone.returns
    assert together.win_share == alone.win_share and together.ci95 == alone.ci95
    assert alone.games == 10 and not alone.interrupted


def test_the_runner_plays_what_the_old_tournament_loop_played():
    # Seeds as they were before the runner existed, so the README's seeded
    # tables still replay: deal seed*1_000_003+g, move seed
    # (seed*7919+g)*1009 + step*31 + seat.
    from ninja_dojo.engine import new_game
    from ninja_dojo.solver.players import player

    hero, field = player("ismcts:200"), player("random")
    seed, g, players = 3, 1, 2
    state = new_game("ninjan", players, seed * 1_000_003 + g)
    step = 0
    while not state.is_terminal():
        state.apply({m: (hero if m == g % players else field).choose(
            state, m, seed=(seed * 7919 + g) * 1009 + step * 31 + m) for m in state.movers()})
        step += 1
    assert play(schedule("ninjan", 2, "ismcts:200", "random", games=2, seed=3)[1]) == list(state.returns())


def test_a_bad_player_is_refused_before_any_game():
    with pytest.raises(PositionError, match="budget"):
        run(schedule("ninjan", 2, "ismcts:lots", "random", games=2, seed=1), jobs=2)
    with pytest.raises(PositionError, match="jobs"):
        run(schedule("ninjan", 2, "greedy", "random", games=2, seed=1), jobs=0)


def test_progress_lines_when_not_a_terminal():
    out = io.StringIO()
    games = schedule("ninjan", 2, "greedy", "random", games=20, seed=1)
    result = run(games, progress=Progress(len(games), stream=out))
    lines = out.getvalue().splitlines()
    assert len(lines) == 11                      # the first game, then every tenth; no bar
    assert lines[0].startswith("1/20 games")
    assert lines[-1].startswith("20/20 games, win share ")
    lo, hi = result.ci95
    assert f"{result.win_share:.1%} (95% CI {lo:.1%}-{hi:.1%})" in lines[-1]
    assert lines[-1].endswith("0 s left") and "[" not in lines[-1]


def test_progress_of_a_recorded_run_paces_the_time_left_by_the_games_it_plays(tmp_path):
    games = schedule("ninjan", 2, "greedy", "random", games=10, seed=1)
    record = tournament.Record(tmp_path / "games.jsonl", "code")
    run(games[:8], record=record)
    out = io.StringIO()
    progress = Progress(len(games), stream=out)
    result = run(games, progress=progress, record=record)
    lines = out.getvalue().splitlines()
    assert [line.split(",")[0] for line in lines] == ["9/10 games", "10/10 games"]
    progress.t0 -= 60                            # as if the 9th game took a minute
    result.returns[9] = None                     # and the 10th were still to play
    assert progress.line(result).endswith("1 min 00 s left")    # not 60 s / 9 games


def test_progress_of_parallel_games_counts_the_ones_in_flight():
    games = schedule("ninjan", 2, "greedy", "random", games=21, seed=1)
    result = Result(games)
    result.returns[0] = [1.0, 0.0]               # the first game ended after 60 s
    alone, two = Progress(21, stream=io.StringIO()), Progress(21, stream=io.StringIO())
    two.workers = 2                              # and a second one is far along
    for progress in (alone, two):
        progress.t0 -= 60
    assert alone.line(result).endswith("20 min 00 s left")
    # 20 games left on two workers, the one in flight half played:
    # 60 s / 1.5 games * 19.5 games, where the truth is near 10 minutes
    assert two.line(result).endswith("13 min 00 s left")
    played = Progress(4, stream=io.StringIO())
    run(games[:4], jobs=2, progress=played)
    assert played.workers == 2                   # run tells the bar how many play at once


def test_progress_bar_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    out = Tty()
    games = schedule("ninjan", 2, "greedy", "random", games=4, seed=1)
    run(games, progress=Progress(len(games), stream=out, width=8))
    shown = out.getvalue()
    assert shown.count("\r") == 4 and shown.endswith("\n")
    assert "[##......] 1/4 games" in shown and "[########] 4/4 games" in shown


def test_an_interrupted_tournament_keeps_the_games_played():
    result = Result(schedule("ninjan", 2, "greedy", "random", games=3, seed=1))
    result.returns[0] = [1.0, 0.0]
    result.returns[2] = [0.5, 0.5]
    result.interrupted = True
    assert result.games == 2 and result.win_share == 0.75    # (1 + 0.5) / 2: seat 0 both times
    doc = tournament.summary(result, "greedy", "random", 2, "ninjan")
    assert doc["interrupted"] and doc["games"] == 2 and doc["scheduled"] == 3


def test_jobs_on_the_command_line_change_nothing_but_the_speed():
    args = ["tournament", "--game", "ninjan", "--players", 3, "--ai", "ismcts:200",
            "--vs", "greedy", "--games", 9, "--seed", 5, "--json"]
    docs = []
    for jobs in (1, 2):
        out, err = solver_process(*args, "--jobs", jobs).communicate(timeout=300)
        docs.append(json.loads(out))
        assert "9/9 games" in err
    assert docs[0] == docs[1] and docs[0]["games"] == 9


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_cleanly_with_the_results_so_far(jobs):
    # A long tournament of cheap games: Ctrl-C after a few of them.
    p = solver_process("tournament", "--game", "ninjan", "--players", 2, "--ai", "greedy", "--vs", "random",
                       "--games", 100000, "--jobs", jobs, "--json", start_new_session=True)
    deadline = time.monotonic() + 60
    seen = ""
    while "games" not in seen and time.monotonic() < deadline:
        seen = p.stderr.readline()       # the first progress line: games are being played
    os.killpg(p.pid, signal.SIGINT)      # as the terminal does: the whole process group
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    doc = json.loads(out)
    assert doc["interrupted"] and 0 < doc["games"] < 100000 and doc["scheduled"] == 100000
    assert "Traceback" not in err


def test_ray_missing_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)      # import ray fails
    with pytest.raises(PositionError, match=r"pip install 'ninja-dojo\[ray\]'"):
        run(schedule("ninjan", 2, "greedy", "random", games=2, seed=1), ray=True)


def test_a_local_ray_plays_the_same_games():
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'ninja-dojo[ray]' "
                                      "(.ci/run installs it, so CI runs this test)")
    games = schedule("ninjan", 3, "ismcts:200", "greedy", games=6, seed=7)
    assert run(games, ray=True).returns == run(games, jobs=1).returns


def test_levels_search_on_one_thread_in_a_tournament_unless_asked():
    from ninja_dojo.solver.players import LEVELS, player

    assert LEVELS["hard"].config.threads == 0            # the app: every core
    assert player("hard").threads == 1 and player("master").config.seconds == 3.0
    assert player("hard+threads=2").threads == 2
    assert player("ismcts:1s+threads=2").config.threads == 2
    with pytest.raises(PositionError, match="threads"):
        player("ismcts:100+threads=-1")


def test_search_settings_in_a_spec_and_their_bad_values():
    from ninja_dojo.solver.players import player

    c = player("ismcts:100+expand=8+cut=3+exploration=0.5").config
    assert (c.expand_at, c.cut_rounds, c.exploration) == (8, 3, 0.5)
    assert player("flat:100").config.cut_rounds is None      # the game's own
    assert player("ismcts:100+prior=2.5").config.prior == 2.5
    with pytest.raises(PositionError, match="prior"):
        player("ismcts:100+prior=-2")
    assert player("ismcts:100+merge=2").config.merge_at == 2
    assert player("ismcts:100").config.merge_at == 0         # never merged unless asked
    for bad in ("-1", "7", "2.5"):
        with pytest.raises(PositionError, match="merge"):
            player(f"ismcts:100+merge={bad}")
    assert player("ismcts:100+group=2").config.group_at == 2
    assert player("ismcts:100").config.group_at == 0         # every card keys a child unless asked
    for bad in ("-1", "7", "2.5"):
        with pytest.raises(PositionError, match="group"):
            player(f"ismcts:100+group={bad}")
    with pytest.raises(PositionError, match="grouped or merged"):
        player("ismcts:100+group=2+merge=2")
    with pytest.raises(PositionError, match="cut_rounds"):
        player("ismcts:100+cut=-1")
    assert player("ismcts:100+rank=0.5").config.rank == 0.5
    assert player("flat:100").config.rank is None             # the game's own
    assert player("flat:100+paired").config.paired is True
    assert player("ismcts:100+mast=0.2").config.mast == 0.2
    assert player("ismcts:100").config.mast == 0.0           # the heuristic's rollouts unless asked
    for bad in ("-1", "2", "x"):
        with pytest.raises(PositionError, match="mast"):
            player(f"ismcts:100+mast={bad}")
    for bad in ("-1", "2", "x"):
        with pytest.raises(PositionError, match="rank"):
            player(f"ismcts:100+rank={bad}")
    assert player("ismcts:100+respond").config.respond is True
    assert player("ismcts:100+model=0.5").config.model == 0.5
    assert player("ismcts:100").config.respond is None and player("ismcts:100").config.model is None
    for bad in ("-1", "2", "x", "nan"):
        with pytest.raises(PositionError, match="model"):
            player(f"ismcts:100+model={bad}")
    with pytest.raises(PositionError, match="unknown option"):
        player("ismcts:100+cutoff=2")
    assert player("ismcts:100").config.exploration is None   # the game's own
    for bad in ("-0.5", "nan", "inf", "1e9"):
        with pytest.raises(PositionError, match="exploration"):
            player(f"ismcts:100+exploration={bad}")


def test_a_recorded_tournament_goes_on_where_it_stopped_with_the_same_results(tmp_path, monkeypatch):
    path = tmp_path / "games.jsonl"
    games = schedule("ninjan", 3, "ismcts:200", "greedy", games=9, seed=5)
    whole = run(games)
    first = run(games[:4], record=tournament.Record(path, "code"))   # stopped after 4 games
    assert len(path.read_text().splitlines()) == 4
    played = []
    real = tournament.finish
    monkeypatch.setattr(tournament, "finish", lambda p: played.append(p) or real(p))
    again = run(games, record=tournament.Record(path, "code"))
    assert played == games[4:]                          # the kept games are not played again
    assert again.returns == whole.returns and again.scores == whole.scores
    assert first.returns == whole.returns[:4]
    assert len(path.read_text().splitlines()) == 9
    # Kept by code that plays differently: played again, and kept beside.
    played.clear()
    other = tournament.Record(path, "other code")
    assert other.others == 9 and run(games[:2], record=other).returns == whole.returns[:2]
    assert played == games[:2] and len(path.read_text().splitlines()) == 11


def record_lines():
    from hypothesis import strategies as st

    good = {"key": "k", "code": "c", "returns": [1.0, 0.0], "scores": [3, 1]}
    values = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                       st.lists(st.integers(min_value=-2**70, max_value=2**70), max_size=3),
                       st.lists(st.floats(), max_size=3))
    edited = st.fixed_dictionaries({}, optional={k: values for k in (*good, "extra")}).map(
        lambda d: json.dumps(d))
    changed = st.tuples(st.sampled_from(sorted(good)), values).map(
        lambda kv: json.dumps({**good, kv[0]: kv[1]}))
    shares = st.lists(st.floats(), min_size=2, max_size=2).map(
        lambda r: json.dumps({**good, "returns": r}))      # huge, negative, inf, nan
    cut = st.integers(0, len(json.dumps(good))).map(lambda n: json.dumps(good)[:n])
    return st.lists(st.one_of(st.just(json.dumps(good)), edited, changed, shares, cut,
                              st.text(max_size=20)), min_size=1, max_size=4)


def test_a_damaged_record_is_refused_with_where_and_left_as_it_is(tmp_path):
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=300)     # quick: no game is played
    @given(lines=record_lines(), junk=st.one_of(st.just(b""), st.binary(max_size=8)))
    def check(lines, junk):
        path = tmp_path / "games.jsonl"
        data = "\n".join(lines).encode() + junk
        path.write_bytes(data)
        try:
            record = tournament.Record(path, "c")
        except PositionError as e:
            assert str(e).startswith(str(path)) and "\n" not in str(e)
        else:
            for returns, scores in record.outcomes.values():
                assert all(0 <= r <= 1 for r in returns) and len(scores) == len(returns)
                assert all(type(x) is int for x in scores)
        assert path.read_bytes() == data

    check()


def test_recording_on_the_command_line(tmp_path):
    path = tmp_path / "games.jsonl"
    args = ["tournament", "--game", "ninjan", "--players", 3, "--ai", "ismcts:200",
            "--vs", "greedy", "--seed", 5, "--jobs", 1, "--json", "--record", path]
    out, err = solver_process(*args, "--games", 4).communicate(timeout=300)
    assert json.loads(out)["kept"] == 0 and "0 games kept" in err
    out, err = solver_process(*args, "--games", 6).communicate(timeout=300)
    doc = json.loads(out)
    assert doc["kept"] == 4 and doc["games"] == 6 and "4 games kept" in err and "2 to play" in err
    whole, _ = solver_process(*args[:-2], "--games", 6).communicate(timeout=300)
    assert {k: v for k, v in doc.items() if k != "kept"} == json.loads(whole)
    p = solver_process(*args[:-1], tmp_path / "no folder" / "games.jsonl", "--games", 4)
    out, err = p.communicate(timeout=300)
    assert p.returncode == 2 and "--record: no folder" in err and "Traceback" not in err
