# cython: language_level=3
"""Senjutsu's state, the C structs every module of the game reads, its
numbers, action ids and log events, and what the position, view and
notation modules call of the rules.

Card slots are ``0 .. NC - 1`` (the data has 70 cards, ``rules.N_CARDS``);
hexes ``0 .. MAX_HEX - 1`` in ``rules.HEXES`` order; seats count from 0.
The card, node and board tables are loaded from the data file when
``rules`` is imported; the other modules read them through ``tables()``.
"""
from libc.stdint cimport uint8_t, int8_t, uint16_t, uint64_t

from ninja_dojo.engine.core cimport Rng

cdef enum:
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    NC = 72                 # card slots (the data has 70 cards)
    DECK_MAX = 40
    MAX_HEX = 37
    MAX_NODES = 1024
    MAX_CELLS = 256
    MAX_SEG = 3
    MAX_STACK = 48
    MAX_CTX = 24
    LOG_CAP = 320
    NONE = 255
    NO_NODE = 0xFFFF
    SEL_STUN = 254
    ROUND_CAP = 100          # a round cap that only a looping game reaches (docs: chosen)

    # Node opcodes: the order of cards.OPS (checked at import)
    OP_SEQ = 0
    OP_OR = 1
    OP_GATE = 2
    OP_TARGET = 3
    OP_EACH = 4
    OP_TRIGGER = 5
    OP_THEN = 6
    OP_MOVE = 7
    OP_ROTATE = 8
    OP_ATTACK = 9
    OP_BLOCK = 10
    OP_COUNTER = 11
    OP_DRAW = 12
    OP_FDRAW = 13
    OP_DISC = 14
    OP_FDISC = 15
    OP_STUN = 16
    OP_PUSH = 17
    OP_PULL = 18
    OP_TROT = 19
    OP_TSTEP = 20
    OP_SWAP = 21
    OP_KPLUS = 22
    OP_KTO = 23
    OP_FKTO = 24
    OP_SEARCH = 25
    OP_TOP3 = 26
    OP_SHUFFLE = 27
    OP_SHUFFLE_SOME = 28
    OP_REVEAL = 29
    OP_ADVANTAGE = 30
    OP_CANCEL = 31
    OP_NOMOVE = 32
    OP_CONVERT = 33
    OP_PLAYFOE = 34
    OP_TUCK = 35
    OP_GIVE3 = 36
    OP_ARMOUR = 37
    N_OPS = 38

    # Frames that are not card nodes
    F_REPLWIN = 64          # a replacement window: m 1 after reveal, 2 after a segment
    F_INITS = 65            # initiative choices, in advantage order
    F_RESOLVE = 66          # picks the next segment
    F_ADDWIN = 67           # an additional window after a segment
    F_TRIG = 68             # a block's triggers inside the attack it stopped
    F_PLAYFOE = 69          # a foe's card played as one's own
    F_DISCARDS = 70         # the discard phase

    # Target kinds, what an each-node runs over
    T_FOE = 0
    T_FOES = 1
    T_HIT1 = 2
    T_BLK1 = 3

    # Card types (tie order), ranks, instants
    TY_DEF = 0
    TY_ATK = 1
    TY_MED = 2
    TY_CORE = 3
    RK_JADE = 0
    IN_NONE = 0
    IN_REPL = 1
    IN_ADD = 2

    # Kamae
    K_G = 0
    K_A = 1
    K_B = 2
    K_D = 3
    K_L = 4
    N_KAMAE = 5

    # Phases
    P_PLACE = 0
    P_SELECT = 1
    P_ACT = 2
    P_DISCARD = 3
    P_OVER = 4

    # Decisions
    D_NONE = 0
    D_PLACE = 1
    D_SELECT = 2
    D_REPL = 3
    D_INIT = 4
    D_ADD = 5
    D_OR = 6
    D_TARGET = 7
    D_STEP = 8
    D_COLLIDE = 9
    D_ROT = 10
    D_DRAW = 11
    D_DISC = 12
    D_FDISC = 13
    D_COUNTER = 14
    D_SRCH = 15
    D_TOP3 = 16
    D_SHUF = 17
    D_TUCK = 18
    D_GIVE3 = 19
    D_PLAYFOE = 20
    D_KAMAE = 21
    D_RAY = 22
    D_TURN = 23
    N_DECISIONS = 24

    # Action ids
    A_PLAY = 0              # + card: play it (selection, an instant, a foe's card)
    A_DISCARD = 72          # + card
    A_TAKE = 144            # + card: search, top 3, tuck
    A_GIVE = 216            # + card: give 3
    A_SHUFFLE = 288         # + card: shuffle back
    A_STUN = 360
    A_PASS = 361
    A_INIT = 362            # + 0..10
    A_HEX = 373             # + hex
    A_STEP = 410            # + relative direction
    A_COLLIDE = 416         # + relative direction
    A_STOP = 422
    A_ROT_RIGHT = 423       # + k - 1, k = 1..3
    A_ROT_LEFT = 426        # + k - 1, k = 1..2
    A_NO_ROT = 428
    A_OPTION = 429          # + 0..5
    A_TARGET = 435          # + samurai
    A_DRAW = 439            # + 0..9
    A_NOTHING = 449
    A_DONE = 450
    A_KAMAE = 451           # + kamae
    A_RAY = 456             # + absolute direction
    A_TURN_RIGHT = 462      # + k - 1, k = 1..3
    A_TURN_LEFT = 465       # + k - 1, k = 1..2
    A_HIDDEN = 467          # what the others see of a hidden choice
    NUM_ACTIONS = 468

    # Log events (steps())
    E_ROUND = 1
    E_MILL = 2
    E_DRAW = 3
    E_EMPTY = 4
    E_PLACE = 5
    E_REVEAL = 6
    E_REPLACE = 7
    E_INIT = 8
    E_SEGMENT = 9
    E_MOVE = 10
    E_COLLIDE = 11
    E_ROTATE = 12
    E_ATTACK = 13
    E_WOUND = 14
    E_ARMOUR = 15
    E_BLOCK = 16
    E_COUNTER = 17
    E_STUN = 18
    E_DRAWN = 19
    E_FDRAW = 20
    E_DISC_DOWN = 21
    E_DISC_UP = 22
    E_PUSH = 23
    E_TURN = 24
    E_SWAP = 25
    E_KAMAE = 26
    E_SEARCH = 27
    E_TOP3 = 28
    E_SHUFFLE = 29
    E_REV = 30
    E_ADV = 31
    E_CANCEL = 32
    E_NOMOVE = 33
    E_CONVERT = 34
    E_PLAYFOE = 35
    E_TUCK = 36
    E_GIVE = 37
    E_ADDITIONAL = 38
    E_DEFEAT = 39
    E_DISCARD_PHASE = 40
    E_END = 41
    E_CHOICE = 42
    E_GAME_OVER = 43
    N_EVENTS = 44


ctypedef struct Frame:
    uint16_t node           # the card node it runs (NO_NODE for driver frames)
    uint16_t cur            # next child to run (sequences, triggers)
    uint8_t kind            # the node's opcode, or F_*
    uint8_t ctx             # its segment context, NONE for windows
    uint8_t tgt             # the target it acts on, NONE if none
    uint8_t i               # progress
    uint8_t n               # count or card
    uint8_t m               # mask or flag

ctypedef struct Ctx:
    # One segment being resolved (or the foe card segment PLAYFOE runs).
    uint16_t root
    uint8_t seat
    uint8_t card
    uint8_t host            # an additional may join it (the seat's own non-instant card)
    uint8_t hit             # samurai its attacks hit
    uint8_t blocked         # attackers its block stopped
    uint8_t stops           # attacks its block stopped this step

ctypedef struct Event:
    uint8_t kind
    uint8_t seat
    uint8_t a
    uint8_t b
    uint16_t c
    uint16_t d

ctypedef struct Senjutsu:
    Rng rng
    uint8_t players
    uint16_t round
    uint8_t phase
    uint8_t terrain
    uint64_t terrain_hexes
    uint8_t samurai[MAX_PLAYERS]
    uint8_t owned[MAX_PLAYERS][NC]      # each seat's 40-card deck list (public)
    uint8_t pile[MAX_PLAYERS][DECK_MAX] # draw pile, the top is pile[len - 1]
    uint8_t pile_len[MAX_PLAYERS]
    uint8_t hand[MAX_PLAYERS][NC]
    uint8_t hn[MAX_PLAYERS]             # non-stun cards in hand (the core not counted)
    uint8_t stuns[MAX_PLAYERS]
    uint8_t core_in[MAX_PLAYERS]
    uint8_t up[MAX_PLAYERS][NC]         # discard pile, face up
    uint8_t down[MAX_PLAYERS][NC]       # discard pile, face down
    uint8_t armour[MAX_PLAYERS]         # Heavy Armour's card kept by a seat, NONE
    uint8_t hex[MAX_PLAYERS]
    uint8_t facing[MAX_PLAYERS]
    uint8_t kamae[MAX_PLAYERS]
    uint8_t wounds[MAX_PLAYERS]
    uint8_t bleed[MAX_PLAYERS]
    uint8_t alive
    uint8_t fell                        # who fell at the last defeat check
    uint8_t adv[MAX_PLAYERS]            # advantage order, top first
    uint8_t placed
    # this round
    uint8_t sel[MAX_PLAYERS]            # card selected, SEL_STUN, NONE
    uint8_t repl[MAX_PLAYERS]
    uint8_t addl[MAX_PLAYERS]
    uint8_t nseg[MAX_PLAYERS]
    uint8_t seg_card[MAX_PLAYERS][MAX_SEG]
    uint8_t seg_init[MAX_PLAYERS][MAX_SEG]
    uint8_t seg_done[MAX_PLAYERS]       # mask of segments resolved (or started)
    uint8_t init_fixed                  # seats whose first initiative is fixed
    uint8_t cancelled
    uint8_t nomove
    uint8_t rev[MAX_PLAYERS]            # who sees this seat's hand this round
    uint8_t blk_init[MAX_PLAYERS]       # the step a block protects, NONE
    uint8_t blk_ctx[MAX_PLAYERS]
    uint16_t blk_node[MAX_PLAYERS]
    uint8_t blk_hex[MAX_PLAYERS]        # the pose it was registered at (display)
    uint8_t dealt[MAX_PLAYERS][MAX_PLAYERS]
    uint8_t cur_init
    uint8_t paid
    Ctx ctx[MAX_CTX]
    uint8_t n_ctx
    Frame stack[MAX_STACK]
    uint8_t depth
    uint8_t dec
    uint8_t dec_seat
    uint8_t sim                         # seats choosing their card now
    # the last attack (display)
    uint8_t la_seat
    uint8_t la_hex
    uint8_t la_facing
    uint16_t la_node
    # what each observer knows: of each seat's hand, and how many top cards of its pile
    uint8_t kh[MAX_PLAYERS][MAX_PLAYERS][NC]
    uint8_t ntop[MAX_PLAYERS][MAX_PLAYERS]
    # what the last apply showed of chance
    uint64_t ck[MAX_PLAYERS]
    # this round's steps
    uint16_t n_log
    uint8_t log_lost
    uint8_t log_new_round
    Event log[LOG_CAP]

ctypedef uint16_t SegmentRoots[MAX_SEG]
ctypedef uint8_t Neighbours[6]

ctypedef struct Tables:
    # The rules' tables (rules.pyx loads them from the data), read only, for
    # the position and view modules; the rules read the arrays themselves.
    int N_CARDS
    int N_NODES
    int N_HEX
    const uint8_t* C_TYPE
    const uint8_t* C_INST
    const uint8_t* C_NSEG
    const SegmentRoots* C_ROOT
    const uint8_t* N_OP
    const uint8_t* N_A
    const uint8_t* N_B
    const uint16_t* N_KID
    const uint16_t* N_NXT
    const uint8_t* S_HEALTH
    const uint8_t* S_CORE
    const uint64_t* TERRAIN_MASK
    const uint8_t* TERRAIN_PLAYERS
    const Neighbours* NEIGH


# What the position, view and notation modules call of the rules (defined
# in rules.pyx; those defined ``inline`` there stay inline in its hot loop).
cdef const Tables* tables() noexcept nogil
cdef Senjutsu* state_of(const unsigned char[::1] buf) except NULL
cdef void blank(Senjutsu* s) noexcept
cdef bint alive(const Senjutsu* s, int p) noexcept nogil
cdef bint active(const Senjutsu* s, int p) noexcept nogil
cdef int who_at(const Senjutsu* s, int h) noexcept nogil
cdef bint terrain_at(const Senjutsu* s, int h) noexcept nogil
cdef int adv_pos(const Senjutsu* s, int p) noexcept nogil
cdef bint ability(int c) noexcept nogil
cdef int pile_total(const uint8_t* counts) noexcept nogil
cdef uint8_t hex_at(int q, int r) noexcept nogil
cdef uint64_t node_hexes(int node, int h, int f) noexcept nogil
cdef int nth_child(int node, int i) noexcept nogil
cdef Frame* top(const Senjutsu* s) noexcept nogil
cdef int seat_of(const Senjutsu* s, int samurai) noexcept nogil
cdef int placer(const Senjutsu* s) noexcept nogil
cdef bint may_replace(const Senjutsu* s, int p) noexcept nogil
cdef bint may_add(const Senjutsu* s, int ctx) noexcept nogil
cdef bint hidden_kind(int dec) noexcept nogil
cdef bint publicly_forced(const Senjutsu* s, int n) noexcept nogil
cdef int legal_moves(const Senjutsu* s, int seat, int* out) noexcept nogil
cdef void sj_returns(const void* vs, double* out) noexcept nogil
