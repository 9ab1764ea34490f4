# cython: language_level=3
"""San, Ni, Ichi!'s state, the C struct every module of the game reads, and
the numbers the rules are played by.

A card is one byte: Fire 1-10 are 0..9, Wood 1-10 are 10..19, Water 1-10 are
20..29 (so ``card // 10`` is the element and also the tie letter A, B, C),
then the 18 weapons of the pool.  The three Smoke Bombs and the three Blocks
are identical cards with three ids each; every rule treats them by *type*
(``play Block`` plays whichever Block the hand holds), so which copy sits
where never matters.
"""
from libc.stdint cimport uint8_t, uint64_t

# The numbers we play by (rulebook + rulings): the one table for San Ni Ichi,
# with the weapons' numbers and the setup tables (DECKS) in rules.pyx.
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


# The small helpers every module of the game reads the struct with.
cdef inline uint64_t bit(int c) noexcept nogil:
    return (<uint64_t>1) << c

cdef inline int type_of(int c) noexcept nogil:
    if c < SMOKE0:
        return c
    return T_SMOKE if c < BLOCK0 else T_BLOCK

cdef inline bint is_attack(int c) noexcept nogil:
    return c < ZEN0

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


# What the position, view and notation modules call of the rules (defined
# in rules.pyx; those defined ``inline`` there stay inline in its hot loop).
cdef int number_of(int c) noexcept nogil
cdef uint64_t type_mask(int t) noexcept nogil
cdef int count_types(uint64_t hand) noexcept nogil
cdef int resolve_key(int c) noexcept nogil
cdef int highest_top(const SanNiIchi* s, uint8_t skip) noexcept nogil
cdef void sort_resolution_order(SanNiIchi* s) noexcept nogil
cdef int decider(const SanNiIchi* s) noexcept nogil
cdef int card_options(const SanNiIchi* s, int seat, int* out) noexcept nogil
cdef int score_of(const SanNiIchi* s, int seat) noexcept nogil
cdef int sni_movers(const void* vs, int* seats) noexcept nogil
cdef void sni_returns(const void* vs, double* out) noexcept nogil
cdef SanNiIchi* state_of(const unsigned char[::1] buf) except NULL
