"""The coach agrees with itself: the hint (``tui.ai.analyse``) and the review
(``solver.review``) search a decision the same way, deepen in slices
without changing what they find, think at least as deep as the strongest AI
at the table, and the review marks a move only past the noise."""
from __future__ import annotations

import math
import random

import pytest

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, new_game
from ninja_dojo.engine.review import GameReview, ReviewedMove
from ninja_dojo.solver.players import COACH_FLOOR, LEVELS, coach, level_depth
from ninja_dojo.solver.review import (Decision, decision_seed, judge, mark, review_decision,
                                      review_game, within_noise)
from ninja_dojo.solver.search import Depth, Search, SearchConfig, cpu_cores, search_to
from ninja_dojo.tui.ai import Thinking, analyse, coach_depth
from ninja_dojo.tui.match import plan_seats
from tests.properties import CONFIGURATIONS

#: every game at its smallest table
GAMES = sorted({(g, min(p for h, p, _ in CONFIGURATIONS if h == g)) for g, _, _ in CONFIGURATIONS})


def positions(name: str, players: int, seeds=(1, 2, 3), moves=(0, 3, 7)):
    """Seeded positions of a game, reached by random play, with a seat that
    has a real choice (more than one legal move)."""
    out = []
    for seed, n in zip(seeds, moves):
        s = new_game(name, players, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal() and len(s.history) < n:
            s.apply({seat: r.choice(s.legal_action_ids(seat)) for seat in s.movers()})
        while not s.is_terminal():
            seats = [seat for seat in s.movers() if len(s.legal_action_ids(seat)) > 1]
            if seats:
                out.append((s, seats[0]))
                break
            s.apply({seat: s.legal_action_ids(seat)[0] for seat in s.movers()})
    return out


@pytest.mark.parametrize("name,players", GAMES)
def test_the_review_never_marks_the_hints_own_move(name, players):
    """At the same depth and seed the review of a move taken from the hint
    finds the hint's own move best: no loss, no mark (several seeded
    positions of every game)."""
    depth = Depth(1_500)
    for state, seat in positions(name, players):
        hint = analyse(state, seat, Thinking(), depth)
        d = Decision(len(state.history), seat, state, hint.best.action,
                     len(state.legal_action_ids(seat)))
        r = review_decision(d, depth.iterations, seed=0)
        assert r.best == hint.best.action, (name, state.history)
        assert r.loss == 0 and judge(r, players) == ""
        assert (r.best_value, r.best_visits) == (hint.best.value, hint.best.visits)


@pytest.mark.parametrize("name,players", GAMES)
def test_a_search_deepened_in_slices_ends_where_one_search_of_the_whole_budget_does(name, players):
    state, seat = positions(name, players)[1]
    whole = Search(state, seat, SearchConfig(iterations=3_000, seed=9)).run()
    seen = []
    sliced = search_to(Search(state, seat, SearchConfig(iterations=700, seed=9)), Depth(3_000),
                       lambda a: seen.append(a.iterations))
    assert seen[0] == 700 and seen[-1] == 3_000 and len(seen) >= 2
    assert seen == sorted(seen)                     # it grows, slice by slice
    assert sliced.moves == whole.moves and sliced.best == whole.best and sliced.line == whole.line
    # Several threads: each tree deepened to the share it would have had.
    two = Search(state, seat, SearchConfig(iterations=3_001, seed=9, threads=2)).run()
    s2 = Search(state, seat, SearchConfig(iterations=1_001, seed=9, threads=2))
    assert search_to(s2, Depth(3_001)).moves == two.moves


def test_the_hint_never_reads_a_hidden_card():
    """Two deals that differ only in what the hint's seat cannot see give
    the same hint, slice by slice."""
    state = new_game("ninjan", 3, seed=4)
    twin = state.determinize(0, seed=99)
    assert twin.view(0) == state.view(0) and twin.view(1) != state.view(1)
    a, b = [], []
    analyse(state, 0, Thinking(), Depth(5_000), a.append)
    analyse(twin, 0, Thinking(), Depth(5_000), b.append)
    assert [x.moves for x in a] == [x.moves for x in b] and len(a) > 1


def test_a_cancelled_hint_stops_at_the_end_of_its_slice():
    state = new_game("ninjan", 2, seed=5)
    thinking = Thinking()
    seen = []

    def progress(a):
        seen.append(a.iterations)
        thinking.cancel()
    a = analyse(state, 0, thinking, Depth(1_000_000), progress)
    assert seen == [a.iterations] and a.iterations < 1_000_000


def test_the_hint_is_as_deep_as_the_strongest_ai_at_the_table_and_never_below_hard():
    hard, master = level_depth("hard"), level_depth("master")
    assert hard.cpu_seconds == LEVELS["hard"].config.seconds * cpu_cores()
    assert master.cpu_seconds == 3 * hard.cpu_seconds
    for kinds, level in [(["human", "novice"], "hard"), (["human", "easy", "medium"], "hard"),
                         (["human", "hard", "medium"], "hard"), (["human", "human"], "hard"),
                         (["human", "medium", "master"], "master")]:
        c = coach(kinds)
        assert c.level == level
        for kind in [k for k in kinds + [COACH_FLOOR] if k in ("easy", "medium", "hard", "master")]:
            d = level_depth(kind)
            assert c.depth.iterations >= d.iterations and c.depth.cpu_seconds >= d.cpu_seconds
    depth, words = coach_depth(plan_seats(3, ["human", "medium", "master"]))
    assert depth == Depth(20_000, master.cpu_seconds) and words.startswith("as deep as the master AI")
    assert coach_depth(plan_seats(2, ["human", "master"]), 500) == (Depth(500), "500 iterations")


def test_a_depth_of_computing_time_is_reached_by_cpu_time_not_by_the_clock():
    state = new_game("ninjan", 2, seed=6)
    search = Search(state, 0, SearchConfig(iterations=2_000, seed=1))
    a = search_to(search, Depth(cpu_seconds=0.2))
    assert search.cpu_seconds >= 0.2 and a.iterations == search.iterations_done > 2_000


def test_a_loss_within_the_noise_is_not_marked():
    # 15 points lost at 2 players is an inaccuracy by the threshold ...
    rough = ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 10, 3, 500)
    sure = ReviewedMove(0, 0, 1, 2, 0.55, 0.40, 400, 3, 5000)
    assert mark(rough.loss, 2) == mark(sure.loss, 2) == "inaccuracy"
    # ... but after 10 playouts of the move played its value is ±15 points:
    assert math.isclose(rough.noise, math.sqrt(0.55 * 0.45 / 500 + 0.4 * 0.6 / 10))
    assert within_noise(rough) and judge(rough, 2) == ""
    assert not within_noise(sure) and judge(sure, 2) == "inaccuracy"
    # Never tried: nothing known of it, nothing marked.
    assert judge(ReviewedMove(0, 0, 1, 2, 0.9, 0.0, 0, 3, 5000), 2) == ""
    # The threshold still holds: a sure loss under it is no mark.
    assert judge(ReviewedMove(0, 0, 1, 2, 0.55, 0.50, 10**6, 3, 10**6), 2) == ""


def test_a_review_keeps_its_depth_and_the_visits_of_both_moves():
    s = new_game("ninjan", 2, seed=7)
    r = random.Random(7)
    while len(s.history) < 4:
        s.apply({seat: r.choice(s.legal_action_ids(seat)) for seat in s.movers()})
    review = review_game(s, iterations=200, workers=1)
    assert review.seconds == 0.0 and all(d.best_visits > 0 for d in review.decisions)
    assert engine.loads_game(engine.dumps(s, review=review)).review == review
    # A review to a depth of computing time: at least that much per decision.
    timed = review_game(s, iterations=1, workers=1, seconds=0.05)
    assert timed.seconds == 0.05 and timed != review
    # A version 1 review (before the noise was kept) still loads.
    doc = engine.codec.to_map(s)
    v1 = review.to_map()
    doc["review"] = {"version": 1, "iterations": v1["iterations"], "moves": v1["moves"],
                     "decisions": [d[:8] for d in v1["decisions"]]}
    old = engine.codec.game_from_map(doc).review
    assert old.decisions == tuple(ReviewedMove(*[*[getattr(d, f) for f in (
        "move", "seat", "played", "best", "best_value", "played_value", "played_visits", "legal")], 0])
        for d in review.decisions)
    with pytest.raises(PositionError, match="review.seconds"):
        doc["review"] = {**v1, "seconds": -1.0}
        engine.codec.game_from_map(doc)
    with pytest.raises(PositionError, match="cpu_seconds"):
        review_game(s, iterations=1, seconds=float("nan"))


def test_a_depth_is_refused_out_of_range():
    for bad in [dict(iterations=-1), dict(iterations=True), dict(cpu_seconds=math.inf),
                dict(cpu_seconds=-0.5), dict(iterations=10**12)]:
        with pytest.raises(PositionError):
            Depth(**bad)
    assert Depth() == Depth(1)
    assert GameReview(10, 0, ()).seconds == 0.0


def test_solver_review_reads_an_app_review_at_the_hints_depth_and_keeps_it(tmp_path):
    """The app's review is as deep as its hint, in CPU seconds: ``solver
    review`` shows it as it is, with the depth in words, and asked for no
    other depth it does not search again."""
    from tests.test_cli import solver
    s = new_game("ninjan", 2, seed=12)
    r = random.Random(12)
    while len(s.history) < 3:
        s.apply({seat: r.choice(s.legal_action_ids(seat)) for seat in s.movers()})
    review = review_game(s, iterations=1, workers=1, seconds=0.02)
    path = tmp_path / "game.msgpack"
    engine.save(s, path, ["human", "hard"], review)
    out = solver("review", path).stdout.splitlines()
    assert "reviewed at 0.02 CPU seconds each" in out[0]
    assert out[-1] == f"(the review saved in {path})"
