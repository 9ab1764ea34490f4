"""Nin Jan rules, tested from the rulebook (seeds/002) and its rulings
(rules/ninjan.md) through the public ``State`` API.

Positions are hand-made (empty history) with ``tests.conftest.ninjan_position``.
"""
from __future__ import annotations

import itertools
import random

import pytest

from ninja_dojo.engine import ninjan
from ninja_dojo.engine import PositionError, new_game
from tests.conftest import DECK, ninjan_position, value
from tests import golden, golden_playthrough
from tests.play import random_joint


def names(actions):
    return [str(a) for a in actions]


def norm(steps):
    """Steps with ``taken`` as a set: the order inside a won pile is not a rule."""
    return [{**s, "taken": set(s["taken"])} for s in steps]


def play_round(state, joint):
    """Play ``joint`` then the first legal choice of every decision until the
    round is over; return the seats in the order their cards were resolved."""
    start = state.fields()["round"]
    state.apply(joint)
    while not state.is_terminal() and state.fields()["round"] == start:
        state.apply(state.legal_actions()[0])
    return [s["seat"] for s in state.steps()]


# --------------------------------------------------------------- components

def test_deck_is_48_cards_minus6_to_10_without_zero():
    state = new_game("ninjan", players=2, seed=11)
    f = state.fields()
    cards = [c for h in f["hands"] for c in h] + f["box"] + [c for p in f["piles"] for c in p]
    assert sorted(cards) == sorted(DECK)
    assert len(DECK) == 48 and all(value(c) != 0 for c in DECK)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_three_piles_nine_cards_each_rest_in_box(players):
    state = new_game("ninjan", players=players, seed=players)
    f = state.fields()
    assert [len(p) for p in f["piles"]] == [1, 1, 1]
    assert [len(h) for h in f["hands"]] == [9] * players
    assert len(f["box"]) == 48 - 3 - 9 * players
    assert state.view(0)["box_size"] == len(f["box"])
    assert f["won"] == [[]] * players and state.scores() == [0] * players
    assert (f["round"], f["phase"]) == (1, "choose")


def test_five_players_leave_the_box_empty():
    assert new_game("ninjan", players=5, seed=3).fields()["box"] == []


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_player_count_outside_2_to_5_is_refused(players):
    with pytest.raises(PositionError, match="players"):
        new_game("ninjan", players=players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_game_lasts_nine_rounds_all_seats_choosing_at_once(players):
    state = new_game("ninjan", players=players, seed=100 + players)
    rng = random.Random(players)
    rounds = 0
    while not state.is_terminal():
        movers = state.movers()
        if len(movers) > 1:
            assert movers == list(range(players))
            rounds += 1
            assert state.fields()["round"] == rounds
            assert [len(h) for h in state.fields()["hands"]] == [10 - rounds] * players
        state.apply({s: rng.choice(state.legal_actions(s)) for s in movers})
    assert rounds == 9
    assert state.fields()["hands"] == [[]] * players


# ------------------------------------------------------ the example round

# The rulebook's EXAMPLE OF A ROUND lost its pictures.  The text fixes the five
# cards played (7 Paper, 3 Paper, 3 Rock, -4 Rock, -6 Scissors) and the piles:
# a Scissors card, a two-card pile with a Rock on top, and 8 Rock.  We chose
# the unknown cards: 5 Scissors for pile 1 and 2 Paper under 4 Rock for pile 2
# (its sum, 6, must be below 8: "the third pile will give them more points").
# The -4 Rock player's pile is not named either; it must be pile 3, on the
# 7 Paper, since -6 Scissors then "beats the Paper card" (one card) and takes
# the second pile (test_example_round_needs_the_minus4_rock_on_pile_3).
# Five players, so the position is the last round (a two-card pile needs a
# round behind it, and with five players every card is dealt); the won cards
# are filler.  Seats are shuffled so seat order is not resolution order.
EXAMPLE_PILES = [["5 Scissors"], ["2 Paper", "4 Rock"], ["8 Rock"]]
EXAMPLE_HANDS = [["-4 Rock"], ["3 Rock"], ["7 Paper"], ["-6 Scissors"], ["3 Paper"]]
EXAMPLE_JOINT = {0: "play -4 Rock", 1: "play 3 Rock", 2: "play 7 Paper",
                 3: "play -6 Scissors", 4: "play 3 Paper"}


def example_position():
    return ninjan_position(5, EXAMPLE_PILES, EXAMPLE_HANDS, round=9)


def test_example_round():
    state = example_position()
    won_before = state.fields()["won"]
    scores_before = state.scores()

    state.apply(EXAMPLE_JOINT)
    view = state.view(-1)
    assert view["phase"] == "resolve"
    assert view["played"] == ["-4 Rock", "3 Rock", "7 Paper", "-6 Scissors", "3 Paper"]
    # 7 Paper, then 3 Paper before 3 Rock (Paper beats Rock), -4 Rock, -6 Scissors.
    assert view["order"] == [2, 4, 1, 0, 3]
    assert state.steps() == []
    # "Their card can beat either of the 2 Rock cards."
    assert state.movers() == [2]
    assert names(state.legal_actions()) == ["take pile 2", "take pile 3"]

    # "They therefore choose to take the 8 Rock card", then the 3 Paper and
    # the 3 Rock each beat exactly one top and take it without a decision.
    state.apply("take pile 3")
    assert norm(state.steps()) == [
        {"kind": "take", "seat": 2, "card": "7 Paper", "pile": 2, "took": True, "taken": {"8 Rock"}},
        {"kind": "take", "seat": 4, "card": "3 Paper", "pile": 1, "took": True, "taken": {"2 Paper", "4 Rock"}},
        {"kind": "take", "seat": 1, "card": "3 Rock", "pile": 0, "took": True, "taken": {"5 Scissors"}},
    ]
    assert state.fields()["piles"] == [["3 Rock"], ["3 Paper"], ["7 Paper"]]
    # "The -4 Rock card cannot beat any of the piles": put it on any pile.
    assert state.movers() == [0]
    assert names(state.legal_actions()) == ["put on pile 1", "put on pile 2", "put on pile 3"]

    state.apply("put on pile 3")
    assert norm(state.steps())[3:] == [
        {"kind": "put", "seat": 0, "card": "-4 Rock", "pile": 2, "took": False, "taken": set()},
        {"kind": "take", "seat": 3, "card": "-6 Scissors", "pile": 1, "took": True, "taken": {"3 Paper"}},
    ]

    # "Here's the situation at the end of the round."
    f = state.fields()
    assert f["piles"] == [["3 Rock"], ["-6 Scissors"], ["7 Paper", "-4 Rock"]]
    gained = {0: set(), 1: {"5 Scissors"}, 2: {"8 Rock"}, 3: {"3 Paper"}, 4: {"2 Paper", "4 Rock"}}
    for seat in range(5):
        assert set(f["won"][seat]) == set(won_before[seat]) | gained[seat]
        assert state.scores()[seat] == scores_before[seat] + sum(map(value, gained[seat]))
    # It was the ninth round: the game is over.
    assert state.is_terminal() and f["phase"] == "over"
    assert state.scores() == [sum(map(value, w)) for w in f["won"]]


def test_example_round_needs_the_minus4_rock_on_pile_3():
    # On pile 1 the -6 Scissors would beat both Paper cards and have a choice,
    # not "beat the Paper card"; on pile 2 it would take the third pile.
    for put, expect in (("put on pile 1", ["take pile 2", "take pile 3"]),
                        ("put on pile 2", ["take pile 3"])):
        state = example_position()
        state.apply(EXAMPLE_JOINT)
        state.apply("take pile 3")
        state.apply(put)
        if len(expect) == 1:
            assert state.steps()[-1]["pile"] == 2 and state.is_terminal()
        else:
            assert state.movers() == [3]
            assert names(state.legal_actions()) == expect


# ------------------------------------------------------------ tie order

# Each pair: (first to resolve, second), the first's suit beats the other's.
PAIRS = [("Rock", "Scissors"), ("Scissors", "Paper"), ("Paper", "Rock")]


@pytest.mark.parametrize("first,second", PAIRS)
@pytest.mark.parametrize("swap", [False, True])
def test_two_equal_values_stronger_suit_first(first, second, swap):
    # One pile of each suit: every card beats exactly one top, so the round
    # resolves without a decision and the steps show the order.
    piles = [["1 Rock"], ["1 Paper"], ["1 Scissors"]]
    cards = [f"5 {first}", f"5 {second}"]
    if swap:
        cards.reverse()
    state = ninjan_position(2, piles, [[cards[0]], [cards[1]]])
    order = play_round(state, {0: f"play {cards[0]}", 1: f"play {cards[1]}"})
    first_seat = cards.index(f"5 {first}")
    assert order == [first_seat, 1 - first_seat]


@pytest.mark.parametrize("suits", list(itertools.permutations(["Rock", "Paper", "Scissors"])))
def test_three_equal_values_rock_scissors_paper(suits):
    piles = [["1 Rock"], ["1 Paper"], ["1 Scissors"]]
    hands = [[f"4 {s}"] for s in suits]
    state = ninjan_position(3, piles, hands)
    order = play_round(state, {i: f"play 4 {s}" for i, s in enumerate(suits)})
    assert [suits[seat] for seat in order] == ["Rock", "Scissors", "Paper"]


def test_value_before_suit_and_ties_inside_the_order():
    # 5 players: 9 Scissors, then a 2-2-2 triple, then -3 Rock.  The suits of
    # different values never matter (-3 Rock would beat 9 Scissors).
    piles = [["1 Rock"], ["1 Paper"], ["1 Scissors"]]
    hands = [["2 Paper"], ["-3 Rock"], ["2 Rock"], ["9 Scissors"], ["2 Scissors"]]
    state = ninjan_position(5, piles, hands)
    order = play_round(state, {i: f"play {h[0]}" for i, h in enumerate(hands)})
    assert order == [3, 2, 4, 0, 1]


def test_pair_inside_a_larger_round():
    piles = [["1 Rock"], ["1 Paper"], ["1 Scissors"]]
    hands = [["6 Rock"], ["6 Paper"], ["10 Rock"], ["-6 Scissors"]]
    state = ninjan_position(4, piles, hands)
    order = play_round(state, {i: f"play {h[0]}" for i, h in enumerate(hands)})
    assert order == [2, 1, 0, 3]


# ------------------------------------------------------- compulsory take

def test_beating_one_top_takes_it_without_a_decision():
    # 6 Rock beats only the Scissors pile; 2 Paper (second) then beats the
    # 6 Rock that replaced it.  Neither seat is asked anything.
    piles = [["5 Paper"], ["-2 Scissors", "9 Scissors"], ["3 Paper"]]
    state = ninjan_position(2, piles, [["6 Rock"], ["2 Paper"]], round=2)
    state.apply({0: "play 6 Rock", 1: "play 2 Paper"})
    assert state.fields()["phase"] == "choose" and state.fields()["round"] == 3
    assert norm(state.steps()) == [
        {"kind": "take", "seat": 0, "card": "6 Rock", "pile": 1, "took": True, "taken": {"-2 Scissors", "9 Scissors"}},
        {"kind": "take", "seat": 1, "card": "2 Paper", "pile": 1, "took": True, "taken": {"6 Rock"}},
    ]
    f = state.fields()
    # The taken pile is replaced by the played card, a new single-card pile.
    assert f["piles"] == [["5 Paper"], ["2 Paper"], ["3 Paper"]]
    assert set(f["won"][0]) >= {"-2 Scissors", "9 Scissors"}
    assert "6 Rock" in f["won"][1]


def test_beating_two_tops_offers_exactly_those_piles():
    piles = [["5 Paper"], ["9 Scissors"], ["3 Scissors"]]
    state = ninjan_position(2, piles, [["6 Rock"], ["-6 Scissors"]])
    state.apply({0: "play 6 Rock", 1: "play -6 Scissors"})
    assert state.movers() == [0]
    assert names(state.legal_actions()) == ["take pile 2", "take pile 3"]
    assert state.legal_actions(1) == []
    state.apply("take pile 3")
    assert state.steps()[0] == {"kind": "take", "seat": 0, "card": "6 Rock", "pile": 2, "took": True,
                                "taken": ["3 Scissors"]}
    # -6 Scissors then beats only the 5 Paper.
    assert state.fields()["piles"] == [["-6 Scissors"], ["9 Scissors"], ["6 Rock"]]


def test_beating_no_top_offers_only_the_three_puts():
    piles = [["5 Paper"], ["9 Rock"], ["3 Paper"]]
    state = ninjan_position(2, piles, [["6 Rock"], ["7 Rock"]])
    state.apply({0: "play 6 Rock", 1: "play 7 Rock"})
    # 7 Rock resolves first and beats nothing.
    assert state.movers() == [1]
    assert names(state.legal_actions()) == ["put on pile 1", "put on pile 2", "put on pile 3"]
    state.apply("put on pile 2")
    assert state.fields()["piles"][1] == ["9 Rock", "7 Rock"]
    assert state.movers() == [0]
    state.apply("put on pile 2")
    f = state.fields()
    assert f["piles"] == [["5 Paper"], ["9 Rock", "7 Rock", "6 Rock"], ["3 Paper"]]
    assert f["won"] == [[], []] and state.scores() == [0, 0]


def test_same_suit_never_beats_same_suit():
    piles = [["5 Scissors"], ["9 Scissors"], ["-3 Scissors"]]
    state = ninjan_position(2, piles, [["10 Scissors"], ["-6 Scissors"]])
    state.apply({0: "play 10 Scissors", 1: "play -6 Scissors"})
    assert names(state.legal_actions()) == ["put on pile 1", "put on pile 2", "put on pile 3"]


def test_only_the_top_card_of_a_pile_counts():
    # Scissors at the bottom of pile 1 is covered by a Rock: Paper beats it.
    piles = [["4 Scissors", "2 Rock"], ["8 Scissors"], ["1 Paper"]]
    state = ninjan_position(2, piles, [["3 Paper"], ["-1 Paper"]], round=2)
    state.apply({0: "play 3 Paper", 1: "play -1 Paper"})
    assert state.steps()[0] == {"kind": "take", "seat": 0, "card": "3 Paper", "pile": 0, "took": True,
                                "taken": ["2 Rock", "4 Scissors"]}


def test_scores_are_the_sum_of_won_cards_negatives_included():
    # Five cards in the piles in round 2 of a 2-player game: nobody has won yet.
    piles = [["-6 Scissors", "-5 Rock"], ["-1 Rock", "2 Scissors"], ["4 Scissors"]]
    state = ninjan_position(2, piles, [["1 Paper"], ["-4 Scissors"]], round=2)
    state.apply({0: "play 1 Paper", 1: "play -4 Scissors"})
    # 1 Paper takes the -5 Rock pile (-11); -4 Scissors then takes the 1 Paper.
    assert state.scores() == [-11, 1]
    f = state.fields()
    assert state.scores() == [sum(map(value, w)) for w in f["won"]]
    assert state.view(1)["scores"] == [-11, 1]


# ------------------------------------------------------------ game end

@pytest.mark.parametrize("won,returns,winners", [
    ([["10 Rock"], ["9 Rock"]], [1.0, 0.0], (0,)),
    ([["5 Rock"], ["2 Rock", "3 Rock"], ["-1 Rock"]], [0.5, 0.5, 0.0], (0, 1)),
    ([["4 Rock"], ["1 Paper", "3 Paper"], ["4 Scissors"], ["-6 Rock"]],
     [1 / 3, 1 / 3, 1 / 3, 0.0], (0, 1, 2)),
    ([["-2 Rock"], ["-2 Paper"], ["-2 Scissors"], ["-1 Rock", "-1 Paper"], ["-6 Rock", "4 Rock"]],
     [0.2] * 5, (0, 1, 2, 3, 4)),
    ([[], ["-1 Rock"]], [1.0, 0.0], (0,)),
])
def test_tied_winners_share_the_win(won, returns, winners):
    players = len(won)
    # A finished game: every other card is in the piles or the box.
    named = {c for w in won for c in w}
    spare = [c for c in DECK if c not in named]
    box = 48 - 3 - 9 * players
    middle = len(DECK) - len(named) - box
    piles = [spare[:middle - 2], [spare[middle - 2]], [spare[middle - 1]]]
    state = ninjan_position(players, piles, won=won, round=9, phase="over")
    assert state.is_terminal()
    assert state.returns() == pytest.approx(returns)
    out = state.outcome()
    assert out.winners == winners
    assert out.returns == pytest.approx(tuple(returns))
    assert out.scores == tuple(sum(map(value, w)) for w in won)


def test_returns_sum_to_one_and_name_the_top_scorer():
    state = new_game("ninjan", players=4, seed=99)
    rng = random.Random(5)
    while not state.is_terminal():
        assert state.outcome() is None
        state.apply(random_joint(state, rng))
    r = state.returns()
    assert sum(r) == pytest.approx(1.0)
    best = max(state.scores())
    assert [i for i, x in enumerate(r) if x > 0] == [i for i, x in enumerate(state.scores()) if x == best]


# --------------------------------------------------------- illegal moves

def assert_refused(state, move):
    before, history = state.fields(), list(state.history)
    with pytest.raises(PositionError):
        state.apply(move)
    assert state.fields() == before and state.history == history


def test_illegal_moves_raise_and_change_nothing():
    state = new_game("ninjan", players=3, seed=8)
    hands = state.fields()["hands"]
    mine, theirs = hands[0][0], hands[1][0]
    ok = {1: f"play {hands[1][0]}", 2: f"play {hands[2][0]}"}
    assert_refused(state, {0: f"play {theirs}", **ok})        # not in my hand
    box = state.fields()["box"][0]
    assert_refused(state, {0: f"play {box}", **ok})           # in the box
    assert_refused(state, {0: "take pile 1", **ok})           # not now
    assert_refused(state, {0: ninjan.parse_card(theirs), **ok})  # by id
    assert_refused(state, {0: f"play {mine}", 1: ok[1]})      # a seat missing
    assert_refused(state, {0: f"play {mine}", **ok, 3: 0})    # no such seat
    assert_refused(state, f"play {mine}")                     # not a joint move
    assert_refused(state, {0: 54, **ok})                      # no such action
    assert_refused(state, {0: -1, **ok})
    assert_refused(state, {0: None, **ok})
    assert_refused(state, {0: "dance", **ok})


def test_illegal_resolution_choices_raise_and_change_nothing():
    piles = [["5 Paper"], ["9 Scissors"], ["3 Scissors"]]
    state = ninjan_position(2, piles, [["6 Rock"], ["-6 Paper"]])
    state.apply({0: "play 6 Rock", 1: "play -6 Paper"})
    assert_refused(state, "take pile 1")      # 6 Rock does not beat 5 Paper
    assert_refused(state, "put on pile 2")    # taking is compulsory
    assert_refused(state, {1: "take pile 1"})  # not seat 1's turn
    assert_refused(state, {0: "take pile 2", 1: "take pile 1"})
    assert_refused(state, "play -6 Paper")


def test_no_move_after_the_end():
    state = example_position()
    state.apply(EXAMPLE_JOINT)
    state.apply("take pile 3")
    state.apply("put on pile 3")
    assert_refused(state, "put on pile 1")
    assert state.legal_actions(0) == []


# ---------------------------------------------------------- golden games

@pytest.mark.parametrize("name", list(golden_playthrough.GOLDENS))
def test_golden_playthrough(name):
    diff = golden.difference("ninjan", name, golden_playthrough.GOLDENS[name](), "tests.golden_playthrough")
    assert diff is None, diff


# ------------------------------------------------------------ what is seen

def test_a_seat_sees_its_hand_every_won_card_and_no_hidden_card():
    state = new_game("ninjan", players=3, seed=21)
    rng = random.Random(21)
    for _ in range(4):
        state.apply(random_joint(state, rng))
    f = state.fields()
    for seat in (-1, 0, 1, 2):
        v = state.view(seat)
        assert v["hand"] == (f["hands"][seat] if seat >= 0 else [])
        # rulings 6: won cards are public
        assert v["won"] == f["won"] and v["piles"] == f["piles"]
        assert v["hand_sizes"] == [len(h) for h in f["hands"]]
        assert v["box_size"] == len(f["box"])
        hidden = set(f["box"]) | {c for i, h in enumerate(f["hands"]) if i != seat for c in h}
        assert not hidden & set(map(str, _leaves(v)))


def _leaves(x):
    if isinstance(x, dict):
        for v in x.values():
            yield from _leaves(v)
    elif isinstance(x, list):
        for v in x:
            yield from _leaves(v)
    else:
        yield x


def test_huge_action_id_is_refused_cleanly():
    state = new_game("ninjan", players=2, seed=8)
    assert_refused(state, {0: 2**40, 1: state.legal_actions(1)[0]})


def test_non_integer_seat_key_is_refused_cleanly():
    state = new_game("ninjan", players=2, seed=8)
    assert_refused(state, {0: state.legal_actions(0)[0], "1": state.legal_actions(1)[0]})
