# cython: language_level=3, boundscheck=False, wraparound=False
"""Calls into any game's ``GameDef`` table from Python, on a state buffer.

``engine.State`` is built on these few functions, so the app, the CLI and the
tests run exactly the C rules the solver searches.
"""
from libc.stdint cimport uint8_t, uint64_t
from cpython.pycapsule cimport PyCapsule_GetPointer

from ninja_dojo.engine.core cimport GameDef, Rng, MAX_SEATS, MAX_LEGAL, MAX_FEATURES, rng_seed
from ninja_dojo.engine.core cimport evaluate as core_evaluate


cdef GameDef* game_def(object capsule) except NULL:
    return <GameDef*>PyCapsule_GetPointer(capsule, b"engine.GameDef")


cdef void* _ptr(object capsule, const unsigned char[::1] buf) except NULL:
    if buf.shape[0] != game_def(capsule).state_size:
        raise ValueError("state buffer does not match its game")
    return <void*>&buf[0]


def num_actions(capsule):
    return game_def(capsule).num_actions


def players(capsule, const unsigned char[::1] buf):
    return game_def(capsule).players(_ptr(capsule, buf))


def movers(capsule, const unsigned char[::1] buf):
    cdef int seats[MAX_SEATS]
    cdef int n = game_def(capsule).movers(_ptr(capsule, buf), seats)
    return [seats[i] for i in range(n)]


def legal(capsule, const unsigned char[::1] buf, int seat):
    cdef int out[MAX_LEGAL]
    cdef int n = game_def(capsule).legal(_ptr(capsule, buf), seat, out)
    return [out[i] for i in range(n)]


def apply(capsule, unsigned char[::1] buf, joint):
    """Apply ``joint`` ({seat: action}) in place; the caller checked legality."""
    cdef int acts[MAX_SEATS]
    for i in range(MAX_SEATS):
        acts[i] = -1
    for seat, a in joint.items():
        acts[seat] = a
    game_def(capsule).apply(_ptr(capsule, buf), acts)


def returns(capsule, const unsigned char[::1] buf):
    cdef double out[MAX_SEATS]
    cdef GameDef* g = game_def(capsule)
    cdef void* s = _ptr(capsule, buf)
    g.returns(s, out)
    return [out[i] for i in range(g.players(s))]


def determinize(capsule, unsigned char[::1] buf, int observer, uint64_t seed):
    cdef Rng rng
    rng_seed(&rng, seed)
    game_def(capsule).determinize(_ptr(capsule, buf), observer, &rng)


def observe(capsule, const unsigned char[::1] buf, int actor, int action, int observer):
    """What ``observer`` learns of ``actor`` choosing ``action`` now."""
    return game_def(capsule).observe(_ptr(capsule, buf), actor, action, observer)


def policy(capsule, unsigned char[::1] buf, int seat, uint64_t seed):
    """The game's heuristic choice for ``seat`` (it may use ``seed``)."""
    cdef Rng rng
    rng_seed(&rng, seed)
    return game_def(capsule).policy(_ptr(capsule, buf), seat, &rng)


def chance_key(capsule, const unsigned char[::1] buf, int observer):
    """What ``observer`` saw of chance in the last move (0: nothing, or the
    game has no chance after the deal)."""
    cdef GameDef* g = game_def(capsule)
    if g.chance_key == NULL:
        return 0
    return g.chance_key(_ptr(capsule, buf), observer)


def evaluate(capsule, const unsigned char[::1] buf):
    """The game's judgement of this position (each seat's chance to win), or
    None where it offers none (every position of a game without one)."""
    cdef double out[MAX_SEATS]
    cdef GameDef* g = game_def(capsule)
    cdef void* s = _ptr(capsule, buf)
    if not core_evaluate(g, s, out):
        return None
    return [out[i] for i in range(g.players(s))]


def evaluation_features(capsule, const unsigned char[::1] buf):
    """What the judgement reads of each seat and which seats stand, or None
    where the game does not judge: the rows ``bench.evaluation`` fits to."""
    cdef double f[MAX_SEATS * MAX_FEATURES]
    cdef uint8_t standing[MAX_SEATS]
    cdef GameDef* g = game_def(capsule)
    cdef void* s = _ptr(capsule, buf)
    cdef int m = g.features(s, f, standing) if g.features != NULL else 0
    if m == 0:
        return None
    n = g.players(s)
    return [[f[p * m + k] for k in range(m)] for p in range(n)], [bool(standing[p]) for p in range(n)]
