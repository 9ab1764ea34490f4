# cython: language_level=3
"""Pride of Ninja's state, the C struct every module of the game reads.

A card is its kind: cards of one kind are identical, so hands and rows are
counts per kind.  Inside the struct a kind is its place 0..6 in its deck, in
initiative order; to the outside (action ids, ``card_name``) it is a global id
0..13, the Blue deck's seven kinds then the Red deck's seven.  The numbers
the abilities use are at the top of rules.pyx, with the card table.
"""
from libc.stdint cimport uint8_t, int16_t, uint16_t

from ninja_dojo.engine.core cimport Rng

cdef enum:
    BLUE = 0
    RED = 1
    MIN_PLAYERS = 3
    MAX_PLAYERS = 5
    N_KINDS = 7            # kinds in one deck
    N_GLOBAL = 14
    N_INIT = 7             # initiative 0..6
    MAX_HAND = 7
    MAX_DEAL = 30
    FRONT_MAX = 4          # front row places
    BACK_MAX = 3           # back row places (the 5-player card takes one)
    VICTIMS_3P = 3         # Victim's Cards in a 3-player game

    # Blue kinds
    NINJA = 0
    SAMURAI = 1
    MIKO = 2
    ONMYOJI = 3
    KABUKI = 4
    SUMO = 5
    SHOGUN = 6
    # Red kinds
    KUNOICHI = 0
    FALLEN = 1
    GEISHA = 2
    MONK = 3
    ONI = 4
    YAKUZA = 5
    MAGISTRATE = 6

# Action ids: kind * 2 + row over the 14 global kinds; one more id is what the
# other seats observe of any face-down pick.
cdef enum:
    FRONT = 0
    BACK = 1
    FACE_DOWN = 28
    NUM_ACTIONS = 29
    DRAFT = 0
    OVER = 1
    NO_KIND = 255
    # A seat holds one hand at most 3 times a round (7 picks, 3 seats), so an
    # observer's knowledge falls into 1 + 5 * 3 groups (see group_of).
    HOLDS = 3
    N_GROUPS = 1 + MAX_PLAYERS * HOLDS


ctypedef struct Board:
    # One round's rows, counts per kind; the 5-player card is in ``back``.
    uint8_t front[MAX_PLAYERS][N_KINDS]
    uint8_t back[MAX_PLAYERS][N_KINDS]
    uint8_t victims[N_KINDS]

ctypedef struct Resolution:
    int16_t gain[N_KINDS][MAX_PLAYERS]      # TP each kind gave each seat
    int16_t tp[N_INIT][MAX_PLAYERS]         # TP after each initiative step
    uint8_t slain_by[N_INIT][MAX_PLAYERS]   # bit k: kind k's ability slew the seat
    int16_t monk_pp[MAX_PLAYERS]
    int16_t secrecy[MAX_PLAYERS]
    uint8_t slain[MAX_PLAYERS]

ctypedef struct Pride:
    Rng rng                     # the next round's shuffle
    int16_t pp[MAX_PLAYERS]
    uint16_t round
    uint8_t players
    uint8_t deck
    uint8_t phase
    uint8_t pick                # picks made this round
    uint8_t hand[MAX_PLAYERS][N_KINDS]
    uint8_t n_front[MAX_PLAYERS]
    uint8_t n_back[MAX_PLAYERS]
    Board board
    # This round's draft, pick by pick: what each seat took and where.  The
    # determinization rebuilds every hand's past contents from it.
    uint8_t pick_kind[MAX_HAND][MAX_PLAYERS]
    uint8_t pick_row[MAX_HAND][MAX_PLAYERS]
    # The last resolved round: display and the tie-breaks.
    uint8_t has_last
    Board last
    uint8_t last_slain[MAX_PLAYERS]
    int16_t last_pp[MAX_PLAYERS]            # PP before its scoring


cdef inline int pidx(int players) noexcept nogil:
    return players - MIN_PLAYERS

cdef inline int total(const Board* b, int p, int k) noexcept nogil:
    return b.front[p][k] + b.back[p][k]

cdef inline void add_to_row(Pride* s, int p, int k, int row, int pick) noexcept nogil:
    """Seat ``p``'s ``pick``-th card of the round, of kind ``k``, goes to ``row``."""
    if row == FRONT:
        s.board.front[p][k] += 1
        s.n_front[p] += 1
    else:
        s.board.back[p][k] += 1
        s.n_back[p] += 1
    s.pick_kind[pick][p] = k
    s.pick_row[pick][p] = row


# What the position and view modules read of the rules.
cdef void resolve(int n, int deck, const Board* b, Resolution* r) noexcept nogil
cdef int forced_joint(const Pride* s, int* joint) noexcept nogil
cdef void pr_returns(const void* vs, double* out) noexcept nogil
cdef int seat_secrecy(const Board* b, int deck, int p) noexcept nogil
cdef Pride* state_of(const unsigned char[::1] buf) except NULL
