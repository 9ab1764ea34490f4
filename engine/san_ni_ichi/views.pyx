# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What a San, Ni, Ichi! seat sees: its view, the round's steps, the scores
and the teams.

The hands are hidden but for the cards everyone saw enter one (``known``)
and what the Smoke Bomb questions told the table; the rest is public.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("san_ni_ichi", players=3, seed=1)
>>> v = view(s.buffer(), 0)
>>> len(v["hand"]), v["hand_sizes"], v["decision"]["kind"]
(7, [7, 7, 7], 'choose')
"""
from libc.stdint cimport uint64_t

from ninja_dojo.engine.core cimport MAX_SEATS, popcount64, lowest_bit
from ninja_dojo.engine.san_ni_ichi.rules cimport (
    SanNiIchi, N_CARDS, ROUNDS, CHOOSE, RESOLVE, DAMAGE, OVER, NONE,
    partner, top_card, elem_of, resolve_key, pile_cards, decider, score_of, number_of,
    sni_movers, sni_returns, state_of)
from ninja_dojo.engine.san_ni_ichi.position cimport pile_card_name, pile_of

from ninja_dojo.engine.san_ni_ichi.notation import card_name
from ninja_dojo.engine.san_ni_ichi.position import cards_of, seats_of
from ninja_dojo.engine.san_ni_ichi.rules import ATTACK_CARDS, DECK_NAMES, ELEMENTS, NAME, PHASES, STAGES, STEP_KINDS

cdef uint64_t ATTACK_MASK = ATTACK_CARDS


def scores(const unsigned char[::1] buf):
    """Damage so far per seat: cards, or values under advanced scoring (lower is better)."""
    cdef SanNiIchi* s = state_of(buf)
    return [score_of(s, i) for i in range(s.players)]


def team_of(const unsigned char[::1] buf, int seat):
    """The seats of ``seat``'s side: itself, and its partner in team play."""
    cdef SanNiIchi* s = state_of(buf)
    p = partner(s, seat)
    return sorted([seat, p]) if p >= 0 else [seat]


def _opt_seat(int x):
    return None if x == NONE else x


def _opt_card(int c):
    return None if c == NONE else card_name(c)


def steps(const unsigned char[::1] buf):
    """This round's events so far, in order (round 7 follows round 6 in one
    list when it needs no choice): dicts with round, kind, seat, card, target,
    other, drew, cards.  ``kind`` is one of STEP_KINDS."""
    cdef SanNiIchi* s = state_of(buf)
    out = []
    for i in range(s.nlog):
        st = s.log[i]
        out.append({
            "round": st.round, "kind": STEP_KINDS[st.kind], "seat": st.seat,
            "card": _opt_card(st.card), "target": _opt_seat(st.target),
            "other": _opt_seat(st.other), "drew": _opt_card(st.drew),
            "cards": cards_of(st.cards),
        })
    return out


cdef dict _top_info(SanNiIchi* s, int seat):
    if not s.pile_len[seat]:
        return None
    c = top_card(s, seat)
    return {"card": pile_card_name(s, c), "number": number_of(c), "element": ELEMENTS[elem_of(s, c)]}


def _by_number(uint64_t mask):
    return [card_name(c) for c in sorted((c for c in range(N_CARDS) if (mask >> c) & 1),
                                         key=lambda c: (resolve_key(c), c))]


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public)."""
    cdef SanNiIchi* s = state_of(buf)
    cdef int seats[MAX_SEATS]
    n = s.players
    live = s.phase in (RESOLVE, DAMAGE)
    m = sni_movers(s, seats)
    decision = None
    if s.phase == CHOOSE:
        decision = {"kind": "choose", "seats": list(range(n))}
    elif s.phase == RESOLVE:
        who = s.order[s.resolved]
        decision = {"kind": STAGES[s.stage], "seat": who, "card": card_name(s.played[who])}
    elif s.phase == DAMAGE:
        v = lowest_bit(s.threatened)
        decision = {"kind": "smoke bomb", "seat": decider(s), "pile_of": v}
    side = [score_of(s, i) + (score_of(s, partner(s, i)) if s.teams else 0) for i in range(n)]
    out = {
        "game": NAME,
        "players": n,
        "seat": seat,
        "teams": bool(s.teams),
        "partners": [_opt_seat(partner(s, i)) if s.teams else None for i in range(n)],
        "deck": DECK_NAMES[s.deck],
        "advanced": bool(s.advanced),
        "weapons": _by_number(s.in_game & ~ATTACK_MASK),
        "round": s.round,
        "rounds": ROUNDS,
        "phase": PHASES[s.phase],
        "hand": _by_number(s.hand[seat]) if 0 <= seat < n else [],
        "hand_sizes": [popcount64(s.hand[i]) for i in range(n)],
        "known_hands": [_by_number(s.known[i]) for i in range(n)],
        "smoke_bomb_at_least": [s.smoke_min[i] for i in range(n)],
        "no_smoke_bomb": [bool((s.smoke_none >> i) & 1) for i in range(n)],
        "piles": [pile_of(s, i) for i in range(n)],
        "pile_tops": [_top_info(s, i) for i in range(n)],
        "damage": [_by_number(s.damage[i]) for i in range(n)],
        "scores": [score_of(s, i) for i in range(n)],
        "side_scores": side,
        "discard": _by_number(s.discard),
        "played": [card_name(s.played[i]) if live else None for i in range(n)],
        "order": [s.order[i] for i in range(n)] if live else [],
        "resolved": s.resolved if s.phase == RESOLVE else (n if live else 0),
        "blocked": seats_of(s.blocked, n),
        "dodged": seats_of(s.dodged, n),
        "threatened": seats_of(s.threatened, n),
        "taking": seats_of(s.taking, n),
        "to_move": [seats[i] for i in range(m)],
        "decision": decision,
    }
    if s.phase == OVER:
        r = [0.0] * MAX_SEATS
        sni_returns_py(s, r)
        out["returns"] = r[:n]
    return out


cdef void sni_returns_py(SanNiIchi* s, list r):
    cdef double out[MAX_SEATS]
    sni_returns(s, out)
    for i in range(s.players):
        r[i] = out[i]


def _locations(const unsigned char[::1] buf):
    """Card masks by place, for invariant tests: every card of the game is in
    exactly one of hands, piles, damage, discard and the table."""
    cdef SanNiIchi* s = state_of(buf)
    n = s.players
    return {
        "in_game": s.in_game,
        "hands": [s.hand[i] for i in range(n)],
        "known": [s.known[i] for i in range(n)],
        "piles": [pile_cards(s, i) for i in range(n)],
        "pile_lens": [s.pile_len[i] for i in range(n)],
        "damage": [s.damage[i] for i in range(n)],
        "discard": s.discard,
        "table": s.table,
        "blocked": s.blocked,
        "round": s.round,
        "phase": PHASES[s.phase],
    }


#: What the project knows of San, Ni, Ichi! before a deal: every registry reads it
#: (engine/game_type.py).
