"""The evaluations where the search cuts its rollouts off: a chance to win
for every standing seat at each judging point and nowhere else (Senjutsu: a
round's start; Ninjato: a turn's start), the game's own weights applied to
what it reads of each seat, and a better chance for the seat better off."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from ninja_dojo.engine import GAMES, codec, new_game
from ninja_dojo.solver.search import Search, SearchConfig, search_settings
from tests.play import random_joint

JUDGED = {
    # where each game judges, from its position fields
    "senjutsu": lambda f: f["phase"] == "select" and f["decision"] == "select",
    "ninjato": lambda f: f["phase"] == "place" and f["placed"] == 0,
    "san_ni_ichi": lambda f: f["phase"] == "choose",
}


def positions(game: str, players: int, seed: int):
    """Every position of a random game, with whether the game judges it."""
    s = new_game(game, players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        yield s, JUDGED[game](s.fields())
        s.apply(random_joint(s, rng))


@pytest.mark.parametrize("game,players", [("senjutsu", 2), ("senjutsu", 3), ("senjutsu", 4),
                                          ("ninjato", 2), ("ninjato", 3), ("ninjato", 4),
                                          ("san_ni_ichi", 3), ("san_ni_ichi", 6)])
def test_judged_at_each_judging_point_only_as_win_shares_of_those_standing(game, players):
    judged = 0
    for seed in range(6):
        for s, point in positions(game, players, seed):
            chances = s.evaluate()
            if not point:
                assert chances is None and s.evaluation_features() is None
                continue
            judged += 1
            _, standing = s.evaluation_features()
            assert sum(chances) == pytest.approx(1.0)
            assert all((c > 0) == standing[p] for p, c in enumerate(chances))
            if game == "senjutsu":
                assert standing == [p in s.fields()["standing"] for p in range(players)]
    assert judged > 20


@pytest.mark.parametrize("game", ["senjutsu", "ninjato", "san_ni_ichi"])
def test_the_engine_weighs_what_it_reads_by_the_games_table(game):
    """``evaluate`` is the softmax of ``EVALUATION`` . features over the
    seats standing: the table in the game module is the one the C code uses."""
    weights = list(GAMES[game].evaluation.values())
    checked = 0
    for s, point in positions(game, 3, 11):
        if not point:
            continue
        features, standing = s.evaluation_features()
        assert all(len(x) == len(weights) for x in features)
        strength = [sum(w * v for w, v in zip(weights, x)) for x in features]
        top = max(v for v, up in zip(strength, standing) if up)
        e = [math.exp(v - top) if up else 0.0 for v, up in zip(strength, standing)]
        assert s.evaluate() == pytest.approx([x / sum(e) for x in e])
        checked += 1
    assert checked >= 4


def test_senjutsu_judges_from_public_facts_only():
    """Every world an observer cannot tell from the true one is judged the
    same: the evaluation reads no hidden card."""
    for s, start in positions("senjutsu", 3, 7):
        if start and s.fields()["round"] >= 3:
            break
    truth = s.evaluate()
    for observer in range(3):
        for k in range(5):
            assert s.determinize(observer, 100 + k).evaluate() == pytest.approx(truth)


@pytest.mark.parametrize("field,worse", [("wounds", +1), ("bleeding", +1), ("stuns", +1)])
def test_the_samurai_worse_off_is_given_less_chance(field, worse):
    for s, start in positions("senjutsu", 2, 3):
        if start and s.fields()["round"] >= 2:
            break
    before = s.evaluate()
    doc = codec.to_map(s)
    doc["history"] = []
    doc["state"][field][0] += worse
    after = codec.from_map(doc).evaluate()
    assert after[0] < before[0] and after[1] > before[1]


@pytest.mark.parametrize("field,better", [("bought", 5), ("clan_points", 4), ("treasure", None)])
def test_the_ninja_better_off_is_given_more_chance(field, better):
    """More points spent, more clan points, more treasure held: more chance."""
    for s, start in positions("ninjato", 2, 3):
        if start and s.fields()["turn"] >= 3:
            break
    before = s.evaluate()
    doc = codec.to_map(s)
    doc["history"] = []
    if better is None:      # a Jade from the bag into seat 0's hand
        doc["state"]["treasure"][0][3] += 1
        doc["state"]["bag"][3] -= 1
        assert doc["state"]["bag"][3] >= 0
    else:
        doc["state"][field][0] += better
    after = codec.from_map(doc).evaluate()
    assert after[0] > before[0] and after[1] < before[1]


def is_attack(card: str) -> bool:
    return card.split()[-1].strip("()") in ("A", "B", "C")


def smoke_bomb_position():
    """A San, Ni, Ichi! round start with an attack card in the discard and a
    seat holding a Smoke Bomb: the position and that seat."""
    for seed in range(40):
        for s, start in positions("san_ni_ichi", 3, seed):
            f = s.fields()
            holders = [p for p in range(3) if "Smoke Bomb" in f["hands"][p]]
            if start and any(is_attack(c) for c in f["discard"]) and holders:
                return s, holders[0]
    pytest.fail("no round start with a discard and a Smoke Bomb in hand")


@pytest.mark.parametrize("change", ["damage", "smoke bomb"])
def test_the_fighter_worse_off_is_given_less_chance(change):
    """San, Ni, Ichi!: a discarded attack card in a seat's damage pile, or its
    Smoke Bomb swapped for an attack card of the next seat's hand, and its
    chance falls while the next seat's rises."""
    s, me = smoke_bomb_position()
    other = (me + 1) % 3
    before = s.evaluate()
    doc = codec.to_map(s)
    doc["history"] = []
    state = doc["state"]
    if change == "damage":
        card = next(c for c in state["discard"] if is_attack(c))
        state["discard"].remove(card)
        state["damage"][me].append(card)
    else:
        attack = next(c for c in state["hands"][other] if is_attack(c))
        state["hands"][me].remove("Smoke Bomb")
        state["hands"][other].remove(attack)
        state["hands"][me].append(attack)
        state["hands"][other].append("Smoke Bomb")
    after = codec.from_map(doc).evaluate()
    assert after[me] < before[me] and after[other] > before[other]


def test_a_game_played_out_to_the_end_offers_no_evaluation():
    s = new_game("ninjan", 4, seed=1)
    rng = random.Random(1)
    while not s.is_terminal():
        assert s.evaluate() is None and s.evaluation_features() is None
        s.apply(random_joint(s, rng))


@pytest.mark.parametrize("game", ["senjutsu", "ninjato", "san_ni_ichi"])
def test_the_search_cuts_where_the_game_says_and_plays_legal_moves(game):
    game_type = GAMES[game]
    for players in game_type.tables:
        cut = game_type.search_settings.get(players, {}).get("cut_rounds", 0)
        assert search_settings(game_type, players)["cut_rounds"] == cut
        s = new_game(game, players, seed=4)
        rng = random.Random(4)
        # Some way into the game (a San, Ni, Ichi! game is some 30 moves).
        for _ in range(8 if game == "san_ni_ichi" else 40):
            s.apply(random_joint(s, rng))
        seat = s.movers()[0]
        for rounds in {cut, 2}:
            search = Search(s, seat, SearchConfig(iterations=300, seed=2, cut_rounds=rounds))
            assert search.config.cut_rounds == rounds
            result = search.run()
            assert result.best.action in s.legal_action_ids(seat)
    assert search_settings(GAMES["ninjan"], 4)["cut_rounds"] == 0


def test_the_fitter_finds_the_weights_that_made_the_winners():
    """bench.evaluation's fit, on games whose winners were drawn from a
    known softmax, gives that softmax's weights back."""
    from bench.evaluation import fit, padded
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


def test_the_fit_reads_the_engines_judging_points():
    """bench.evaluation's rows come from a policy-played game's judging
    points, one feature per EVALUATION entry, with the game's result."""
    from bench.evaluation import judged
    rows = judged("ninjato", 3, seed=5)
    assert len(rows) == 7                    # one per turn
    for features, standing, returns in rows:
        assert len(features) == 3 and all(len(x) == len(GAMES["ninjato"].evaluation) for x in features)
        assert standing == [True] * 3 and sum(returns) == pytest.approx(1.0)


def line_positions(state, search):
    """The positions along the search's expected line (open hands, so its
    moves are the real ones), the root's first."""
    s = state.clone()
    steps = [(step.seat, step.action) for step in search.line(steps=200)]
    out = [s.clone()]
    while steps and not s.is_terminal():
        movers = s.movers()
        joint = dict(steps[:len(movers)])
        if sorted(joint) != sorted(movers):
            break
        del steps[:len(movers)]
        s.apply(joint)
        out.append(s.clone())
    return out


def test_the_tree_stops_growing_at_its_judging_point():
    """``tree_rounds=1``: nothing past the next round's start is searched in
    the tree (San, Ni, Ichi! judges at a round's start); without it, the
    same search's line runs on into the next round."""
    s = new_game("san_ni_ichi", 3, seed=5)
    seat = s.movers()[0]
    past_the_round = {}
    for tree in (0, 1):
        search = Search(s, seat, SearchConfig(iterations=20_000, seed=3, open_hands=True, tree_rounds=tree))
        search.run()
        past_the_round[tree] = [p.fields()["phase"] for p in line_positions(s, search)
                                if p.fields()["round"] > 1 and p.fields()["phase"] != "choose"]
    assert past_the_round[1] == []
    assert past_the_round[0] != []
