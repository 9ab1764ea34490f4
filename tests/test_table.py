"""The table's logic without Textual (``tui/table.py``): whose choice it is,
the cover at one keyboard, the hold before a reveal, the show, the recap,
the end, and what ``u`` takes back, phase by phase."""
from __future__ import annotations

import random

import pytest

from ninja_dojo.engine import PositionError, new_game
from ninja_dojo.tui.match import Match, plan_seats
from ninja_dojo.tui.table import Phase, Table


def table(game="ninjan", kinds=("human", "novice"), seed=3, private=lambda view: False) -> Table:
    state = new_game(game, len(kinds), seed=seed)
    return Table(Match(state, plan_seats(len(kinds), list(kinds))), private)


def ai_moves(t: Table, rng: random.Random) -> None:
    """The AIs waiting choose at random (what the screen's workers do)."""
    for seat in t.match.waiting_ais():
        t.match.choose(seat, rng.choice(t.match.state.legal_actions(seat)))


def test_a_person_is_asked_while_the_ais_think():
    t = table()
    turn = t.advance(now=0.0)
    assert (turn.kind, turn.seat, turn.new_decision, turn.ais) == ("choose", 0, True, [1])
    assert t.phase == Phase.PLAYING and t.actor == 0
    # asked again before anything changed: the same decision, not a new one
    again = t.advance(now=1.0)
    assert (again.kind, again.new_decision, again.ais) == ("choose", False, [])


def test_a_choice_waits_for_the_others_then_reveals_and_shows():
    t = table()
    t.advance(now=0.0)
    t.chosen(0, t.match.state.legal_actions(0)[0], now=0.0)
    assert t.actor is None and t.take_back_seat() == 0
    assert t.advance(now=0.0).kind == "wait"
    ai_moves(t, random.Random(1))
    assert t.advance(now=0.0).kind == "reveal"
    moves, steps = t.commit()
    assert set(moves) == {0, 1} and t.phase == Phase.SHOWING
    assert t.take_back_seat() is None
    assert t.no_take_back_reason() == "the cards are already revealed"
    assert t.advance(now=0.0).kind == "busy"            # nothing moves during the show
    t.shown(recap=False)
    assert t.phase == Phase.PLAYING


def test_the_hold_before_a_reveal_and_taking_the_choice_back():
    t = table()
    t.advance(now=0.0)
    ai_moves(t, random.Random(2))
    first = t.match.state.legal_actions(0)[0]
    t.chosen(0, first, now=10.0, hold_seconds=2.0)
    turn = t.advance(now=10.5)
    assert (turn.kind, t.phase) == ("hold", Phase.HOLDING) and turn.wait == pytest.approx(1.5)
    seat, choice = t.take_back_choice()
    assert (seat, choice) == (0, first) and t.hold_until == 0.0 and t.phase == Phase.PLAYING
    assert 0 not in t.match.pending
    assert t.advance(now=11.0).kind == "choose"
    t.chosen(0, first, now=20.0, hold_seconds=2.0)
    assert t.advance(now=22.5).kind == "reveal"         # the hold is over


def test_an_illegal_choice_is_refused_and_changes_nothing():
    t = table()
    t.advance(now=0.0)
    with pytest.raises(PositionError):
        t.chosen(0, 999, now=0.0)
    assert t.actor == 0 and not t.match.pending


def test_at_one_keyboard_a_secret_choice_is_covered_until_the_keyboard_passes():
    t = table(kinds=("human", "human"))
    turn = t.advance(now=0.0)
    assert (turn.kind, turn.seat, t.phase, t.viewer) == ("cover", 0, Phase.COVERED, -1)
    assert t.advance(now=0.0).kind == "busy"
    t.uncovered(0)
    assert (t.phase, t.viewer, t.keyboard) == (Phase.PLAYING, 0, 0)
    turn = t.advance(now=0.0)
    assert (turn.kind, turn.seat) == ("choose", 0)
    t.chosen(0, t.match.state.legal_actions(0)[0], now=0.0)
    assert t.viewer == -1                               # nobody's hand shows now
    turn = t.advance(now=0.0)
    assert (turn.kind, turn.seat) == ("cover", 1)
    assert t.take_back_seat() == 0                      # from the cover, before the keyboard passes
    t.uncovered(1)
    assert t.take_back_seat() is None                   # the keyboard has passed on
    assert t.no_take_back_reason() == "the keyboard has passed on since that choice"


def test_a_private_decision_in_a_game_of_turns_is_covered_at_one_keyboard():
    t = table("ninjato", ("human", "human"), private=lambda view: True)
    assert t.advance(now=0.0).kind == "cover"
    t = table("ninjato", ("human", "human"), private=lambda view: False)
    assert t.advance(now=0.0).kind == "choose"


def test_a_round_ends_in_its_recap_and_the_game_in_over():
    t = table(kinds=("novice", "novice"))
    rng = random.Random(4)
    recaps = 0
    while True:
        turn = t.advance(now=0.0)
        if turn.kind == "over":
            break
        if turn.kind == "wait":
            ai_moves(t, rng)
            continue
        assert turn.kind == "reveal"
        before = t.match.state.view(-1)["round"]
        t.commit()
        ended = t.match.state.view(-1)["round"] != before or t.match.state.is_terminal()
        t.shown(recap=ended)
        if ended:
            recaps += 1
            assert t.phase == Phase.RECAP and t.recap_waits
            assert t.advance(now=0.0).kind == "busy"
            t.recap_closed()
    assert recaps == 9 and t.phase == Phase.OVER and t.advance(now=0.0).kind == "busy"
    assert t.no_take_back_reason() == "the game is over"


def test_a_fault_stops_the_table():
    t = table()
    t.advance(now=0.0)
    t.fault()
    assert t.phase == Phase.FAULTED and t.actor is None and t.advance(now=0.0).kind == "busy"


def test_a_persons_only_move_is_chosen_for_them():
    t = table("ninjan", ("human", "novice"), seed=3)
    rng = random.Random(5)
    forced_seen = 0
    while not t.match.state.is_terminal():
        turn = t.advance(now=0.0)
        forced_seen += len(turn.forced)
        for seat, action in turn.forced:
            assert t.match.pending[seat] == action
        if turn.kind == "choose":
            t.chosen(turn.seat, rng.choice(t.match.state.legal_actions(turn.seat)), now=0.0)
        elif turn.kind == "wait":
            ai_moves(t, rng)
        elif turn.kind == "reveal":
            t.commit()
            t.shown(recap=False)
    assert forced_seen >= 1                             # the last round's one card at least
