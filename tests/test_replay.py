"""The one replay (``State.plies``): every move of a game from its deal, with
the positions around it, as every part of the project reads a game back."""
from __future__ import annotations

import random

import pytest

from ninja_dojo.engine import PositionError, new_game
from ninja_dojo.engine.state import plies, replay
from tests.properties import CONFIGURATIONS

#: each game at its smallest and its largest table (first option set)
GAME_SETUPS = []
for _game in dict.fromkeys(c[0] for c in CONFIGURATIONS):
    _tables = [c for c in CONFIGURATIONS if c[0] == _game]
    for _pick in (min, max):
        _c = _pick(_tables, key=lambda c: c[1])
        if _c not in GAME_SETUPS:
            GAME_SETUPS.append(_c)


def played(game, players, options, seed, moves):
    """A game of ``moves`` random joint moves (fewer if it ends)."""
    rng = random.Random(seed)
    s = new_game(game, players, seed, **options)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply({seat: rng.choice(s.legal_action_ids(seat)) for seat in s.movers()})
    return s


@pytest.mark.parametrize("game,players,options", GAME_SETUPS)
def test_plies_walk_the_whole_history(game, players, options):
    s = played(game, players, options, seed=11, moves=40)
    seen = list(s.plies())
    assert [p.index for p in seen] == list(range(len(s.history)))
    assert seen[0].before == s.start()
    for p, q in zip(seen, seen[1:]):
        assert p.after is q.before                  # one position, not a second replay
    for p in seen:
        assert tuple(sorted(p.move.items())) == s.history[p.index]
        again = p.before.clone()
        again.apply(p.move)
        assert again == p.after
    assert seen[-1].after == s
    assert replay(game, s.options, s.seed, s.history) == s


@pytest.mark.parametrize("game,players,options", GAME_SETUPS)
def test_a_ply_keeps_only_its_own_steps(game, players, options):
    s = played(game, players, options, seed=12, moves=30)
    for p in s.plies():
        before = p.before.steps()
        after = p.after.steps()
        # The move's steps are what the round's log gained by it (or, when
        # the move began a new log, the whole of it).
        assert after[len(after) - len(p.steps):] == p.steps
        if before and after[:len(before)] == before:
            assert len(p.steps) == len(after) - len(before)


def test_a_move_that_is_not_legal_is_named():
    s = played("ninjan", 3, {}, seed=5, moves=4)
    history = list(s.history)
    seat, action = history[2][0]
    bad = tuple((st, a if st != seat else 1000) for st, a in history[2])
    with pytest.raises(PositionError, match=r"history\[2\]"):
        list(plies("ninjan", s.options, s.seed, history[:2] + [bad]))


def test_a_determinized_copy_has_no_plies():
    s = played("ninjan", 2, {}, seed=1, moves=3)
    d = s.determinize(0, seed=1)
    assert list(d.plies()) == []
    with pytest.raises(PositionError):
        d.start()
