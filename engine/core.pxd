# cython: language_level=3
"""The C-level game interface every game module implements.

A game is a fixed-size C struct (so a clone is a ``memcpy``) driven through a
table of ``nogil noexcept`` function pointers, ``GameDef``.  The solver walks
games only through this table; it never touches a Python object in its loop.

Conventions shared by every game:

* Seats are ``0 .. players-1``.  ``movers`` lists the seats that decide now: one
  seat for an ordinary turn, several for a simultaneous choice (all of them
  choose without seeing each other's choice; ``apply`` receives the joint
  choice at once).  No movers means the game is over.
* An action is a small non-negative integer below ``num_actions``; its meaning
  is stable for a game (``play 7 Paper`` is always the same id).
* ``apply`` takes ``joint[seat]`` for every mover (other entries are ignored)
  and runs every forced step itself, so a state always waits on a real choice.
* Chance after the deal draws from ``Rng`` fields inside the state, which
  ``determinize`` reseeds: a copy never knows a future shuffle.
* Chance inside a turn that a seat sees (a Guard turned face up, a card it
  drew) is told to the search by ``chance_key`` after each ``apply``, so the
  search tree splits on what the seat saw instead of averaging over it.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.math cimport exp
from libc.string cimport memmove, memset

cdef enum:
    MAX_SEATS = 6
    # Most legal actions one seat can have at one decision, in any game.
    MAX_LEGAL = 128
    # Action ids of any game are below this bound.
    MAX_ACTIONS = 512
    # Most numbers a game's evaluation reads of one seat (``evaluate``).
    MAX_FEATURES = 8

ctypedef struct Rng:
    uint64_t state

ctypedef struct GameDef:
    const char* name
    size_t state_size
    int num_actions
    int (*players)(const void* s) noexcept nogil
    # Seats to decide now, written to ``seats``; returns how many (0: terminal).
    int (*movers)(const void* s, int* seats) noexcept nogil
    # Legal actions of ``seat`` now, written to ``out``; returns how many.
    int (*legal)(const void* s, int seat, int* out) noexcept nogil
    void (*apply)(void* s, const int* joint) noexcept nogil
    # Result of a finished game for every seat, in [0, 1]: win shares.
    void (*returns)(const void* s, double* out) noexcept nogil
    # Resample everything ``observer`` cannot see, consistent with what it saw.
    void (*determinize)(void* s, int observer, Rng* rng) noexcept nogil
    # What ``observer`` learns of ``actor`` choosing ``action`` now: the action
    # itself when it is public once revealed, a shared code when it stays hidden.
    int (*observe)(const void* s, int actor, int action, int observer) noexcept nogil
    # The game's heuristic choice for ``seat`` (the rollout policy).
    int (*policy)(void* s, int seat, Rng* rng) noexcept nogil
    # What ``observer`` saw of chance during the last ``apply`` (cards turned
    # face up, a card it drew itself), as a code; 0 when it saw nothing new.
    # Equal codes must mean equal observations.  NULL (the default of a
    # static table) for a game whose only chance is the deal.
    uint64_t (*chance_key)(const void* s, int observer) noexcept nogil
    # At a point where the game can be judged without playing on (Senjutsu:
    # a round's start; Ninjato: a turn's start), what the judgement reads of
    # every seat: ``n`` numbers per seat written to ``f[seat * n:]`` and
    # whether it still stands to ``standing``; returns ``n`` there, 0
    # elsewhere.  The search may cut a rollout off there
    # (``SearchConfig.cut_rounds``) and take ``evaluate`` for its result.
    # NULL for games that are always played out to the end.
    int (*features)(const void* s, double* f, uint8_t* standing) noexcept nogil
    # The weight of each of those numbers (see ``evaluate`` below).
    const double* weights
    # A finished game's standing of every seat, higher is better (San, Ni,
    # Ichi!: minus its side's damage), from which a search may mix the places
    # finished into its reward (``SearchConfig.rank``).  NULL for games that
    # give win shares only.
    void (*standings)(const void* s, double* out) noexcept nogil
    # How the searching seat may group another seat's move revealed beside
    # its own ``observer_action`` at a simultaneous choice, as a small code
    # (San, Ni, Ichi!: whether the card resolves before or after its own),
    # so that a search keying children by groups (``SearchConfig.group_at``)
    # shares one child among reveals alike in what matters.  NULL for games
    # that define no grouping.
    int (*reveal_group)(const void* s, int seat, int action, int observer_action) noexcept nogil


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

# splitmix64: tiny, fast and good enough for shuffles and rollouts.
cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    r.state += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = r.state
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline uint32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) (Lemire's multiply-shift; n is small)."""
    return <uint32_t>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)

cdef inline double rng_unit(Rng* r) noexcept nogil:
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)

cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    r.state = seed
    rng_next(r)

cdef inline int popcount64(uint64_t x) noexcept nogil:
    return __builtin_popcountll(x)

cdef inline int lowest_bit(uint64_t x) noexcept nogil:
    return __builtin_ctzll(x)

cdef inline uint64_t nth_set_bit(uint64_t x, int n) noexcept nogil:
    """The ``n``-th lowest set bit of ``x`` as a one-bit mask."""
    cdef int i
    for i in range(n):
        x &= x - 1
    return x & (~x + 1)

cdef inline void shuffle_u8(uint8_t* a, int n, Rng* rng) noexcept nogil:
    """Fisher-Yates shuffle of ``a[0:n]``."""
    cdef int i, j
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]; a[i] = a[j]; a[j] = t

cdef inline int keep_log_from(void* log, int n, int start, size_t size) noexcept nogil:
    """Keep events ``start..n-1`` of a display log of ``n`` events of
    ``size`` bytes, moved to its front; returns how many are kept.  The
    freed tail is zeroed so that a saved state holds no stale steps."""
    cdef char* p = <char*>log
    memmove(p, p + start * size, (n - start) * size)
    memset(p + (n - start) * size, 0, start * size)
    return n - start

cdef inline void share_wins(const int* score, int n, bint lowest_wins, double* out) noexcept nogil:
    """Win shares: every seat with the best score gets 1/(number of them)."""
    cdef int i, best = score[0], winners = 0
    for i in range(1, n):
        if (score[i] < best) if lowest_wins else (score[i] > best):
            best = score[i]
    for i in range(n):
        if score[i] == best:
            winners += 1
    for i in range(n):
        out[i] = (1.0 / winners) if score[i] == best else 0.0


cdef inline bint evaluate(const GameDef* g, const void* s, double* out) noexcept nogil:
    """Each seat's chance to win as the game judges it now, written to
    ``out`` like ``returns``; False (``out`` untouched) where it does not
    judge.  One form for every game: a seat's strength is its features
    weighted by the game's weights, its chance its share of exp(strength)
    among the seats still standing.  The weights are a logistic fit to who
    won policy-played games (``python -m bench.evaluation``)."""
    cdef double f[MAX_SEATS * MAX_FEATURES]
    cdef uint8_t standing[MAX_SEATS]
    cdef double v[MAX_SEATS]
    cdef double top = -1e300, total = 0
    cdef int p, k, n = g.players(s)
    cdef int m = g.features(s, f, standing) if g.features != NULL else 0
    if m == 0:
        return False
    for p in range(n):
        v[p] = 0
        for k in range(m):
            v[p] += g.weights[k] * f[p * m + k]
        if standing[p] and v[p] > top:
            top = v[p]
    for p in range(n):
        out[p] = exp(v[p] - top) if standing[p] else 0.0
        total += out[p]
    for p in range(n):
        out[p] /= total
    return True


cdef inline void set_weights(double* out, int n, dict evaluation):
    """The C copy of a game's ``EVALUATION`` table (weights in its features'
    order), checked to have one weight per feature."""
    assert len(evaluation) == n <= MAX_FEATURES, "one weight per feature, at most MAX_FEATURES"
    for i, w in enumerate(evaluation.values()):
        out[i] = w
