"""Random Senjutsu games with the rules' invariants checked after every move.

10,000 seeded games over 2-4 players (and every terrain layout), each move
drawn uniformly from the legal actions, played in C by
``engine.senjutsu.random_games`` with ``check_state`` after every move:
every card of each 40-card deck in exactly one place (pile, hand, face-up
or face-down discards, the table, Heavy Armour), what a seat knows of
another's hand within that hand, standing samurai on distinct free hexes
and fallen ones off the board, wounds never fewer, hands within the limit
after the discard phase, a legal move at every decision, and every game
over before 20,000 moves.  A few hundred more games go through the public
API with the same invariants written again in Python from the fields.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ninja_dojo.engine import new_game, senjutsu
from tests.play import random_joint

GAMES = 10_000


@pytest.mark.parametrize("players,terrain,games", [
    (2, "none", 3000), (3, "none", 2500), (4, "none", 2500),
    (2, "T1", 500), (2, "T2", 500), (3, "T3", 500), (4, "T2", 500),
])
def test_ten_thousand_random_games_keep_every_invariant(players, terrain, games):
    r = senjutsu.random_games(players, 1000 * players, games, {"terrain": terrain})
    assert r["broken"] is None, r["broken"]
    assert r["games"] == games
    # Decks end the game (ruling 1): nobody comes near the round cap.
    assert max(r["rounds"]) < senjutsu.ROUND_LIMIT // 2
    # Every seat wins some games, and shared draws happen in real play.
    assert all(w > 0 for w in r["wins"]) and r["draws"] > 0


def test_the_total_is_ten_thousand():
    assert 3000 + 2500 + 2500 + 4 * 500 == GAMES


def test_the_checker_sees_a_broken_state():
    """The control of the test above: a state with one card in two places
    (made by editing the raw struct, which the loader would refuse)."""
    import ninja_dojo.engine.senjutsu.cards as sc
    s = new_game("senjutsu", 2, seed=3)
    assert senjutsu.invariant_broken(s.buffer()) is None
    pile = s.fields()["draw_piles"][0]
    raw = bytearray(s.buffer())
    at = bytes(raw).find(bytes(sc.CARDS_BY_ID[c].index for c in pile))   # the pile, bottom to top
    assert at >= 0
    other = next(c for c in s.fields()["deck"][0] if c != pile[-1])
    raw[at + len(pile) - 1] = sc.CARDS_BY_ID[other].index
    assert senjutsu.invariant_broken(bytes(raw)) == "a card of a deck is in no place or in two"


def check_fields(f, before):
    """The invariants again, from the position's named fields."""
    n = f["players"]
    for p in range(n):
        placed = (Counter(f["draw_piles"][p]) + Counter(f["hands"][p]) + Counter(f["discards_face_up"][p])
                  + Counter(f["discards_face_down"][p]))
        if f["armour"][p]:
            placed[f["armour"][p]] += 1
        if f["phase"] == "activation":
            for c in (f["selected"][p], f["replacements"][p], f["additionals"][p]):
                if c and c != "stun" and not c.endswith("00"):
                    placed[c] += 1
        assert placed == Counter(f["deck"][p]), p
        assert f["wounds"][p] + f["bleeding"][p] >= before[p]
        if p in f["standing"] and f["phase"] == "select":
            assert len(f["hands"][p]) + f["stuns"][p] <= 6
    hexes = [tuple(h) for p, h in enumerate(f["hexes"]) if h is not None]
    assert len(set(hexes)) == len(hexes)
    assert all(f["hexes"][p] is None for p in range(n) if p not in f["standing"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_through_the_public_api(players):
    for g in range(40):
        rng = random.Random(g)
        s = new_game("senjutsu", players, seed=50_000 + g)
        before = [0] * players
        while not s.is_terminal():
            s.apply(random_joint(s, rng))
            f = s.fields()
            check_fields(f, before)
            before = [f["wounds"][p] + f["bleeding"][p] for p in range(players)]
        assert abs(sum(s.returns()) - 1) < 1e-9
