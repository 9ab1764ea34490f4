"""The app's AI shares the machine's cores between seats deciding at once."""
from __future__ import annotations

import pytest

from ninja_dojo.engine import new_game
from ninja_dojo.solver.players import LEVELS, cores_used
from ninja_dojo.tui import ai
from ninja_dojo.tui.ai import Thinking, decide, share_cores
from ninja_dojo.tui.match import plan_seats


@pytest.mark.parametrize("wants,cores,expected", [
    ([2], 2, [2]),
    ([2, 2], 2, [1, 1]),          # two hard seats on two cores: one each
    ([2, 1], 2, [1, 1]),
    ([8, 1], 8, [7, 1]),          # what the medium seat cannot use goes to the hard one
    ([8, 8, 8], 8, [2, 3, 3]),
    ([1, 1, 1, 1, 1], 2, [1, 1, 1, 1, 1]),   # never less than one thread
])
def test_share_cores(wants, cores, expected):
    got = share_cores(wants, cores)
    assert got == expected
    assert sum(got) <= max(cores, len(wants))


def test_the_setup_screen_says_how_many_cores_a_level_uses(monkeypatch):
    from ninja_dojo.tui.screens.setup import level_help

    monkeypatch.setattr("ninja_dojo.solver.search.cpu_cores", lambda: 6)
    assert cores_used("hard") == 6 and cores_used("medium") == 1 and cores_used("novice") == 0
    text = level_help()
    assert "hard: searches 1 s on 6 cores" in text and "medium: 20,000 iterations on 1 core" in text


def test_ai_seats_deciding_at_once_divide_the_cores(monkeypatch):
    # Three hard seats choose at the same moment on a 4-core machine: their
    # searches get 1, 1 and 2 threads, not 4 each.
    monkeypatch.setattr(ai, "cpu_cores", lambda: 4)
    monkeypatch.setattr("ninja_dojo.solver.search.cpu_cores", lambda: 4)
    used = {}
    real = LEVELS["hard"].search

    def short_search(state, seat, seed=0, threads=None):
        used[seat] = threads
        s = real(state, seat, seed, threads=threads)
        s.cancel()            # the thread counts are what is measured here
        return s

    monkeypatch.setattr(type(LEVELS["hard"]), "search",
                        lambda self, state, seat, seed=0, threads=None: short_search(state, seat, seed, threads))
    state = new_game("ninjan", 3, seed=4)
    moves, notes = decide(state, plan_seats(3, ["hard"] * 3), [0, 1, 2], Thinking())
    assert sorted(used.values()) == [1, 1, 2] and set(moves) == {0, 1, 2} and notes == []
