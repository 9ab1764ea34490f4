# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Nin Jan's rules on its C struct (rules.pxd): the deal, every move, the
heuristic policy and the C table the search walks, all ``nogil``.

Rulebook ``seeds/002``, rulings ``rules/ninjan.md``; the rules as implemented
are written down in ``docs/rules/ninjan.md``.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("ninjan", players=2, seed=1)
>>> state.movers()
[0, 1]
"""
from libc.stdint cimport uint8_t, int16_t, uint64_t
from libc.string cimport memset
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, rng_below, rng_seed, rng_unit,
                          popcount64, lowest_bit, nth_set_bit, shuffle_u8, share_wins)
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError

# The numbers we play by (rulebook + rulings), beside the counts in rules.pxd.
SUITS = ("Rock", "Paper", "Scissors")
VALUES = (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
cdef int VALUE[16]
for _i in range(16):
    VALUE[_i] = VALUES[_i]
# Resolution order of three equal values (rulings 4): Rock, Scissors, Paper.
cdef int TRIPLE_ORDER[3]
TRIPLE_ORDER[:] = [0, 2, 1]

PHASES = ("choose", "resolve", "over")


cdef inline int suit_of(int card) noexcept nogil:
    return card >> 4

cdef int value_of(int card) noexcept nogil:
    return VALUE[card & 15]

cdef inline bint beats(int a, int b) noexcept nogil:
    """Suit a beats suit b: Paper > Rock, Scissors > Paper, Rock > Scissors."""
    return (a - b + 3) % 3 == 1

cdef inline int top(const NinJan* s, int p) noexcept nogil:
    return s.pile[p][s.pile_len[p] - 1]

cdef int beaten_piles(const NinJan* s, int card) noexcept nogil:
    """Bit p set when ``card`` beats the top of pile p."""
    cdef int p, m = 0, su = suit_of(card)
    for p in range(N_PILES):
        if beats(su, suit_of(top(s, p))):
            m |= 1 << p
    return m

cdef inline bint goes_before(int a, int b) noexcept nogil:
    """Card a resolves before card b when exactly these two tie or differ."""
    cdef int va = value_of(a), vb = value_of(b)
    if va != vb:
        return va > vb
    return beats(suit_of(a), suit_of(b))

cdef void order_round(NinJan* s) noexcept nogil:
    cdef int n = s.players, i, j, k, x, v, cnt, t
    for i in range(n):
        s.order[i] = i
    # Insertion sort: at most five cards.
    for i in range(1, n):
        x = s.order[i]
        j = i - 1
        while j >= 0 and goes_before(s.played[x], s.played[s.order[j]]):
            s.order[j + 1] = s.order[j]
            j -= 1
        s.order[j + 1] = x
    # Three equal values have no pairwise winner: Rock, Scissors, Paper.
    i = 0
    while i < n:
        v = value_of(s.played[s.order[i]])
        cnt = 1
        while i + cnt < n and value_of(s.played[s.order[i + cnt]]) == v:
            cnt += 1
        if cnt == 3:
            for k in range(3):
                for t in range(3):
                    if suit_of(s.played[s.order[i + t]]) == TRIPLE_ORDER[k]:
                        if t != k:
                            x = s.order[i + k]
                            s.order[i + k] = s.order[i + t]
                            s.order[i + t] = x
                        break
        i += cnt

cdef void take_pile(NinJan* s, int seat, int card, int p) noexcept nogil:
    cdef Step* st = &s.log[s.resolved]
    st.seat = seat; st.card = card; st.pile = p; st.took = 1; st.taken = s.pile_mask[p]
    s.won[seat] |= s.pile_mask[p]
    s.score[seat] += s.pile_sum[p]
    s.pile[p][0] = card
    s.pile_len[p] = 1
    s.pile_mask[p] = (<uint64_t>1) << card
    s.pile_sum[p] = value_of(card)

cdef void put_on_pile(NinJan* s, int seat, int card, int p) noexcept nogil:
    cdef Step* st = &s.log[s.resolved]
    st.seat = seat; st.card = card; st.pile = p; st.took = 0; st.taken = 0
    s.pile[p][s.pile_len[p]] = card
    s.pile_len[p] += 1
    s.pile_mask[p] |= (<uint64_t>1) << card
    s.pile_sum[p] += value_of(card)

cdef void advance(NinJan* s) noexcept nogil:
    """Resolve every card whose outcome is forced; stop at a real choice."""
    cdef int seat, card, m
    while s.resolved < s.players:
        seat = s.order[s.resolved]
        card = s.played[seat]
        m = beaten_piles(s, card)
        if m == 0 or (m & (m - 1)) != 0:
            return                       # a choice: which pile to take or to join
        take_pile(s, seat, card, lowest_bit(m))
        s.resolved += 1
    # The round is over.
    for seat in range(s.players):
        s.played[seat] = NONE_CARD
    if s.round == HAND_SIZE:
        s.phase = OVER
    else:
        s.round += 1
        s.phase = CHOOSE

# ---------------------------------------------------------------- interface

cdef int nj_players(const void* vs) noexcept nogil:
    return (<const NinJan*>vs).players

cdef int nj_movers(const void* vs, int* seats) noexcept nogil:
    cdef const NinJan* s = <const NinJan*>vs
    cdef int i
    if s.phase == CHOOSE:
        for i in range(s.players):
            seats[i] = i
        return s.players
    if s.phase == RESOLVE:
        seats[0] = s.order[s.resolved]
        return 1
    return 0

cdef int nj_legal(const void* vs, int seat, int* out) noexcept nogil:
    cdef const NinJan* s = <const NinJan*>vs
    cdef uint64_t h
    cdef int n = 0, p, m
    if s.phase == CHOOSE:
        h = s.hand[seat]
        while h:
            out[n] = lowest_bit(h)
            h &= h - 1
            n += 1
        return n
    if s.phase == RESOLVE and s.order[s.resolved] == seat:
        m = beaten_piles(s, s.played[seat])
        for p in range(N_PILES):
            if m == 0:
                out[n] = PUT + p
                n += 1
            elif m & (1 << p):
                out[n] = TAKE + p
                n += 1
        return n
    return 0

cdef void nj_apply(void* vs, const int* joint) noexcept nogil:
    cdef NinJan* s = <NinJan*>vs
    cdef int i, seat, a
    if s.phase == CHOOSE:
        for i in range(s.players):
            s.played[i] = joint[i]
            s.hand[i] &= ~((<uint64_t>1) << joint[i])
        order_round(s)
        s.resolved = 0          # also clears last round's log
        s.phase = RESOLVE
    elif s.phase == RESOLVE:
        seat = s.order[s.resolved]
        a = joint[seat]
        if a >= PUT:
            put_on_pile(s, seat, s.played[seat], a - PUT)
        else:
            take_pile(s, seat, s.played[seat], a - TAKE)
        s.resolved += 1
    else:
        return
    advance(s)

cdef void nj_returns(const void* vs, double* out) noexcept nogil:
    cdef const NinJan* s = <const NinJan*>vs
    cdef int score[MAX_PLAYERS]
    cdef int i
    for i in range(s.players):
        score[i] = s.score[i]
    # Tied winners share the win (rulings 7).
    share_wins(score, s.players, False, out)

cdef void nj_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    cdef NinJan* s = <NinJan*>vs
    cdef uint64_t unseen = s.box
    cdef uint8_t pool[N_CARDS]
    cdef int n = 0, i, j, k, seat, t
    for seat in range(s.players):
        if seat != observer:
            unseen |= s.hand[seat]
    # Canonical order (bit order), so the result depends only on what is seen.
    while unseen:
        pool[n] = lowest_bit(unseen)
        unseen &= unseen - 1
        n += 1
    shuffle_u8(pool, n, rng)
    k = 0
    for seat in range(s.players):
        if seat != observer:
            t = popcount64(s.hand[seat])
            s.hand[seat] = 0
            for i in range(t):
                s.hand[seat] |= (<uint64_t>1) << pool[k]
                k += 1
    s.box = 0
    while k < n:
        s.box |= (<uint64_t>1) << pool[k]
        k += 1

cdef int nj_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    return action   # every card is revealed and every pile choice is public

cdef int nj_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    """Greedy with a little noise: take the richest pile, dump low cards."""
    cdef NinJan* s = <NinJan*>vs
    cdef int legal[N_PILES]
    cdef int n, i, p, su, m, card, best = -1
    cdef uint64_t h
    cdef double sc, best_sc = -1e9
    cdef double take[N_SUITS]
    if s.phase == CHOOSE:
        # The hand's bits in order are the legal moves (as nj_legal lists them).
        h = s.hand[seat]
        n = popcount64(h)
        if n == 1:
            return lowest_bit(h)
        if rng_unit(rng) < 0.15:
            return lowest_bit(nth_set_bit(h, rng_below(rng, n)))
        # What a card could take depends only on its suit.
        for su in range(N_SUITS):
            take[su] = 0
            m = 0
            for p in range(N_PILES):
                if beats(su, suit_of(top(s, p))) and (m == 0 or s.pile_sum[p] > take[su]):
                    take[su] = s.pile_sum[p]
                    m = 1
        while h:
            card = lowest_bit(h)
            h &= h - 1
            # The card itself ends up on a pile, for someone else to take.
            sc = take[suit_of(card)] - 0.35 * value_of(card)
            if sc > best_sc:
                best_sc = sc
                best = card
        return best
    n = nj_legal(vs, seat, legal)
    if n == 1:
        return legal[0]
    if rng_unit(rng) < 0.15:
        return legal[rng_below(rng, n)]
    best = legal[0]
    for i in range(n):
        if legal[i] < PUT:
            sc = s.pile_sum[legal[i] - TAKE]
        else:
            # Our card joins a pile someone else will take: spoil a rich pile
            # with a negative card, bury a positive one in a poor pile.
            sc = s.pile_sum[legal[i] - PUT]
            if value_of(s.played[seat]) > 0:
                sc = -sc
        if sc > best_sc:
            best_sc = sc
            best = legal[i]
    return best


cdef GameDef NINJAN_DEF
NINJAN_DEF.name = b"ninjan"
NINJAN_DEF.state_size = sizeof(NinJan)
NINJAN_DEF.num_actions = NUM_ACTIONS
NINJAN_DEF.players = nj_players
NINJAN_DEF.movers = nj_movers
NINJAN_DEF.legal = nj_legal
NINJAN_DEF.apply = nj_apply
NINJAN_DEF.returns = nj_returns
NINJAN_DEF.determinize = nj_determinize
NINJAN_DEF.observe = nj_observe
NINJAN_DEF.policy = nj_policy


# ------------------------------------------------------------- Python face
# The deal and the C table; positions are position.pyx's, what a seat sees
# view.pyx's, the names notation.py's.  The solver uses only the table.

NAME = "ninjan"
TITLE = "Nin Jan"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
OPTIONS = {}   # Nin Jan has no variants
STATE_SIZE = sizeof(NinJan)


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&NINJAN_DEF, b"engine.GameDef", NULL)


cdef NinJan* state_of(const unsigned char[::1] buf) except NULL:
    """The struct in ``buf``, which must be exactly one Nin Jan state."""
    if buf.shape[0] != sizeof(NinJan):
        raise PositionError("not a Nin Jan state")
    return <NinJan*>&buf[0]


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: Nin Jan is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    checks.options(OPTIONS, TITLE, options)
    buf = bytearray(sizeof(NinJan))
    cdef unsigned char[::1] mv = buf
    cdef NinJan* s = <NinJan*>&mv[0]
    cdef uint8_t deck[N_CARDS]
    cdef Rng rng
    cdef int i, j, t, k = 0, p, seat
    memset(s, 0, sizeof(NinJan))
    rng_seed(&rng, seed)
    for i in range(N_CARDS):
        deck[i] = i
    shuffle_u8(deck, N_CARDS, &rng)
    s.players = players
    for p in range(N_PILES):
        s.pile[p][0] = deck[k]
        s.pile_len[p] = 1
        s.pile_mask[p] = (<uint64_t>1) << deck[k]
        s.pile_sum[p] = value_of(deck[k])
        k += 1
    for seat in range(players):
        for i in range(HAND_SIZE):
            s.hand[seat] |= (<uint64_t>1) << deck[k]
            k += 1
    while k < N_CARDS:
        s.box |= (<uint64_t>1) << deck[k]
        k += 1
    for seat in range(MAX_PLAYERS):
        s.played[seat] = NONE_CARD
    s.round = 1
    s.phase = CHOOSE
    return bytes(buf)
