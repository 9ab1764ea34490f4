"""Senjutsu's hidden information: determinizations never contradict what
the observer saw, depend only on what it saw, and the search that uses them
never reads a hidden card and never plays an illegal move.

What a seat sees: everything on the field and the consoles (hexes, facings,
wounds, stuns, kamae), hand, pile and discard counts, face-up discards, the
cards played, and its own hand, its own discards (face down too: a samurai
may look at its own pile, chosen) and the top cards of a pile it looked at
(top 3, give 3), and what it saw of other hands (a hand shown by REV, a card
it saw taken face up or gave).  Hidden: the rest of other hands, every
pile's order, other seats' face-down discards.
"""
from __future__ import annotations

import random
from collections import Counter

from ninja_dojo.engine import new_game
from ninja_dojo.engine import senjutsu as sj
from ninja_dojo.solver.search import analyse
from tests.play import random_positions, two_worlds
from tests.senjutsu_table import Table, deck_with
from tests.test_senjutsu_rules import go


def positions(count, seed=0, lo=5, hi=400):
    """Positions of random games, from early to late."""
    return random_positions("senjutsu", count, seed, lo, hi)


def hidden_of(f, observer, p):
    """The cards of seat p that ``observer`` cannot place: its unknown hand
    cards, its pile below the known top, its face-down discards."""
    top = f["known_tops"][observer][p] if observer >= 0 else 0
    pile = f["draw_piles"][p][:len(f["draw_piles"][p]) - top]
    if p == observer:
        return Counter(pile)
    known = Counter(f["known_hands"][observer][p]) if observer >= 0 else Counter()
    return Counter(f["hands"][p]) - known + Counter(pile) + Counter(f["discards_face_down"][p])


def test_determinizations_keep_everything_the_observer_saw():
    checked = changed = 0
    for s in positions(120):
        truth = s.fields()
        for observer in range(-1, s.players):
            d = s.determinize(observer, seed=observer + 17)
            f = d.fields()
            if not all(len(d.legal_action_ids(m)) == 1 for m in d.movers()):
                sj.from_fields(f)           # complete and legal (a forced copy is checked elsewhere)
            assert d.view(observer) == s.view(observer)
            for p in range(s.players):
                assert len(f["hands"][p]) == len(truth["hands"][p])
                assert len(f["draw_piles"][p]) == len(truth["draw_piles"][p])
                assert f["discards_face_up"][p] == truth["discards_face_up"][p]
                assert len(f["discards_face_down"][p]) == len(truth["discards_face_down"][p])
                assert hidden_of(f, observer, p) == hidden_of(truth, observer, p)
                if observer >= 0:
                    top = truth["known_tops"][observer][p]
                    assert f["draw_piles"][p][len(f["draw_piles"][p]) - top:] == \
                        truth["draw_piles"][p][len(truth["draw_piles"][p]) - top:]
                    assert not Counter(truth["known_hands"][observer][p]) - Counter(f["hands"][p])
            if observer >= 0:
                assert f["hands"][observer] == truth["hands"][observer]
                assert f["discards_face_down"][observer] == truth["discards_face_down"][observer]
                if observer in s.movers():
                    assert d.legal_action_ids(observer) == s.legal_action_ids(observer)
            checked += 1
            changed += (f["hands"], f["draw_piles"]) != (truth["hands"], truth["draw_piles"])
    assert checked > 400 and changed > checked * 0.9


def test_determinizations_depend_only_on_what_was_seen():
    for s in positions(50, seed=1):
        for observer in range(-1, s.players):
            other = s.determinize(observer, seed=99)       # a world the observer cannot tell apart
            assert s.determinize(observer, seed=5).fields() == other.determinize(observer, seed=5).fields()


def test_unseen_hands_are_drawn_from_the_unseen_cards():
    # At the first choice seat 0 knows its own hand and nothing of seat 1's
    # six cards: each is one of the 40 cards of seat 1's deck list, so a
    # card's mean count there is 6 x (copies in the deck) / 40.
    s = new_game("senjutsu", 2, seed=12, samurai="ronin,master")
    while s.fields()["phase"] == "place":
        s.apply(s.legal_actions()[0])
    deck = s.fields()["deck"][1]
    total = Counter()
    samples = 2000
    for k in range(samples):
        total.update(s.determinize(0, seed=k).fields()["hands"][1])
    for cid, n in deck.items():
        p = n / 40
        sd = (6 * p * (1 - p) * 34 / 39 / samples) ** 0.5
        assert abs(total[cid] / samples - 6 * p) < 6 * sd + 1e-9, cid


def _revealed():
    """The Ronin's Deep Meditation shows it the Master's hand (REV)."""
    t = (Table(["ronin", "master"], decks=[deck_with(["G07"]), deck_with(["M10", "G13", "G10"])])
         .hand(0, ["G07", "G04"]).hand(1, ["M10", "G13", "G10", "G04"]).at(0, (0, 0), 0).at(1, (0, -3), 3))
    s = t.state()
    s.apply({0: "play Deep Meditation", 1: "play Idle Strike"})
    go(s, "step back", "rotate right 2", "option 2")
    return s


def test_a_hand_shown_by_rev_is_kept_by_every_determinization():
    s = _revealed()
    assert sorted(s.view(0)["samurai"][1]["known_cards"]) == ["G04", "G10", "G13"]
    hand = sorted(s.fields()["hands"][1])
    for k in range(30):
        assert sorted(s.determinize(0, seed=k).fields()["hands"][1]) == hand
    # ...but not by the Master's own view of the Ronin, nor the public one
    assert len({tuple(sorted(s.determinize(-1, seed=k).fields()["hands"][1])) for k in range(30)}) > 1


def test_a_face_down_discard_is_hidden_and_forgets_what_was_shown():
    s = _revealed()
    # In the next round the Master plays its core: the discard it pays with
    # is face down, a hidden choice.
    while s.fields()["phase"] != "select":
        s.apply({m: s.legal_action_ids(m)[0] for m in s.movers()})
    s.apply({0: "play Quick Stab", 1: "play Master Core"})
    while s.fields()["decision"] != "discard":
        s.apply({m: s.legal_action_ids(m)[0] for m in s.movers()})
    assert s.movers() == [1]
    hidden = sj.ACTION_NAMES.index("a hidden choice")
    from ninja_dojo.engine import _driver
    for a in s.legal_action_ids(1):
        assert _driver.observe(s.rules, s.buffer(), 1, a, 0) == hidden
        assert _driver.observe(s.rules, s.buffer(), 1, a, 1) == a
    s.apply(s.legal_action_ids(1)[0])
    assert s.view(0)["samurai"][1]["known_cards"] == []      # which card went, the Ronin cannot say


def test_top3_keeps_the_lookers_top_cards_only_for_it():
    # The Student's Tranquil Mind in Determination: TOP3 on Wild Swing,
    # Pommel Smash, Calm Defence; it takes the Swing, the other two go back
    # on top in order; the next round's draw takes the Smash, and the
    # Student still knows the Calm Defence under it.
    t = (Table(["student", "master"], decks=[deck_with(["S12", "G13", "G10", "G18"]), None])
         .hand(0, ["S12"]).hand(1, ["M10"]).pile_top(0, ["G13", "G10", "G18"]).kamae(0, "D")
         .at(0, (0, 0), 0).at(1, (0, -3), 3))
    s = t.state()
    s.apply({0: "play Tranquil Mind", 1: "play Idle Strike"})
    go(s, "stop", "don't rotate", "kamae Determination", "take Wild Swing")
    f = s.fields()
    assert f["round"] == 2 and sorted(f["hands"][0]) == ["G10", "G13"]
    assert f["known_tops"][0][0] == 1 and f["draw_piles"][0][-1] == "G18"
    assert f["known_tops"][1][0] == 0
    for k in range(20):
        assert s.determinize(0, seed=k).fields()["draw_piles"][0][-1] == "G18"
    assert len({s.determinize(1, seed=k).fields()["draw_piles"][0][-1] for k in range(20)}) > 1


def test_the_drawer_alone_sees_what_it_drew():
    s = new_game("senjutsu", 2, seed=4)
    while s.fields()["phase"] == "place":
        s.apply(s.legal_actions()[0])
    # the round's draws happened in the move that placed the last samurai
    keys = [s.chance_key(p) for p in range(2)]
    assert all(keys) and keys[0] != keys[1]
    other = s.determinize(1, seed=3)          # seat 0's draws resampled: they were never seat 1's to see
    assert other.fields()["hands"][1] == s.fields()["hands"][1]


def test_the_search_reads_no_hidden_card():
    changed = 0
    for i, s in enumerate(positions(10, seed=3, lo=30, hi=300)):
        hands_differ, a, b = two_worlds(s, i, 300)
        changed += hands_differ
        assert a == b
    assert changed >= 7


def test_a_search_that_may_read_hidden_cards_does_notice_them():
    # The control of the test above: with open hands the analyses differ.
    differ = 0
    for i, s in enumerate(positions(10, seed=3, lo=30, hi=300)):
        _, a, b = two_worlds(s, i, 300, open_hands=True)
        differ += [m[:2] for m in a] != [m[:2] for m in b]
    assert differ >= 3


def test_the_search_never_plays_an_illegal_move():
    rng = random.Random(5)
    searches = 0
    for g in range(3):
        s = new_game("senjutsu", 2 + g, seed=700 + g)
        while not s.is_terminal():
            joint = {}
            for seat in s.movers():
                legal = set(s.legal_action_ids(seat))
                if len(legal) > 1 or rng.random() < 0.2:
                    a = analyse(s, seat, iterations=20, seed=searches)
                    searches += 1
                    assert {m.action for m in a.moves} == legal
                    assert a.best.action in legal
                    joint[seat] = a.best.action if rng.random() < 0.5 else rng.choice(sorted(legal))
                else:
                    joint[seat] = rng.choice(sorted(legal))
            s.apply(joint)
    assert searches > 300


def test_give3_tells_the_giver_the_card_given_and_the_two_put_back():
    # Dark Bargain (M06): ...; foe≤3: GIVE3.  The Master looks at the
    # Ronin's top three (Calm Defence, Pommel Smash, Wild Swing), gives it the
    # Calm Defence: it knows that card in the Ronin's hand, and the two cards
    # back on top; the Ronin's next draw (the next round) takes the Smash,
    # which the Master then knows in its hand too.
    t = (Table(["master", "ronin"], decks=[deck_with(["M06"]), deck_with(["G18", "G10", "G13"])])
         .hand(0, ["M06"]).hand(1, ["G04"], stuns=1).pile_top(1, ["G18", "G10", "G13"])
         .at(0, (0, 0), 0).at(1, (0, -2), 3))
    s = t.state()
    s.apply({0: "play Dark Bargain", 1: "play a stun card"})
    go(s, "stop", "don't rotate", "take Quick Stab", "give Calm Defence")
    f = s.fields()
    assert f["round"] == 2
    assert sorted(s.view(0)["samurai"][1]["known_cards"]) == ["G10", "G18"]
    assert f["known_tops"][0][1] == 1 and f["draw_piles"][1][-1] == "G13"
    for k in range(10):
        d = s.determinize(0, seed=k).fields()
        assert {"G10", "G18"} <= set(d["hands"][1]) and d["draw_piles"][1][-1] == "G13"
