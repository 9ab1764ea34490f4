# cython: language_level=3
from ninja_dojo.engine.san_ni_ichi.rules cimport SanNiIchi

cdef str pile_card_name(SanNiIchi* s, int c)
cdef list pile_of(SanNiIchi* s, int seat)
