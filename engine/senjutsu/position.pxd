# cython: language_level=3
from libc.stdint cimport uint8_t

cdef list counts_list(const uint8_t* counts)
