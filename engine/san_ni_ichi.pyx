# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""San, Ni, Ichi!: every rule of the game, on one fixed-size C struct.

Rulebook ``seeds/000``, rulings ``rules/san_ni_ichi.md``; the rules as
implemented are written down in ``docs/rules/san_ni_ichi.md``.

A card is one byte: Fire 1-10 are 0..9, Wood 1-10 are 10..19, Water 1-10 are
20..29 (so ``card // 10`` is the element and also the tie letter A, B, C),
then the 18 weapons of the pool.  The three Smoke Bombs and the three Blocks
are identical cards with three ids each; every rule treats them by *type*
(``play Block`` plays whichever Block the hand holds), so which copy sits
where never matters.

A round: every seat picks a card at once (``movers`` is every seat), then
the cards resolve one by one; each resolving card asks its owner for its
sub-choices (where, slide or not, which pile, which card), one decision at a
time, and a choice with a single option is taken without asking.  Then
damage, where the seats that would take damage (and, in team play, their
partners) are asked about Smoke Bombs in seat order.

>>> from ninja_dojo.engine import new_game
>>> state = new_game("san_ni_ichi", players=3, seed=1)
>>> state.movers()
[0, 1, 2]
>>> str(state.legal_actions(0)[0]).startswith("play ")
True
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset, memcpy
from cpython.pycapsule cimport PyCapsule_New

from ninja_dojo.engine.core cimport (GameDef, Rng, MAX_SEATS, MAX_LEGAL, rng_below, rng_seed,
                          rng_unit, popcount64, lowest_bit, shuffle_u8, share_wins, set_weights)
from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError
from ninja_dojo.engine.game_type import GameType

# --------------------------------------------------------------------------
# The numbers we play by (rulebook + rulings): the one table for San Ni Ichi.
# --------------------------------------------------------------------------
cdef enum:
    MIN_PLAYERS = 3
    MAX_PLAYERS = 6
    ROUNDS = 7             # every setup table deals exactly 7 cards each
    N_CARDS = 48
    TOP_ATTACK = 10        # attack cards run 1..10 in each element
    ZEN0 = 30              # Zen Attack 15, 19, 23
    TONFA0 = 33            # Tonfa 16, 20, 24
    SAI0 = 36              # Sai 17, 21, 26
    SHURIKEN0 = 39         # Shuriken 18, 22, 27
    SMOKE0 = 42            # three Smoke Bombs (no number)
    BLOCK0 = 45            # three Blocks (no number)
    # Card *types*: the 42 distinct cards, then Smoke Bomb, then Block.
    T_SMOKE = 42
    T_BLOCK = 43
    N_TYPES = 44
    PILE_CAP = 36          # more than the 30 attacks + 3 Zen of a 6-player deck
    MAX_STEPS = 64         # two rounds of steps (round 7 may follow round 6 unasked)

ELEMENTS = ("Fire", "Wood", "Water")      # index = tie letter A, B, C
LETTERS = ("A", "B", "C")
# Numbers of the 12 numbered weapons, ids 30..41.
WEAPON_NUMBERS = (15, 19, 23, 16, 20, 24, 17, 21, 26, 18, 22, 27)
WEAPON_KINDS = ("Zen Attack", "Tonfa", "Sai", "Shuriken")
# Setup tables: deck name -> players -> (attack cards 1..N per element, weapons).
DECKS = {
    "standard": {3: (5, 6), 4: (7, 7), 5: (8, 11), 6: (10, 12)},
    "alternate-1": {3: (6, 3), 4: (8, 4), 5: (9, 8)},
    "alternate-2": {3: (7, 0), 4: (9, 1), 5: (10, 5)},
}
DECK_NAMES = tuple(DECKS)

cdef uint64_t SMOKE_MASK = (<uint64_t>7) << SMOKE0
cdef uint64_t BLOCK_MASK = (<uint64_t>7) << BLOCK0
cdef uint64_t ATTACK_MASK = ((<uint64_t>1) << ZEN0) - 1
cdef uint64_t ZEN_MASK = (<uint64_t>7) << ZEN0
cdef uint64_t SHURIKEN_MASK = (<uint64_t>7) << SHURIKEN0

cdef int NUMBER[N_CARDS]      # the printed number; 0 for Smoke Bomb and Block
for _c in range(ZEN0):
    NUMBER[_c] = _c % 10 + 1
for _c in range(12):
    NUMBER[ZEN0 + _c] = WEAPON_NUMBERS[_c]
for _c in range(SMOKE0, N_CARDS):
    NUMBER[_c] = 0

# The 15 unordered seat pairs a Sai can swap, in id order.
cdef int PAIR_A[15]
cdef int PAIR_B[15]
cdef int PAIR_INDEX[MAX_SEATS][MAX_SEATS]
_k = 0
for _a in range(MAX_SEATS):
    for _b in range(_a + 1, MAX_SEATS):
        PAIR_A[_k] = _a
        PAIR_B[_k] = _b
        PAIR_INDEX[_a][_b] = _k
        PAIR_INDEX[_b][_a] = _k
        _k += 1

# Action ids.  Each block is "+ seat" or "+ card type" unless said otherwise.
cdef enum:
    PLAY = 0                  # + type: the round card
    START = 44                # + seat: start a pile on that seat
    PUT = 50                  # + seat: put the card on that seat's pile
    SLIDE = 56                # + seat: slide my pile there
    KEEP = 62                 # keep my pile (no slide)
    DISCARD = 63              # discard the resolving card
    BLOCK = 64                # + seat: Block on that seat (myself or my partner)
    TONFA = 70                # + seat: Tonfa draws that seat's top card
    TONFA_DISCARD = 76        # + type: the card a Tonfa discards from the hand
    SAI_SWAP = 120            # + pair index: swap two piles
    SAI_MOVE = 135            # + from * 3 + to: 3 players only, move a pile
    SHURIKEN = 144            # + seat: into that seat's damage pile
    SMOKE = 150               # dodge my damage with a Smoke Bomb
    TAKE_DAMAGE = 151
    SMOKE_PARTNER = 152       # team play: dodge my partner's damage
    LET_PARTNER = 153
    NUM_ACTIONS = 154

# Phases, stages of a resolving card, step kinds.
cdef enum:
    CHOOSE = 0
    RESOLVE = 1
    DAMAGE = 2
    OVER = 3
    ST_CARD = 0
    ST_SLIDE = 1
    ST_TONFA_DISCARD = 2
    NONE = 255

PHASES = ("choose", "resolve", "damage", "over")
STAGES = ("card", "slide", "tonfa discard")

cdef enum:
    K_REVEAL = 0
    K_BLOCK = 1
    K_START = 2
    K_PUT = 3
    K_SLIDE = 4
    K_DISCARD = 5
    K_TONFA = 6
    K_TONFA_DISCARD = 7
    K_SAI_SWAP = 8
    K_SAI_MOVE = 9
    K_SHURIKEN = 10
    K_SMOKE_WASTED = 11
    K_SMOKE = 12
    K_DAMAGE = 13
    K_PILE_DISCARDED = 14

STEP_KINDS = ("reveal", "block", "start", "put", "slide", "discard", "tonfa",
              "tonfa discard", "sai swap", "sai move", "shuriken",
              "smoke bomb wasted", "smoke bomb", "damage", "pile discarded")


ctypedef struct Step:
    # One event of a round, kept for the step-by-step display only.
    uint64_t cards            # damage / discarded pile: the cards
    uint8_t kind
    uint8_t round
    uint8_t seat              # who acted (the owner for damage)
    uint8_t card              # the card played
    uint8_t target            # the seat it went to, or NONE
    uint8_t other             # second seat (Sai), or NONE
    uint8_t drew              # card drawn (Tonfa, Smoke Bomb), or NONE

ctypedef struct SanNiIchi:
    uint64_t hand[MAX_PLAYERS]
    uint64_t known[MAX_PLAYERS]   # cards everyone saw enter that hand, still there
    uint64_t damage[MAX_PLAYERS]
    uint64_t discard              # face up
    uint64_t table                # revealed this round, not yet resolved
    uint64_t in_game              # the cards of this game's deck (public)
    uint8_t pile[MAX_PLAYERS][PILE_CAP]   # bottom first; one pile per seat at most
    uint8_t pile_len[MAX_PLAYERS]
    uint8_t zen_elem[3]           # the element each Zen Attack took when placed
    uint8_t played[MAX_PLAYERS]   # this round's revealed cards
    uint8_t order[MAX_PLAYERS]    # seats in resolution order
    uint8_t smoke_min[MAX_PLAYERS]   # public: holds at least this many Smoke Bombs
    uint8_t smoke_none            # public: seats known to hold no Smoke Bomb
    uint8_t players
    uint8_t teams
    uint8_t advanced
    uint8_t deck
    uint8_t phase
    uint8_t round                 # 1..7
    uint8_t resolved              # cards of ``order`` done
    uint8_t stage                 # of the resolving card
    uint8_t blocked               # seats under a Block this round
    uint8_t dodged                # piles saved by a Smoke Bomb this round
    uint8_t threatened            # piles that would take damage, still to ask
    uint8_t taking                # piles that take damage in this wave
    uint8_t asking_partner        # the threatened pile's partner decides now
    uint8_t nlog
    Step log[MAX_STEPS]


# ------------------------------------------------------------------ cards

cdef inline uint64_t bit(int c) noexcept nogil:
    return (<uint64_t>1) << c

cdef inline int type_of(int c) noexcept nogil:
    if c < SMOKE0:
        return c
    return T_SMOKE if c < BLOCK0 else T_BLOCK

cdef inline uint64_t type_mask(int t) noexcept nogil:
    if t == T_SMOKE:
        return SMOKE_MASK
    if t == T_BLOCK:
        return BLOCK_MASK
    return bit(t)

cdef inline bint is_attack(int c) noexcept nogil:
    return c < ZEN0

cdef inline bint is_zen(int c) noexcept nogil:
    return ZEN0 <= c < TONFA0

cdef inline int letter_of(int c) noexcept nogil:
    """Tie letter A=0, B=1, C=2 of an attack card; weapons have distinct numbers."""
    return c // 10 if c < ZEN0 else 0

cdef inline bint beats(int a, int b) noexcept nogil:
    """Element a beats b: Fire > Wood, Wood > Water, Water > Fire."""
    return (b - a + 3) % 3 == 1

cdef inline int beater(int e) noexcept nogil:
    """The element that beats e: what a Zen Attack becomes on top of e."""
    return (e + 2) % 3

cdef inline int elem_of(const SanNiIchi* s, int c) noexcept nogil:
    return c // 10 if c < ZEN0 else s.zen_elem[c - ZEN0]

cdef inline int partner(const SanNiIchi* s, int seat) noexcept nogil:
    """Partners sit opposite (rulings 17); -1 without team play."""
    cdef int p
    if not s.teams:
        return -1
    # No division: this runs at every step of every rollout.
    p = seat + (s.players >> 1)
    return p - s.players if p >= s.players else p

cdef inline int top_card(const SanNiIchi* s, int seat) noexcept nogil:
    return s.pile[seat][s.pile_len[seat] - 1]

cdef inline int types_in(uint64_t hand, int* out) noexcept nogil:
    """The distinct card types of a hand, ascending; returns how many."""
    cdef int n = 0
    cdef uint64_t h = hand & ~(SMOKE_MASK | BLOCK_MASK)
    while h:
        out[n] = lowest_bit(h)
        h &= h - 1
        n += 1
    if hand & SMOKE_MASK:
        out[n] = T_SMOKE
        n += 1
    if hand & BLOCK_MASK:
        out[n] = T_BLOCK
        n += 1
    return n

cdef inline int count_types(uint64_t hand) noexcept nogil:
    return (popcount64(hand & ~(SMOKE_MASK | BLOCK_MASK))
            + (1 if hand & SMOKE_MASK else 0) + (1 if hand & BLOCK_MASK else 0))

cdef inline int card_of_type(uint64_t hand, int t) noexcept nogil:
    return lowest_bit(hand & type_mask(t))

cdef inline int resolve_key(int c) noexcept nogil:
    """Resolution order: Block first, then by number and tie letter, Smoke Bomb last."""
    if c >= BLOCK0:
        return 0
    if c >= SMOKE0:
        return 1000
    return NUMBER[c] * 4 + letter_of(c)

# ------------------------------------------------------------------ the log

cdef void log_step(SanNiIchi* s, int kind, int seat, int card, int target, int other,
                   int drew, uint64_t cards) noexcept nogil:
    if s.nlog >= MAX_STEPS:
        return
    cdef Step* st = &s.log[s.nlog]
    s.nlog += 1
    st.kind = kind
    st.round = s.round
    st.seat = seat
    st.card = card
    st.target = target
    st.other = other
    st.drew = drew
    st.cards = cards

# ------------------------------------------------------------------ piles

cdef inline uint64_t pile_cards(const SanNiIchi* s, int seat) noexcept nogil:
    cdef uint64_t m = 0
    cdef int i
    for i in range(s.pile_len[seat]):
        m |= bit(s.pile[seat][i])
    return m

cdef inline void push(SanNiIchi* s, int seat, int c) noexcept nogil:
    if s.pile_len[seat] < PILE_CAP:
        s.pile[seat][s.pile_len[seat]] = c
        s.pile_len[seat] += 1

cdef inline void move_pile(SanNiIchi* s, int src, int dst) noexcept nogil:
    memcpy(s.pile[dst], s.pile[src], s.pile_len[src])
    s.pile_len[dst] = s.pile_len[src]
    s.pile_len[src] = 0

cdef void swap_piles(SanNiIchi* s, int a, int b) noexcept nogil:
    cdef uint8_t tmp[PILE_CAP]
    cdef uint8_t n = s.pile_len[a]
    memcpy(tmp, s.pile[a], n)
    memcpy(s.pile[a], s.pile[b], s.pile_len[b])
    s.pile_len[a] = s.pile_len[b]
    memcpy(s.pile[b], tmp, n)
    s.pile_len[b] = n

cdef int pull_lowest(SanNiIchi* s, int seat) noexcept nogil:
    """Remove and return the lowest-numbered card of a pile (tie letter A first)."""
    cdef int i, best = 0, c, k, bk = 1 << 30
    for i in range(s.pile_len[seat]):
        c = s.pile[seat][i]
        k = NUMBER[c] * 4 + letter_of(c)
        if k < bk:
            bk = k
            best = i
    c = s.pile[seat][best]
    for i in range(best, s.pile_len[seat] - 1):
        s.pile[seat][i] = s.pile[seat][i + 1]
    s.pile_len[seat] -= 1
    return c

cdef inline int highest_top(const SanNiIchi* s, uint8_t skip) noexcept nogil:
    """The highest top number over piles not in ``skip``; -1 without piles."""
    cdef int o, m = -1, v
    for o in range(s.players):
        if s.pile_len[o] and not (skip >> o) & 1:
            v = NUMBER[top_card(s, o)]
            if v > m:
                m = v
    return m

# ------------------------------------------------------------------ decisions

cdef int decider(const SanNiIchi* s) noexcept nogil:
    """The one seat deciding in the resolve and damage phases."""
    cdef int v
    if s.phase == RESOLVE:
        return s.order[s.resolved]
    v = lowest_bit(s.threatened)
    return partner(s, v) if s.asking_partner else v

cdef int card_options(const SanNiIchi* s, int seat, int* out) noexcept nogil:
    """Options of the resolving ``seat`` for the pending step, ascending ids."""
    cdef int n = 0, t, u
    cdef int buf[N_TYPES]
    if s.stage == ST_SLIDE:
        for u in range(s.players):
            if u != seat and s.pile_len[u] == 0 and not (s.blocked >> u) & 1:
                out[n] = SLIDE + u
                n += 1
        out[n] = KEEP
        return n + 1
    if s.stage == ST_TONFA_DISCARD:
        n = types_in(s.hand[seat], buf)
        for t in range(n):
            out[t] = TONFA_DISCARD + buf[t]
        return n
    return card_choices(s, seat, s.played[seat], s.blocked, out)

cdef int card_choices(const SanNiIchi* s, int seat, int c, uint8_t blocked, int* out) noexcept nogil:
    """What ``seat`` may do with card ``c`` on the piles as they are, ascending ids."""
    cdef int n = 0, t, e, p, a, b
    if is_attack(c):
        e = elem_of(s, c)
        for t in range(s.players):
            if s.pile_len[t] == 0 and not (blocked >> t) & 1:
                out[n] = START + t
                n += 1
        for t in range(s.players):
            if s.pile_len[t] and not (blocked >> t) & 1 and beats(e, elem_of(s, top_card(s, t))):
                out[n] = PUT + t
                n += 1
        out[n] = DISCARD
        return n + 1
    out[n] = DISCARD
    n = 1
    if c >= BLOCK0:
        p = partner(s, seat)
        for t in range(s.players):
            if t == seat or t == p:
                out[n] = BLOCK + t
                n += 1
    elif is_zen(c):
        n = 0
        for t in range(s.players):
            if s.pile_len[t] and not (blocked >> t) & 1:
                out[n] = PUT + t
                n += 1
        out[n] = DISCARD
        n += 1
    elif c < SAI0:          # Tonfa: Block does not stop it
        for t in range(s.players):
            if s.pile_len[t]:
                out[n] = TONFA + t
                n += 1
    elif c < SHURIKEN0:     # Sai: Block does not stop it
        for a in range(15):
            if PAIR_B[a] < s.players and s.pile_len[PAIR_A[a]] and s.pile_len[PAIR_B[a]]:
                out[n] = SAI_SWAP + a
                n += 1
        if s.players == 3:
            for a in range(3):
                for b in range(3):
                    if a != b and s.pile_len[a] and s.pile_len[b] == 0:
                        out[n] = SAI_MOVE + a * 3 + b
                        n += 1
    elif c < SMOKE0:        # Shuriken: Block does not stop it
        for t in range(s.players):
            out[n] = SHURIKEN + t
            n += 1
    # A Smoke Bomb as a round card has only DISCARD (rulings 15).
    return n

cdef int options(const SanNiIchi* s, int seat, int* out) noexcept nogil:
    cdef int n, i
    cdef int buf[N_TYPES]
    if s.phase == CHOOSE:
        n = types_in(s.hand[seat], buf)
        for i in range(n):
            out[i] = PLAY + buf[i]
        return n
    if s.phase == OVER or seat != decider(s):
        return 0
    if s.phase == RESOLVE:
        return card_options(s, seat, out)
    if s.asking_partner:
        out[0] = SMOKE_PARTNER
        out[1] = LET_PARTNER
    else:
        out[0] = SMOKE
        out[1] = TAKE_DAMAGE
    return 2

# ------------------------------------------------------------------ the round

cdef inline void sort_resolution_order(SanNiIchi* s) noexcept nogil:
    """``order``: the seats by when their revealed cards resolve.  Stable,
    so equal keys (Blocks, Smoke Bombs) go in seat order."""
    cdef int i, j, x
    for i in range(s.players):
        s.order[i] = i
    for i in range(1, s.players):
        x = s.order[i]
        j = i - 1
        while j >= 0 and resolve_key(s.played[x]) < resolve_key(s.played[s.order[j]]):
            s.order[j + 1] = s.order[j]
            j -= 1
        s.order[j + 1] = x

cdef void reveal(SanNiIchi* s, const int* types) noexcept nogil:
    cdef int seat, c, i
    for seat in range(s.players):
        c = card_of_type(s.hand[seat], types[seat])
        s.hand[seat] &= ~bit(c)
        s.known[seat] &= ~bit(c)
        if c >= SMOKE0 and c < BLOCK0 and s.smoke_min[seat]:
            s.smoke_min[seat] -= 1
        s.played[seat] = c
        s.table |= bit(c)
    sort_resolution_order(s)
    for i in range(s.players):
        seat = s.order[i]
        log_step(s, K_REVEAL, seat, s.played[seat], NONE, NONE, NONE, 0)
    s.phase = RESOLVE
    s.resolved = 0
    s.stage = ST_CARD
    s.blocked = 0

cdef inline void card_done(SanNiIchi* s) noexcept nogil:
    s.resolved += 1
    s.stage = ST_CARD

cdef void resolve_action(SanNiIchi* s, int seat, int a) noexcept nogil:
    cdef int c = s.played[seat], t, x
    if s.stage == ST_SLIDE:
        if a != KEEP:
            t = a - SLIDE
            move_pile(s, seat, t)
            log_step(s, K_SLIDE, seat, c, t, NONE, NONE, 0)
        card_done(s)
        return
    if s.stage == ST_TONFA_DISCARD:
        x = card_of_type(s.hand[seat], a - TONFA_DISCARD)
        s.hand[seat] &= ~bit(x)
        s.known[seat] &= ~bit(x)
        if type_of(x) == T_SMOKE and s.smoke_min[seat]:
            s.smoke_min[seat] -= 1
        s.discard |= bit(x)
        log_step(s, K_TONFA_DISCARD, seat, x, NONE, NONE, NONE, 0)
        card_done(s)
        return
    s.table &= ~bit(c)
    if a == DISCARD:
        s.discard |= bit(c)
        log_step(s, K_SMOKE_WASTED if type_of(c) == T_SMOKE else K_DISCARD,
                 seat, c, NONE, NONE, NONE, 0)
        card_done(s)
    elif a < PUT:                       # START
        t = a - START
        s.pile_len[t] = 0
        push(s, t, c)
        log_step(s, K_START, seat, c, t, NONE, NONE, 0)
        if t == seat:
            s.stage = ST_SLIDE
        else:
            card_done(s)
    elif a < SLIDE:                     # PUT
        t = a - PUT
        if is_zen(c):
            s.zen_elem[c - ZEN0] = beater(elem_of(s, top_card(s, t)))
        push(s, t, c)
        log_step(s, K_PUT, seat, c, t, NONE, NONE, 0)
        # A slide follows only an attack card on your own pile, never a Zen (rulings 6, 8).
        if t == seat and is_attack(c):
            s.stage = ST_SLIDE
        else:
            card_done(s)
    elif a < TONFA:                     # BLOCK
        t = a - BLOCK
        s.blocked |= 1 << t
        s.discard |= bit(c)
        log_step(s, K_BLOCK, seat, c, t, NONE, NONE, 0)
        card_done(s)
    elif a < TONFA_DISCARD:             # TONFA: draw, then a discard follows
        t = a - TONFA
        s.pile_len[t] -= 1
        x = s.pile[t][s.pile_len[t]]
        s.hand[seat] |= bit(x)
        s.known[seat] |= bit(x)
        s.discard |= bit(c)
        log_step(s, K_TONFA, seat, c, t, NONE, x, 0)
        s.stage = ST_TONFA_DISCARD
    elif a < SAI_MOVE:
        t = a - SAI_SWAP
        swap_piles(s, PAIR_A[t], PAIR_B[t])
        s.discard |= bit(c)
        log_step(s, K_SAI_SWAP, seat, c, PAIR_A[t], PAIR_B[t], NONE, 0)
        card_done(s)
    elif a < SHURIKEN:
        t = a - SAI_MOVE
        move_pile(s, t // 3, t % 3)
        s.discard |= bit(c)
        log_step(s, K_SAI_MOVE, seat, c, t // 3, t % 3, NONE, 0)
        card_done(s)
    else:
        t = a - SHURIKEN
        s.damage[t] |= bit(c)
        log_step(s, K_SHURIKEN, seat, c, t, NONE, NONE, 0)
        card_done(s)

cdef void new_wave(SanNiIchi* s) noexcept nogil:
    """Threaten every pile showing the highest top number, smoke-bombed ones aside."""
    cdef int m = highest_top(s, s.dodged), o
    s.threatened = 0
    s.taking = 0
    s.asking_partner = 0
    if m < 0:
        return
    for o in range(s.players):
        if s.pile_len[o] and not (s.dodged >> o) & 1 and NUMBER[top_card(s, o)] == m:
            s.threatened |= 1 << o

cdef void decline(SanNiIchi* s) noexcept nogil:
    """The asked seat lets the damage through: on to the partner, or taken."""
    if s.teams and not s.asking_partner:
        s.asking_partner = 1
        return
    s.taking |= 1 << lowest_bit(s.threatened)
    s.threatened &= s.threatened - 1
    s.asking_partner = 0

cdef void damage_action(SanNiIchi* s, int a) noexcept nogil:
    cdef int v = lowest_bit(s.threatened)
    cdef int who = partner(s, v) if s.asking_partner else v
    cdef int sb, x
    if a == SMOKE or a == SMOKE_PARTNER:
        sb = card_of_type(s.hand[who], T_SMOKE)
        s.hand[who] &= ~bit(sb)
        s.discard |= bit(sb)
        # Being asked showed a Smoke Bomb; playing it shows one fewer.
        s.smoke_min[who] = (s.smoke_min[who] if s.smoke_min[who] else 1) - 1
        x = pull_lowest(s, v)
        s.hand[who] |= bit(x)
        s.known[who] |= bit(x)
        s.dodged |= 1 << v
        s.threatened &= ~(1 << v)
        s.asking_partner = 0
        log_step(s, K_SMOKE, who, sb, v, NONE, x, 0)
        return
    # Declining showed everyone a Smoke Bomb in that hand.
    if s.smoke_min[who] == 0:
        s.smoke_min[who] = 1
    decline(s)

cdef void end_round(SanNiIchi* s) noexcept nogil:
    cdef int o
    for o in range(s.players):
        s.played[o] = NONE
    s.blocked = 0
    s.dodged = 0
    s.threatened = 0
    s.taking = 0
    s.asking_partner = 0
    s.resolved = 0
    s.stage = ST_CARD
    if s.round < ROUNDS:
        s.round += 1
        s.phase = CHOOSE
        return
    # Piles still in play after the last round are discarded, not scored.
    for o in range(s.players):
        if s.pile_len[o]:
            log_step(s, K_PILE_DISCARDED, o, NONE, NONE, NONE, NONE, pile_cards(s, o))
            s.discard |= pile_cards(s, o)
            s.pile_len[o] = 0
    s.phase = OVER

cdef void advance(SanNiIchi* s) noexcept nogil:
    """Run every forced step; stop at a real choice or at the end."""
    cdef int opts[MAX_LEGAL]
    cdef int types[MAX_SEATS]
    cdef int o, v, who, k
    while True:
        if s.phase == CHOOSE:
            for o in range(s.players):
                if count_types(s.hand[o]) != 1:
                    return
                types_in(s.hand[o], opts)
                types[o] = opts[0]
            reveal(s, types)
        elif s.phase == RESOLVE:
            if s.resolved >= s.players:
                s.phase = DAMAGE
                s.dodged = 0
                new_wave(s)
                continue
            o = s.order[s.resolved]
            k = card_options(s, o, opts)
            if k > 1:
                return
            resolve_action(s, o, opts[0])
        elif s.phase == DAMAGE:
            if s.threatened == 0:
                if s.taking:
                    for o in range(s.players):
                        if (s.taking >> o) & 1:
                            log_step(s, K_DAMAGE, o, NONE, NONE, NONE, NONE, pile_cards(s, o))
                            s.damage[o] |= pile_cards(s, o)
                            s.pile_len[o] = 0
                    end_round(s)
                elif s.dodged and highest_top(s, s.dodged) >= 0:
                    new_wave(s)       # all dodged: the next highest takes it instead
                else:
                    end_round(s)
                continue
            v = lowest_bit(s.threatened)
            who = partner(s, v) if s.asking_partner else v
            if s.hand[who] & SMOKE_MASK:
                return
            # Not asked: everyone now knows this seat holds no Smoke Bomb.
            s.smoke_none |= 1 << who
            decline(s)
        else:
            return

# ---------------------------------------------------------------- interface

cdef int sni_players(const void* vs) noexcept nogil:
    return (<const SanNiIchi*>vs).players

cdef int sni_movers(const void* vs, int* seats) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int i
    if s.phase == CHOOSE:
        for i in range(s.players):
            seats[i] = i
        return s.players
    if s.phase == OVER:
        return 0
    seats[0] = decider(s)
    return 1

cdef int sni_legal(const void* vs, int seat, int* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    if seat < 0 or seat >= s.players:
        return 0
    return options(s, seat, out)

cdef void sni_apply(void* vs, const int* joint) noexcept nogil:
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef int types[MAX_SEATS]
    cdef int o
    if s.phase == CHOOSE:
        s.nlog = 0
        for o in range(s.players):
            types[o] = joint[o] - PLAY
        reveal(s, types)
    elif s.phase == RESOLVE:
        o = decider(s)
        resolve_action(s, o, joint[o])
    elif s.phase == DAMAGE:
        damage_action(s, joint[decider(s)])
    else:
        return
    advance(s)

cdef inline int score_of(const SanNiIchi* s, int seat) noexcept nogil:
    cdef uint64_t d = s.damage[seat]
    cdef int total = 0, c
    if not s.advanced:
        return popcount64(d)
    # Advanced scoring: the values; every weapon counts one.
    while d:
        c = lowest_bit(d)
        total += NUMBER[c] if c < ZEN0 else 1
        d &= d - 1
    return total

cdef inline void side_scores(const SanNiIchi* s, int* side) noexcept nogil:
    # A seat's damage, or in team play its team's.
    cdef int i
    for i in range(s.players):
        side[i] = score_of(s, i) + (score_of(s, partner(s, i)) if s.teams else 0)

cdef void sni_returns(const void* vs, double* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    side_scores(s, side)
    # Tied lowest share the win; a winning team's members share it too.
    share_wins(side, s.players, True, out)

cdef void sni_standings(const void* vs, double* out) noexcept nogil:
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    cdef int i
    side_scores(s, side)
    for i in range(s.players):
        out[i] = -side[i]

cdef void sni_determinize(void* vs, int observer, Rng* rng) noexcept nogil:
    """Deal the opponents' unseen cards again, keeping hand sizes, the cards
    everyone saw enter a hand, and what the Smoke Bomb questions showed,
    including the one being asked now: only a seat holding a Smoke Bomb is
    asked, so the seat asked holds one in every copy."""
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef uint64_t pool = 0, smokes
    cdef uint8_t cards[N_CARDS]
    cdef uint8_t slots[N_CARDS]
    cdef int free[MAX_SEATS]
    cdef int n = 0, nslots = 0, i, j, t, o, k, want, nsmoke
    cdef int asked = decider(s) if s.phase == DAMAGE else -1
    for o in range(s.players):
        if o != observer:
            pool |= s.hand[o] & ~s.known[o]
            free[o] = popcount64(s.hand[o] & ~s.known[o])
            s.hand[o] &= s.known[o]
    smokes = pool & SMOKE_MASK
    pool &= ~SMOKE_MASK
    # Seats known to hold Smoke Bombs get them back first.
    for o in range(s.players):
        if o != observer:
            want = s.smoke_min[o]
            if o == asked and want == 0:
                want = 1
            while want > 0 and smokes and free[o] > 0:
                t = lowest_bit(smokes)
                smokes &= smokes - 1
                s.hand[o] |= bit(t)
                free[o] -= 1
                want -= 1
    # The other Smoke Bombs go to free places of seats that may hold one.
    nsmoke = popcount64(smokes)
    for o in range(s.players):
        if o != observer and not (s.smoke_none >> o) & 1:
            for i in range(free[o]):
                slots[nslots] = o
                nslots += 1
    for i in range(nsmoke):
        if i >= nslots:
            break
        j = i + rng_below(rng, nslots - i)
        t = slots[i]; slots[i] = slots[j]; slots[j] = t
        o = slots[i]
        k = lowest_bit(smokes)
        smokes &= smokes - 1
        s.hand[o] |= bit(k)
        free[o] -= 1
    pool |= smokes              # only if the position was inconsistent
    # Canonical (bit) order, so the result depends only on what is seen.
    while pool:
        cards[n] = lowest_bit(pool)
        pool &= pool - 1
        n += 1
    shuffle_u8(cards, n, rng)
    k = 0
    for o in range(s.players):
        if o != observer:
            for i in range(free[o]):
                if k < n:
                    s.hand[o] |= bit(cards[k])
                    k += 1

cdef int sni_observe(const void* vs, int actor, int action, int observer) noexcept nogil:
    # Every choice is public: round cards at the reveal, targets and the
    # Tonfa discard (face up) at once.
    return action

cdef int sni_reveal_group(const void* vs, int seat, int action, int observer_action) noexcept nogil:
    # A round card revealed beside mine is grouped by whether it resolves
    # before mine (0) or after (1): what piles mine meets, and who can still
    # answer it.  Any other move keeps its own code.
    if action < START and observer_action < START:
        # A type's lowest card resolves as any copy of it.
        return 0 if (resolve_key(lowest_bit(type_mask(action - PLAY)))
                     < resolve_key(lowest_bit(type_mask(observer_action - PLAY)))) else 1
    return action + 2

# ------------------------------------------------------------------ policy
# A cheap one-step greedy: which piles would take damage if the round ended
# now, weighing my side's damage against the others'.
#
# It decides every step of every rollout, so a decision reads the piles once
# (``Outlook``) and judges a move that changes one or two piles from a few
# numbers kept per pile, without a pass over the piles per move.  Free seats
# of one kind (mine, my partner's, an opponent's) all judge alike, so one of
# each kind is judged.  Every value is the same, to the last bit, as judging
# each move on a copy of the piles: the weighted sums are multiples of 0.5
# (exact in any order) until the one 0.1 term.

cdef enum:
    NO_TOP = -1

ctypedef struct Outlook:
    # The piles as one seat weighs them; a seat without a pile has size 0 and NO_TOP.
    int top[MAX_SEATS]
    int size[MAX_SEATS]
    double weight[MAX_SEATS]    # per card of damage there: -1 on my side, +0.5 on the others'
    int seat
    int players
    uint8_t mine                # my side's seats
    uint8_t put_on[3]           # per element: the piles an attack card of it may go on
    int free_partner            # my partner's seat if it has no pile, else -1
    int free_other              # the first opponent's seat without a pile, else -1
    # The highest top number (NO_TOP for none), the weighted cards showing it
    # and how many piles show it; the same for the second highest.  Without
    # any one pile, the highest of the rest follows from these.
    int top1
    double at_top1
    int piles_at_top1
    int top2
    double at_top2
    double now                  # exposure of the piles as they are

cdef inline double own_risk(const Outlook* ol, double v, int m, int own_top, int own_size) noexcept nogil:
    # A pile of my own that does not take damage now stays a risk for the coming rounds.
    if own_size and own_top != m:
        return v - 0.1 * own_size
    return v

cdef void read_piles(const SanNiIchi* s, int seat, bint choosing, Outlook* ol) noexcept nogil:
    cdef int o, c, x, n1 = 0, m1 = NO_TOP, m2 = NO_TOP, p = partner(s, seat)
    cdef uint8_t free = 0, mine
    cdef double w, w1 = 0.0, w2 = 0.0
    mine = (1 << seat) | ((1 << p) if p >= 0 else 0)
    ol.seat = seat
    ol.players = s.players
    ol.mine = mine
    ol.put_on[0] = ol.put_on[1] = ol.put_on[2] = 0
    for o in range(s.players):
        ol.size[o] = s.pile_len[o]
        ol.weight[o] = 0.5 - 1.5 * ((mine >> o) & 1)
        if ol.size[o] == 0:
            ol.top[o] = NO_TOP
            free |= 1 << o
            continue
        c = top_card(s, o)
        x = NUMBER[c]
        ol.top[o] = x
        if choosing:
            ol.put_on[beater(elem_of(s, c))] |= 1 << o
        w = ol.weight[o] * ol.size[o]
        if x > m1:
            m2 = m1; w2 = w1
            m1 = x; w1 = w; n1 = 1
        elif x == m1:
            w1 += w; n1 += 1
        elif x > m2:
            m2 = x; w2 = w
        elif x == m2:
            w2 += w
    ol.top1 = m1; ol.at_top1 = w1; ol.piles_at_top1 = n1
    ol.top2 = m2; ol.at_top2 = w2
    ol.free_partner = p if p >= 0 and (free >> p) & 1 else -1
    ol.free_other = lowest_bit(free & ~mine) if free & ~mine else -1
    ol.now = 0.0 if m1 == NO_TOP else own_risk(ol, w1, m1, ol.top[seat], ol.size[seat])

cdef inline int rest_top(const Outlook* ol, int t) noexcept nogil:
    """The highest top number without pile ``t`` (NO_TOP for none)."""
    return ol.top1 if ol.top[t] < ol.top1 or ol.piles_at_top1 > 1 else ol.top2

cdef inline double rest_at_top(const Outlook* ol, int t) noexcept nogil:
    """The weighted cards showing ``rest_top``, without pile ``t``."""
    if ol.top[t] < ol.top1:
        return ol.at_top1
    if ol.piles_at_top1 > 1:
        return ol.at_top1 - ol.weight[t] * ol.size[t]
    return ol.at_top2

cdef inline double exposure_if(const Outlook* ol, int t, int top_t, int size_t) noexcept nogil:
    """Exposure with pile ``t`` changed to ``size_t`` cards showing ``top_t``."""
    cdef int m = rest_top(ol, t), seat = ol.seat
    cdef double v
    if size_t and top_t >= m:
        v = ol.weight[t] * size_t + (rest_at_top(ol, t) if top_t == m else 0.0)
        m = top_t
    elif m == NO_TOP:
        return 0.0
    else:
        v = rest_at_top(ol, t)
    if t == seat:
        return own_risk(ol, v, m, top_t, size_t)
    return own_risk(ol, v, m, ol.top[seat], ol.size[seat])

cdef inline double exposure_slid(const Outlook* ol, int u, int top_own, int size_own) noexcept nogil:
    """Exposure once my own pile of ``size_own`` showing ``top_own`` slid to the free seat ``u``."""
    cdef int m = rest_top(ol, ol.seat)
    if top_own > m:
        return ol.weight[u] * size_own
    if top_own == m:
        return ol.weight[u] * size_own + rest_at_top(ol, ol.seat)
    return rest_at_top(ol, ol.seat)

cdef double exposure_swapped(const Outlook* ol, int a, int b) noexcept nogil:
    """Exposure with the piles of ``a`` and ``b`` swapped (a Sai)."""
    cdef int top[MAX_SEATS]
    cdef int size[MAX_SEATS]
    cdef int o, m = NO_TOP, seat = ol.seat
    cdef double v = 0.0
    memcpy(top, ol.top, sizeof(top))
    memcpy(size, ol.size, sizeof(size))
    top[a] = ol.top[b]; size[a] = ol.size[b]
    top[b] = ol.top[a]; size[b] = ol.size[a]
    for o in range(ol.players):
        if size[o] and top[o] > m:
            m = top[o]
    if m == NO_TOP:
        return 0.0
    for o in range(ol.players):
        if size[o] and top[o] == m:
            v += ol.weight[o] * size[o]
    return own_risk(ol, v, m, top[seat], size[seat])

cdef inline int top_after_tonfa(const SanNiIchi* s, int t) noexcept nogil:
    """The number showing on pile ``t`` once a Tonfa took its top card."""
    return NUMBER[s.pile[t][s.pile_len[t] - 2]] if s.pile_len[t] >= 2 else NO_TOP

cdef double best_slide(const Outlook* ol, int top_own, int size_own, uint8_t blocked) noexcept nogil:
    """Value of my own pile of ``size_own`` showing ``top_own``: kept, or slid to the best free seat."""
    cdef int u
    cdef double best = exposure_if(ol, ol.seat, top_own, size_own), v
    if blocked == 0:
        if ol.free_partner >= 0:
            v = exposure_slid(ol, ol.free_partner, top_own, size_own)
            if v > best:
                best = v
        if ol.free_other >= 0:
            v = exposure_slid(ol, ol.free_other, top_own, size_own)
            if v > best:
                best = v
        return best
    for u in range(ol.players):
        if u != ol.seat and ol.size[u] == 0 and not (blocked >> u) & 1:
            v = exposure_slid(ol, u, top_own, size_own)
            if v > best:
                best = v
    return best

cdef double shuriken_value(const SanNiIchi* s, const Outlook* ol, int t) noexcept nogil:
    cdef int o, least
    if (ol.mine >> t) & 1:
        return ol.now - 1.0
    # Aim at whoever has the least damage so far.
    least = 1
    for o in range(ol.players):
        if not (ol.mine >> o) & 1 and popcount64(s.damage[o]) < popcount64(s.damage[t]):
            least = 0
    return ol.now + 0.5 + 0.3 * least

cdef double action_value(const SanNiIchi* s, const Outlook* ol, int c, int a, uint8_t blocked) noexcept nogil:
    """How good resolving ``c`` by ``a`` looks for the outlook's seat (higher is better)."""
    cdef int seat = ol.seat, t, x
    if a == DISCARD or a == KEEP:
        return ol.now - (1.0 if c >= SMOKE0 and c < BLOCK0 else 0.0)
    if a < PUT:
        t = a - START
        return best_slide(ol, NUMBER[c], 1, blocked) if t == seat else exposure_if(ol, t, NUMBER[c], 1)
    if a < SLIDE:
        t = a - PUT
        if t == seat and is_attack(c):
            return best_slide(ol, NUMBER[c], ol.size[t] + 1, blocked)
        return exposure_if(ol, t, NUMBER[c], ol.size[t] + 1)
    if a < KEEP:
        return exposure_slid(ol, a - SLIDE, ol.top[seat], ol.size[seat])
    if a < TONFA:
        t = a - BLOCK
        return ol.now + (0.3 if ol.size[t] else 0.05)
    if a < TONFA_DISCARD:
        t = a - TONFA
        return exposure_if(ol, t, top_after_tonfa(s, t), ol.size[t] - 1)
    if a < SAI_SWAP:
        # Keep the cards that help most; throw away the highest attack card.
        x = a - TONFA_DISCARD
        if x == T_SMOKE:
            return -6.0
        if x == T_BLOCK:
            return -3.0
        if x >= SHURIKEN0:
            return -5.0
        if x >= ZEN0:
            return -2.0
        return -1.0 + NUMBER[x] * 0.1
    if a < SAI_MOVE:
        t = a - SAI_SWAP
        return exposure_swapped(ol, PAIR_A[t], PAIR_B[t])
    if a < SHURIKEN:
        # A move to a free seat is a swap with its empty pile.
        t = a - SAI_MOVE
        return exposure_swapped(ol, t // 3, t % 3)
    if a < SMOKE:
        return shuriken_value(s, ol, a - SHURIKEN)
    return 0.0

cdef inline double better(double best, double v) noexcept nogil:
    return v if v > best else best

cdef double card_value(const SanNiIchi* s, const Outlook* ol, int c) noexcept nogil:
    """The round-card choice: the best this card could do on today's piles.

    The card is judged as if it resolved now, on the piles as they are,
    unblocked: the best of its moves (a discard among them) over the discard.
    """
    cdef int seat = ol.seat, n = NUMBER[c], t, u
    cdef uint64_t piles
    cdef double best = ol.now
    if c >= BLOCK0:
        return 0.3 if ol.size[seat] else -0.2
    if c >= SMOKE0:
        return -3.0
    if is_attack(c):
        # Starting a pile: on my own free seat (sliding it away is starting
        # another seat's), my partner's, or an opponent's.
        if ol.size[seat] == 0:
            best = better(best, exposure_if(ol, seat, n, 1))
        if ol.free_partner >= 0:
            best = better(best, exposure_if(ol, ol.free_partner, n, 1))
        if ol.free_other >= 0:
            best = better(best, exposure_if(ol, ol.free_other, n, 1))
        piles = ol.put_on[c // 10]
        while piles:
            t = lowest_bit(piles)
            piles &= piles - 1
            best = better(best, best_slide(ol, n, ol.size[t] + 1, 0) if t == seat
                          else exposure_if(ol, t, n, ol.size[t] + 1))
    elif is_zen(c):
        for t in range(ol.players):
            if ol.size[t]:
                best = better(best, exposure_if(ol, t, n, ol.size[t] + 1))
    elif c < SAI0:          # Tonfa
        for t in range(ol.players):
            if ol.size[t]:
                best = better(best, exposure_if(ol, t, top_after_tonfa(s, t), ol.size[t] - 1))
    elif c < SHURIKEN0:     # Sai
        for t in range(15):
            if PAIR_B[t] < ol.players and ol.size[PAIR_A[t]] and ol.size[PAIR_B[t]]:
                best = better(best, exposure_swapped(ol, PAIR_A[t], PAIR_B[t]))
        if ol.players == 3:
            for t in range(3):
                for u in range(3):
                    if t != u and ol.size[t] and ol.size[u] == 0:
                        best = better(best, exposure_swapped(ol, t, u))
    else:                   # Shuriken: keep it a little longer, it does most later
        for t in range(ol.players):
            best = better(best, shuriken_value(s, ol, t))
        return best - ol.now + 0.2
    # Keep high cards a little longer too.
    return best - ol.now - 0.02 * n

cdef int sni_policy(void* vs, int seat, Rng* rng) noexcept nogil:
    cdef SanNiIchi* s = <SanNiIchi*>vs
    cdef int legal[MAX_LEGAL]
    cdef int n = options(s, seat, legal)
    cdef int i, c, best
    cdef double v, best_v = -1e18
    cdef Outlook ol
    if n <= 1:
        return legal[0] if n else 0
    if rng_unit(rng) < 0.1:
        return legal[rng_below(rng, n)]
    best = legal[0]
    if s.phase == DAMAGE:
        # Dodge when there is something to dodge, or when time runs short.
        v = s.pile_len[lowest_bit(s.threatened)]
        return legal[0] if (v >= 2 or s.round >= 5) else legal[1]
    read_piles(s, seat, s.phase == CHOOSE, &ol)
    for i in range(n):
        if s.phase == CHOOSE:
            c = card_of_type(s.hand[seat], legal[i] - PLAY)
            v = card_value(s, &ol, c)
        else:
            v = action_value(s, &ol, s.played[seat], legal[i], s.blocked)
        v += rng_unit(rng) * 0.01          # break ties without a fixed bias
        if v > best_v:
            best_v = v
            best = legal[i]
    return best


# -------------------------------------------------------------- evaluation
# Not rules: how the search judges a round's start when it cuts a rollout
# off there (``cut_rounds`` in SEARCH_SETTINGS).  A seat's strength is a
# weighted sum of what it has now; its chance to win is its share of
# exp(strength) (the core's ``evaluate``).  The weights are a logistic fit
# to the winners of policy-played games (``python -m bench.evaluation
# --game san_ni_ichi``).

#: per unit of each: the damage taken so far (its side's, in team play; the
#: values under advanced scoring); the same weighted by the rounds played
#: (0 at round 1, 1 at round 7), as a lead counts for more the less time is
#: left; the cards of the seat's own sparring pile; the same when its top
#: shows the highest number now (the pile the next damage goes to); Smoke
#: Bombs, Blocks and numbered weapons in hand; the attack cards in hand,
#: each counted as its number over the deck's highest
EVALUATION = {"damage": -0.708, "damage late": -0.540, "pile": -0.210, "pile on top": 0.005,
              "smoke bombs": 0.615, "blocks": 0.294, "weapons": 0.199, "attack numbers": 0.203}
cdef enum:
    N_EVAL = 8
cdef double EVAL_W[N_EVAL]
set_weights(EVAL_W, N_EVAL, EVALUATION)

cdef int sni_features(const void* vs, double* f, uint8_t* standing) noexcept nogil:
    """What the evaluation reads of each seat (``EVALUATION``'s order), at a
    round's start only (the round cards not chosen yet)."""
    cdef const SanNiIchi* s = <const SanNiIchi*>vs
    cdef int side[MAX_SEATS]
    cdef int p, c, top_number = 1, m = highest_top(s, 0)
    cdef double late = (s.round - 1) / (ROUNDS - 1.0), numbers
    cdef uint64_t h
    if s.phase != CHOOSE:
        return 0
    h = s.in_game & ATTACK_MASK
    while h:
        c = lowest_bit(h)
        h &= h - 1
        if NUMBER[c] > top_number:
            top_number = NUMBER[c]
    side_scores(s, side)
    for p in range(s.players):
        standing[p] = 1
        numbers = 0.0
        h = s.hand[p] & ATTACK_MASK
        while h:
            c = lowest_bit(h)
            h &= h - 1
            numbers += NUMBER[c]
        f[p * N_EVAL + 0] = side[p]
        f[p * N_EVAL + 1] = side[p] * late
        f[p * N_EVAL + 2] = s.pile_len[p]
        f[p * N_EVAL + 3] = s.pile_len[p] if s.pile_len[p] and NUMBER[top_card(s, p)] == m else 0
        f[p * N_EVAL + 4] = popcount64(s.hand[p] & SMOKE_MASK)
        f[p * N_EVAL + 5] = popcount64(s.hand[p] & BLOCK_MASK)
        f[p * N_EVAL + 6] = popcount64(s.hand[p] & ~(ATTACK_MASK | SMOKE_MASK | BLOCK_MASK))
        f[p * N_EVAL + 7] = numbers / top_number
    return N_EVAL


cdef GameDef SNI_DEF
SNI_DEF.name = b"san_ni_ichi"
SNI_DEF.state_size = sizeof(SanNiIchi)
SNI_DEF.num_actions = NUM_ACTIONS
SNI_DEF.players = sni_players
SNI_DEF.movers = sni_movers
SNI_DEF.legal = sni_legal
SNI_DEF.apply = sni_apply
SNI_DEF.returns = sni_returns
SNI_DEF.determinize = sni_determinize
SNI_DEF.observe = sni_observe
SNI_DEF.policy = sni_policy
SNI_DEF.standings = sni_standings
SNI_DEF.reveal_group = sni_reveal_group
SNI_DEF.features = sni_features
SNI_DEF.weights = EVAL_W


# ------------------------------------------------------------- Python face
# Everything below serves engine.State, the codec and the app; the solver
# uses only the table above.

NAME = "san_ni_ichi"
TITLE = "San, Ni, Ichi!"
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
OPTIONS = {
    "deck": {
        "values": DECK_NAMES,
        "default": "standard",
        "help": "setup table: 'standard' (3p 1-5 + 6 weapons, 4p 1-7 + 7, 5p 1-8 + 11, "
                "6p 1-10 + 12) or a row of the alternate table: 'alternate-1' (3p 1-6 + 3, "
                "4p 1-8 + 4, 5p 1-9 + 8) or 'alternate-2' (3p 1-7 and no weapons, 4p 1-9 + 1, "
                "5p 1-10 + 5); there is no alternate deck for 6 players",
    },
    "teams": {
        "values": (False, True),
        "default": False,
        "help": "team play at 4 or 6 players: partners sit opposite (seats 0+2, 1+3; "
                "with 6: 0+3, 1+4, 2+5), may Block and Smoke Bomb for each other, "
                "and win or lose on their total",
    },
    "advanced": {
        "values": (False, True),
        "default": False,
        "help": "advanced scoring: count the values in damage piles, every weapon as 1, "
                "instead of the number of cards",
    },
}
STATE_SIZE = sizeof(SanNiIchi)
ACTIONS = NUM_ACTIONS
ROUND_COUNT = ROUNDS
#: the search's settings found by tournaments, per player count
#: (solver.search.search_settings); docs/strength-notes/san_ni_ichi.md has
#: every run.  At 3 players a rollout stops at the start of its second
#: round and takes EVALUATION there: played out, 20,000 iterations were no
#: better than 2,000 (34.6% over 90 games against an equal 33.3%); cut off,
#: they beat them, 40.9% (35.5%-46.6%) over 300 games on fresh deals, and
#: at equal iterations the cut-off search is level with the played-out one.
#: 4 to 6 players are played out, as before (not measured cut off).
SEARCH_SETTINGS = {3: {"cut_rounds": 2}}


def definition():
    """The ``GameDef`` table as a capsule named ``engine.GameDef``."""
    return PyCapsule_New(&SNI_DEF, b"engine.GameDef", NULL)


def card_name(int card):
    """``card_name(6)`` is ``'7 Fire (A)'``; ``card_name(45)`` is ``'Block'``."""
    if not 0 <= card < N_CARDS:
        raise PositionError(f"{card} is not a San Ni Ichi card id (0..{N_CARDS - 1})")
    if card < ZEN0:
        return f"{card % 10 + 1} {ELEMENTS[card // 10]} ({LETTERS[card // 10]})"
    if card < SMOKE0:
        return f"{WEAPON_KINDS[(card - ZEN0) // 3]} {NUMBER[card]}"
    return "Smoke Bomb" if card < BLOCK0 else "Block"


def card_number(int card):
    """The printed number (0 for Smoke Bomb and Block, which have none)."""
    return NUMBER[card]


def card_element(int card):
    """``'Fire'``, ``'Wood'`` or ``'Water'`` for an attack card, else ``None``."""
    return ELEMENTS[card // 10] if 0 <= card < ZEN0 else None


_TYPE_BY_NAME = {card_name(c): type_of(c) for c in range(N_CARDS)}


def parse_card(name):
    """The card *type* of a name such as ``'7 Fire (A)'`` or ``'Block'``."""
    if not isinstance(name, str) or name not in _TYPE_BY_NAME:
        raise PositionError(f"{checks.shown(name)} is not a San Ni Ichi card (e.g. '7 Fire (A)', "
                            f"'Zen Attack 15', 'Smoke Bomb')")
    return _TYPE_BY_NAME[name]


def _type_name(int t):
    return card_name(t if t < SMOKE0 else (SMOKE0 if t == T_SMOKE else BLOCK0))


def action_name(int action):
    """The readable name of an action id, e.g. ``'put on seat 1's pile'``."""
    if 0 <= action < START:
        return "play " + _type_name(action - PLAY)
    if action < PUT:
        return f"start a pile on seat {action - START}"
    if action < SLIDE:
        return f"put on seat {action - PUT}'s pile"
    if action < KEEP:
        return f"slide to seat {action - SLIDE}"
    if action == KEEP:
        return "keep"
    if action == DISCARD:
        return "discard"
    if action < TONFA:
        return f"block seat {action - BLOCK}"
    if action < TONFA_DISCARD:
        return f"Tonfa: draw from seat {action - TONFA}'s pile"
    if action < SAI_SWAP:
        return "discard " + _type_name(action - TONFA_DISCARD)
    if action < SAI_MOVE:
        a = action - SAI_SWAP
        return f"Sai: swap the piles of seats {PAIR_A[a]} and {PAIR_B[a]}"
    if action < SHURIKEN:
        a = action - SAI_MOVE
        return f"Sai: move seat {a // 3}'s pile to seat {a % 3}"
    if action < SMOKE:
        return f"Shuriken: into seat {action - SHURIKEN}'s damage pile"
    if action < NUM_ACTIONS:
        return ("smoke bomb", "take the damage", "smoke bomb for my partner",
                "let my partner take the damage")[action - SMOKE]
    raise PositionError(f"{action} is not a San Ni Ichi action id (0..{NUM_ACTIONS - 1})")


cdef inline SanNiIchi* _cast(const unsigned char[::1] buf) except NULL:
    if buf.shape[0] != sizeof(SanNiIchi):
        raise PositionError("not a San Ni Ichi state")
    return <SanNiIchi*>&buf[0]


def _check_options(int players, str deck, bint teams, where="options"):
    """The deck index, once the deck has a row for ``players`` and team play
    fits them (the values' types are checked by ``engine.checks``)."""
    if players not in DECKS[deck]:
        raise PositionError(f"{where}.deck: the {deck} deck has no row for {players} players "
                            f"(it has {', '.join(map(str, DECKS[deck]))})")
    if teams and players not in (4, 6):
        raise PositionError(f"{where}.teams: team play is for 4 or 6 players, not {players}")
    return DECK_NAMES.index(deck)


def new_state(int players, unsigned long long seed, dict options):
    """A fresh deal as state bytes."""
    if not (MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PositionError(f"players: San Ni Ichi is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    chosen = {k: v["default"] for k, v in OPTIONS.items()}
    chosen.update(checks.options(OPTIONS, TITLE, options))
    teams, advanced = chosen["teams"], chosen["advanced"]
    deck_index = _check_options(players, chosen["deck"], teams)
    top, weapons = DECKS[chosen["deck"]][players]
    buf = bytearray(sizeof(SanNiIchi))
    cdef unsigned char[::1] mv = buf
    cdef SanNiIchi* s = <SanNiIchi*>&mv[0]
    cdef uint8_t pool[18]
    cdef uint8_t deck[N_CARDS]
    cdef Rng rng
    cdef int i, n = 0, seat, smokes = 0, blocks = 0, c
    memset(s, 0, sizeof(SanNiIchi))
    rng_seed(&rng, seed)
    # The weapons are drawn at random from the pool of 18, then shown to all.
    for i in range(18):
        pool[i] = ZEN0 + i
    shuffle_u8(pool, 18, &rng)
    for i in range(weapons):
        c = pool[i]
        if c >= BLOCK0:
            c = BLOCK0 + blocks        # identical copies: always the lowest ids
            blocks += 1
        elif c >= SMOKE0:
            c = SMOKE0 + smokes
            smokes += 1
        s.in_game |= bit(c)
    for e in range(3):
        for i in range(top):
            s.in_game |= bit(e * 10 + i)
    for c in range(N_CARDS):
        if (s.in_game >> c) & 1:
            deck[n] = c
            n += 1
    shuffle_u8(deck, n, &rng)
    for seat in range(players):
        for i in range(ROUNDS):
            s.hand[seat] |= bit(deck[seat * ROUNDS + i])
    s.players = players
    s.teams = teams
    s.advanced = advanced
    s.deck = deck_index
    s.round = 1
    s.phase = CHOOSE
    for seat in range(MAX_PLAYERS):
        s.played[seat] = NONE
    advance(s)
    return bytes(buf)


def _cards(uint64_t mask):
    return [card_name(c) for c in range(N_CARDS) if (mask >> c) & 1]


def _seats(int mask, int n):
    return [i for i in range(n) if (mask >> i) & 1]


cdef str _pile_name(SanNiIchi* s, int c):
    # A Zen Attack on a pile shows the element it took.
    if is_zen(c):
        return f"{card_name(c)} ({ELEMENTS[s.zen_elem[c - ZEN0]]})"
    return card_name(c)


cdef list _pile(SanNiIchi* s, int seat):
    return [_pile_name(s, s.pile[seat][i]) for i in range(s.pile_len[seat])]


def fields(const unsigned char[::1] buf):
    """The state as named fields (what a position file stores)."""
    cdef SanNiIchi* s = _cast(buf)
    n = s.players
    live = s.phase in (RESOLVE, DAMAGE)
    return {
        "players": n,
        "deck": DECK_NAMES[s.deck],
        "teams": bool(s.teams),
        "advanced": bool(s.advanced),
        "round": s.round,
        "phase": PHASES[s.phase],
        "weapons": _cards(s.in_game & ~ATTACK_MASK),
        "hands": [_cards(s.hand[i]) for i in range(n)],
        "known": [_cards(s.known[i]) for i in range(n)],
        "smoke_bomb_at_least": [s.smoke_min[i] for i in range(n)],
        "no_smoke_bomb": [bool((s.smoke_none >> i) & 1) for i in range(n)],
        "piles": [_pile(s, i) for i in range(n)],
        "damage": [_cards(s.damage[i]) for i in range(n)],
        "discard": _cards(s.discard),
        "played": [card_name(s.played[i]) if live else None for i in range(n)],
        "resolved": s.resolved if s.phase == RESOLVE else 0,
        "stage": STAGES[s.stage] if s.phase == RESOLVE else STAGES[ST_CARD],
        "blocked": _seats(s.blocked, n),
        "dodged": _seats(s.dodged, n),
        "threatened": _seats(s.threatened, n),
        "taking": _seats(s.taking, n),
        "asking_partner": bool(s.asking_partner),
    }


_FIELDS = ("players", "deck", "teams", "advanced", "round", "phase", "weapons", "hands",
           "known", "smoke_bomb_at_least", "no_smoke_bomb", "piles", "damage", "discard",
           "played", "resolved", "stage", "blocked", "dodged", "threatened", "taking",
           "asking_partner")
class _Claims:
    """Hands out card ids by name, so that every card is in one place only."""

    def __init__(self, in_game):
        self.in_game = in_game
        self.taken = 0
        self.where = {}

    def claim(self, name, where, allowed=None):
        t = _TYPE_BY_NAME.get(name) if isinstance(name, str) else None
        if t is None:
            raise PositionError(f"{where}: {checks.shown(name)} is not a card name")
        mine = type_mask(t) & self.in_game
        left = mine & ~self.taken
        if not left:
            if not mine:
                raise PositionError(f"{where}: {name} is not in this game's deck")
            if t < SMOKE0:
                raise PositionError(f"{where}: {name} is also in {self.where[lowest_bit(mine)]}")
            raise PositionError(f"{where}: more {name} cards than this game has")
        c = lowest_bit(left)
        if allowed is not None and not (allowed >> c) & 1:
            raise PositionError(f"{where}: {name} cannot be there")
        self.taken |= 1 << c
        self.where[c] = where
        return c


_ZEN_ON_PILE = {f"Zen Attack {NUMBER[z]} ({e})": (z, ELEMENTS.index(e))
                for z in range(ZEN0, TONFA0) for e in ELEMENTS}


def _per_seat(dict f, str key, int n):
    return checks.items(checks.get(f, key), f"state.{key}", n, "a list with one entry per seat")


def _seat_list(dict f, str key, int n):
    return checks.seats(checks.get(f, key), f"state.{key}", n)


def from_fields(object f):
    """State bytes from named fields, validating everything.

    Raises PositionError naming the first bad field.
    """
    if not isinstance(f, dict):
        raise PositionError("state: expected a map of named fields")
    checks.known_keys(f, _FIELDS)
    n = checks.integer(checks.get(f, "players"), "state.players", MIN_PLAYERS, MAX_PLAYERS)
    deck = checks.one_of(checks.get(f, "deck"), "state.deck", DECK_NAMES)
    teams = checks.boolean(checks.get(f, "teams"), "state.teams")
    advanced = checks.boolean(checks.get(f, "advanced"), "state.advanced")
    deck_index = _check_options(n, deck, teams, "state")
    top, weapon_count = DECKS[deck][n]
    rnd = checks.integer(checks.get(f, "round"), "state.round", 1, ROUNDS)
    phase = checks.one_of(checks.get(f, "phase"), "state.phase", PHASES)
    ph = PHASES.index(phase)
    if ph == OVER and rnd != ROUNDS:
        raise PositionError(f"state.phase: the game is over only after round {ROUNDS}")
    if ph == CHOOSE and rnd == ROUNDS:
        raise PositionError(f"state.phase: round {ROUNDS} has one card each, played without a choice")

    buf = bytearray(sizeof(SanNiIchi))
    cdef unsigned char[::1] mv = buf
    cdef SanNiIchi* s = <SanNiIchi*>&mv[0]
    cdef int c, seat, v, i
    cdef int opts[MAX_LEGAL]
    memset(s, 0, sizeof(SanNiIchi))
    s.players = n
    s.deck = deck_index
    s.teams = teams
    s.advanced = advanced
    s.round = rnd
    s.phase = ph
    for seat in range(MAX_PLAYERS):
        s.played[seat] = NONE

    # The deck of this game: attack cards 1..top, and the weapons listed.
    weapons = checks.items(checks.get(f, "weapons"), "state.weapons", what="a list of weapon names")
    if len(weapons) != weapon_count:
        raise PositionError(f"state.weapons: the {deck} deck for {n} players has {weapon_count} weapons, not {len(weapons)}")
    for e in range(3):
        for i in range(top):
            s.in_game |= bit(e * 10 + i)
    for i, name in enumerate(weapons):
        t = parse_card(name) if isinstance(name, str) and name in _TYPE_BY_NAME else None
        if t is None or t < ZEN0:
            raise PositionError(f"state.weapons[{i}]: {checks.shown(name)} is not a weapon card")
        left = type_mask(t) & ~s.in_game
        if not left:
            raise PositionError(f"state.weapons[{i}]: the pool has no more {name} cards")
        s.in_game |= bit(lowest_bit(left))

    pot = _Claims(s.in_game)
    claim = pot.claim

    hands = _per_seat(f, "hands", n)
    size = {CHOOSE: ROUNDS + 1 - rnd, RESOLVE: ROUNDS - rnd, DAMAGE: ROUNDS - rnd, OVER: 0}[ph]
    for i, lst in enumerate(hands):
        if not isinstance(lst, list):
            raise PositionError(f"state.hands[{i}]: expected a list of cards")
        for name in lst:
            s.hand[i] |= bit(claim(name, f"state.hands[{i}]"))
    known = _per_seat(f, "known", n)
    for i, lst in enumerate(known):
        if not isinstance(lst, list):
            raise PositionError(f"state.known[{i}]: expected a list of cards")
        for name in lst:
            t = _TYPE_BY_NAME.get(name) if isinstance(name, str) else None
            if t is None or t >= TONFA0 or not (s.hand[i] >> t) & 1:
                raise PositionError(f"state.known[{i}]: {checks.shown(name)} is not an attack or Zen card in hands[{i}]")
            s.known[i] |= bit(t)
    at_least = _per_seat(f, "smoke_bomb_at_least", n)
    none = _per_seat(f, "no_smoke_bomb", n)
    for i in range(n):
        s.smoke_min[i] = checks.integer(at_least[i], f"state.smoke_bomb_at_least[{i}]", 0,
                                        popcount64(s.hand[i] & SMOKE_MASK))
        if checks.boolean(none[i], f"state.no_smoke_bomb[{i}]"):
            if s.hand[i] & SMOKE_MASK:
                raise PositionError(f"state.no_smoke_bomb[{i}]: hands[{i}] holds a Smoke Bomb")
            s.smoke_none |= 1 << i

    cdef uint64_t on_pile = ATTACK_MASK | ZEN_MASK
    piles = _per_seat(f, "piles", n)
    for i, lst in enumerate(piles):
        if not isinstance(lst, list):
            raise PositionError(f"state.piles[{i}]: expected a list of cards")
        if len(lst) > PILE_CAP:
            raise PositionError(f"state.piles[{i}]: more than {PILE_CAP} cards")
        for name in lst:
            if isinstance(name, str) and name in _ZEN_ON_PILE:
                z, e = _ZEN_ON_PILE[name]
                c = claim(card_name(z), f"state.piles[{i}]")
                s.zen_elem[z - ZEN0] = e
            elif isinstance(name, str) and name.startswith("Zen Attack") and name in _TYPE_BY_NAME:
                raise PositionError(f"state.piles[{i}]: {name} on a pile needs its element, "
                                    f"e.g. '{name} (Water)'")
            else:
                c = claim(name, f"state.piles[{i}]", ATTACK_MASK)
            push(s, i, c)
    damage = _per_seat(f, "damage", n)
    for i, lst in enumerate(damage):
        if not isinstance(lst, list):
            raise PositionError(f"state.damage[{i}]: expected a list of cards")
        for name in lst:
            s.damage[i] |= bit(claim(name, f"state.damage[{i}]", on_pile | SHURIKEN_MASK))
    discard = checks.items(checks.get(f, "discard"), "state.discard", what="a list of cards")
    for name in discard:
        s.discard |= bit(claim(name, "state.discard"))

    # This round's revealed cards: those not yet resolved are on the table.
    played = _per_seat(f, "played", n)
    live = ph in (RESOLVE, DAMAGE)
    types = []
    for i, name in enumerate(played):
        if not live:
            if name is not None:
                raise PositionError(f"state.played[{i}]: no card is revealed in the {phase} phase")
            continue
        t = _TYPE_BY_NAME.get(name) if isinstance(name, str) else None
        if t is None:
            raise PositionError(f"state.played[{i}]: {checks.shown(name)} is not a card name")
        types.append(t)
    resolved = checks.integer(checks.get(f, "resolved"), "state.resolved", 0, n - 1)
    stage = checks.one_of(checks.get(f, "stage"), "state.stage", STAGES)
    st = STAGES.index(stage)
    if ph != RESOLVE and (resolved != 0 or st != ST_CARD):
        raise PositionError(f"state.resolved: only the resolve phase has cards in progress")
    if live:
        for i in range(n):
            s.played[i] = lowest_bit(type_mask(types[i]))
        sort_resolution_order(s)
        s.resolved = resolved if ph == RESOLVE else n
        s.stage = st
        for k in range(n):
            seat = s.order[k]
            if k > s.resolved or (k == s.resolved and ph == RESOLVE and st == ST_CARD):
                s.played[seat] = claim(played[seat], f"state.played[{seat}]")
                s.table |= bit(s.played[seat])
        if ph == RESOLVE:
            seat = s.order[resolved]
            c = s.played[seat]
            if st == ST_SLIDE and not (is_attack(c) and s.pile_len[seat]
                                       and top_card(s, seat) == c):
                raise PositionError(f"state.stage: a slide follows an attack card on its player's "
                                    f"own pile (seat {seat}, {card_name(c)})")
            if st == ST_TONFA_DISCARD and not TONFA0 <= c < SAI0:
                raise PositionError(f"state.stage: a Tonfa discard needs a Tonfa (seat {seat} played {card_name(c)})")
        # The hand size: the Tonfa player holds its drawn card until it discards.
    for i in range(n):
        want = size + (1 if ph == RESOLVE and st == ST_TONFA_DISCARD and s.order[resolved] == i else 0)
        if popcount64(s.hand[i]) != want:
            raise PositionError(f"state.hands[{i}]: {popcount64(s.hand[i])} cards, expected {want} "
                                f"in round {rnd} ({phase})")
    if ph == OVER:
        for i in range(n):
            if s.pile_len[i]:
                raise PositionError(f"state.piles[{i}]: piles are discarded when the game ends")

    blocked = _seat_list(f, "blocked", n)
    if blocked and not live:
        raise PositionError(f"state.blocked: no Block is in force in the {phase} phase")
    for i in range(n):
        if (blocked >> i) & 1:
            ok = False
            for k in range(s.resolved):
                seat = s.order[k]
                if s.played[seat] >= BLOCK0 and (seat == i or partner(s, seat) == i):
                    ok = True
            if not ok:
                raise PositionError(f"state.blocked: seat {i} is blocked but no resolved Block put it there")
    s.blocked = blocked
    s.dodged = _seat_list(f, "dodged", n)
    s.threatened = _seat_list(f, "threatened", n)
    s.taking = _seat_list(f, "taking", n)
    s.asking_partner = checks.boolean(checks.get(f, "asking_partner"), "state.asking_partner")
    if ph != DAMAGE:
        if s.dodged or s.threatened or s.taking or s.asking_partner:
            raise PositionError(f"state.threatened: damage is dealt only in the damage phase")
    else:
        if not s.threatened:
            raise PositionError("state.threatened: the damage phase waits on a threatened pile")
        v = highest_top(s, s.dodged)
        for i in range(n):
            at_top = s.pile_len[i] and not (s.dodged >> i) & 1 and NUMBER[top_card(s, i)] == v
            if bool(at_top) != bool(((s.threatened | s.taking) >> i) & 1):
                raise PositionError(f"state.threatened: seat {i}'s pile "
                                    + ("shows the highest top number" if at_top else "is not the highest")
                                    + " (threatened and taking list exactly the highest piles)")
        if s.taking >> lowest_bit(s.threatened):
            raise PositionError("state.taking: seats are asked in seat order; a later seat cannot be done first")
        if s.asking_partner and not s.teams:
            raise PositionError("state.asking_partner: only team play has partners")
        seat = decider(s)
        if not s.hand[seat] & SMOKE_MASK:
            raise PositionError(f"state.threatened: seat {seat} is asked about a Smoke Bomb it does not hold")

    missing = s.in_game & ~pot.taken
    if missing:
        raise PositionError(f"state: {popcount64(missing)} cards are nowhere (first: {card_name(lowest_bit(missing))})")
    if ph == CHOOSE:
        if all(count_types(s.hand[i]) == 1 for i in range(n)):
            raise PositionError("state.hands: every seat has a single choice; nothing to decide")
    elif ph == RESOLVE:
        seat = s.order[resolved]
        if card_options(s, seat, opts) < 2:
            raise PositionError(f"state.resolved: the card of seat {seat} has only one option; nothing to decide")
    return bytes(buf)


def scores(const unsigned char[::1] buf):
    """Damage so far per seat: cards, or values under advanced scoring (lower is better)."""
    cdef SanNiIchi* s = _cast(buf)
    return [score_of(s, i) for i in range(s.players)]


def team_of(const unsigned char[::1] buf, int seat):
    """The seats of ``seat``'s side: itself, and its partner in team play."""
    cdef SanNiIchi* s = _cast(buf)
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
    cdef SanNiIchi* s = _cast(buf)
    out = []
    for i in range(s.nlog):
        st = s.log[i]
        out.append({
            "round": st.round, "kind": STEP_KINDS[st.kind], "seat": st.seat,
            "card": _opt_card(st.card), "target": _opt_seat(st.target),
            "other": _opt_seat(st.other), "drew": _opt_card(st.drew),
            "cards": _cards(st.cards),
        })
    return out


def step_text(dict st):
    """One step as a line of the game log."""
    k, who, card, t, o = st["kind"], f"seat {st['seat']}", st["card"], st["target"], st["other"]
    if k == "reveal":
        return f"{who} reveals {card}"
    if k == "block":
        return f"{who} blocks " + ("itself" if t == st["seat"] else f"seat {t}")
    if k == "start":
        return f"{who} starts a pile on seat {t} with {card}"
    if k == "put":
        return f"{who} puts {card} on seat {t}'s pile"
    if k == "slide":
        return f"{who} slides its pile to seat {t}"
    if k == "discard":
        return f"{who} discards {card}"
    if k == "tonfa":
        return f"{who} plays {card}: draws {st['drew']} from seat {t}'s pile"
    if k == "tonfa discard":
        return f"{who} discards {card} (Tonfa)"
    if k == "sai swap":
        return f"{who} plays {card}: swaps the piles of seats {t} and {o}"
    if k == "sai move":
        return f"{who} plays {card}: moves seat {t}'s pile to seat {o}"
    if k == "shuriken":
        return f"{who} throws {card} into seat {t}'s damage pile"
    if k == "smoke bomb wasted":
        return f"{who}'s Smoke Bomb as a round card does nothing: discarded"
    if k == "smoke bomb":
        for_whom = "its own pile" if t == st["seat"] else f"seat {t}'s pile"
        return f"{who} plays a Smoke Bomb for {for_whom} and draws {st['drew']}"
    if k == "damage":
        return f"{who} takes {len(st['cards'])} damage: {', '.join(st['cards'])}"
    if k == "pile discarded":
        return f"{who}'s pile is discarded at the end: {', '.join(st['cards'])}"
    return f"{who}: {k}"


cdef dict _top_info(SanNiIchi* s, int seat):
    if not s.pile_len[seat]:
        return None
    c = top_card(s, seat)
    return {"card": _pile_name(s, c), "number": NUMBER[c], "element": ELEMENTS[elem_of(s, c)]}


def _by_number(uint64_t mask):
    return [card_name(c) for c in sorted((c for c in range(N_CARDS) if (mask >> c) & 1),
                                         key=lambda c: (resolve_key(c), c))]


def view(const unsigned char[::1] buf, int seat):
    """What ``seat`` may see (seat -1: only what is public)."""
    cdef SanNiIchi* s = _cast(buf)
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
        "piles": [_pile(s, i) for i in range(n)],
        "pile_tops": [_top_info(s, i) for i in range(n)],
        "damage": [_by_number(s.damage[i]) for i in range(n)],
        "scores": [score_of(s, i) for i in range(n)],
        "side_scores": side,
        "discard": _by_number(s.discard),
        "played": [card_name(s.played[i]) if live else None for i in range(n)],
        "order": [s.order[i] for i in range(n)] if live else [],
        "resolved": s.resolved if s.phase == RESOLVE else (n if live else 0),
        "blocked": _seats(s.blocked, n),
        "dodged": _seats(s.dodged, n),
        "threatened": _seats(s.threatened, n),
        "taking": _seats(s.taking, n),
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
    cdef SanNiIchi* s = _cast(buf)
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
GAME = GameType(
    name=NAME, title=TITLE, players=PLAYERS, simultaneous=True,
    definition=definition, new_state=new_state, fields=fields, from_fields=from_fields,
    view=view, steps=steps, scores=scores, action_name=action_name, num_actions=NUM_ACTIONS,
    options=OPTIONS, team_of=team_of,
    evaluation=EVALUATION, search_settings=SEARCH_SETTINGS,
)
