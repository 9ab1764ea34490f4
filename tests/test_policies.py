"""The heuristic policies of Nin Jan and San, Ni, Ichi! (the "novice" AI and
the search's rollouts): legal, deterministic per seed, and clearly stronger
than uniform random play.  Pride of Ninja's has its own file, with the tool
that fits its table.

Measured with ``tests.play.policy_share`` over 1,000 games (one policy
seat, the others uniform random): Nin Jan 2p 0.88, 4p 0.69; San Ni Ichi 3p
0.66, 4p 0.48, 4p teams 0.43, 6p 0.27; Ninjato (300 games) 2p 0.99, 3p 0.99,
4p 0.99 (random play rarely buys anything, and bought treasure is points);
Senjutsu (300 games) 2p 0.92, 3p 0.77, 4p 0.62 (it draws only when short of
cards: every card drawn brings the empty deck's wounds a round closer).  The bars sit well below those and
well above the equal share, so a policy that stops helping fails here.
"""
from __future__ import annotations

import pytest

from ninja_dojo.engine import new_game
from tests.play import policy_share

GAMES = 200

CASES = [
    # game, players, options, bar (equal share in the comment)
    ("ninjan", 2, {}, 0.75),                      # 0.50
    ("ninjan", 4, {}, 0.45),                      # 0.25
    ("san_ni_ichi", 3, {}, 0.55),                 # 0.33
    ("san_ni_ichi", 4, {}, 0.38),                 # 0.25
    ("san_ni_ichi", 4, {"teams": True}, 0.32),    # 0.25
    ("san_ni_ichi", 6, {}, 0.22),                 # 0.17
    ("ninjato", 2, {}, 0.9),                      # 0.50
    ("ninjato", 3, {}, 0.85),                     # 0.33
    ("ninjato", 4, {}, 0.8),                      # 0.25
    ("senjutsu", 2, {}, 0.8),                     # 0.50
    ("senjutsu", 3, {}, 0.6),                     # 0.33
    ("senjutsu", 4, {}, 0.45),                    # 0.25
]


@pytest.mark.parametrize("game,players,options,bar", CASES,
                         ids=[f"{g}-{p}p{'-teams' if o else ''}" for g, p, o, _ in CASES])
def test_policy_beats_uniform_random(game, players, options, bar):
    share = policy_share(game, players, options, GAMES)
    assert share > bar, share


@pytest.mark.parametrize("game,players", [("ninjan", 3), ("san_ni_ichi", 5), ("ninjato", 3), ("senjutsu", 3)])
def test_policy_is_deterministic_per_seed_and_legal(game, players):
    s = new_game(game, players, seed=3)
    seat = s.movers()[0]
    assert s.policy_action(seat, 7) == s.policy_action(seat, 7)
    picks = {s.policy_action(seat, k).id for k in range(200)}
    assert picks <= set(s.legal_action_ids(seat))
    assert len(picks) > 1        # a little noise, so rollouts vary
