"""Senjutsu's evaluation, where the search cuts its rollouts off: a chance
to win for every standing samurai at each round's start and nowhere else,
from public facts only, and worse for the samurai who is worse off."""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine import codec, game_module, new_game
from solver.search import Search, SearchConfig, search_settings
from tests.play import random_joint


def round_starts(players: int, seed: int):
    """Every position of a random game, with whether it is a round's start."""
    s = new_game("senjutsu", players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        f = s.fields()
        yield s, f["phase"] == "select" and f["decision"] == "select"
        s.apply(random_joint(s, rng))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_judged_at_each_rounds_start_only_as_win_shares_of_those_standing(players):
    judged = 0
    for seed in range(6):
        for s, start in round_starts(players, seed):
            chances = s.evaluate()
            if not start:
                assert chances is None
                continue
            judged += 1
            standing = s.fields()["standing"]
            assert sum(chances) == pytest.approx(1.0)
            assert all((c > 0) == (p in standing) for p, c in enumerate(chances))
    assert judged > 20


def test_judged_from_public_facts_only():
    """Every world an observer cannot tell from the true one is judged the
    same: the evaluation reads no hidden card."""
    for s, start in round_starts(3, 7):
        if start and s.fields()["round"] >= 3:
            break
    truth = s.evaluate()
    for observer in range(3):
        for k in range(5):
            assert s.determinize(observer, 100 + k).evaluate() == pytest.approx(truth)


@pytest.mark.parametrize("field,worse", [("wounds", +1), ("bleeding", +1), ("stuns", +1)])
def test_the_samurai_worse_off_is_given_less_chance(field, worse):
    for s, start in round_starts(2, 3):
        if start and s.fields()["round"] >= 2:
            break
    before = s.evaluate()
    doc = codec.to_map(s)
    doc["history"] = []
    doc["state"][field][0] += worse
    after = codec.from_map(doc).evaluate()
    assert after[0] < before[0] and after[1] > before[1]


def test_a_game_played_out_to_the_end_offers_no_evaluation():
    s = new_game("ninjan", 4, seed=1)
    rng = random.Random(1)
    while not s.is_terminal():
        assert s.evaluate() is None
        s.apply(random_joint(s, rng))


def test_the_search_cuts_where_the_game_says_and_plays_legal_moves():
    sj = game_module("senjutsu")
    for players, settings in sj.SEARCH_SETTINGS.items():
        cut = settings["cut_rounds"]
        assert search_settings(sj, players)["cut_rounds"] == cut > 0
        s = new_game("senjutsu", players, seed=4)
        rng = random.Random(4)
        for _ in range(40):
            s.apply(random_joint(s, rng))
        seat = s.movers()[0]
        search = Search(s, seat, SearchConfig(iterations=300, seed=2))
        assert search.config.cut_rounds == cut
        result = search.run()
        assert result.best.action in s.legal_action_ids(seat)
        played_out = Search(s, seat, SearchConfig(iterations=300, seed=2, cut_rounds=0))
        assert played_out.config.cut_rounds == 0
    assert search_settings(game_module("ninjan"), 4)["cut_rounds"] == 0


def test_the_fitter_finds_the_weights_that_made_the_winners():
    """bench.senjutsu_evaluation's fit, on games whose winners were drawn
    from a known softmax, gives that softmax's weights back."""
    from bench.senjutsu_evaluation import fit, padded
    rng = np.random.default_rng(1)
    true = np.array([0.7, -1.1, -0.2, 0.08])
    rows = []
    for _ in range(6000):
        n = int(rng.integers(2, 5))
        x = np.column_stack([rng.integers(0, 6, n), rng.integers(0, 3, n),
                             rng.integers(0, 3, n), rng.integers(0, 40, n)]).astype(float)
        p = np.exp(x @ true)
        p /= p.sum()
        won = np.zeros(n)
        won[rng.choice(n, p=p)] = 1
        rows.append((x.tolist(), [True] * n, won.tolist()))
    w = fit(*padded(rows, 4))
    assert w == pytest.approx(true, abs=0.12)
