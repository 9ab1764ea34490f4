# cython: language_level=3
"""Ninjato's state, the C struct every module of the game reads: its
constants (sizes, tile ids, decisions, action ids, the log's events), the
struct with its plays and its log, the small helpers every module reads it
with, and the rules' functions the position and view modules call.  The
numbers the game is played by are the table at the top of rules.pyx.
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint32_t, uint64_t

from ninja_dojo.engine.core cimport Rng, popcount64

cdef enum:
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    N_TURNS = 7
    N_SHURIKEN = 3          # each player's shuriken per turn
    DOJO_ROW = 3            # face-up Dojo cards
    ROW = 4                 # face-up Envoys, face-up Rumors
    HOUSE_TREASURE = 3      # a house's treasure at setup and refill
    DRAW_EMPTY = 4          # Dojo draws with 0, 1, 2+ cards in hand
    DRAW_ONE = 3
    DRAW_MORE = 2
    N_DOJO = 52
    N_VALUES = 6            # Dojo values 1..5 (index 0 unused)
    N_TYPES = 5             # Fan, Scroll, Vase, Jade, Gold
    GOLD = 4
    PLAIN = 0
    RED = 1
    N_HOUSES = 5
    N_TOKENS = 15
    N_GUARDS = 40
    N_ELITES = 20
    N_ENVOYS = 21
    N_RUMORS = 30
    N_KINDS = 5
    N_TILES = 19
    N_COMBAT = 16
    HJ_FIRST = 16
    N_OFFER = 4
    NONE = 255
    STR = 0
    STE = 1
    MAX_REVEALED = 48
    LOG_CAP = 600

    # Sensei tile ids (the order of SENSEI above)
    SN1 = 0
    SN2 = 1
    SN3 = 2
    SN4 = 3
    SN5 = 4
    TG1 = 5
    TG2 = 6
    TG3 = 7
    TG4 = 8
    TG5 = 9
    CR1 = 10
    CR2 = 11
    CR3 = 12
    CR4 = 13
    CR5 = 14
    CR6 = 15

    # Rumor kinds
    WARRIOR = 0
    GOODWILL = 1
    FRIENDS = 2
    SECRET_ART = 3
    DISHONORABLE_KIND = 4

    # What is being faced in an attack
    FACE_SENTRY = 0
    FACE_GUARD = 1
    FACE_ELITE = 2

    # Modifier groups of a play, applied in this order (the order of
    # modifiers does not change a play, so only one order is offered).
    G_SET = 0
    G_JOIN = 1
    G_CR2 = 2
    G_SN1 = 3
    G_TG2 = 4
    G_SN4 = 5
    G_TG4 = 6
    G_CR3 = 7
    G_CR5 = 8
    G_END = 9

    # Bases of a play
    B_NONE = 0
    B_CARD = 1
    B_SN5 = 2
    B_TG3 = 3
    B_CR1 = 4

    # Persistent attack effects (bits of ``att_flags``)
    F_SN4 = 1
    F_TG4 = 2
    F_CR3 = 4

    # Decisions
    P_PLACE = 0
    P_DRAW = 1
    P_SENSEI = 2
    P_SENSEI_PAY = 3
    P_BUILD = 4
    P_REVEAL = 5
    P_CONTINUE = 6
    P_TG5 = 7
    P_KEEP = 8
    P_TOKEN = 9
    P_CR6 = 10
    P_BUY = 11
    P_PAY_TYPE = 12
    P_PAY = 13
    P_HJ = 14
    P_CLAN = 15
    P_FREE_RUMOR = 16
    P_OVER = 17

    # Action ids
    A_DOJO = 0
    A_SENSEI = 1
    A_PALACE = 2
    A_PAVILION = 3
    A_HOUSE = 4             # + house * 2 + side
    A_DRAW_ROW = 14         # + slot
    A_DRAW_DECK = 17
    A_TILE = 18             # + offer slot
    A_PAY_CARD = 22         # + value - 1
    A_BASE_CARD = 27        # + value - 1
    A_BASE_SN5 = 32
    A_BASE_TG3 = 33
    A_BASE_CR1_2 = 34
    A_BASE_CR1_4 = 35
    A_SN2 = 36
    A_TG1 = 37
    A_JOIN_PLUS = 38
    A_JOIN_MINUS = 39
    A_CR2_PLUS = 40
    A_CR2_MINUS = 41
    A_SN1 = 42
    A_TG2 = 43
    A_SN4 = 44
    A_TG4 = 45
    A_CR3 = 46
    A_CR5 = 47
    A_NEXT_PLAY = 48
    A_DECLARE = 49
    A_GIVE_UP = 50
    A_USE_SN3 = 51
    A_NO_SN3 = 52
    A_BANZAI = 53
    A_RETREAT = 54
    A_PEEK = 55
    A_USE_TG5 = 56
    A_NO_TG5 = 57
    A_KEEP = 58             # + type * 2 + side
    A_TOKEN = 68            # + token
    A_CR6 = 83              # + value - 1
    A_NO_CR6 = 88
    A_BUY = 89              # + row slot
    A_DECLARE_TYPE = 93     # + type (Fan..Jade)
    A_PAY = 97              # + type (Fan..Jade): a token of that type
    A_PAY_GOLD = 101
    A_STOP_PAYING = 102
    A_ASSIGN_HJ = 103       # + envoy
    A_HJ_DONE = 124
    A_CLAN_POINTS = 125
    A_FREE_RUMOR = 126      # + row slot
    NUM_ACTIONS = 130

    # Places a shuriken goes (log and view)
    SPACE_DOJO = 0
    SPACE_SENSEI = 1
    SPACE_PALACE = 2
    SPACE_PAVILION = 3
    SPACE_HOUSE = 4

    # Log events (steps())
    E_TURN = 1
    E_PLACE = 2
    E_DRAW = 3
    E_ROW_REFILL = 4
    E_RESHUFFLE = 5
    E_SENSEI = 6
    E_PLAY = 7
    E_BEAT = 8
    E_TAKE = 9
    E_BANZAI = 10
    E_REVEAL = 11
    E_ALARM = 12
    E_SN3 = 13
    E_PEEK = 14
    E_RETREAT = 15
    E_GIVE_UP = 16
    E_TG5 = 17
    E_KEEP = 18
    E_LOSS = 19
    E_CLEAR = 20
    E_CR6 = 21
    E_BUY = 22
    E_PAY = 23
    E_END_TURN = 24
    E_OFFER = 25
    E_SENTRY = 26
    E_REFILL_TREASURE = 27
    E_ORDER = 28
    E_ROW = 29
    E_SCORING = 30
    E_HJ = 31
    E_CLAN_RANK = 32
    E_CLAN_POINTS = 33
    E_FREE_RUMOR = 34
    E_GAME_END = 35
    E_DECLARE_TYPE = 36

ctypedef struct Event:
    # One step of the turn, for the step-by-step display (steps()).
    uint8_t kind
    uint8_t seat
    uint8_t a
    uint8_t b
    uint32_t c

ctypedef struct Play:
    # A play under construction against one guard-person.
    uint8_t base_kind       # B_NONE, B_CARD, B_SN5, B_TG3, B_CR1
    int8_t base             # the base's value
    int8_t setv             # -1, or 0 (SN2) / 6 (TG1)
    int8_t add              # join, CR2, SN1, TG2
    int8_t join             # 0, +1, -1
    uint8_t next_group      # modifiers of this group or later may still be added
    uint8_t cards[N_VALUES] # real Dojo cards used
    uint32_t tiles          # tiles used

ctypedef struct Ninjato:
    Rng rng
    uint8_t players
    uint8_t turn            # 1..7
    uint8_t placed          # shuriken placed this turn
    uint8_t phase
    uint8_t mover
    uint8_t order[MAX_PLAYERS]
    # Dojo
    uint8_t deck[N_DOJO]    # values; the top is deck[deck_len - 1]
    uint8_t deck_len
    uint8_t row[3]          # value, 0 = empty
    uint8_t discard[N_VALUES]
    uint8_t hand[MAX_PLAYERS][N_VALUES]
    # Of each hand, the cards everyone saw in it: taken face up (row, CR6)
    # or shown in a play being built.  The rest of the hand is hidden.
    uint8_t seen[MAX_PLAYERS][N_VALUES]
    # What the table knows of the hidden cards since the Dojo deck's last
    # reshuffle, from public steps only (the card counter above
    # dojo_reshuffle): the cards held hidden then (the "older" cards) less
    # those shown since that can only have been older ones, the cards shown
    # since that may have been either, and at most how many of the hidden
    # cards are older ones.
    uint8_t older[MAX_PLAYERS][N_VALUES]
    uint8_t older_maybe[MAX_PLAYERS][N_VALUES]
    uint8_t older_at_most[MAX_PLAYERS]
    uint8_t draws_left
    uint8_t dojo_stack[MAX_PLAYERS * N_SHURIKEN]
    uint8_t dojo_len
    uint8_t spaces[MAX_PLAYERS][4]      # shuriken on Dojo, Sensei, Palace, Pavilion
    # Sensei
    uint8_t sensei_stack[N_COMBAT]
    uint8_t sensei_len
    uint8_t hj_len          # Hensojutsu tiles not yet offered (HJ1 first)
    uint8_t offer[N_OFFER]
    uint8_t tile_slot       # the tile being bought
    uint32_t tiles[MAX_PLAYERS]
    uint32_t used[MAX_PLAYERS]          # face down
    uint32_t removed        # display tiles removed from the game
    # Clan houses
    uint8_t token[N_HOUSES]
    uint8_t sentry[N_HOUSES]
    uint8_t house[N_HOUSES][N_TYPES][2]
    uint8_t side[N_HOUSES][2]           # seat + 1 of the shuriken there, 0 = free
    # Guards and Elites
    uint8_t guard_deck[N_GUARDS]
    uint8_t guard_len
    uint64_t guard_discard
    uint8_t elite_deck[N_ELITES]
    uint8_t elite_len
    uint32_t elite_discard
    uint32_t elites[MAX_PLAYERS]
    uint8_t peek[2]         # seats (bits) that saw the top Guard / Elite with CR4
    # Treasure
    uint8_t bag[N_TYPES]
    uint8_t spent[N_TYPES]
    uint8_t owned[MAX_PLAYERS][N_TYPES]
    # Envoys and Rumors
    uint8_t envoy_deck[N_ENVOYS]
    uint8_t envoy_len
    uint8_t envoy_row[ROW]
    uint8_t rumor_deck[N_RUMORS]
    uint8_t rumor_len
    uint8_t rumor_row[ROW]
    uint32_t envoys[MAX_PLAYERS]
    uint32_t rumors[MAX_PLAYERS]
    # Score parts
    int16_t bought[MAX_PLAYERS]         # points of treasure spent
    int16_t clan_pts[MAX_PLAYERS]
    int16_t final_pts[MAX_PLAYERS][4]   # rumor sets, dishonorable, treasure, elites
    # The attack in progress
    uint8_t att_house
    uint8_t att_side        # where the shuriken is
    uint8_t att_flags       # F_SN4 | F_TG4 | F_CR3 from earlier plays
    uint8_t facing          # FACE_SENTRY / FACE_GUARD / FACE_ELITE
    uint8_t facing_card     # guard or elite id
    uint8_t on_shuriken[N_TYPES][2]
    uint8_t revealed[MAX_REVEALED]      # normal Guards revealed in this attack
    uint8_t n_revealed
    uint8_t att_discarded[N_VALUES]     # real cards spent in this attack (CR6)
    uint8_t keep_left
    uint8_t keep_min
    Play play[2]
    uint8_t play_idx
    # A purchase in progress
    uint8_t buy_rumor       # 0 Envoy, 1 Rumor
    uint8_t buy_slot
    uint8_t buy_card
    uint8_t buy_req[4]      # fixed cost still due, per type
    uint8_t buy_type        # declared type of an "N-M of one type" cost, NONE before
    uint8_t buy_lo
    uint8_t buy_hi
    uint8_t buy_paid
    uint8_t buy_gold        # a Gold was paid (real tokens come first)
    int16_t buy_points
    # Clan scoring in progress
    uint8_t scoring         # 0, or the turn being scored
    uint8_t score_clan      # 0..2: which clan of the order
    uint8_t hj_pos          # position in turn order for Hensojutsu
    uint8_t hj_last         # last Envoy this seat assigned a tile to
    uint32_t disguised      # Envoys with a Hensojutsu tile this scoring
    uint8_t first
    uint8_t second
    # What the last apply showed of chance (chance_key)
    uint64_t ck_public
    uint64_t ck_private
    uint8_t ck_seat
    # This turn's steps
    uint16_t n_log
    uint8_t log_lost
    uint8_t log_new_turn    # a new turn began in this log: drop the old one at the next move
    Event log[LOG_CAP]


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------
cdef inline void log_ev(Ninjato* s, int kind, int seat, int a, int b, uint32_t c) noexcept nogil:
    cdef Event* e
    if s.n_log >= LOG_CAP:
        s.log_lost = 1
        return
    e = &s.log[s.n_log]
    e.kind = kind; e.seat = seat; e.a = a; e.b = b; e.c = c
    s.n_log += 1

cdef inline void saw_public(Ninjato* s, uint64_t code) noexcept nogil:
    """Chance everyone saw in this move (a Guard revealed, a treasure drawn)."""
    s.ck_public = s.ck_public * <uint64_t>0x100000001B3 + code + 1

cdef inline void saw_private(Ninjato* s, int seat, uint64_t code) noexcept nogil:
    """Chance only ``seat`` saw (its own deck draw, its CR4 peek)."""
    s.ck_seat = seat
    s.ck_private = s.ck_private * <uint64_t>0x100000001B3 + code + 1

cdef inline int hand_size(const Ninjato* s, int seat) noexcept nogil:
    cdef int v, n = 0
    for v in range(1, N_VALUES):
        n += s.hand[seat][v]
    return n

cdef inline int house_total(const Ninjato* s, int h) noexcept nogil:
    cdef int t, n = 0
    for t in range(N_TYPES):
        n += s.house[h][t][PLAIN] + s.house[h][t][RED]
    return n

cdef inline int lowest_on(const Ninjato* s, int h, int sd) noexcept nogil:
    """The lowest treasure of side ``sd`` on house ``h`` (Gold ranks highest)."""
    cdef int t
    for t in range(N_TYPES):
        if s.house[h][t][sd]:
            return t
    return NONE

cdef inline int shuriken_total(const Ninjato* s) noexcept nogil:
    cdef int t, n = 0
    for t in range(N_TYPES):
        n += s.on_shuriken[t][PLAIN] + s.on_shuriken[t][RED]
    return n

cdef inline bint face_up(const Ninjato* s, int seat, int tile) noexcept nogil:
    return ((s.tiles[seat] & ~s.used[seat]) >> tile) & 1

cdef inline int hj_owned(const Ninjato* s, int seat) noexcept nogil:
    return popcount64((s.tiles[seat] >> HJ_FIRST) & 7)

cdef inline uint32_t clan_envoys(int clan) noexcept nogil:
    return (<uint32_t>0x7F) << (7 * clan)


# What the position and view modules call of the rules (defined in
# rules.pyx; those defined ``inline`` there stay inline in its hot loop).
cdef int hidden_count(const Ninjato* s, int seat) noexcept nogil
cdef bint tile_free(const Ninjato* s, int seat, int tile) noexcept nogil
cdef int tile_flags(uint32_t tiles) noexcept nogil
cdef int mode_of(int side, int flags) noexcept nogil
cdef int play_value(const Play* p, int flags) noexcept nogil
cdef bint two_plays(const Ninjato* s) noexcept nogil
cdef int build_legal(const Ninjato* s, int* out) noexcept nogil
cdef void start_play(Ninjato* s) noexcept nogil
cdef uint32_t play_code(const Play* p) noexcept nogil
cdef int first_due(const Ninjato* s) noexcept nogil
cdef void order_from_dojo(const Ninjato* s, uint8_t* new) noexcept nogil
cdef int envoy_count(const Ninjato* s, int seat, int clan) noexcept nogil
cdef int clan_points_of(const Ninjato* s, int clan) noexcept nogil
cdef int scoring_clan(const Ninjato* s) noexcept nogil
cdef void rank_clan(const Ninjato* s, int c, uint8_t* first, uint8_t* second) noexcept nogil
cdef int rumor_multiplier(int n) noexcept nogil
cdef int rumor_kind_count(const Ninjato* s, int seat, int kind) noexcept nogil
cdef int rumor_counts(const Ninjato* s, int seat, int kind) noexcept nogil
cdef int score_of(const Ninjato* s, int seat) noexcept nogil
cdef int legal_moves(const Ninjato* s, int* out) noexcept nogil
cdef void step(Ninjato* s, int a) noexcept nogil
cdef void nt_returns(const void* vs, double* out) noexcept nogil
cdef void blank(Ninjato* s) noexcept
cdef Ninjato* state_of(const unsigned char[::1] buf) except NULL
