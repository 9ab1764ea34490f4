"""Post-game review: every real decision of a game searched from the view of
the seat that made it (``solver.review``), kept in the position file, and
printed by ``solver review``."""
from __future__ import annotations

import json
import random

import pytest

from ninja_dojo import engine
from ninja_dojo.engine import PositionError, State, new_game, save
from ninja_dojo.solver.review import (THRESHOLDS, decisions, judge, mark, review_decision, review_game)
from ninja_dojo.solver.search import Search, SearchConfig
from tests.properties import CONFIGURATIONS
from tests.test_cli import solver


def played_game(name: str, players: int, seed: int, moves: int | None = None, **options) -> State:
    s = new_game(name, players, seed=seed, **options)
    r = random.Random(seed)
    while not s.is_terminal() and (moves is None or len(s.history) < moves):
        s.apply({seat: r.choice(s.legal_action_ids(seat)) for seat in s.movers()})
    return s


@pytest.mark.parametrize("config", sorted({(g, p) for g, p, _ in CONFIGURATIONS}
                                          & {(g, min(p for h, p, _ in CONFIGURATIONS if h == g))
                                             for g, _, _ in CONFIGURATIONS}))
def test_every_game_reviews_every_real_decision_and_nothing_else(config):
    name, players = config
    state = played_game(name, players, seed=3, moves=12)
    review = review_game(state, iterations=60, workers=2)
    assert review.moves == len(state.history)
    # Exactly the seats with a choice, with the move they played.
    s = new_game(name, players, seed=3)
    expected = []
    for m, joint in enumerate(state.history):
        for seat, action in joint:
            if len(s.legal_action_ids(seat)) > 1:
                expected.append((m, seat, action, len(s.legal_action_ids(seat))))
        s.apply(dict(joint))
    assert [(d.move, d.seat, d.played, d.legal) for d in review.decisions] == expected
    for d in review.decisions:
        assert 0 <= d.played_value <= 1 and 0 <= d.best_value <= 1
        assert d.loss == max(0.0, d.best_value - d.played_value)
    # Kept with the game: it saves and loads back, checked against the history.
    assert engine.loads_game(engine.dumps(state, review=review)).review == review


def test_a_decision_is_the_search_of_that_seat_from_that_position():
    state = played_game("ninjan", 3, seed=8, moves=4)
    d = decisions(state)[2]
    r = review_decision(d, iterations=500, seed=5)
    from ninja_dojo.solver.review import review_seed
    a = Search(d.state, d.seat, SearchConfig(iterations=500, threads=1,
                                             seed=review_seed(5, d.move, d.seat))).run()
    played = next(m for m in a.moves if m.action == d.played)
    assert (r.best, r.best_value) == (a.best.action, a.best.value)
    assert (r.played_value, r.played_visits) == (played.value, played.visits)
    assert r.best_visits == a.best.visits


def test_a_review_does_not_depend_on_the_cores_and_reuses_what_was_reviewed():
    state = played_game("san_ni_ichi", 4, seed=2, moves=10)
    one = review_game(state, iterations=100, workers=1)
    assert review_game(state, iterations=100, workers=3) == one
    # A review of the first moves is kept; only the moves after are searched.
    first = review_game(State(state.name, state.buffer(), state.options, state.seed, state.history[:6]),
                        iterations=100, workers=1)
    calls = []
    whole = review_game(state, iterations=100, workers=1, previous=first,
                        progress=lambda done, total: calls.append(total))
    assert whole == one and calls[0] == len([d for d in one.decisions if d.move >= 6])


def test_the_review_never_reads_a_hidden_card():
    """Two games that differ only in what the reviewed seat cannot see
    (another seat's hand) give the same review of that seat's decision."""
    state = played_game("ninjan", 2, seed=4, moves=1)
    d = decisions(state)[0]
    other = d.state.determinize(d.seat, seed=99)         # the other hand resampled
    assert other.view(d.seat) == d.state.view(d.seat) and other.view(1 - d.seat) != d.state.view(1 - d.seat)
    from ninja_dojo.solver.review import Decision
    twin = Decision(d.move, d.seat, other, d.played, d.legal)
    assert review_decision(twin, 800, seed=1) == review_decision(d, 800, seed=1)


def test_marks_are_measured_against_the_equal_share():
    assert [name for name, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert mark(0.10, 2) == "inaccuracy" and mark(0.20, 2) == "mistake" and mark(0.30, 2) == "blunder"
    assert mark(0.05, 4) == "inaccuracy" and mark(0.049, 4) == "" and mark(0.15, 4) == "blunder"
    assert mark(0.0, 6) == ""


def test_a_damaged_review_is_one_error_naming_its_field():
    state = played_game("ninjan", 2, seed=6, moves=4)
    good = review_game(state, iterations=50, workers=1).to_map()

    def refused(change, field):
        doc = engine.codec.to_map(state)
        doc["review"] = json.loads(json.dumps(good))
        change(doc["review"])
        with pytest.raises(PositionError) as e:
            engine.codec.game_from_map(doc)
        assert str(e.value).startswith(field), str(e.value)
        assert "\n" not in str(e.value)

    refused(lambda r: r.update(moves=len(state.history) + 1), "review.moves")
    refused(lambda r: r.update(version=3), "review.version")
    refused(lambda r: r.update(seconds="x"), "review.seconds")
    refused(lambda r: r["decisions"][0].__setitem__(8, -1), "review.decisions[0].best_visits")
    refused(lambda r: r.update(extra=1), "review: unknown field")
    refused(lambda r: r.pop("decisions"), "review.decisions: missing")
    refused(lambda r: r["decisions"][0].__setitem__(4, 1.5), "review.decisions[0].best_value")
    refused(lambda r: r["decisions"][0].__setitem__(5, "x"), "review.decisions[0].played_value")
    refused(lambda r: r["decisions"][1].__setitem__(2, 999), "review.decisions[1].played")
    refused(lambda r: r["decisions"].pop(0), "review.decisions")
    refused(lambda r: r["decisions"][0].pop(), "review.decisions[0]: expected 9 entries")
    refused(lambda r: r["decisions"].append(list(r["decisions"][-1])), "review.decisions[")


def test_solver_review_prints_saves_and_reuses_the_review(tmp_path):
    state = played_game("ninjan", 2, seed=12)
    path = tmp_path / "game.msgpack"
    save(state, path, ["human", "medium"])
    out = solver("review", path, "--iterations", 300).stdout
    lines = out.splitlines()
    assert lines[0].startswith(f"Nin Jan, 2 players, {len(state.history)} moves: ")
    assert "300 iterations each" in lines[0]
    doc = json.loads(solver("review", path, "--iterations", 300, "--json").stdout)
    assert doc["moves"] == len(state.history) and doc["iterations"] == 300
    for d in doc["decisions"]:
        assert d["mark"] in (None, "inaccuracy", "mistake", "blunder")
        # marked by the threshold, and only past twice the noise
        noise = d["noise"] if d["noise"] is not None else float("inf")     # (a move never tried)
        assert d["mark"] == ((mark(d["loss"], 2) or None) if d["loss"] > 2 * noise else None)
        row = f"{d['move']:>4} {d['player']:>4}  {d['played']}"
        assert any(line.startswith(row) for line in lines), row
    assert [r["player"] for r in doc["players_summary"]] == [1, 2]
    assert engine.load_game(path).review is None                 # not written unless asked
    out = solver("review", path, "--iterations", 300, "--save").stdout
    saved = engine.load_game(path)
    assert saved.review is not None and saved.review.iterations == 300 and saved.seats == ("human", "medium")
    again = solver("review", path).stdout                         # the saved review, reused
    assert again.splitlines()[:-1] == out.splitlines()[:-1] and "the review saved in" in again
    bad = solver("review", tmp_path / "nothing.msgpack", check=False)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    fresh = tmp_path / "fresh.msgpack"
    save(new_game("ninjan", 2, seed=1), fresh)
    bad = solver("review", fresh, check=False)
    assert bad.returncode == 2 and "nothing to review" in bad.stderr
