"""The strength guard: a change that makes the search clearly weaker fails CI.

For every game in ``engine.GAMES`` the search plays a few hundred seeded
games at a small iteration budget against the greedy heuristic (one seat,
rotating), and its mean win share must reach the threshold measured for it
(``bench/guard.json``; how it was set and how to set it again:
``bench/guard.py``).  Deals, moves, the budget and the single thread are
fixed, so the result is the same on every machine.  About 15 s of CPU in
all; the full strength tables are in ``bench/``.
"""
from __future__ import annotations

import pytest

from ninja_dojo.engine import GAMES
from bench import guard

SETTINGS = guard.load()


def settings(game: str) -> dict:
    if game not in SETTINGS:
        pytest.fail(f"{game} has no strength guard yet: measure one with "
                    f"`python -m bench.guard --game {game} --write` and commit bench/guard.json")
    return SETTINGS[game]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_search_keeps_its_edge_over_greedy(game):
    entry = settings(game)
    result = guard.play(game, entry)
    assert result.games == entry["games"]
    assert result.win_share >= entry["threshold"], (
        f"{game}: {guard.ai_spec(entry)} won {result.win_share:.1%} of {result.games} games "
        f"against {guard.OPPONENT}; the guard wants {entry['threshold']:.0%} (measured "
        f"{entry['measured']['win_share']:.1%} over {entry['measured']['games']} games). "
        "If the change is meant to alter the search's strength, re-measure: bench/guard.py")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_guard_fails_a_crippled_search(game):
    # One iteration with random rollouts is a random player: the same games
    # must land below the threshold, or the guard could not catch anything.
    entry = settings(game)
    result = guard.play(game, entry, ai=guard.CRIPPLED)
    assert result.win_share < entry["threshold"]
