"""Ninjato's hidden information: determinizations never contradict what the
observer saw, depend only on what it saw, and the search that uses them never
reads a hidden card and never plays an illegal move.

What a seat sees (ruling 24): everything public (rows, houses, treasure,
tiles, Envoys, Elites, Rumors, discards, hand sizes, the cards others took
face up) and its own hand, and the top card it saw with CR4.  Hidden: the
rest of other hands, the order of every deck, the bag's next draws.
"""
from __future__ import annotations

import random
from collections import Counter

from ninja_dojo.engine import PositionError, ninjato, new_game
from ninja_dojo.solver.search import analyse
from tests.play import random_positions, two_worlds


def positions(count, seed=0, lo=5, hi=400):
    """Positions of random games, from early to late (past Dojo reshuffles)."""
    return random_positions("ninjato", count, seed, lo, hi)


def dojo_pool(f, observer):
    """The Dojo cards ``observer`` cannot place: the deck and the part of
    other hands nobody saw taken."""
    pool = Counter(f["dojo_deck"])
    for p, hand in enumerate(f["hands"]):
        if p != observer:
            for v in range(5):
                pool[v + 1] += hand[v] - f["seen"][p][v]
    return pool


def test_determinizations_keep_everything_the_observer_saw():
    checked = changed = 0
    for s in positions(150):
        truth = s.fields()
        for observer in range(-1, s.players):
            for k in range(2):
                d = s.determinize(observer, seed=11 * k + observer + 2)
                f = d.fields()
                try:
                    ninjato.from_fields(f)                  # complete and legal
                except PositionError as e:
                    # Another seat's resampled hand may leave it a single move
                    # (the observer cannot tell); never the observer's own.
                    assert "forced" in str(e) and observer != s.movers()[0]
                assert d.view(observer) == s.view(observer)
                assert d.steps() == s.steps()
                for p in range(s.players):
                    assert sum(f["hands"][p]) == sum(truth["hands"][p])
                    assert f["seen"][p] == truth["seen"][p]
                    assert all(h >= x for h, x in zip(f["hands"][p], f["seen"][p]))
                if observer >= 0:
                    assert f["hands"][observer] == truth["hands"][observer]
                    assert d.legal_action_ids(observer) == s.legal_action_ids(observer)
                assert dojo_pool(f, observer) == dojo_pool(truth, observer)
                for key in ("guard_deck", "elite_deck", "sensei_stack", "envoy_deck", "rumor_deck"):
                    assert sorted(f[key]) == sorted(truth[key])
                checked += 1
                changed += (f["hands"], f["dojo_deck"], f["guard_deck"]) != \
                    (truth["hands"], truth["dojo_deck"], truth["guard_deck"])
    assert checked > 1000
    assert changed > checked * 0.9


def test_determinizations_depend_only_on_what_was_seen():
    for s in positions(60, seed=1):
        for observer in range(s.players):
            other = s.determinize(observer, seed=99)     # a world the observer cannot tell apart
            assert s.determinize(observer, seed=5).fields() == other.determinize(observer, seed=5).fields()


def test_unseen_hands_are_drawn_from_the_unseen_cards():
    # At the deal seat 0 knows its hand and the face-up row: seat 1's hand
    # is 4 cards from the other 52 - 4 - 3, so a value's mean count there is
    # 4 x (unseen of that value) / 45.
    s = new_game("ninjato", 2, seed=12)
    mine = Counter(s.view(0)["hand"]) + Counter(s.view(0)["dojo_row"])
    unseen = Counter({1: 10, 2: 10, 3: 12, 4: 10, 5: 10}) - mine
    total = Counter()
    samples = 3000
    for k in range(samples):
        h = s.determinize(0, seed=k).fields()["hands"][1]
        total.update({v + 1: c for v, c in enumerate(h)})
    for v, n in unseen.items():
        p = n / 45
        sd = (4 * p * (1 - p) * 41 / 44 / samples) ** 0.5
        assert abs(total[v] / samples - 4 * p) < 6 * sd, v


def test_the_search_reads_no_hidden_card_deep_in_the_game():
    changed = 0
    for i, s in enumerate(positions(12, seed=3, lo=60, hi=300)):
        hands_differ, a, b = two_worlds(s, i, 800)
        changed += hands_differ
        assert a == b
    assert changed >= 8


def test_a_search_that_may_read_hidden_cards_does_notice_them():
    # The control of the test above: with open hands the analyses differ.
    differ = 0
    for i, s in enumerate(positions(12, seed=3, lo=60, hi=300)):
        _, a, b = two_worlds(s, i, 800, open_hands=True)
        differ += [m[:2] for m in a] != [m[:2] for m in b]
    assert differ >= 4


def test_the_search_never_plays_an_illegal_move():
    rng = random.Random(5)
    searches = 0
    for g in range(6):
        s = new_game("ninjato", 2 + g % 3, seed=500 + g)
        while not s.is_terminal():
            seat = s.movers()[0]
            legal = {a.id for a in s.legal_actions()}
            a = analyse(s, seat, iterations=40, seed=searches)
            searches += 1
            assert {m.action for m in a.moves} == legal
            assert a.best.action in legal
            s.apply(a.best.action if rng.random() < 0.5 else rng.choice(sorted(legal)))
    assert searches > 600


def swap_a_hidden_card(s, observer, rng):
    """The same position for ``observer`` with one card that nobody saw
    another seat take exchanged with a card of another value in the Dojo
    deck, and the Guard deck's order reversed; None if there is none."""
    from ninja_dojo.engine import State
    f = s.fields()
    if f["attack"]["plays"][0]["base"] is not None:
        return None                                  # a play's cards are public
    for p in rng.sample(range(s.players), s.players):
        if p == observer:
            continue
        hidden = [v + 1 for v in range(5)
                  if f["hands"][p][v] - f["seen"][p][v] - f["older"][p][v] > 0]
        for v in hidden:
            for i, w in enumerate(f["dojo_deck"]):
                if w != v:
                    f["hands"][p][v - 1] -= 1
                    f["hands"][p][w - 1] += 1
                    f["dojo_deck"][i] = v
                    f["guard_deck"] = f["guard_deck"][::-1] if not f["peeked"][0] else f["guard_deck"]
                    return State("ninjato", ninjato.from_fields(f), s.options, s.seed)
    return None


def test_an_exchanged_hidden_card_does_not_change_the_analysis():
    rng = random.Random(8)
    done = 0
    for i, s in enumerate(positions(40, seed=9, lo=10, hi=300)):
        seat = s.movers()[0]
        other = swap_a_hidden_card(s, seat, rng)
        if other is None:
            continue
        assert other.view(seat) == s.view(seat) and other.fields() != s.fields()
        a = analyse(s, seat, iterations=600, seed=i)
        b = analyse(other, seat, iterations=600, seed=i)
        assert [(m.action, m.visits, m.value) for m in a.moves] == \
               [(m.action, m.visits, m.value) for m in b.moves]
        done += 1
    assert done >= 20
