# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What a Nin Jan seat sees: its view, the round's steps and the scores.

Everything of Nin Jan is public but the hands and the box, so a seat's view
is the table and its own hand.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("ninjan", players=2, seed=1)
>>> v = view(s.buffer(), 0)
>>> len(v["hand"]), v["hand_sizes"], v["box_size"]
(9, [9, 9], 27)
"""
from ninja_dojo.engine.core cimport popcount64
from ninja_dojo.engine.ninjan.rules cimport NinJan, N_PILES, HAND_SIZE, RESOLVE, state_of
from ninja_dojo.engine.ninjan.position cimport pile_of

from ninja_dojo.engine.ninjan.notation import card_name
from ninja_dojo.engine.ninjan.position import cards_of
from ninja_dojo.engine.ninjan.rules import NAME, PHASES


def scores(const unsigned char[::1] buf):
    cdef NinJan* s = state_of(buf)
    return [s.score[i] for i in range(s.players)]


def steps(const unsigned char[::1] buf):
    """This round's resolution so far, one event a card in the order it
    resolved: ``{"kind": "take", "seat", "card", "pile", "taken"}`` when the
    card took the pile it beat (``taken``: the pile's cards), ``{"kind":
    "put", "seat", "card", "pile"}`` when it beat no top card and was put on
    ``pile`` (piles from 0).  ``took`` repeats the kind as a flag."""
    cdef NinJan* s = state_of(buf)
    out = []
    # ``resolved`` counts the logged steps; after a round it still holds them all.
    for i in range(s.resolved):
        st = s.log[i]
        if st.pile == 255:
            continue
        out.append({
            "kind": "take" if st.took else "put",
            "seat": st.seat, "card": card_name(st.card), "pile": st.pile,
            "took": bool(st.took), "taken": cards_of(st.taken),
        })
    return out


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public)."""
    cdef NinJan* s = state_of(buf)
    n = s.players
    return {
        "game": NAME,
        "players": n,
        "seat": seat,
        "round": s.round,
        "rounds": HAND_SIZE,
        "phase": PHASES[s.phase],
        "hand": cards_of(s.hand[seat]) if 0 <= seat < n else [],
        "hand_sizes": [popcount64(s.hand[i]) for i in range(n)],
        "piles": [pile_of(s, p) for p in range(N_PILES)],
        "pile_sums": [s.pile_sum[p] for p in range(N_PILES)],
        "won": [cards_of(s.won[i]) for i in range(n)],
        "scores": [s.score[i] for i in range(n)],
        "played": [card_name(s.played[i]) if s.phase == RESOLVE else None for i in range(n)],
        "order": [s.order[i] for i in range(n)] if s.phase == RESOLVE else [],
        "resolved": s.resolved if s.phase == RESOLVE else 0,
        "box_size": popcount64(s.box),
    }

