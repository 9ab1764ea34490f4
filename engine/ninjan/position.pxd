# cython: language_level=3
from ninja_dojo.engine.ninjan.rules cimport NinJan

cdef list pile_of(NinJan* s, int p)
