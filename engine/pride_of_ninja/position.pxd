# cython: language_level=3
from libc.stdint cimport uint8_t

from ninja_dojo.engine.pride_of_ninja.rules cimport Pride, Board

# A kind of the state's deck as its global id and as card names (views.pyx reads them too).
cdef int gk(const Pride* s, int k)
cdef list expand(const Pride* s, const uint8_t* counts)
cdef dict board_lists(const Pride* s, const Board* b)
