"""Take-back within a turn (Ninjato, Senjutsu's open decisions; any single
seat's run of moves): ``u`` undoes the deciding seat's moves since anyone
else moved, while its turn goes on, until something hidden came to light.

The oracle here is the board itself, not the rule the app uses (replaying a
move in worlds the mover cannot tell apart): a card from a face-down deck or
the bag in Ninjato, a card drawn into a Senjutsu hand, makes a move stand."""
from __future__ import annotations

from collections import Counter

import pytest

from ninja_dojo.engine import new_game
from ninja_dojo.tui.match import Match, plan_seats

#: what a move shows of the face-down parts of the board, per game
HIDDEN_SIZES = {
    "ninjato": ("dojo_deck_size", "envoy_deck_size", "rumor_deck_size", "bag_size"),
    "senjutsu": (),
}


def came_to_light(game: str, before: dict, after: dict, seen: set[str]) -> bool:
    """Did a face-down card (or Guard, or tile from the bag) come up, one the
    seat never had in sight (``seen``: every card id its views showed)?"""
    if any(after[k] < before[k] for k in HIDDEN_SIZES[game]):
        return True
    if game == "ninjato" and after["guard_deck"]["size"] < before["guard_deck"]["size"]:
        return True
    if game == "senjutsu":
        new = Counter(c["id"] for c in after["hand"]) - Counter(c["id"] for c in before["hand"])
        return any(card not in seen for card in new)
    return False


def card_ids(view) -> set[str]:
    """Every card id anywhere in a view (a card looked at, a discard pile...)."""
    if isinstance(view, dict):
        out = {view["id"]} if isinstance(view.get("id"), str) else set()
        for v in view.values():
            out |= card_ids(v)
        return out
    if isinstance(view, (list, tuple)):
        return set().union(*map(card_ids, view)) if view else set()
    return {view} if isinstance(view, str) and len(view) == 3 and view[1:].isdigit() else set()


def random_turns(game: str, seed: int, limit: int = 400):
    """A game played by the policy; at each point where seat ``s`` decides
    again after its own move: (match, s, the card ids ``s`` saw before it)."""
    m = Match(new_game(game, 2, seed=seed), plan_seats(2, ["human", "human"]))
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    for n in range(limit):
        st = m.state
        if st.is_terminal():
            return
        last = st.history[-1] if st.history else ()
        if len(last) == 1 and last[0][0] in st.movers():
            yield m, last[0][0], seen[last[0][0]]
        for seat in seen:
            seen[seat] |= card_ids(st.view(seat))
        st.apply({x: st.policy_action(x, seed=seed * 1000 + n).id for x in st.movers()})


@pytest.mark.parametrize("game", ["ninjato", "senjutsu"])
@pytest.mark.parametrize("seed", range(6))
def test_a_take_back_restores_the_turn_and_never_undoes_a_reveal(game, seed):
    offered = refused = 0
    for m, seat, seen in random_turns(game, seed):
        st = m.state
        back = m.turn_take_back(seat)
        if not back:
            refused += 1
            continue
        offered += 1
        for ply in back:
            assert len(ply.move) == 1 and seat in ply.move
            assert not came_to_light(game, ply.before.view(seat), ply.after.view(seat), seen), ply.move
        # The last real decision comes back (the forced moves after it with it).
        assert len(back[0].before.legal_action_ids(seat)) > 1
        assert all(len(p.before.legal_action_ids(seat)) == 1 for p in back[1:])
        before = st.clone()
        taken = Match(st.clone(), m.seats)
        actions = taken.take_back_turn(seat)
        assert [a.id for a in actions] == [p.move[seat] for p in back]
        assert taken.state == back[0].before and seat in taken.state.movers()
        assert taken.state.history == st.history[:len(st.history) - len(back)]
        # Played again, the same moves give the same game: nothing is lost.
        for a in actions:
            taken.state.apply({seat: a.id})
        assert taken.state == before
    assert offered > 0 and refused > 0, (offered, refused)


def test_the_reveal_refused_by_the_rule_is_one_the_board_shows():
    """Every move the board shows bringing a face-down card up is refused."""
    reveals = 0
    for seed in range(4):
        for m, seat, seen in random_turns("ninjato", seed):
            (ply,) = list(m.state.plies())[-1:]
            if came_to_light("ninjato", ply.before.view(seat), ply.after.view(seat), seen):
                reveals += 1
                assert m.turn_take_back(seat) == []
    assert reveals > 0


def test_nothing_comes_back_once_another_seat_has_moved_or_cards_are_revealed_together():
    m = Match(new_game("ninjan", 2, seed=3), plan_seats(2, ["human", "novice"]))
    st = m.state
    st.apply({x: st.legal_action_ids(x)[0] for x in st.movers()})   # a reveal: both seats
    assert len(st.history[-1]) == 2
    for seat in range(2):
        assert m.turn_take_back(seat) == []


def test_a_position_made_by_hand_has_nothing_to_take_back():
    """Its moves do not replay from its seed's deal: nothing is offered (the
    app used to hang on such a position, the replay raising)."""
    from tests.ninjato_table import QUIET, Table, play
    state = Table(players=3).hand(0, [5, 3, 1]).sentry(0, QUIET[1]).house(
        0, plain=["Fan", "Scroll", "Vase"]).state()
    play(state, "house 1 Strength", "base: Dojo 5", "declare the play")
    m = Match(state, plan_seats(3, ["human", "novice", "novice"]))
    assert state.movers() == [0] and m.turn_take_back(0) == []
