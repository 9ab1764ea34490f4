# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What a Pride of Ninja seat sees: its view, the last round's resolution
step by step, and the scores.

A seat sees every front row, its own back row, its own hand and every hand
it held this round (perfect recall); the others' back rows only as face-down
cards until the Resolution Phase turns them up.

>>> from ninja_dojo.engine import new_game
>>> s = new_game("pride_of_ninja", players=4, seed=1)
>>> v = view(s.buffer(), 0)
>>> len(v["hand"]), v["hand_sizes"], v["back_rows"][1]
(7, [7, 7, 7, 7], [])
"""
from libc.string cimport memcpy
from libc.stdint cimport uint8_t

from ninja_dojo.engine.pride_of_ninja.rules cimport (
    Pride, Resolution, MIN_PLAYERS, MAX_PLAYERS, N_KINDS, N_INIT, FRONT_MAX, BACK_MAX, FRONT, BACK, RED, MONK,
    DRAFT, OVER,
    pr_returns, resolve, seat_secrecy, state_of, total)
from ninja_dojo.engine.pride_of_ninja.position cimport board_lists, expand, gk

from ninja_dojo.engine.pride_of_ninja.rules import CARDS, DECKS, GOALS, HAND_SIZES, NAME, PHASES, ROWS, cards


def scores(const unsigned char[::1] buf):
    """Pride Points of every seat."""
    cdef Pride* s = state_of(buf)
    return [s.pp[p] for p in range(s.players)]


cdef list _resolution_steps(const Pride* s):
    cdef Resolution r
    n, deck = s.players, s.deck
    resolve(n, deck, &s.last, &r)
    rows = board_lists(s, &s.last)
    red = deck == RED
    initiative = [c[2] for c in CARDS[deck * N_KINDS:(deck + 1) * N_KINDS]]
    monk_at = CARDS[RED * N_KINDS + MONK][2]
    out = [{
        "kind": "reveal", "step": "reveal",
        **rows,
        "secrecy": [r.secrecy[p] for p in range(n)] if red else None,
    }]
    for init in range(N_INIT):
        kinds = [k for k in range(N_KINDS) if initiative[k] == init]
        if not kinds or not any(total(&s.last, p, k) for p in range(n) for k in kinds):
            continue
        out.append({
            "kind": "initiative", "step": "initiative",
            "initiative": init,
            "cards": [CARDS[gk(s, k)][0] for k in kinds],
            "gains": [{CARDS[gk(s, k)][0]: r.gain[k][p] for k in kinds if total(&s.last, p, k)}
                      for p in range(n)],
            "pp_gains": [r.monk_pp[p] if init == monk_at and red else 0 for p in range(n)],
            "slain": [p for p in range(n) if r.slain_by[init][p]],
            "slain_by": [[CARDS[gk(s, k)][0] for k in range(N_KINDS) if r.slain_by[init][p] >> k & 1]
                         for p in range(n)],
            "tp": [r.tp[init][p] for p in range(n)],
        })
    out.append({
        "kind": "scoring", "step": "scoring",
        "tp": [r.tp[N_INIT - 1][p] for p in range(n)],
        "slain": [p for p in range(n) if r.slain[p]],
        "pp_before": [s.last_pp[p] for p in range(n)],
        "pp": [max(0, s.last_pp[p] + r.monk_pp[p] + r.tp[N_INIT - 1][p]) for p in range(n)],
    })
    return out


def steps(const unsigned char[::1] buf):
    """The last Resolution Phase, step by step, while nothing of the next
    round has been picked yet (so right after the move that ended a round);
    otherwise ``[]``.

    Each step is a map with a ``kind`` and its fields (``step`` repeats the
    kind): ``reveal`` (``front_rows``, ``back_rows``, ``victims``, and
    ``secrecy`` for Red), one ``initiative`` step per initiative value some
    card has (``initiative``, ``cards``; per seat ``gains`` by card,
    ``pp_gains`` from Monk, ``slain_by``, ``tp`` after the step; ``slain``
    the seats Slain), then ``scoring`` (``tp``, ``slain``, ``pp_before``,
    ``pp``).  Seats are counted from 0.
    """
    cdef Pride* s = state_of(buf)
    if not s.has_last or (s.phase == DRAFT and s.pick > 0):
        return []
    return _resolution_steps(s)


cdef list _row_view(const Pride* s, int p, int row, bint visible):
    out = []
    if row == BACK and s.players == 5:
        out.append(CARDS[gk(s, 0)][0])
    for t in range(s.pick):
        if s.pick_row[t][p] == row:
            out.append(CARDS[gk(s, s.pick_kind[t][p])][0] if visible else None)
    return out


cdef list _held(const Pride* s, int seat, int t):
    """The hand ``seat`` held at pick ``t`` of this round, before picking:
    the hand that holder has now plus every card taken from it since."""
    cdef uint8_t counts[N_KINDS]
    cdef int n = s.players, u
    memcpy(counts, s.hand[(seat - t + s.pick) % n], N_KINDS)
    for u in range(t, s.pick):
        counts[s.pick_kind[u][(seat - t + u) % n]] += 1
    return expand(s, counts)


cdef list _picks_seen(const Pride* s, int seat):
    """This round's picks as ``seat`` saw them at each reveal: ``[card,
    row]`` per seat, the card ``None`` for another seat's face-down pick."""
    return [[[CARDS[gk(s, s.pick_kind[t][p])][0] if s.pick_row[t][p] == FRONT or p == seat else None,
              ROWS[s.pick_row[t][p]]] for p in range(s.players)] for t in range(s.pick)]


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public), with all it
    remembers of this round's draft: ``picks``, every reveal in order (a
    face-down pick of another seat as ``[None, "back"]``), and
    ``hands_held``, the hand it held at each pick (the last is ``hand``), so
    the cards of every hand it passed on.  A finished round is in
    ``last_round``, every card face up."""
    cdef Pride* s = state_of(buf)
    cdef double ret[MAX_PLAYERS]
    n, deck = s.players, s.deck
    mine = 0 <= seat < n
    left = (seat + 1) % n
    last = None
    if s.has_last:
        res = _resolution_steps(s)
        score = res[len(res) - 1]
        last = {
            "round": s.round if s.phase == OVER else s.round - 1,
            "front_rows": res[0]["front_rows"],
            "back_rows": res[0]["back_rows"],
            "victims": res[0]["victims"],
            "secrecy": res[0]["secrecy"],
            "tp": score["tp"],
            "slain": [p in score["slain"] for p in range(n)],
            "pp_before": score["pp_before"],
            "pp_after": score["pp"],
            "steps": res,
        }
    winners = []
    if s.phase == OVER:
        pr_returns(s, ret)
        winners = [p for p in range(n) if ret[p] > 0]
    own_secrecy = None
    if mine and deck == RED:
        own_secrecy = seat_secrecy(&s.board, deck, seat)
    return {
        "game": NAME,
        "players": n,
        "seat": seat,
        "deck": DECKS[deck],
        "round": s.round,
        "phase": PHASES[s.phase],
        "pick": s.pick,
        "hand_size": HAND_SIZES[n - MIN_PLAYERS],
        "goal": GOALS[n - MIN_PLAYERS],
        "cards": [{"name": c, "initiative": i, "count": k} for c, i, k in cards(DECKS[deck], n)],
        "row_limits": {"front": FRONT_MAX, "back": BACK_MAX},
        "hand": expand(s, s.hand[seat]) if mine else [],
        "hand_sizes": [sum(s.hand[p][k] for k in range(N_KINDS)) for p in range(n)],
        "passed": (expand(s, s.hand[left]) if mine and s.phase == DRAFT and s.pick > 0 else None),
        "hands_held": [_held(s, seat, t) for t in range(s.pick + 1)] if mine and s.phase == DRAFT else [],
        "picks": _picks_seen(s, seat),
        "front_rows": [_row_view(s, p, FRONT, True) for p in range(n)],
        "back_rows": [_row_view(s, p, BACK, p == seat) for p in range(n)],
        "victims": expand(s, s.board.victims),
        "secrecy": own_secrecy,
        "pp": [s.pp[p] for p in range(n)],
        "last_round": last,
        "winners": winners,
    }
