# cython: language_level=3
"""Nin Jan's state, the C struct every module of the game reads.

A card is one byte: ``suit * 16 + rank`` where rank 0..15 stands for the
values -6..-1 and 1..10 (there is no 0) and the suits are Rock 0, Paper 1,
Scissors 2.
"""
from libc.stdint cimport uint8_t, int16_t, uint64_t

from ninja_dojo.engine.core cimport GameDef, MAX_SEATS

# The numbers we play by (rulebook + rulings): the one table for Nin Jan,
# with VALUES and SUITS in rules.pyx.
cdef enum:
    N_SUITS = 3
    N_RANKS = 16
    N_CARDS = 48
    N_PILES = 3
    HAND_SIZE = 9          # nine cards each, so nine rounds
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    PILE_CAP = 48

# Action ids: 0..47 play that card, then take pile 1-3, then put on pile 1-3.
cdef enum:
    TAKE = 48
    PUT = 51
    NUM_ACTIONS = 54
    # phases of a round
    CHOOSE = 0
    RESOLVE = 1
    OVER = 2
    NONE_CARD = 255


ctypedef struct Step:
    # One card resolved this round, kept for the step-by-step display.
    uint8_t seat
    uint8_t card
    uint8_t pile
    uint8_t took
    uint64_t taken

ctypedef struct NinJan:
    uint64_t hand[MAX_PLAYERS]
    uint64_t won[MAX_PLAYERS]
    uint64_t box                # face down in the box, never seen
    uint64_t pile_mask[N_PILES]
    int16_t pile_sum[N_PILES]
    int16_t score[MAX_PLAYERS]
    uint8_t pile[N_PILES][PILE_CAP]   # bottom first; the top is pile[p][len-1]
    uint8_t pile_len[N_PILES]
    uint8_t played[MAX_PLAYERS]
    uint8_t order[MAX_PLAYERS]  # seats in resolution order this round
    uint8_t resolved            # how many of ``order`` are done
    uint8_t phase
    uint8_t round               # 1..9
    uint8_t players
    Step log[MAX_PLAYERS]       # this round's resolution, for display only


# What the position and view modules read of the rules.
cdef int value_of(int card) noexcept nogil
cdef int beaten_piles(const NinJan* s, int card) noexcept nogil
cdef void order_round(NinJan* s) noexcept nogil
cdef NinJan* state_of(const unsigned char[::1] buf) except NULL
