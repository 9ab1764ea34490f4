"""Ninjato: what a seat knows of another seat's hidden Dojo cards after the
deck's reshuffle comes from what everyone saw, never from the hand itself.

The card counter's reasoning ("Who sees what" in ``docs/rules/ninjato.md``):
at a reshuffle everyone knows the new deck, so the cards then hidden in hands
(the older ones) are known all together; when a player later shows a hidden
card (pays a Sensei with it, puts it in a play), nobody else can tell
whether it was an older card or one drawn since, unless one of the two is
impossible.

The leak this guards against: the engine used to decide it from the real
hand (an older card if the hand held an older one of that value, and
``older`` followed that choice), so two worlds a seat cannot tell apart gave
it different views and different determinizations after the same public
move.  Here such twin positions (the same knowledge by
``tests/test_views_recall.py``'s ``ninjato_knows``, built with its swaps of
cards the seat never saw) are taken before a move that shows a hidden card,
built on purpose in the two kinds of case that leaked and found in random
games; after the move the seat's view and its determinizations must still be
the same.  Every position of those games also loads (``from_fields`` checks
that the true hands fit the counts: the bookkeeping never claims what is not
so).
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from ninja_dojo import engine
from ninja_dojo.engine import ninjato
from tests.ninjato_table import Table, play
from tests.play import random_joint
from tests.test_ninjato_rules import QUIET, banzai_table
from tests.test_views_recall import load, ninjato_knows, ninjato_swaps

SEEDS = 3   # determinization seeds compared per twin
GAMES = 150


def shown(before: engine.State, after: engine.State):
    """(seat, value) of the hidden card the move showed, or None."""
    f, g = before.fields(), after.fields()
    for p in range(before.players):
        hidden = [h - s for h, s in zip(f["hands"][p], f["seen"][p])]
        now = [h - s for h, s in zip(g["hands"][p], g["seen"][p])]
        gone = [v + 1 for v in range(5) if now[v] < hidden[v]]
        if gone and sum(now) == sum(hidden) - 1:
            return p, gone[0]
    return None


RESHUFFLE_KEYS = ("drawn_before_reshuffle", "shown_maybe_before_reshuffle", "before_reshuffle_at_most")


def board(state: engine.State) -> dict:
    """What everyone sees, but for the reshuffle counts (under test)."""
    v = state.view(-1)
    v.pop("before_reshuffle")
    v["seats"] = [{k: x for k, x in seat.items() if k not in RESHUFFLE_KEYS} for seat in v["seats"]]
    return v


def older_first(f, p, v) -> bool:
    """The old engine's answer (older, if the hand held an older card of
    that value): it reads the hidden hand."""
    return f["older"][p][v - 1] > 0


def same_after(s: engine.State, t: engine.State, move, o: int):
    """Apply ``move`` to both twins: whether the observer's view and
    determinizations after it are the same.  None if the move itself tells
    the twins apart for everyone (the board differs, the reshuffle counts
    aside: the hand left one way to play, and the program played it at
    once) or for the observer (it draws another card at once)."""
    a, b = s.clone(), t.clone()
    a.apply(move)
    b.apply(move)
    if board(a) != board(b) or a.fields()["hands"][o] != b.fields()["hands"][o]:
        return None
    return a.view(o) == b.view(o) and all(
        a.determinize(o, k).fields() == b.determinize(o, k).fields() for k in range(SEEDS))


# --------------------------------------------------- twins built on purpose

def swap_older(g, p, v, q, w):
    """p's older v and q's older w change hands."""
    for x, out, into in ((p, v, w), (q, w, v)):
        g["hands"][x][out - 1] -= 1
        g["older"][x][out - 1] -= 1
        g["hands"][x][into - 1] += 1
        g["older"][x][into - 1] += 1


def newer_from_deck(g, p, v) -> bool:
    """One of p's newer cards (not a v) changes places with a v of the deck
    (the bottom-most: the deck's order is hidden anyway); False if none."""
    newer = [u + 1 for u in range(5) if u + 1 != v
             and g["hands"][p][u] - g["seen"][p][u] - g["older"][p][u] > 0]
    spots = [i for i, x in enumerate(g["dojo_deck"]) if x == v]
    if not (newer and spots):
        return False
    u, i = newer[0], spots[0]
    g["hands"][p][u - 1] -= 1
    g["hands"][p][v - 1] += 1
    g["dojo_deck"][i] = u
    return True


def built_twins(f, p, v, o):
    """Pairs of positions ``o`` cannot tell apart, where p is about to show
    a hidden v that is an older card in the first and a newer one in the
    second (its older card there is another seat's older w, that seat
    holding the older v):

    - "both sides": p holds an older v and a newer v (the first position is
      ``f``, or ``f`` with one of p's newer cards taken for a v of the deck);
    - "cannot tell": p holds an older v and no newer v; in the second, one
      of its newer cards is a v of the deck, the deck holding the other.

    Only for seats that showed no card of uncertain kind yet, so that their
    ``older`` is exactly the older cards they hold."""
    hidden = f["hands"][p][v - 1] - f["seen"][p][v - 1]
    if any(f["older_maybe"][p]) or f["older"][p][v - 1] != 1 or f["seen"][p][v - 1]:
        return
    for q in range(f["players"]):
        if q in (o, p) or any(f["older_maybe"][q]):
            continue
        for w in range(1, 6):
            if w == v or not f["older"][q][w - 1]:
                continue
            first = copy.deepcopy(f)
            if hidden > 1 or newer_from_deck(first, p, v):
                second = copy.deepcopy(first)
                swap_older(second, p, v, q, w)
                yield "both sides", first, second
            if hidden == 1:
                second = copy.deepcopy(f)
                swap_older(second, p, v, q, w)
                if newer_from_deck(second, p, v):
                    yield "cannot tell", f, second
            return


def shown_older_cards(games: int, players, rng):
    """Seeded random games, at every move that shows a card while some hand
    holds older cards: (game number, the position, the move, the position
    after it, the seat ``p`` whose card ``v`` was shown, each other seat ``o``)."""
    for game in range(games):
        s = engine.new_game("ninjato", players(game), seed=rng.randrange(10**6))
        while not s.is_terminal():
            move = random_joint(s, rng)
            after = s.clone()
            after.apply(move)
            yield game, s, move, after, None, None, None
            card = shown(s, after)
            if card and any(map(any, s.fields()["older"])):
                p, v = card
                for o in range(s.players):
                    if o != p:
                        yield game, s, move, after, p, v, o
            s = after


def test_twins_built_from_seeded_games_stay_twins_after_the_card_is_shown():
    """In each case where the old engine read the hand (checked: the
    older-first answer differs between the twins), the seat's view and
    determinizations stay the same."""
    met = Counter()
    for game, s, move, after, p, v, o in shown_older_cards(GAMES, lambda g: 3 + g % 2,
                                                           random.Random(2027)):
        if o is None:
            continue
        for kind, g1, g2 in built_twins(s.fields(), p, v, o):
            t1, t2 = load(s, g1), load(s, g2)
            assert t1 is not None and t2 is not None, kind
            assert ninjato_knows(g1, o) == ninjato_knows(g2, o), kind
            assert older_first(g1, p, v) and not older_first(g2, p, v)
            if move[p].id not in t1.legal_action_ids(p) or move[p].id not in t2.legal_action_ids(p):
                continue
            same = same_after(t1, t2, move, o)
            if same is None:
                continue
            assert same, (kind, game, p, v, o)
            met[kind] += 1
    assert met["both sides"] >= 10 and met["cannot tell"] >= 10, met


# --------------------------------------------------- twins found at random

def unseen_twins(f, o, rng):
    """Positions ``o`` cannot tell from ``f``: one or two of
    ``ninjato_swaps``' swaps of cards it never saw."""
    for name, saw, g in ninjato_swaps(f, o, rng):
        if saw is False and "deck's order" not in name and "stack's order" not in name:
            yield g
            for name2, saw2, h in ninjato_swaps(g, o, rng):
                if saw2 is False and "order" not in name2:
                    yield h
                    break


def test_random_games_show_no_leak_when_a_hidden_card_is_shown():
    """The search of the engineer who found the leak (8 shown cards in 60
    games), over more games: every twin pair stays twins after the move."""
    checked = would_have_leaked = 0
    rng = random.Random(64)
    for game, s, move, after, p, v, o in shown_older_cards(90, lambda g: 2 + g % 3, rng):
        if o is None:
            ninjato.from_fields(after.fields())       # the true hands fit the counts
            continue
        f = s.fields()
        for g in unseen_twins(f, o, rng):
            t = load(s, g)
            if t is None or move[p].id not in t.legal_action_ids(p):
                continue
            assert ninjato_knows(f, o) == ninjato_knows(g, o)
            same = same_after(s, t, move, o)
            if same is None:
                continue
            assert same, (game, p, v, o)
            checked += 1
            would_have_leaked += older_first(f, p, v) != older_first(g, p, v)
    assert checked >= 300 and would_have_leaked >= 10, (checked, would_have_leaked)


# ----------------------------------------------- the counts, by hand

def after_a_reshuffle(hands, older):
    """Three seats past a Dojo reshuffle: seat ``p`` holds ``hands[p]``, of
    which ``older[p]`` are older cards; seat 0 may buy SN1 (it costs a 5)."""
    t = Table(3)
    for p, hand in enumerate(hands):
        t.hand(p, hand)
    t.offer(["SN1"])
    for p, cards in enumerate(older):
        t.f["older"][p] = [cards.count(v) for v in range(1, 6)]
        t.f["older_at_most"][p] = len(cards)
    return t


def counts(s, p):
    f = s.fields()
    return f["older"][p], f["older_maybe"][p], f["older_at_most"][p]


def test_a_card_shown_is_an_older_one_when_all_the_hidden_cards_are():
    s = after_a_reshuffle([[5, 4], [3, 3], []], [[5, 4], [3, 3], []]).state()
    play(s, "Sensei")             # takes SN1 and pays with its 5 (forced)
    assert counts(s, 0) == ([0, 0, 0, 1, 0], [0] * 5, 1)


def test_a_card_shown_is_a_newer_one_when_no_older_card_of_its_value_is_left():
    s = after_a_reshuffle([[5, 4, 4], [3, 3], []], [[4], [3, 3], []]).state()
    play(s, "Sensei")
    assert counts(s, 0) == ([0, 0, 0, 1, 0], [0] * 5, 1)


def test_a_card_that_may_be_either_is_written_down_as_either_whatever_the_hand_holds():
    # Seat 0 kept a 4 and a 5 through the reshuffle and drew a 5 since; in
    # the twin it kept a 4 and a 3 and drew the 5, and seat 1 kept the 5
    # instead of a 3.  Seat 2 cannot tell them apart, before or after the 5
    # is paid: in both it is "an older or a newer 5".
    one = after_a_reshuffle([[5, 5, 4], [3, 3], []], [[5, 4], [3, 3], []])
    two = after_a_reshuffle([[5, 4, 3], [5, 3], []], [[4, 3], [5, 3], []])
    a, b = one.state(), two.state()
    assert a.view(2) == b.view(2)
    for s in (a, b):
        play(s, "Sensei")
    assert counts(a, 0)[1:] == counts(b, 0)[1:] == ([0, 0, 0, 0, 1], 2)
    assert a.view(2) == b.view(2)
    assert a.view(2)["seats"][0]["shown_maybe_before_reshuffle"] == [5]
    assert a.view(2)["before_reshuffle"] == [3, 3, 4, 5]       # over seats 0 and 1
    for k in range(5):
        assert a.determinize(2, k).fields() == b.determinize(2, k).fields()


def test_the_determinizations_take_a_card_that_may_be_either_for_both():
    # Seat 0 kept a 5, drew another and pays one: it now holds an older 5
    # or a newer card, and seat 1 its older card, a 3.  Seat 2's worlds:
    # either the 5 paid was the newer one (seats 0 and 1 hold the 5 and the
    # 3, in either order), or the older one (seat 1 holds the 3, seat 0 any
    # card seat 2 cannot see).
    s = after_a_reshuffle([[5, 5], [3], [1, 1]], [[5], [3], [1, 1]]).state()
    play(s, "Sensei")
    assert counts(s, 0) == ([0, 0, 0, 0, 1], [0, 0, 0, 0, 1], 1)
    worlds = Counter()
    for k in range(300):
        hands = s.determinize(2, k).fields()["hands"]
        worlds["5 paid was newer"] += hands[1] == [0, 0, 0, 0, 1]
        worlds["5 paid was older"] += hands[0][4] == hands[0][2] == 0
    assert worlds["5 paid was newer"] > 30 and worlds["5 paid was older"] > 30, worlds


def test_a_card_put_in_a_play_stays_known_after_giving_up():
    s = banzai_table([QUIET[2]], hand=(5, 3, 4, 1)).state()
    play(s, "house 1 Strength", "base: Dojo 3", "Banzai", "base: Dojo 4")
    assert s.view(1)["seats"][0]["known_cards"] == [4]
    play(s, "give up")
    assert s.view(0)["hand"] == [1, 4, 5]
    assert s.view(1)["seats"][0]["known_cards"] == [4]      # everyone saw it go back
